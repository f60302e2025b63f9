import { lazy, Suspense, useId, useState } from 'react';
import type { Design } from '../../design';

// The link is packed by a codec with its compression library: loaded on the first Share, not before the first paint.
const SharePanel = lazy(async () => ({ default: (await import('./SharePanel')).SharePanel }));

/**
 * Share: the open design as a link (the whole design in the URL fragment,
 * which never reaches a server), in a read-only textbox Share link with
 * Copy link. A design too large for a link says so and offers its file.
 */
export function ShareDesign({ design }: { readonly design: Design }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="share-design">
      <div className="button-row">
        <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          Share
        </button>
      </div>
      {open && (
        <div id={panelId}>
          <Suspense
            fallback={
              <p role="status" className="muted small">
                Packing the link…
              </p>
            }
          >
            <SharePanel design={design} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
