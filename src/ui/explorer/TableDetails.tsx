import { use, useId } from 'react';
import { useStore } from 'zustand';
import type {
  AddIndexErrors,
  AddIndexField,
  Detail,
  IndexKeyAttribute,
  ExplorerStore,
  ProjectionChoice,
  StreamSummary,
  TableDetailsStore,
  TableTag,
  TimeToLive,
} from '../../state';
import { KeyTypeSelect } from '../common/KeyTypeSelect';
import { VisibleText } from '../common/VisibleText';
import { useExplorerSide } from '../stores';
import { RefusalBox } from './tables/RefusalBox';
import { ChangeTimeToLiveButton, TimeToLiveDialog } from './TimeToLive';
import { useModal } from '../common/useModal';
import './tableDetails.css';

function useTableDetails(): TableDetailsStore {
  return use(useExplorerSide().explorerTools.tableDetails());
}

function unavailableText(detail: { why: string }): string {
  return `not available: ${detail.why}`;
}

function ttlText(detail: Detail<TimeToLive>): string {
  if (detail.state === 'loading') return 'reading…';
  if (detail.state === 'unavailable') return unavailableText(detail);
  const { status, attributeName } = detail.value;
  if (status === 'DISABLED') return 'off (DISABLED)';
  return attributeName ? `${status} on ${attributeName} (epoch seconds)` : status;
}

function tagsText(detail: Detail<readonly TableTag[]>): string {
  if (detail.state === 'loading') return 'reading…';
  if (detail.state === 'unavailable') return unavailableText(detail);
  return detail.value.length === 0 ? 'none' : detail.value.map((tag) => `${tag.key}=${tag.value}`).join(', ');
}

function streamText(stream: StreamSummary | undefined): string {
  if (!stream?.enabled) return stream?.latestArn ? `off (last stream ${stream.latestArn})` : 'off';
  return [stream.viewType ?? 'enabled', stream.latestArn].filter(Boolean).join(' · ');
}

/** Time to live, streams and tags, as entries of the table's facts list (each read with its own call, each saying why when it can't be). */
export function TableDetailFacts({ explorer }: { explorer: ExplorerStore }) {
  const store = useTableDetails();
  const timeToLive = useStore(store, (state) => state.timeToLive);
  const tags = useStore(store, (state) => state.tags);
  const stream = useStore(explorer, (state) => state.table?.stream);
  const deletionProtection = useStore(explorer, (state) => state.table?.deletionProtection);
  return (
    <>
      {deletionProtection !== undefined && (
        <div>
          <dt>Deletion protection</dt>
          <dd>{deletionProtection ? 'on (DeleteTable is refused until it is turned off)' : 'off'}</dd>
        </div>
      )}
      <div>
        <dt>Time to live</dt>
        <dd>
          <VisibleText text={ttlText(timeToLive)} />
          <ChangeTimeToLiveButton store={store} />
        </dd>
      </div>
      <div>
        <dt>Streams</dt>
        <dd className="mono-when-arn">
          <VisibleText text={streamText(stream)} />
        </dd>
      </div>
      <div>
        <dt>Tags</dt>
        <dd>
          <VisibleText text={tagsText(tags)} />
        </dd>
      </div>
    </>
  );
}

const PROJECTIONS: readonly ProjectionChoice[] = ['ALL', 'KEYS_ONLY', 'INCLUDE'];

/** Delete index: the confirmation (a GSI to choose, then Delete index) and the index's DELETING state until it is gone. */
function DeleteIndexDialog({ explorer, store }: { explorer: ExplorerStore; store: TableDetailsStore }) {
  const dialogState = useStore(store, (state) => state.deleteIndex);
  const tableName = useStore(explorer, (state) => state.table?.name);
  const indexes = useStore(explorer, (state) => state.table?.indexes);
  const globals = indexes?.filter((index) => index.kind === 'global');
  const { closeDeleteIndex, chooseIndexToDelete, submitDeleteIndex } = store.getState();
  const modal = useModal(dialogState.open, closeDeleteIndex);
  const id = useId();
  return (
    <dialog {...modal} className="add-index-dialog" aria-labelledby={`${id}title`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submitDeleteIndex();
        }}
      >
        <h3 id={`${id}title`}>Delete index</h3>
        <span className="form-field">
          <label htmlFor={`${id}index`}>Index to delete</label>
          <select id={`${id}index`} value={dialogState.indexName} onChange={(event) => chooseIndexToDelete(event.target.value)}>
            {globals?.map((index) => (
              <option key={index.name} value={index.name}>
                {index.name}
              </option>
            ))}
          </select>
        </span>
        <p className="small">
          UpdateTable deletes the global secondary index <VisibleText text={dialogState.indexName} /> of <VisibleText text={tableName ?? ''} />; the table and
          its items stay. Queries on the index stop working. (A local secondary index is deleted only with its table.)
        </p>
        <RefusalBox refusal={dialogState.refusal} />
        <div className="button-row">
          <button type="submit" className="primary" disabled={dialogState.sending || !dialogState.indexName}>
            Delete index
          </button>
          <button type="button" onClick={closeDeleteIndex}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A multi-attribute key's further attributes (filled in from a design's index), left to right after the one above, each with its type. */
function MoreKeyAttributes({
  role,
  attributes,
  onRemove,
}: {
  role: 'partition' | 'sort';
  attributes: readonly IndexKeyAttribute[] | undefined;
  onRemove: () => void;
}) {
  if (!attributes || attributes.length === 0) return null;
  const label = `Further ${role} key attributes`;
  return (
    <span className="form-field add-index-more">
      <span>{label} (multi-attribute key, compared left to right)</span>
      <ol aria-label={label} className="mono">
        {attributes.map((attribute) => (
          <li key={attribute.name}>
            <VisibleText text={`${attribute.name} (${attribute.type})`} />
          </li>
        ))}
      </ol>
      <button type="button" className="small" onClick={onRemove}>
        Remove further {role} key attributes
      </button>
    </span>
  );
}

/** Add index and Delete index (where the connection may write): the buttons, the dialogs, and the index's state while DynamoDB builds or drops it. */
export function AddIndexControl({ explorer }: { explorer: ExplorerStore }) {
  const store = useTableDetails();
  const canAddIndex = useStore(store, (state) => state.canAddIndex);
  const dialogState = useStore(store, (state) => state.addIndex);
  const creatingIndex = useStore(store, (state) => state.creatingIndex);
  const creating = useStore(explorer, (state) => (creatingIndex ? state.table?.indexes.find((index) => index.name === creatingIndex) : undefined));
  const deletingIndex = useStore(store, (state) => state.deletingIndex);
  const deleting = useStore(explorer, (state) => (deletingIndex ? state.table?.indexes.find((index) => index.name === deletingIndex) : undefined));
  const hasTable = useStore(explorer, (state) => state.table !== undefined);
  const hasGlobalIndex = useStore(explorer, (state) => state.table?.indexes.some((index) => index.kind === 'global') ?? false);
  const { openAddIndex, closeAddIndex, setAddIndexForm, submitAddIndex, openDeleteIndex } = store.getState();
  const modal = useModal(dialogState.open, closeAddIndex);
  const id = useId();
  if (!canAddIndex || !hasTable) return null;
  const { form, errors, sending, refusal } = dialogState;
  const fieldId = (field: string) => `${id}${field}`;
  const invalid = (field: AddIndexField) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(field)}-error` } : {});
  const error = (field: keyof AddIndexErrors) =>
    errors[field] && (
      <span id={`${fieldId(field)}-error`} className="field-error" role="alert">
        <VisibleText text={errors[field]} />
      </span>
    );
  const typeSelect = (field: 'partitionKeyType' | 'sortKeyType', label: string) => (
    <KeyTypeSelect id={fieldId(field)} label={label} value={form[field]} onChange={(type) => setAddIndexForm({ [field]: type })} />
  );

  return (
    <div className="add-index">
      <div className="button-row">
        <button type="button" onClick={openAddIndex} disabled={creatingIndex !== undefined}>
          Add index
        </button>
        {hasGlobalIndex && (
          <button type="button" onClick={() => openDeleteIndex()} disabled={deletingIndex !== undefined}>
            Delete index
          </button>
        )}
      </div>
      {deletingIndex && (
        <p className="muted small" role="status">
          Deleting index <VisibleText text={deletingIndex} />: {deleting?.status ?? 'deleted'}
          {deleting ? ' — DescribeTable is read every second until the index is gone.' : ''}
        </p>
      )}
      <DeleteIndexDialog explorer={explorer} store={store} />
      {creatingIndex && (
        <p className="muted small" role="status">
          Creating index <VisibleText text={creatingIndex} />: {creating?.status ?? 'CREATING'}
          {creating?.backfilling ? ', backfilling from the existing items' : ''} — DescribeTable is read every second until it is ACTIVE.
        </p>
      )}
      <dialog {...modal} className="add-index-dialog" aria-labelledby={`${id}title`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submitAddIndex();
          }}
        >
          <h3 id={`${id}title`}>Add index</h3>
          <p className="muted small">A global secondary index, created with UpdateTable and filled from the table’s items (backfilling) before it is ACTIVE.</p>
          <div className="add-index-fields">
            <span className="form-field">
              <label htmlFor={fieldId('indexName')}>Index name</label>
              <input
                id={fieldId('indexName')}
                value={form.indexName}
                onChange={(event) => setAddIndexForm({ indexName: event.target.value })}
                {...invalid('indexName')}
              />
              {error('indexName')}
            </span>
            <span className="form-field">
              <label htmlFor={fieldId('partitionKeyName')}>Partition key</label>
              <input
                id={fieldId('partitionKeyName')}
                className="mono"
                value={form.partitionKeyName}
                onChange={(event) => setAddIndexForm({ partitionKeyName: event.target.value })}
                {...invalid('partitionKeyName')}
              />
              {error('partitionKeyName')}
            </span>
            {typeSelect('partitionKeyType', 'Partition key type')}
            <MoreKeyAttributes role="partition" attributes={form.morePartitionKeys} onRemove={() => setAddIndexForm({ morePartitionKeys: [] })} />
            <span className="form-field">
              <label htmlFor={fieldId('sortKeyName')}>
                Sort key <span className="muted">(optional)</span>
              </label>
              <input
                id={fieldId('sortKeyName')}
                className="mono"
                value={form.sortKeyName}
                onChange={(event) => setAddIndexForm({ sortKeyName: event.target.value })}
                {...invalid('sortKeyName')}
              />
              {error('sortKeyName')}
            </span>
            {typeSelect('sortKeyType', 'Sort key type')}
            <MoreKeyAttributes role="sort" attributes={form.moreSortKeys} onRemove={() => setAddIndexForm({ moreSortKeys: [] })} />
            <span className="form-field">
              <label htmlFor={fieldId('projection')}>Projection</label>
              <select
                id={fieldId('projection')}
                value={form.projection}
                onChange={(event) => setAddIndexForm({ projection: event.target.value as ProjectionChoice })}
              >
                {PROJECTIONS.map((projection) => (
                  <option key={projection} value={projection}>
                    {projection}
                  </option>
                ))}
              </select>
            </span>
            {form.projection === 'INCLUDE' && (
              <span className="form-field add-index-include">
                <label htmlFor={fieldId('includeText')}>Projected attributes</label>
                <input
                  id={fieldId('includeText')}
                  className="mono"
                  value={form.includeText}
                  placeholder="status, total"
                  onChange={(event) => setAddIndexForm({ includeText: event.target.value })}
                  {...invalid('includeText')}
                />
                {error('includeText')}
              </span>
            )}
          </div>
          <RefusalBox refusal={refusal} />
          <div className="button-row">
            <button type="submit" className="primary" disabled={sending}>
              Create index
            </button>
            <button type="button" onClick={closeAddIndex}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
      <TimeToLiveDialog explorer={explorer} store={store} />
    </div>
  );
}
