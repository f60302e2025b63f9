import { useId, useState } from 'react';
import {
  addTable,
  removeTable,
  renameTable,
  setDesignDescription,
  setDesignName,
  setTableKeys,
  validateName,
  type Design,
  type DesignChange,
  type TableDesign,
} from '../../design';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DraftInput } from '../common/DraftInput';
import { useAppStores } from '../stores';
import { EntitiesRegion } from './EntitiesRegion';
import { IndexesEditor } from './IndexesEditor';
import { KeyAttributeInputs } from './KeyAttributeInputs';
import { ShareDesign } from './ShareDesign';
import { openPresentation } from './presentationLocation';
import { HiddenCharactersNote } from './HiddenCharactersNote';
import { jumpTargetId } from './jumpTargets';

/**
 * The open design: its name and description, its tables (a picker when
 * there are several; add, rename, delete), the chosen table's keys and
 * indexes, then its Entities.
 */
export function DesignEditor({
  designId,
  design,
  table,
  onSelectTable,
}: {
  designId: string;
  design: Design;
  table: TableDesign;
  onSelectTable: (name: string) => void;
}) {
  const { designs } = useAppStores();
  const update = (change: DesignChange) => designs.getState().updateDesign(designId, change);
  const headingId = useId();
  const descriptionId = useId();
  const tableId = useId();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const tableNames = design.tables.map((entry) => entry.name);

  return (
    <section className="design-editor" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Open design
      </h2>
      <div className="card design-header">
        <div className="design-header-row">
          <DraftInput
            label="Design name"
            showLabel
            className="design-name"
            value={design.name}
            validate={(name) => (name.trim() === '' ? 'A design needs a name.' : undefined)}
            onCommit={(name) => update(setDesignName(name))}
          />
          <button type="button" className="primary" data-present-button onClick={openPresentation}>
            Present
          </button>
        </div>
        <HiddenCharactersNote text={design.name} what="name" />
        <label htmlFor={descriptionId}>Description</label>
        <textarea id={descriptionId} rows={2} value={design.description} onChange={(event) => update(setDesignDescription(event.target.value))} />
        <HiddenCharactersNote text={design.description} what="description" />
        <ShareDesign design={design} />
      </div>
      {/* The overview's table links land here (the chosen table's editor). */}
      <div className="card table-editor" id={jumpTargetId({ kind: 'table', table: table.name })} tabIndex={-1}>
        <div className="table-picker button-row">
          {design.tables.length > 1 && (
            <>
              <label htmlFor={tableId}>Table</label>
              <select id={tableId} value={table.name} onChange={(event) => onSelectTable(event.target.value)}>
                {tableNames.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </>
          )}
          <DraftInput
            label="Table name"
            showLabel
            inputClassName="mono"
            value={table.name}
            validate={(name) =>
              validateName(
                name,
                tableNames.filter((other) => other !== table.name),
                'A table',
              )
            }
            onCommit={(name) => {
              update(renameTable(table.name, name));
              onSelectTable(name);
            }}
          />
          <button
            type="button"
            onClick={() => {
              const before = new Set(tableNames);
              update(addTable());
              const added = designs
                .getState()
                .designs.find((saved) => saved.id === designId)
                ?.design.tables.find((entry) => !before.has(entry.name));
              if (added) onSelectTable(added.name);
            }}
          >
            Add table
          </button>
          <button
            type="button"
            disabled={design.tables.length <= 1}
            title={design.tables.length <= 1 ? 'A design keeps at least one table.' : undefined}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete table
          </button>
        </div>
        <TableKeys table={table} update={update} />
        <IndexesEditor designId={designId} table={table} />
      </div>
      <EntitiesRegion designId={designId} design={design} table={table} />
      {confirmingDelete && (
        <ConfirmDialog
          title={`Delete the table “${table.name}”?`}
          message={`“${table.name}”, its ${table.entities.length} entities and ${table.accessPatterns.length} access patterns are removed from the design.`}
          confirmLabel="Delete table"
          onConfirm={() => {
            setConfirmingDelete(false);
            update(removeTable(table.name));
            onSelectTable(tableNames.find((name) => name !== table.name) ?? '');
          }}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </section>
  );
}

/** The table's partition key and optional sort key: names and types. */
function TableKeys({ table, update }: { table: TableDesign; update: (change: DesignChange) => void }) {
  const { partitionKey, sortKey } = table;
  const nameProblem = (name: string, other: string | undefined) =>
    name.trim() === '' ? 'A key attribute needs a name.' : name === other ? 'The partition and sort key need different names.' : undefined;
  const sortSwitchId = useId();
  return (
    <div className="table-keys">
      <div className="key-attribute-row">
        <span className="small">Partition key</span>
        <KeyAttributeInputs
          label="Partition key"
          attribute={partitionKey}
          validate={(name) => nameProblem(name, sortKey?.name)}
          onChange={(next) => update(setTableKeys(table.name, next, sortKey))}
        />
      </div>
      <div className="key-attribute-row">
        <span className="small">
          <input
            id={sortSwitchId}
            type="checkbox"
            checked={sortKey !== undefined}
            disabled={sortKey !== undefined && table.indexes.some((index) => index.kind === 'LSI')}
            onChange={(event) =>
              update(setTableKeys(table.name, partitionKey, event.target.checked ? { name: partitionKey.name === 'SK' ? 'sk' : 'SK', type: 'S' } : undefined))
            }
          />{' '}
          <label htmlFor={sortSwitchId}>Sort key</label>
        </span>
        {sortKey && (
          <KeyAttributeInputs
            label="Sort key"
            attribute={sortKey}
            validate={(name) => nameProblem(name, partitionKey.name)}
            onChange={(next) => update(setTableKeys(table.name, partitionKey, next))}
          />
        )}
      </div>
    </div>
  );
}
