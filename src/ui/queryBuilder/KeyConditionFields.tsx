import type { KeySchemaInfo } from '../../expressions';
import { switchKeyEncoding, type QueryForm, type SortOperator } from '../../state';
import { BinaryEncodingSelect } from './BinaryEncodingChoice';
import type { FieldErrors } from './fieldErrors';
import { KeyValueInput } from './KeyValueInput';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';

const SORT_OPERATORS: readonly { value: SortOperator; label: string }[] = [
  { value: 'none', label: 'whole partition' },
  { value: '=', label: '=' },
  { value: '<', label: '<' },
  { value: '<=', label: '<=' },
  { value: '>', label: '>' },
  { value: '>=', label: '>=' },
  { value: 'between', label: 'between' },
  { value: 'begins_with', label: 'begins_with' },
];

export interface KeyConditionProps {
  readonly idPrefix: string;
  readonly form: QueryForm;
  readonly keys: KeySchemaInfo;
  readonly templateText: string;
  readonly errors: FieldErrors;
  readonly setForm: (patch: Partial<QueryForm>) => void;
}

/** The Query's key condition: the partition key value, the sort-key operator, raw bounds or the switch to field values. */
export function KeyConditionFields({ idPrefix, form, keys, templateText, errors, setForm }: KeyConditionProps) {
  const sortKey = keys.sortKey;
  const between = form.sortOperator === 'between';
  const rawBounds = sortKey && form.sortOperator !== 'none' && form.sortInput === 'raw';
  const binary = keys.partitionKey.type === 'B' || (rawBounds && sortKey.type === 'B');
  return (
    <div className="form-grid key-condition">
      <KeyValueInput
        id={`${idPrefix}pk`}
        field="partitionValue"
        label={
          <>
            <VisibleText text={keys.partitionKey.name} /> <span className="type-badge">{keys.partitionKey.type}</span>
          </>
        }
        type={keys.partitionKey.type}
        value={form.partitionValue}
        encoding={form.keyEncoding}
        errors={errors}
        onChange={(partitionValue) => setForm({ partitionValue })}
      />
      {sortKey && (
        <>
          <span className="form-field">
            <label htmlFor={`${idPrefix}op`}>Sort key condition</label>
            <select id={`${idPrefix}op`} value={form.sortOperator} onChange={(event) => setForm({ sortOperator: event.target.value as SortOperator })}>
              {SORT_OPERATORS.filter((operator) => operator.value !== 'begins_with' || sortKey.type !== 'N').map((operator) => (
                <option key={operator.value} value={operator.value}>
                  {operator.value === 'none' ? operator.label : `${visibleString(sortKey.name)} ${operator.label}`}
                </option>
              ))}
            </select>
          </span>
          {form.sortOperator !== 'none' && (
            <fieldset className="sort-input-switch">
              <legend className="visually-hidden">Sort key bounds as</legend>
              <label>
                <input type="radio" name={`${idPrefix}sortInput`} checked={form.sortInput === 'raw'} onChange={() => setForm({ sortInput: 'raw' })} /> Raw
                values
              </label>
              <label title={templateText ? `Encoded by the entity's template ${visibleString(templateText)}` : 'No Key design template for this sort key'}>
                <input type="radio" name={`${idPrefix}sortInput`} checked={form.sortInput === 'fields'} onChange={() => setForm({ sortInput: 'fields' })} />{' '}
                Field values
              </label>
            </fieldset>
          )}
          {rawBounds && (
            <>
              <KeyValueInput
                id={`${idPrefix}sk`}
                field="sortValue"
                label={
                  <>
                    <VisibleText text={sortKey.name} /> {between ? 'from' : 'value'}
                  </>
                }
                type={sortKey.type}
                value={form.sortValue}
                encoding={form.keyEncoding}
                errors={errors}
                onChange={(sortValue) => setForm({ sortValue })}
              />
              {between && (
                <KeyValueInput
                  id={`${idPrefix}skh`}
                  field="sortValueHigh"
                  label={
                    <>
                      <VisibleText text={sortKey.name} /> to
                    </>
                  }
                  type={sortKey.type}
                  value={form.sortValueHigh}
                  encoding={form.keyEncoding}
                  errors={errors}
                  onChange={(sortValueHigh) => setForm({ sortValueHigh })}
                />
              )}
            </>
          )}
        </>
      )}
      {binary && (
        <span className="form-field">
          <span className="field-label" aria-hidden="true">
            Bytes as
          </span>
          <BinaryEncodingSelect
            label="Binary key values typed as"
            value={form.keyEncoding}
            onChange={(encoding) => setForm(switchKeyEncoding(form, keys, encoding))}
          />
        </span>
      )}
    </div>
  );
}
