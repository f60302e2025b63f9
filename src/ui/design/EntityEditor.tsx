import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import {
  composeChanges,
  isEntityInIndex,
  keyAttributesOf,
  removeEntity,
  renameEntity,
  setEntityAttributes,
  setEntityKeyTemplate,
  setExpectations,
  validateName,
  type AttributeTypeName,
  type DesignChange,
  type EntityDesign,
  type TableDesign,
  keyTemplateOf,
} from '../../design';
import { parseKeyTemplate, templateFields, type FieldSegment } from '../../keys';
import { createTemplateAdapterStore, parseCount, type TemplateAdapterStore } from '../../state';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DraftInput } from '../common/DraftInput';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { KeyDesignScope, useAppStores } from '../stores';
import { EntitySamples, KeyTemplateGroup, TemplateOrderGroup } from './KeyTemplateEditor';
import { entityDisclosureKey, useEntityOpen } from './entityDisclosure';
import { jumpTargetId } from './jumpTargets';
import { ATTRIBUTE_TYPES, MAX_ITEM_BYTES } from '../../dynamo';

interface KeySlot {
  readonly name: string;
  readonly role: 'partition' | 'sort';
}

/** The key attributes an entity has a template for: the table's always, then those of each index it is in. */
export function entityKeySlots(table: TableDesign, entity: EntityDesign): readonly KeySlot[] {
  const sortNames = new Set([table.sortKey?.name, ...table.indexes.flatMap((index) => index.sortKey.map((attribute) => attribute.name))]);
  const tableKeys = new Set([table.partitionKey.name, table.sortKey?.name]);
  return keyAttributesOf(table)
    .filter((attribute) => tableKeys.has(attribute.name) || keyTemplateOf(entity, attribute.name) !== undefined)
    .map((attribute) => ({ name: attribute.name, role: attribute.name === table.partitionKey.name || !sortNames.has(attribute.name) ? 'partition' : 'sort' }));
}

/** Every field of the entity's templates, each once, in template order (the sample table's columns). */
function entityFields(entity: EntityDesign, slots: readonly KeySlot[]): readonly FieldSegment[] {
  const fields = new Map<string, FieldSegment>();
  for (const slot of slots) {
    const parsed = parseKeyTemplate(keyTemplateOf(entity, slot.name) ?? '');
    if (parsed.ok) for (const field of templateFields(parsed.value)) if (!fields.has(field.name)) fields.set(field.name, field);
  }
  return [...fields.values()];
}

/**
 * One entity of the open table: its name, a key template per key attribute
 * (table and indexes), index membership, other attributes, sample rows,
 * expectations, and each sort-key template's order. One adapter store per
 * template connects the key builder's components to the design.
 */
export const EntityEditor = memo(EntityEditorOf, sameEntityContext);

interface EntityEditorProps {
  readonly designId: string;
  readonly table: TableDesign;
  readonly entity: EntityDesign;
}

/**
 * Whether an entity's editor shows the same thing: its own entity object and
 * the parts of the table it reads (keys, indexes, the other entities' names).
 * Edits replace only what they change, so a keystroke in one entity of a
 * 20-entity design re-renders that entity alone.
 */
function sameEntityContext(before: EntityEditorProps, after: EntityEditorProps): boolean {
  if (before.entity !== after.entity || before.designId !== after.designId) return false;
  const a = before.table;
  const b = after.table;
  if (a === b) return true;
  return (
    a.name === b.name &&
    a.partitionKey === b.partitionKey &&
    a.sortKey === b.sortKey &&
    a.indexes === b.indexes &&
    a.entities.length === b.entities.length &&
    a.entities.every((entity, i) => entity.name === b.entities[i]?.name)
  );
}

function EntityEditorOf({ designId, table, entity }: EntityEditorProps) {
  const slots = entityKeySlots(table, entity);
  const signature = slots.map((slot) => slot.name).join('\u0000');
  const [open, setOpen] = useEntityOpen(entityDisclosureKey(designId, table.name, entity.name));
  const bodyId = useId();
  const disclosure = (
    <h4>
      <button type="button" className="entity-disclosure" aria-expanded={open} aria-controls={open ? bodyId : undefined} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="entity-disclosure-mark">
          {open ? '▾' : '▸'}
        </span>{' '}
        <span className="visually-hidden">Entity </span>
        <VisibleText text={entity.name} />
      </button>
    </h4>
  );
  return (
    // The overview's links land here (tabIndex -1: focusable by a jump, not in the tab order).
    <li
      className="card entity-editor"
      aria-label={visibleString(entity.name)}
      id={jumpTargetId({ kind: 'entity', table: table.name, entity: entity.name })}
      tabIndex={-1}
    >
      {open ? (
        // New key attributes (the entity joined an index) get their adapters by remounting.
        <EntityEditorBody key={signature} designId={designId} table={table} entity={entity} heading={disclosure} bodyId={bodyId} />
      ) : (
        <header className="entity-header entity-collapsed">
          {disclosure}
          <span className="entity-summary muted small">
            {slots.map((slot) => (
              <span key={slot.name} className="entity-summary-key">
                {slot.name} <VisibleText className="mono" text={keyTemplateOf(entity, slot.name) ?? ''} />
              </span>
            ))}
            <span>
              {entity.samples.length.toLocaleString('en-US')} sample{entity.samples.length === 1 ? '' : 's'}
            </span>
          </span>
        </header>
      )}
    </li>
  );
}

interface EntityEditorBodyProps {
  readonly designId: string;
  readonly table: TableDesign;
  readonly entity: EntityDesign;
  /** The entity's heading: its name on the button that collapses the editor. */
  readonly heading: ReactNode;
  readonly bodyId: string;
}

function EntityEditorBody({ designId, table, entity, heading, bodyId }: EntityEditorBodyProps) {
  const stores = useAppStores();
  const update = (change: DesignChange) => stores.designs.getState().updateDesign(designId, change);
  const slots = entityKeySlots(table, entity);
  const [adapters] = useState(() => {
    const map = new Map<string, TemplateAdapterStore>();
    for (const slot of slots) {
      map.set(slot.name, createTemplateAdapterStore(stores.designs, { designId, tableName: table.name, entityName: entity.name, attribute: slot.name }));
    }
    return map;
  });
  useEffect(() => {
    const disconnects = [...adapters.values()].map((adapter) => adapter.connect());
    return () => disconnects.forEach((disconnect) => disconnect());
  }, [adapters]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const fields = entityFields(entity, slots);
  const sortSlots = slots.filter((slot) => slot.role === 'sort');
  const samplesAdapter = adapters.get(sortSlots[0]?.name ?? table.partitionKey.name);

  return (
    <>
      <header className="entity-header">
        {heading}
        <DraftInput
          label="Entity name"
          value={entity.name}
          validate={(name) =>
            validateName(
              name,
              table.entities.map((other) => other.name).filter((name) => name !== entity.name),
              'An entity',
            )
          }
          onCommit={(name) => update(renameEntity(table.name, entity.name, name))}
        />
        <button type="button" aria-label={`Delete entity ${visibleString(entity.name)}`} onClick={() => setConfirmingDelete(true)}>
          Delete entity
        </button>
      </header>
      <div id={bodyId} className="entity-body">
        <div className="entity-keys">
          {slots.map((slot) => {
            const adapter = adapters.get(slot.name);
            return (
              adapter && (
                <KeyDesignScope key={slot.name} store={adapter}>
                  <KeyTemplateGroup attribute={slot.name} role={slot.role} />
                </KeyDesignScope>
              )
            );
          })}
        </div>
        <IndexMembership table={table} entity={entity} update={update} />
        <OtherAttributes table={table} entity={entity} update={update} />
        <section className="entity-samples" aria-label={`Sample rows of ${visibleString(entity.name)}`}>
          <h5>Sample rows</h5>
          {samplesAdapter && (
            <KeyDesignScope store={samplesAdapter}>
              <EntitySamples fields={fields} />
            </KeyDesignScope>
          )}
        </section>
        <Expectations table={table} entity={entity} update={update} />
        {sortSlots.map((slot) => {
          const adapter = adapters.get(slot.name);
          return (
            adapter && (
              <KeyDesignScope key={slot.name} store={adapter}>
                <TemplateOrderGroup attribute={slot.name} />
              </KeyDesignScope>
            )
          );
        })}
        {confirmingDelete && (
          <ConfirmDialog
            title={`Delete the entity “${entity.name}”?`}
            message={`“${entity.name}”, its key templates and its ${entity.samples.length} sample rows are removed from the design.`}
            confirmLabel="Delete entity"
            onConfirm={() => {
              setConfirmingDelete(false);
              update(removeEntity(table.name, entity.name));
            }}
            onCancel={() => setConfirmingDelete(false)}
          />
        )}
      </div>
    </>
  );
}

type Update = (change: DesignChange) => void;

/** Which indexes the entity's items appear in (an index is sparse: an entity without templates for its keys is not in it). */
function IndexMembership({ table, entity, update }: { table: TableDesign; entity: EntityDesign; update: Update }) {
  if (table.indexes.length === 0) return null;
  const tableKeys = new Set([table.partitionKey.name, table.sortKey?.name]);
  return (
    <div className="entity-indexes button-row">
      {table.indexes.map((index) => {
        const attributes = [...index.partitionKey, ...index.sortKey].map((attribute) => attribute.name);
        if (isEntityInIndex(table, entity, index.name)) {
          const usedElsewhere = new Set([
            ...tableKeys,
            ...table.indexes
              .filter((other) => other !== index && isEntityInIndex(table, entity, other.name))
              .flatMap((other) => [...other.partitionKey, ...other.sortKey].map((a) => a.name)),
          ]);
          const own = attributes.filter((name) => !usedElsewhere.has(name));
          return (
            <button
              key={index.name}
              type="button"
              disabled={own.length === 0}
              onClick={() => update(composeChanges(...own.map((name) => setEntityKeyTemplate(table.name, entity.name, name, undefined))))}
            >
              Remove <VisibleText text={entity.name} /> from {index.name}
            </button>
          );
        }
        const missing = attributes.filter((name) => keyTemplateOf(entity, name) === undefined);
        return (
          <button
            key={index.name}
            type="button"
            onClick={() => update(composeChanges(...missing.map((name) => setEntityKeyTemplate(table.name, entity.name, name, defaultTemplateFor(name)))))}
          >
            Add <VisibleText text={entity.name} /> to {index.name}
          </button>
        );
      })}
    </div>
  );
}

/** A template for a key attribute the entity did not have: one field named after it (or `value`). */
const defaultTemplateFor = (attribute: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(attribute) ? `{${attribute}}` : '{value}');

function OtherAttributes({ table, entity, update }: { table: TableDesign; entity: EntityDesign; update: Update }) {
  const set = (attributes: EntityDesign['attributes']) => update(setEntityAttributes(table.name, entity.name, attributes));
  const names = entity.attributes.map((attribute) => attribute.name);
  const keyNames = keyAttributesOf(table).map((attribute) => attribute.name);
  return (
    <section className="entity-attributes" aria-label={`Other attributes of ${visibleString(entity.name)}`}>
      <h5>Other attributes</h5>
      {entity.attributes.length === 0 && <p className="muted small">None yet.</p>}
      <ul>
        {entity.attributes.map((attribute, i) => (
          <li key={i} className="key-attribute-inputs">
            <DraftInput
              label={`Attribute ${i + 1} name`}
              inputClassName="mono"
              value={attribute.name}
              validate={(name) =>
                keyNames.includes(name)
                  ? `${name} is a key attribute: its value comes from a template.`
                  : validateName(
                      name,
                      names.filter((_, j) => j !== i),
                      'An attribute',
                    )
              }
              onCommit={(name) => set(entity.attributes.map((a, j) => (j === i ? { ...a, name } : a)))}
            />
            <select
              aria-label={`Attribute ${i + 1} type`}
              value={attribute.type}
              onChange={(event) => set(entity.attributes.map((a, j) => (j === i ? { ...a, type: event.target.value as AttributeTypeName } : a)))}
            >
              {ATTRIBUTE_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
            <button type="button" aria-label={`Remove attribute ${i + 1}`} onClick={() => set(entity.attributes.filter((_, j) => j !== i))}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          let n = names.length + 1;
          while (names.includes(`attribute${n}`)) n++;
          set([...entity.attributes, { name: `attribute${n}`, type: 'S' }]);
        }}
      >
        Add attribute
      </button>
    </section>
  );
}

/** DynamoDB's item size limit: 400 KB. */

function Expectations({ table, entity, update }: { table: TableDesign; entity: EntityDesign; update: Update }) {
  const { itemCount, itemSizeBytes } = entity.expectations;
  const count = (text: string, label: string, max: number) => (text.trim() === '' ? undefined : parseCount(text, { label, min: 0, max }));
  return (
    <section className="entity-expectations" aria-label={`Expectations for ${visibleString(entity.name)}`}>
      <h5>Expectations</h5>
      <p className="muted small">The largest value of each padded field and the headroom are set in the width advisor of its template.</p>
      <div className="button-row">
        <DraftInput
          label="Expected item count"
          showLabel
          inputMode="numeric"
          value={itemCount === undefined ? '' : String(itemCount)}
          validate={(text) => {
            const read = count(text, 'Expected item count', Number.MAX_SAFE_INTEGER);
            return read && !read.ok ? read.message : undefined;
          }}
          onCommit={(text) => {
            const read = count(text, 'Expected item count', Number.MAX_SAFE_INTEGER);
            update(setExpectations(table.name, entity.name, { itemCount: read?.ok ? read.value : undefined }));
          }}
        />
        <DraftInput
          label="Item size (bytes)"
          showLabel
          inputMode="numeric"
          value={itemSizeBytes === undefined ? '' : String(itemSizeBytes)}
          validate={(text) => {
            const read = count(text, 'Item size (bytes)', MAX_ITEM_BYTES);
            return read && !read.ok ? read.message : undefined;
          }}
          onCommit={(text) => {
            const read = count(text, 'Item size (bytes)', MAX_ITEM_BYTES);
            update(setExpectations(table.name, entity.name, { itemSizeBytes: read?.ok ? read.value : undefined }));
          }}
        />
      </div>
    </section>
  );
}
