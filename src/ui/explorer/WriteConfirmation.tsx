import { useEffect, useId, useRef } from 'react';
import { useStore } from 'zustand';
import type { WriteConfirmationStore } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { useModal } from '../common/useModal';

/**
 * The extra confirmation before a write to AWS, naming the region and the
 * endpoint. Rendered once, by the app shell (App.tsx), outside the tabs: the
 * hidden tabs stay mounted, and a dialog in each would open twice for one
 * question. Every write path asks through `store.getState().confirmWrite`.
 * It opens with the focus on Cancel (the safe answer); Escape declines.
 */
export function WriteConfirmation({ store }: { store: WriteConfirmationStore }) {
  const pending = useStore(store, (state) => state.pending);
  const { answer } = store.getState();
  const modal = useModal(pending !== undefined, () => answer(false));
  const cancel = useRef<HTMLButtonElement>(null);
  // After useModal's effect has opened the dialog (effects run in order): the focus goes to Cancel, not to "Write to AWS".
  useEffect(() => {
    if (pending) cancel.current?.focus();
  }, [pending]);
  const id = useId();
  return (
    <dialog {...modal} className="confirm-dialog" aria-labelledby={`${id}title`} aria-describedby={`${id}what`}>
      <h2 id={`${id}title`}>Write to AWS?</h2>
      <p id={`${id}what`}>
        <strong>
          <VisibleText text={pending?.action ?? ''} />
        </strong>{' '}
        on AWS, region <code>{pending?.region}</code>, endpoint <code className="mono-when-arn">{pending?.endpoint}</code>. This changes real data in that
        account and may cost money.
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => answer(true)}>
          Write to AWS
        </button>
        <button type="button" ref={cancel} onClick={() => answer(false)}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
