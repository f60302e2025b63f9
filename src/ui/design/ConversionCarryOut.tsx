import { useId } from 'react';
import { useStore } from 'zustand';
import type { AddIndexForm } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { useAppStores } from '../stores';
import { useOpenMigrateKeys } from './useOpenMigrateKeys';

const KIND_TITLE = {
  updateTable: 'UpdateTable',
  migrateKeys: 'Migrate keys, then UpdateTable',
  applicationWrites: 'The application writes first, then UpdateTable',
} as const;

/**
 * After a multi-attribute conversion was applied to this table of the
 * design: how to carry it out on the explorer's connection (the built-in
 * table, DynamoDB Local or AWS) — UpdateTable alone when the items already
 * carry the typed attributes, else Migrate keys first — with buttons that
 * open Migrate keys prepared and the explorer's Add index filled in.
 */
export function ConversionCarryOut({ designId, tableName }: { designId: string; tableName: string }) {
  const stores = useAppStores();
  const applied = useStore(stores.multiAttributeConversion, (state) => state.applied);
  const openMigrateKeys = useOpenMigrateKeys();
  const headingId = useId();
  if (!applied || applied.designId !== designId || applied.carryOut.table !== tableName) return null;
  const { carryOut, conversion } = applied;
  const createIndex = (form: AddIndexForm) => {
    window.location.hash = 'explorer';
    void stores
      .explorerSide()
      .then((side) => side.explorerTools.tableDetails())
      .then((details) => details.getState().prepareAddIndex(carryOut.table, form));
  };
  const createButton = (
    <button type="button" onClick={() => createIndex(carryOut.addIndex)}>
      Create index {carryOut.addIndex.indexName} on table {carryOut.table}
    </button>
  );
  return (
    <section className="conversion-carry-out" aria-labelledby={headingId}>
      <h4 id={headingId}>Carry out the multi-attribute conversion of {conversion.before.name}</h4>
      <p role="status">
        Applied: <VisibleText text={conversion.after.name} /> is now keyed by typed attributes in the design. On a table:{' '}
        <strong>{KIND_TITLE[carryOut.kind]}</strong>.
      </p>
      <p className="small">
        <VisibleText text={carryOut.summary} />
      </p>
      {carryOut.applicationWrites.length > 0 && (
        <ul className="small" aria-label="What the application must write">
          {carryOut.applicationWrites.map((line) => (
            <li key={line}>
              <VisibleText text={line} />
            </li>
          ))}
        </ul>
      )}
      <ol className="conversion-steps">
        {carryOut.migrations.map((migration) => (
          <li key={migration.entity}>
            <button
              type="button"
              onClick={() => {
                // Migrate keys reads the templates of the design bound to the table: this one, converted.
                stores.designBindings.getState().choose(carryOut.table, { designId, tableName: carryOut.table });
                openMigrateKeys(migration);
              }}
            >
              Prepare Migrate keys for {migration.entity}
            </button>{' '}
            <span className="muted small">
              Binds table <VisibleText text={carryOut.table} /> to this design in the explorer and opens Migrate keys filled in: Preview, then Apply writes{' '}
              {Object.keys(migration.templates).join(', ')} to every stored item of the entity.
            </span>
          </li>
        ))}
        <li>
          {createButton}{' '}
          <span className="muted small">
            The explorer’s Add index opens filled in; Create index sends the UpdateTable and follows the backfill until the index is ACTIVE.
          </span>
        </li>
      </ol>
      <p className="muted small">
        On the explorer’s connection: the table <VisibleText text={carryOut.table} /> must exist there (Load into a table creates it from the design), and the
        connection must allow writes (not Read-only; on AWS each write is confirmed first).
      </p>
      <button type="button" className="small" onClick={() => stores.multiAttributeConversion.getState().dismissCarryOut()}>
        Dismiss
      </button>
    </section>
  );
}
