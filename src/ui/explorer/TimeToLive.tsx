import { useId } from 'react';
import { useStore } from 'zustand';
import type { ExplorerStore, TableDetailsStore } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { RefusalBox } from './tables/RefusalBox';
import { useModal } from '../common/useModal';

/**
 * Change time to live (where the connection may write), beside DescribeTimeToLive's status in the table's facts; its
 * dialog ({@link TimeToLiveDialog}) sits with the table's actions, outside the facts list.
 */
export function ChangeTimeToLiveButton({ store }: { store: TableDetailsStore }) {
  const canChange = useStore(store, (state) => state.canAddIndex);
  const read = useStore(store, (state) => state.timeToLive.state === 'read');
  if (!canChange || !read) return null;
  return (
    <>
      {' '}
      <button type="button" className="link-button" onClick={store.getState().openTimeToLive}>
        Change time to live
      </button>
    </>
  );
}

/**
 * The Time to live dialog: DescribeTimeToLive's status, then enable TTL on an
 * attribute or disable it with UpdateTimeToLive (asked first on AWS, like
 * every write).
 */
export function TimeToLiveDialog({ explorer, store }: { explorer: ExplorerStore; store: TableDetailsStore }) {
  const timeToLive = useStore(store, (state) => state.timeToLive);
  const dialogState = useStore(store, (state) => state.timeToLiveDialog);
  const tableName = useStore(explorer, (state) => state.table?.name ?? '');
  const { closeTimeToLive, setTimeToLiveAttribute, submitTimeToLive } = store.getState();
  const modal = useModal(dialogState.open, closeTimeToLive);
  const id = useId();
  const status = timeToLive.state === 'read' ? timeToLive.value.status : 'DISABLED';
  const attributeName = timeToLive.state === 'read' ? timeToLive.value.attributeName : undefined;
  const enabled = status !== 'DISABLED';
  return (
    <dialog {...modal} className="add-index-dialog" aria-labelledby={`${id}title`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submitTimeToLive(!enabled);
        }}
      >
        <h3 id={`${id}title`}>Time to live</h3>
        <p className="small" role="status">
          <VisibleText text={tableName} />:{' '}
          {enabled ? (
            <>
              {status} on <VisibleText text={attributeName ?? ''} />
            </>
          ) : (
            'DISABLED'
          )}{' '}
          (DescribeTimeToLive).
        </p>
        {enabled ? (
          <p className="small">UpdateTimeToLive turns TTL off: items stop expiring. DynamoDB allows one TTL change per table per hour.</p>
        ) : (
          <span className="form-field">
            <label htmlFor={`${id}attribute`}>TTL attribute</label>
            <input
              id={`${id}attribute`}
              className="mono"
              value={dialogState.attributeName}
              placeholder="expiresAt"
              spellCheck={false}
              onChange={(event) => setTimeToLiveAttribute(event.target.value)}
              aria-describedby={`${id}help${dialogState.error ? ` ${id}error` : ''}`}
              aria-invalid={dialogState.error ? true : undefined}
            />
            <span id={`${id}help`} className="help">
              The attribute holding each item’s expiry time as a Number of epoch seconds; DynamoDB deletes an item some time after it.
            </span>
            {dialogState.error && (
              <span id={`${id}error`} className="field-error" role="alert">
                {dialogState.error}
              </span>
            )}
          </span>
        )}
        <RefusalBox refusal={dialogState.refusal} />
        <div className="button-row">
          <button type="submit" className="primary" disabled={dialogState.sending}>
            {enabled ? 'Disable time to live' : 'Enable time to live'}
          </button>
          <button type="button" onClick={closeTimeToLive}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
