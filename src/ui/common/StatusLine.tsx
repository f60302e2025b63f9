import type { OrderVerdict } from '../../state';

/**
 * A verdict as a status line: its tone is in `data-tone` (success, neutral,
 * warning, error) and the stylesheet colours by it, so green means success
 * and nothing else.
 */
export function StatusLine({ verdict }: { verdict: OrderVerdict }) {
  return (
    <p className="verdict" role="status" data-tone={verdict.tone}>
      {verdict.text}
    </p>
  );
}
