import { useId } from 'react';
import { useStore } from 'zustand';
import type { BillingChoice, StreamChoice, TableField, TablesStore } from '../../../state';
import { KeyTypeSelect } from '../../common/KeyTypeSelect';
import { VisibleText } from '../../common/VisibleText';
import { useDesigns } from '../../stores';
import { ChoiceField, TextField } from './FormField';
import { IndexRows } from './IndexRows';
import { RefusalBox } from './RefusalBox';
import { useModal } from '../../common/useModal';

const BILLING: readonly (readonly [BillingChoice, string])[] = [
  ['PAY_PER_REQUEST', 'On demand'],
  ['PROVISIONED', 'Provisioned'],
];

const STREAMS: readonly (readonly [StreamChoice, string])[] = [
  ['', 'Off'],
  ['NEW_AND_OLD_IMAGES', 'NEW_AND_OLD_IMAGES'],
  ['NEW_IMAGE', 'NEW_IMAGE'],
  ['OLD_IMAGE', 'OLD_IMAGE'],
  ['KEYS_ONLY', 'KEYS_ONLY'],
];

/** A design's table as the "From a design" list offers it. */
const designTableValue = (designId: string, tableName: string) => JSON.stringify([designId, tableName]);

/** The "From a design" select: choosing a design's table fills the form from its CreateTable input. */
function FromDesign({ store, id }: { store: TablesStore; id: string }) {
  const designs = useDesigns((state) => state.designs);
  const fromDesign = useStore(store, (state) => state.create.fromDesign);
  const { fillFromDesign, createAsDesigned } = store.getState();
  const sending = useStore(store, (state) => state.create.sending);
  if (designs.length === 0) return null;
  return (
    <div className="create-table-from-design">
      <span className="form-field">
        <label htmlFor={id}>From a design</label>
        <select
          id={id}
          value=""
          onChange={(event) => {
            const [designId, tableName] = JSON.parse(event.target.value) as [string, string];
            const saved = designs.find((entry) => entry.id === designId);
            const table = saved?.design.tables.find((entry) => entry.name === tableName);
            if (saved && table) fillFromDesign(table, `${saved.design.name} · ${table.name}`);
          }}
        >
          <option value="">{fromDesign ? `Filled from ${fromDesign.label}` : 'Choose a design’s table…'}</option>
          {designs.map((saved) => (
            <optgroup key={saved.id} label={saved.design.name}>
              {saved.design.tables.map((table) => (
                <option key={table.name} value={designTableValue(saved.id, table.name)}>
                  {saved.design.name} · {table.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </span>
      {fromDesign && (
        <>
          {fromDesign.problem && (
            <p className="notice small" role="status">
              <VisibleText text={fromDesign.problem} />
            </p>
          )}
          <button type="button" onClick={() => void createAsDesigned()} disabled={sending}>
            Create as designed
          </button>
        </>
      )}
    </div>
  );
}

/** The Create table dialog: keys, billing, secondary indexes, time to live and stream, or a design's table. */
export function CreateTableDialog({ store }: { store: TablesStore }) {
  const create = useStore(store, (state) => state.create);
  const actions = store.getState();
  const modal = useModal(create.open, actions.closeCreateTable);
  const id = useId();
  const { form, errors } = create;
  const fieldId = (field: string) => `${id}${field}`;
  const text = (field: TableField, label: string, className?: string, placeholder?: string) => (
    <TextField
      id={fieldId(field)}
      label={label}
      value={form[field]}
      className={className}
      placeholder={placeholder}
      error={errors[field]}
      onChange={(value) => actions.setCreateTableForm({ [field]: value })}
    />
  );
  const typeSelect = (field: 'partitionKeyType' | 'sortKeyType', label: string) => (
    <KeyTypeSelect id={fieldId(field)} label={label} value={form[field]} onChange={(type) => actions.setCreateTableForm({ [field]: type })} />
  );
  const problems = Object.keys(errors).length;

  return (
    <dialog {...modal} className="add-index-dialog create-table-dialog" aria-labelledby={`${id}create`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void actions.submitCreateTable();
        }}
      >
        <h3 id={`${id}create`}>Create table</h3>
        {create.open && <FromDesign store={store} id={fieldId('design')} />}
        <div className="add-index-fields">
          {text('tableName', 'Table name')}
          {text('partitionKeyName', 'Partition key name', 'mono')}
          {typeSelect('partitionKeyType', 'Partition key type')}
          {text('sortKeyName', 'Sort key name', 'mono')}
          {typeSelect('sortKeyType', 'Sort key type')}
          <ChoiceField
            id={fieldId('billingMode')}
            label="Billing mode"
            value={form.billingMode}
            choices={BILLING}
            onChange={(billingMode) => actions.setCreateTableForm({ billingMode })}
          />
          {form.billingMode === 'PROVISIONED' && (
            <>
              {text('readCapacity', 'Read capacity')}
              {text('writeCapacity', 'Write capacity')}
            </>
          )}
        </div>
        <h4 className="create-table-section">Secondary indexes</h4>
        <IndexRows store={store} form={form} errors={errors} idPrefix={id} />
        <h4 className="create-table-section">Time to live and stream</h4>
        <div className="add-index-fields">
          {text('ttlAttribute', 'Time to live attribute (optional)', 'mono', 'expiresAt')}
          <ChoiceField
            id={fieldId('streamViewType')}
            label="Stream"
            value={form.streamViewType}
            choices={STREAMS}
            onChange={(streamViewType) => actions.setCreateTableForm({ streamViewType })}
          />
        </div>
        {problems > 0 && (
          <p className="field-error small" role="status">
            {problems === 1 ? 'One field needs a change' : `${problems} fields need a change`} before the table can be created (see the messages above).
          </p>
        )}
        <RefusalBox refusal={create.refusal} />
        <div className="button-row">
          <button type="submit" className="primary" disabled={create.sending}>
            {create.sending ? 'Creating…' : 'Create'}
          </button>
          <button type="button" onClick={actions.closeCreateTable}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
