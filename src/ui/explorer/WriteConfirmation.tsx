import { useId } from 'react';
import { useStore } from 'zustand';
import { VisibleText } from '../common/VisibleText';
import { useExplorerSide } from '../stores';
import { useModal } from './tables/useModal';

/**
 * The extra confirmation before a write to AWS, naming the region and the
 * endpoint. Rendered once (in the explorer); every write path asks through
 * `stores.writeConfirmation.getState().confirmWrite(action)`.
 */
export function WriteConfirmation() {
  const store = useExplorerSide().writeConfirmation;
  const pending = useStore(store, (state) => state.pending);
  const { answer } = store.getState();
  const dialog = useModal(pending !== undefined);
  const id = useId();
  return (
    <dialog ref={dialog} className="add-index-dialog" aria-labelledby={`${id}title`} aria-describedby={`${id}what`} onClose={() => answer(false)}>
      <h3 id={`${id}title`}>Write to AWS?</h3>
      <p id={`${id}what`}>
        <strong>
          <VisibleText text={pending?.action ?? ''} />
        </strong>{' '}
        on AWS, region <code>{pending?.region}</code>, endpoint <code className="mono-when-arn">{pending?.endpoint}</code>. This changes real data in that account and may cost money.
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => answer(true)}>
          Write to AWS
        </button>
        <button type="button" onClick={() => answer(false)}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
