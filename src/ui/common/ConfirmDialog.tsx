import { useEffect, useId, useRef } from 'react';
import { VisibleText } from './VisibleText';

/**
 * A modal confirmation for something that can't be undone (deleting a
 * design, a table, an entity): names what goes, offers the action and
 * Cancel; Escape cancels. The native <dialog> gives focus trapping and the
 * dialog role; `title` and `message` are user data, rendered as text.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>
        <VisibleText text={title} />
      </h2>
      <p id={messageId}>
        <VisibleText text={message} />
      </p>
      <div className="button-row">
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" autoFocus onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
