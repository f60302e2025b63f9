import { useId, useState } from 'react';
import { addEntity, freeName, validateName } from '../../design';
import { VisibleText } from '../common/VisibleText';
import { useAppStores } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { EntityEditor } from './EntityEditor';

/** The Entities region: one list item per entity of the open table, and Add entity. */
export function EntitiesRegion({ designId, table }: DesignRegionProps) {
  const { designs } = useAppStores();
  const headingId = useId();
  const inputId = useId();
  const errorId = useId();
  const taken = table.entities.map((entity) => entity.name);
  const [newName, setNewName] = useState('');
  const problem = newName === '' ? undefined : validateName(newName, taken, 'An entity');
  const add = () => {
    const name = newName.trim() === '' ? freeName('Entity', taken) : newName;
    if (validateName(name, taken, 'An entity')) return;
    designs.getState().updateDesign(designId, addEntity(table.name, name));
    setNewName('');
  };
  return (
    <section className="entities-region" aria-labelledby={headingId}>
      <h3 id={headingId}>Entities</h3>
      {table.entities.length === 0 && <p className="muted small">No entities yet: add the first kind of item this table holds.</p>}
      <ul className="entity-list">
        {table.entities.map((entity) => (
          <EntityEditor key={`${designId}\u0000${table.name}\u0000${entity.name}`} designId={designId} table={table} entity={entity} />
        ))}
      </ul>
      <form
        className="add-entity button-row"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label htmlFor={inputId}>New entity name</label>
        <input
          id={inputId}
          value={newName}
          placeholder="e.g. Order"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => setNewName(event.target.value)}
        />
        <button type="submit" disabled={problem !== undefined}>
          Add entity
        </button>
        {problem && (
          <span id={errorId} className="field-error" role="alert">
            <VisibleText text={problem} />
          </span>
        )}
      </form>
    </section>
  );
}
