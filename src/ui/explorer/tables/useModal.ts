import { useEffect, useRef } from 'react';

/** Opens and closes a modal <dialog> with `open` (Escape closes it through the dialog's own close event). */
export function useModal(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
