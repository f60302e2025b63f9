import { useId, useState } from 'react';
import { patternFields, type AccessPatternDesign, type PatternSortCondition, type PatternSortOperator, type TableDesign } from '../../design';
import { MAX_INT32, parseCount } from '../../state';

/** The editor's sort input: none (the whole partition), field values, or raw key text. */
type SortInput = 'none' | 'fields' | 'raw';

/** What the form holds: the pattern, with the numbers as typed so nothing is lost while invalid. */
interface Draft {
  readonly pattern: AccessPatternDesign;
  readonly limit: string;
  readonly count: string;
}

const FIELD_OPERATORS: readonly Exclude<PatternSortOperator, 'begins_with'>[] = ['=', '<', '<=', '>', '>=', 'between'];
const RAW_OPERATORS: readonly PatternSortOperator[] = [...FIELD_OPERATORS, 'begins_with'];
const OPERATOR_LABELS: Readonly<Record<PatternSortOperator, string>> = {
  '=': '= (equals; a prefix of fields or a date means begins_with / the whole period)',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  between: 'BETWEEN',
  begins_with: 'begins_with',
};

export interface AccessPatternEditorProps {
  readonly table: TableDesign;
  readonly pattern: AccessPatternDesign;
  /** "Add access pattern" or "Edit <name>": the form's accessible name. */
  readonly label: string;
  onSave(pattern: AccessPatternDesign): void;
  onCancel(): void;
}

/**
 * The access pattern form: name, description, entities, table or index, the
 * key condition in template fields, direction, Limit and the expected
 * result. Saves one whole pattern; Cancel drops the draft.
 */
export function AccessPatternEditor({ table, pattern, label, onSave, onCancel }: AccessPatternEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ pattern, limit: pattern.limit?.toString() ?? '', count: pattern.expected.count?.toString() ?? '' });
  const current = draft.pattern;
  const change = (edit: (pattern: AccessPatternDesign) => AccessPatternDesign) => setDraft((previous) => ({ ...previous, pattern: edit(previous.pattern) }));
  const fields = patternFields(table, current.entities[0], current.index);
  const sortInput: SortInput = current.sort?.input ?? 'none';

  const limit = draft.limit.trim() === '' ? undefined : parseCount(draft.limit, { label: 'Limit', min: 1, max: MAX_INT32 });
  const count = draft.count.trim() === '' ? undefined : parseCount(draft.count, { label: 'Expected count', min: 0, max: MAX_INT32 });
  const nameMissing = current.name.trim() === '';
  const invalid = nameMissing || (limit !== undefined && !limit.ok) || (count !== undefined && !count.ok);

  const save = () => {
    if (invalid) return;
    const { limit: _limit, ...rest } = current;
    const { count: _count, ...expected } = current.expected;
    onSave({
      ...rest,
      name: current.name.trim(),
      ...(limit?.ok ? { limit: limit.value } : {}),
      expected: { ...expected, ...(count?.ok ? { count: count.value } : {}) },
    });
  };

  const setSortInput = (input: SortInput) =>
    change((previous) => {
      const { sort: _sort, ...rest } = previous;
      if (input === 'none') return rest;
      const sort: PatternSortCondition =
        input === 'fields' ? { input: 'fields', operator: '=', values: {} } : { input: 'raw', operator: 'begins_with', value: '' };
      return { ...rest, sort };
    });
  const setSort = (edit: (sort: PatternSortCondition) => PatternSortCondition) =>
    change((previous) => (previous.sort ? { ...previous, sort: edit(previous.sort) } : previous));

  return (
    <form
      className="pattern-editor"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="pattern-editor-grid">
        <label htmlFor={`${id}-name`}>Name</label>
        <div>
          <input
            id={`${id}-name`}
            value={current.name}
            onChange={(event) => change((previous) => ({ ...previous, name: event.target.value }))}
            aria-invalid={nameMissing}
          />
          {nameMissing && <p className="field-error">Give the pattern a name (the question it answers, e.g. “A customer’s orders, newest first”).</p>}
        </div>
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={current.description}
          onChange={(event) => change((previous) => ({ ...previous, description: event.target.value }))}
        />
        <span id={`${id}-entities`}>Entities</span>
        <fieldset className="pattern-entities" aria-labelledby={`${id}-entities`}>
          {table.entities.map((entity) => (
            <label key={entity.name}>
              <input
                type="checkbox"
                checked={current.entities.includes(entity.name)}
                onChange={(event) =>
                  change((previous) => ({
                    ...previous,
                    entities: event.target.checked ? [...previous.entities, entity.name] : previous.entities.filter((name) => name !== entity.name),
                  }))
                }
              />
              {entity.name}
            </label>
          ))}
          <p className="muted small">The first one checked builds the key condition; any other entity in the result fails the pattern.</p>
        </fieldset>
        <label htmlFor={`${id}-index`}>Table or index</label>
        <select
          id={`${id}-index`}
          value={current.index ?? ''}
          onChange={(event) =>
            change((previous) => {
              const { index: _index, ...rest } = previous;
              return event.target.value === '' ? rest : { ...rest, index: event.target.value };
            })
          }
        >
          <option value="">Table {table.name}</option>
          {table.indexes.map((index) => (
            <option key={index.name} value={index.name}>
              {index.kind} {index.name}
            </option>
          ))}
        </select>
        <span>Partition field values</span>
        <FieldInputs
          names={fields.partition}
          values={current.partitionValues}
          suffix=""
          empty="The first entity has no partition template for this table or index."
          onChange={(name, value) => change((previous) => ({ ...previous, partitionValues: { ...previous.partitionValues, [name]: value } }))}
        />
        <label htmlFor={`${id}-sort-input`}>Sort condition</label>
        <div className="pattern-sort">
          <select id={`${id}-sort-input`} value={sortInput} onChange={(event) => setSortInput(event.target.value as SortInput)}>
            <option value="none">None (the whole partition)</option>
            <option value="fields">Field values</option>
            <option value="raw">Raw key text</option>
          </select>
          {current.sort && (
            <>
              <label htmlFor={`${id}-operator`}>Operator</label>
              <select
                id={`${id}-operator`}
                value={current.sort.operator}
                onChange={(event) => setSort((sort) => ({ ...sort, operator: event.target.value }) as PatternSortCondition)}
              >
                {(current.sort.input === 'fields' ? FIELD_OPERATORS : RAW_OPERATORS).map((operator) => (
                  <option key={operator} value={operator}>
                    {OPERATOR_LABELS[operator]}
                  </option>
                ))}
              </select>
            </>
          )}
          {current.sort?.input === 'fields' && (
            <>
              <FieldInputs
                names={fields.sort}
                values={current.sort.values}
                suffix=" (sort)"
                empty="The first entity has no sort template for this table or index."
                onChange={(name, value) => setSort((sort) => (sort.input === 'fields' ? { ...sort, values: { ...sort.values, [name]: value } } : sort))}
              />
              {current.sort.operator === 'between' && (
                <FieldInputs
                  names={fields.sort}
                  values={current.sort.valuesHigh ?? {}}
                  suffix=" (upper bound)"
                  empty=""
                  onChange={(name, value) =>
                    setSort((sort) => (sort.input === 'fields' ? { ...sort, valuesHigh: { ...(sort.valuesHigh ?? {}), [name]: value } } : sort))
                  }
                />
              )}
            </>
          )}
          {current.sort?.input === 'raw' && (
            <>
              <label htmlFor={`${id}-raw`}>Sort key text</label>
              <input
                id={`${id}-raw`}
                className="mono"
                value={current.sort.value}
                onChange={(event) => setSort((sort) => (sort.input === 'raw' ? { ...sort, value: event.target.value } : sort))}
              />
              {current.sort.operator === 'between' && (
                <>
                  <label htmlFor={`${id}-raw-high`}>Sort key text (upper bound)</label>
                  <input
                    id={`${id}-raw-high`}
                    className="mono"
                    value={current.sort.valueHigh ?? ''}
                    onChange={(event) => setSort((sort) => (sort.input === 'raw' ? { ...sort, valueHigh: event.target.value } : sort))}
                  />
                </>
              )}
            </>
          )}
        </div>
        <label htmlFor={`${id}-direction`}>Direction</label>
        <select
          id={`${id}-direction`}
          value={current.direction}
          onChange={(event) => change((previous) => ({ ...previous, direction: event.target.value as 'ascending' | 'descending' }))}
        >
          <option value="ascending">Ascending (ScanIndexForward = true)</option>
          <option value="descending">Descending (ScanIndexForward = false)</option>
        </select>
        <label htmlFor={`${id}-limit`}>Limit</label>
        <CountInput id={`${id}-limit`} text={draft.limit} result={limit} onChange={(text) => setDraft((previous) => ({ ...previous, limit: text }))} />
        <label htmlFor={`${id}-count`}>Expected count</label>
        <CountInput id={`${id}-count`} text={draft.count} result={count} onChange={(text) => setDraft((previous) => ({ ...previous, count: text }))} />
        <label htmlFor={`${id}-order`}>Expected order</label>
        <div className="pattern-order">
          <select
            id={`${id}-order`}
            value={current.expected.orderBy?.field ?? ''}
            onChange={(event) =>
              change((previous) => {
                const { orderBy, ...expected } = previous.expected;
                const field = event.target.value;
                return {
                  ...previous,
                  expected: field === '' ? expected : { ...expected, orderBy: { field, direction: orderBy?.direction ?? previous.direction } },
                };
              })
            }
          >
            <option value="">Any order</option>
            {fields.orderBy.map((name) => (
              <option key={name} value={name}>
                by {name}
              </option>
            ))}
          </select>
          {current.expected.orderBy && (
            <select
              aria-label="Expected order direction"
              value={current.expected.orderBy.direction}
              onChange={(event) =>
                change((previous) =>
                  previous.expected.orderBy
                    ? {
                        ...previous,
                        expected: {
                          ...previous.expected,
                          orderBy: { ...previous.expected.orderBy, direction: event.target.value as 'ascending' | 'descending' },
                        },
                      }
                    : previous,
                )
              }
            >
              <option value="ascending">ascending (oldest / lowest first)</option>
              <option value="descending">descending (newest / highest first)</option>
            </select>
          )}
        </div>
      </div>
      <div className="button-row">
        <button type="submit" disabled={invalid}>
          Save access pattern
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One text input per template field, labelled by the field's name. */
function FieldInputs(props: {
  names: readonly string[];
  values: Readonly<Record<string, string>>;
  suffix: string;
  empty: string;
  onChange(name: string, value: string): void;
}) {
  const id = useId();
  if (props.names.length === 0) return props.empty ? <p className="muted small">{props.empty}</p> : null;
  return (
    <div className="pattern-field-values">
      {props.names.map((name) => (
        <span key={name} className="pattern-field-value">
          <label htmlFor={`${id}-${name}`}>
            {name}
            {props.suffix}
          </label>
          <input id={`${id}-${name}`} className="mono" value={props.values[name] ?? ''} onChange={(event) => props.onChange(name, event.target.value)} />
        </span>
      ))}
    </div>
  );
}

function CountInput(props: { id: string; text: string; result: ReturnType<typeof parseCount> | undefined; onChange(text: string): void }) {
  const error = props.result && !props.result.ok ? props.result.message : undefined;
  return (
    <div>
      <input
        id={props.id}
        inputMode="numeric"
        value={props.text}
        placeholder="none"
        aria-invalid={error !== undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
