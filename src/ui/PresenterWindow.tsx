import { lazy, Suspense } from 'react';

// Its own chunk: only a presenter window (#presenter=<key>) loads it.
const PresenterView = lazy(async () => ({ default: (await import('./design/PresenterView')).PresenterView }));

/** A presenter window's whole page (the presentation's Presenter view): see design/PresenterView. */
export function PresenterWindow({ channelKey }: { channelKey: string }) {
  return (
    <Suspense fallback={<p role="status">Loading the presenter view…</p>}>
      <PresenterView channelKey={channelKey} />
    </Suspense>
  );
}
