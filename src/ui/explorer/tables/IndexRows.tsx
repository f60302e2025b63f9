import type { CreateTableErrors, CreateTableForm, IndexRowField, ProjectionChoice, TablesStore } from '../../../state';
import { KeyTypeSelect } from '../../common/KeyTypeSelect';
import { ChoiceField, TextField } from './FormField';

const PROJECTIONS: readonly (readonly [ProjectionChoice, string])[] = [
  ['ALL', 'ALL'],
  ['KEYS_ONLY', 'KEYS_ONLY'],
  ['INCLUDE', 'INCLUDE'],
];

/** The Create table form's secondary indexes: one group per index ("GSI 1", "LSI 1"), and Add GSI / Add LSI. */
export function IndexRows({ store, form, errors, idPrefix }: { store: TablesStore; form: CreateTableForm; errors: CreateTableErrors; idPrefix: string }) {
  const { addIndexRow, setIndexRow, removeIndexRow } = store.getState();
  const provisioned = form.billingMode === 'PROVISIONED';
  const numbers = { GSI: 0, LSI: 0 };
  return (
    <div className="create-table-indexes">
      {form.indexes.map((row, position) => {
        const title = `${row.kind} ${++numbers[row.kind]}`;
        const id = (field: string) => `${idPrefix}index${position}-${field}`;
        // The state's indexField, spelled here: the tables module's code loads with the explorer (only its types are in src/state).
        const error = (field: IndexRowField) => errors[`indexes.${position}.${field}`];
        const text = (field: IndexRowField, label: string, className?: string) => (
          <TextField
            id={id(field)}
            label={label}
            value={row[field]}
            className={className}
            error={error(field)}
            onChange={(value) => setIndexRow(position, { [field]: value })}
          />
        );
        return (
          // Keyed by position: rows have no identity of their own, and their messages are keyed the same way.
          <fieldset key={position} className="create-table-index">
            <legend>{title}</legend>
            <div className="add-index-fields">
              {text('name', 'Index name')}
              {row.kind === 'GSI' ? (
                <>
                  {text('partitionKeyName', 'Partition key', 'mono')}
                  <KeyTypeSelect
                    id={id('partitionKeyType')}
                    label="Partition key type"
                    value={row.partitionKeyType}
                    onChange={(type) => setIndexRow(position, { partitionKeyType: type })}
                  />
                </>
              ) : (
                <span className="form-field">
                  <span className="muted small">Partition key: the table’s{form.partitionKeyName ? ` (${form.partitionKeyName})` : ''}</span>
                </span>
              )}
              {text('sortKeyName', row.kind === 'GSI' ? 'Sort key (optional)' : 'Sort key', 'mono')}
              <KeyTypeSelect
                id={id('sortKeyType')}
                label="Sort key type"
                value={row.sortKeyType}
                onChange={(type) => setIndexRow(position, { sortKeyType: type })}
              />
              <ChoiceField
                id={id('projection')}
                label="Projection"
                value={row.projection}
                choices={PROJECTIONS}
                onChange={(projection) => setIndexRow(position, { projection })}
              />
              {row.kind === 'GSI' && provisioned && (
                <>
                  {text('readCapacity', 'Index read capacity')}
                  {text('writeCapacity', 'Index write capacity')}
                </>
              )}
              {row.projection === 'INCLUDE' && (
                <TextField
                  id={id('includeText')}
                  label="Projected attributes"
                  value={row.includeText}
                  className="mono"
                  placeholder="status, total"
                  wide
                  error={error('includeText')}
                  onChange={(value) => setIndexRow(position, { includeText: value })}
                />
              )}
            </div>
            <button type="button" className="link-button" onClick={() => removeIndexRow(position)} aria-label={`Remove ${title}`}>
              Remove
            </button>
          </fieldset>
        );
      })}
      <div className="button-row">
        <button type="button" onClick={() => addIndexRow('GSI')}>
          Add GSI
        </button>
        <button type="button" onClick={() => addIndexRow('LSI')}>
          Add LSI
        </button>
      </div>
    </div>
  );
}
