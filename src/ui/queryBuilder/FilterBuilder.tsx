import {
  appendFilterNode,
  createFilterGroup,
  createFilterRow,
  FILTER_OPERATORS,
  SIZE_OPERATORS,
  updateFilterNode,
  VALUELESS_OPERATORS,
  type FilterGroup,
  type FilterNode,
  type FilterOperator,
  type FilterRow,
} from '../../state';
import { reencodeBinaryText } from '../../state';
import type { QueryFormErrors } from '../../state';
import { VALUE_TYPES, type ValueType } from '../../state';
import { BinaryEncodingSelect, BytesPreview } from './BinaryEncodingChoice';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';

const OPERATOR_LABELS: Readonly<Record<FilterOperator, string>> = {
  '=': '=',
  '<>': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  between: 'BETWEEN',
  in: 'IN',
  begins_with: 'begins_with',
  contains: 'contains',
  attribute_exists: 'attribute_exists',
  attribute_not_exists: 'attribute_not_exists',
  attribute_type: 'attribute_type',
};

const PLACEHOLDERS: Partial<Record<ValueType, string>> = {
  S: 'text',
  N: '42',
  B: '01 02 03',
  BOOL: 'true',
  SS: 'a, b',
  NS: '1, 2',
  BS: '01 02, 03',
  L: '[{"S":"a"}]',
  M: '{"k":{"S":"v"}}',
};

interface FilterProps {
  readonly filter: FilterGroup;
  readonly errors: QueryFormErrors;
  readonly onChange: (filter: FilterGroup) => void;
}

/** The filter builder: rows in AND / OR groups, NOT per group, groups nested. */
export function FilterBuilder({ filter, errors, onChange }: FilterProps) {
  return <GroupView group={filter} depth={0} root={filter} errors={errors} onChange={onChange} />;
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field-error">
      <VisibleText text={message} />
    </span>
  ) : null;
}

function GroupView({
  group,
  depth,
  root,
  errors,
  onChange,
}: {
  group: FilterGroup;
  depth: number;
  root: FilterGroup;
  errors: QueryFormErrors;
  onChange: (filter: FilterGroup) => void;
}) {
  const update = (patch: Partial<FilterGroup>) => onChange(updateFilterNode(root, group.id, (node) => ({ ...node, ...patch }) as FilterNode));
  const label = depth === 0 ? 'Filter' : `Group ${group.id}`;
  const groupError = errors[`filter:${group.id}:group`];
  return (
    <fieldset className={`filter-group${depth > 0 ? ' nested' : ''}`} aria-label={depth === 0 ? 'Filter conditions' : 'Condition group'}>
      <div className="filter-group-bar">
        <label className="inline-check">
          <input type="checkbox" checked={group.not} onChange={(event) => update({ not: event.target.checked })} /> NOT
        </label>
        {group.children.length > 1 && (
          <select aria-label={`${label}: join conditions with`} value={group.join} onChange={(event) => update({ join: event.target.value as 'and' | 'or' })}>
            <option value="and">all of (AND)</option>
            <option value="or">any of (OR)</option>
          </select>
        )}
        <button type="button" className="link-button" onClick={() => onChange(appendFilterNode(root, group.id, createFilterRow()))}>
          + Condition
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => onChange(appendFilterNode(root, group.id, createFilterGroup({ children: [createFilterRow()] })))}
        >
          + Group
        </button>
        {depth > 0 && (
          <button type="button" className="link-button" onClick={() => onChange(updateFilterNode(root, group.id, () => undefined))}>
            Remove group
          </button>
        )}
        <ErrorText id={`${group.id}-group-error`} message={groupError} />
      </div>
      {group.children.length === 0 && depth === 0 && <p className="muted small">No filter: every item the key condition (or the Scan) reads is returned.</p>}
      {group.children.map((child, index) => (
        <div key={child.id} className="filter-child">
          {index > 0 && <span className="join-word">{group.join === 'and' ? 'AND' : 'OR'}</span>}
          {child.kind === 'row' ? (
            <RowView row={child} root={root} errors={errors} onChange={onChange} />
          ) : (
            <GroupView group={child} depth={depth + 1} root={root} errors={errors} onChange={onChange} />
          )}
        </div>
      ))}
    </fieldset>
  );
}

function RowView({ row, root, errors, onChange }: { row: FilterRow; root: FilterGroup; errors: QueryFormErrors; onChange: (filter: FilterGroup) => void }) {
  const update = (patch: Partial<FilterRow>) => onChange(updateFilterNode(root, row.id, (node) => ({ ...node, ...patch }) as FilterNode));
  const error = (part: 'path' | 'value' | 'valueHigh') => errors[`filter:${row.id}:${part}`];
  const invalid = (part: 'path' | 'value' | 'valueHigh') =>
    error(part) ? { 'aria-invalid': true as const, 'aria-describedby': `${row.id}-${part}-error` } : {};
  const sizeable = SIZE_OPERATORS.has(row.operator);
  const size = row.size && sizeable;
  const valueless = VALUELESS_OPERATORS.has(row.operator);
  const typeOnly = row.operator === 'attribute_type';
  const binary = !valueless && !typeOnly && !size && (row.valueType === 'B' || row.valueType === 'BS');
  const singleBinary = binary && row.valueType === 'B' && row.operator !== 'in';
  const placeholder = size
    ? '3'
    : row.operator === 'in'
      ? 'a, b, "c, d"'
      : row.valueType === 'B' || row.valueType === 'BS'
        ? row.binaryEncoding === 'hex'
          ? PLACEHOLDERS[row.valueType]
          : row.valueType === 'B'
            ? 'AQID'
            : 'AQID, BA=='
        : PLACEHOLDERS[row.valueType];
  const describedBy = (part: 'value' | 'valueHigh') => {
    const ids = [error(part) ? `${row.id}-${part}-error` : undefined, singleBinary ? `${row.id}-${part}-bytes` : undefined].filter(Boolean).join(' ');
    return { ...(error(part) ? { 'aria-invalid': true as const } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
  };
  const switchEncoding = (binaryEncoding: FilterRow['binaryEncoding']) =>
    update({
      binaryEncoding,
      ...(singleBinary
        ? {
            value: reencodeBinaryText(row.value, row.binaryEncoding, binaryEncoding),
            valueHigh: reencodeBinaryText(row.valueHigh, row.binaryEncoding, binaryEncoding),
          }
        : {}),
    });
  return (
    <div className="filter-row" role="group" aria-label={`Condition on ${row.path ? visibleString(row.path) : 'an attribute'}`}>
      {sizeable && (
        <label className="inline-check" title="Compare size(path): string length, bytes, or number of elements">
          <input type="checkbox" checked={row.size} onChange={(event) => update({ size: event.target.checked })} /> size()
        </label>
      )}
      <span className="form-field">
        <input
          aria-label="Attribute path"
          className="mono path-input"
          placeholder="path, e.g. address.city"
          spellCheck={false}
          value={row.path}
          onChange={(event) => update({ path: event.target.value })}
          {...invalid('path')}
        />
        <ErrorText id={`${row.id}-path-error`} message={error('path')} />
      </span>
      <select
        className="filter-comparator"
        aria-label="Comparator"
        value={row.operator}
        onChange={(event) => update({ operator: event.target.value as FilterOperator })}
      >
        {FILTER_OPERATORS.map((operator) => (
          <option key={operator} value={operator}>
            {OPERATOR_LABELS[operator]}
          </option>
        ))}
      </select>
      {!valueless && !size && (
        <select
          aria-label={typeOnly ? 'Attribute type' : 'Value type'}
          value={row.valueType}
          onChange={(event) => update({ valueType: event.target.value as ValueType })}
        >
          {VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      )}
      {binary && <BinaryEncodingSelect label="Bytes as" value={row.binaryEncoding} onChange={switchEncoding} />}
      {!valueless && !typeOnly && !(row.valueType === 'NULL' && !size) && (
        <span className="form-field">
          <input
            aria-label={row.operator === 'between' ? 'Lower value' : row.operator === 'in' ? 'Values (comma-separated)' : 'Value'}
            className="mono value-input"
            placeholder={placeholder}
            spellCheck={false}
            value={row.value}
            onChange={(event) => update({ value: event.target.value })}
            {...describedBy('value')}
          />
          {singleBinary && <BytesPreview id={`${row.id}-value-bytes`} text={row.value} encoding={row.binaryEncoding} />}
          <ErrorText id={`${row.id}-value-error`} message={error('value')} />
        </span>
      )}
      {row.operator === 'between' && (
        <>
          <span className="join-word">AND</span>
          <span className="form-field">
            <input
              aria-label="Upper value"
              className="mono value-input"
              spellCheck={false}
              value={row.valueHigh}
              onChange={(event) => update({ valueHigh: event.target.value })}
              {...describedBy('valueHigh')}
            />
            {singleBinary && <BytesPreview id={`${row.id}-valueHigh-bytes`} text={row.valueHigh} encoding={row.binaryEncoding} />}
            <ErrorText id={`${row.id}-valueHigh-error`} message={error('valueHigh')} />
          </span>
        </>
      )}
      <button
        type="button"
        className="link-button"
        aria-label={`Remove condition on ${row.path ? visibleString(row.path) : 'an attribute'}`}
        onClick={() => onChange(updateFilterNode(root, row.id, () => undefined))}
      >
        ✕
      </button>
    </div>
  );
}
