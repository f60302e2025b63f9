import { useEffect, useRef } from 'react';

/**
 * A modal <dialog> that follows `open`, for a store that holds whether it is
 * open: spread the result on the element (`<dialog {...modal}>`).
 *
 * Escape dismisses at once, in the dialog's `cancel` event. Waiting for its
 * `close` event is a race: Chromium hides the dialog and gives the focus back
 * on Escape but fires `close` as a later task, so a key pressed in between
 * (Shift+N on a row: a new item) opened an editor that the late `close` then
 * dismissed. A `close` that arrives after the dialog was shown again is
 * stale and ignored; `dismiss` must do nothing when already closed.
 */
export function useModal(open: boolean, dismiss: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismissedByCancel = useRef(false);
  // After every render, not only when `open` changes: a store that moves from
  // one question straight to the next (no closed render between) still shows it.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  });
  return {
    ref,
    onCancel: () => {
      dismissedByCancel.current = true;
      dismiss();
    },
    onClose: () => {
      const dismissed = dismissedByCancel.current;
      dismissedByCancel.current = false;
      if (!dismissed && !ref.current?.open) dismiss();
    },
  };
}
