import { useState, type ReactNode } from 'react';

/** Rows a long list shows before "Show more": enough to read, few enough to re-render on every keystroke. */
export const SHOWN_ROWS_STEP = 100;

/**
 * A long list's first rows and the control that shows more: a design with
 * 1,000 samples per entity stays responsive while its templates are typed,
 * because only what is shown re-renders (the orders and verdicts still cover
 * every row).
 *
 * @example
 * const [shown, more] = useShownRows(rows.length, 'sample rows');
 * rows.slice(0, shown).map(…); {more}
 */
export function useShownRows(total: number, what: string): readonly [number, ReactNode] {
  const [shown, setShown] = useState(SHOWN_ROWS_STEP);
  if (total <= shown) return [total, null];
  const more = (
    <p className="muted small button-row">
      Showing {shown} of {total} {what}.
      <button type="button" onClick={() => setShown((count) => count + SHOWN_ROWS_STEP * 10)}>
        Show {Math.min(SHOWN_ROWS_STEP * 10, total - shown)} more
      </button>
      <button type="button" onClick={() => setShown(total)}>
        Show all
      </button>
    </p>
  );
  return [shown, more];
}
