import { useId } from 'react';
import {
  addIndex,
  compileTemplateText,
  MAX_GSI_KEY_ATTRIBUTES,
  removeIndex,
  updateIndex,
  validateIndex,
  type DesignChange,
  type IndexDesign,
  type KeyAttributeDesign,
  type ProjectionType,
  type TableDesign,
  keyTemplateOf,
} from '../../design';
import { DraftInput } from '../common/DraftInput';
import { VisibleText } from '../common/VisibleText';
import { useAppStores } from '../stores';
import { ConversionCarryOut } from './ConversionCarryOut';
import { KeyAttributeInputs } from './KeyAttributeInputs';
import { MultiAttributeConversionDialog } from './MultiAttributeConversionDialog';

/**
 * The table's secondary indexes: add a GSI or an LSI, rename, re-key
 * (a GSI takes up to four partition and four sort attributes, each typed:
 * a multi-attribute key), choose the projection, delete. Every edit is
 * checked as a whole index (validateIndex) before it is saved.
 */
export function IndexesEditor({ designId, table }: { designId: string; table: TableDesign }) {
  const { designs, multiAttributeConversion } = useAppStores();
  const update = (change: DesignChange) => designs.getState().updateDesign(designId, change);
  const headingId = useId();
  return (
    <section className="indexes-editor" aria-labelledby={headingId}>
      <h3 id={headingId}>Indexes</h3>
      {table.indexes.length === 0 && <p className="muted small">No secondary indexes.</p>}
      <ul className="index-list">
        {table.indexes.map((index) => (
          <IndexEditor
            key={index.name}
            index={index}
            table={table}
            onChange={(next) => update(updateIndex(table.name, index.name, next))}
            onRemove={() => update(removeIndex(table.name, index.name))}
            onConvert={() => multiAttributeConversion.getState().open(designId, table.name, index.name)}
          />
        ))}
      </ul>
      <div className="button-row">
        <button type="button" onClick={() => update(addIndex(table.name, 'GSI'))}>
          Add GSI
        </button>
        <button
          type="button"
          disabled={!table.sortKey}
          title={table.sortKey ? undefined : 'An LSI needs a table with a sort key.'}
          onClick={() => update(addIndex(table.name, 'LSI'))}
        >
          Add LSI
        </button>
      </div>
      <ConversionCarryOut designId={designId} tableName={table.name} />
      <MultiAttributeConversionDialog />
    </section>
  );
}

/**
 * A GSI whose single partition or sort attribute joins two or more template
 * fields in some entity (`{ts:epoch(16)}#{score:int(10)}`): a multi-attribute
 * key could hold the fields typed. The conversion itself says when it can't.
 */
function hasConcatenatedKey(table: TableDesign, index: IndexDesign): boolean {
  if (index.kind !== 'GSI') return false;
  const sides = [index.partitionKey, index.sortKey].filter((side) => side.length === 1 && side[0]?.type === 'S');
  return sides.some(([attribute]) =>
    table.entities.some((entity) => {
      const text = attribute ? keyTemplateOf(entity, attribute.name) : undefined;
      if (text === undefined) return false;
      const compiled = compileTemplateText(text);
      return compiled.ok && compiled.value.fields.length >= 2;
    }),
  );
}

interface IndexEditorProps {
  readonly index: IndexDesign;
  readonly table: TableDesign;
  readonly onChange: (index: IndexDesign) => void;
  readonly onRemove: () => void;
  readonly onConvert: () => void;
}

function IndexEditor({ index, table, onChange, onRemove, onConvert }: IndexEditorProps) {
  const problem = (next: IndexDesign) => validateIndex(next, table, index.name);
  const isGsi = index.kind === 'GSI';
  return (
    <li className="index-editor" aria-label={`${index.kind} ${index.name}`}>
      <div className="index-header">
        <span className="format-tag">{index.kind}</span>
        <DraftInput
          label="Index name"
          inputClassName="mono"
          value={index.name}
          validate={(name) => problem({ ...index, name })}
          onCommit={(name) => onChange({ ...index, name })}
        />
        <button type="button" aria-label={`Delete index ${index.name}`} onClick={onRemove}>
          Delete index
        </button>
      </div>
      {hasConcatenatedKey(table, index) && (
        <p className="index-convert small">
          <span className="muted">A concatenated string key: typed attributes could hold its fields.</span>{' '}
          <button type="button" onClick={onConvert}>
            Convert to multi-attribute key
          </button>
        </p>
      )}
      {isGsi ? (
        <AttributeList role="partition" index={index} validate={problem} onChange={onChange} />
      ) : (
        <p className="muted small">
          Partition key: <VisibleText className="mono" text={table.partitionKey.name} /> (the table’s, as every LSI)
        </p>
      )}
      <AttributeList role="sort" index={index} validate={problem} onChange={onChange} />
      <Projection index={index} onChange={onChange} />
    </li>
  );
}

/** The partition or sort attributes of an index, left to right; a GSI may have up to four. */
function AttributeList({
  role,
  index,
  validate,
  onChange,
}: {
  role: 'partition' | 'sort';
  index: IndexDesign;
  validate: (index: IndexDesign) => string | undefined;
  onChange: (index: IndexDesign) => void;
}) {
  const key = role === 'partition' ? 'partitionKey' : 'sortKey';
  const attributes = index[key];
  const word = role === 'partition' ? 'Partition' : 'Sort';
  const isGsi = index.kind === 'GSI';
  const withAttributes = (next: readonly KeyAttributeDesign[]): IndexDesign => ({ ...index, [key]: next });
  const min = role === 'partition' || !isGsi ? 1 : 0;
  const fresh = () => {
    let n = attributes.length + 1;
    while (attributes.some((attribute) => attribute.name === `${index.name}${word}${n}`)) n++;
    return { name: `${index.name}${word}${n}`, type: 'S' as const };
  };
  return (
    <div className="index-attributes">
      <span className="small">
        {word} key{isGsi ? ` (up to ${MAX_GSI_KEY_ATTRIBUTES} attributes, compared left to right)` : ''}
      </span>
      <ol>
        {attributes.map((attribute, i) => {
          const label = `${index.name} ${role} attribute ${i + 1}`;
          return (
            <li key={i}>
              <KeyAttributeInputs
                label={label}
                attribute={attribute}
                validate={(name) => validate(withAttributes(attributes.map((a, j) => (j === i ? { ...a, name } : a))))}
                onChange={(next) => onChange(withAttributes(attributes.map((a, j) => (j === i ? next : a))))}
              />
              {isGsi && attributes.length > min && (
                <button type="button" aria-label={`Remove ${label}`} onClick={() => onChange(withAttributes(attributes.filter((_, j) => j !== i)))}>
                  ✕
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {isGsi && attributes.length < MAX_GSI_KEY_ATTRIBUTES && (
        <button type="button" className="small" onClick={() => onChange(withAttributes([...attributes, fresh()]))}>
          Add {role} attribute to {index.name}
        </button>
      )}
    </div>
  );
}

function Projection({ index, onChange }: { index: IndexDesign; onChange: (index: IndexDesign) => void }) {
  const { projection } = index;
  return (
    <div className="index-projection">
      <select
        aria-label={`Projection of ${index.name}`}
        value={projection.type}
        onChange={(event) => {
          const type = event.target.value as ProjectionType;
          onChange({ ...index, projection: { type, attributes: type === 'INCLUDE' ? projection.attributes : [] } });
        }}
      >
        <option value="ALL">ALL</option>
        <option value="KEYS_ONLY">KEYS_ONLY</option>
        <option value="INCLUDE">INCLUDE</option>
      </select>
      {projection.type === 'INCLUDE' && (
        <DraftInput
          label={`Attributes ${index.name} includes`}
          inputClassName="mono"
          placeholder="total, status"
          value={projection.attributes.join(', ')}
          validate={(text) => (splitNames(text).length === 0 ? 'INCLUDE needs at least one attribute: list names separated by commas.' : undefined)}
          onCommit={(text) => onChange({ ...index, projection: { type: 'INCLUDE', attributes: splitNames(text) } })}
        />
      )}
    </div>
  );
}

const splitNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
