import { buildReviewDocument } from '../../design/reviewDocument';
import { currentReviewResults } from '../../state/design/reviewPatternResults';
import { useDeferredValue, useEffect, useId, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from 'zustand';

import { useAppStores } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { reviewStoreOf } from './reviewStoreOf';
import { useSettledDesign } from './useSettledDesign';
import { ReviewDocumentView } from './ReviewDocumentView';
import './reviewDocument.css';

/**
 * The Review document region: the review document (the same model Export
 * review writes as Markdown) as a read-only page, and Print, which runs the
 * access patterns not run yet and opens the browser's print dialog; the
 * print stylesheet leaves only this document on the page.
 */
export function ReviewDocumentRegion({ designId, design: current }: DesignRegionProps) {
  const stores = useAppStores();
  const runs = stores.accessPatternRuns;
  const lastRun = useStore(runs, (state) => state.lastRun);
  const ranFor = useStore(runs, (state) => state.ranFor);
  // The document follows typing once it pauses, without holding a keystroke up.
  const design = useDeferredValue(useSettledDesign(designId, current));
  // What Print collected (the review export store's action, shared with Export review).
  const reviewExport = stores.reviewExport;
  const collected = useStore(reviewExport, (state) => state.collected);
  const status = useStore(reviewExport, (state) => state.print.status);
  // The status line is this region's: it goes with it when the region leaves the page.
  useEffect(() => () => reviewExport.getState().clearStatus('print'), [reviewExport]);
  const headingId = useId();

  const document = useMemo(() => {
    const patternResults = { ...(collected?.design === design ? collected.results : {}), ...currentReviewResults(design, { lastRun, ranFor }) };
    // The Design review region's memoised review of the same design object: the rules run once per keystroke, not once per region.
    return buildReviewDocument(design, { now: new Date(), findings: reviewStoreOf(stores.designs).getState().reviewOf(design).findings, patternResults });
  }, [design, collected, lastRun, ranFor, stores.designs]);

  const print = async () => {
    // The results are on the page (flushSync) before the print dialog takes its snapshot.
    if (await reviewExport.getState().prepareForPrint(current, flushSync)) window.print();
  };

  return (
    <section className="card review-document-region" aria-labelledby={headingId}>
      <h2 id={headingId}>Review document</h2>
      <div className="button-row review-document-actions">
        <button type="button" onClick={() => void print()}>
          Print
        </button>
        <span className="muted small">
          Print, then “Save as PDF”, gives the review as a PDF; Export review (under Import and export) writes it as Markdown.
        </span>
        {status && (
          <span role="status" className="muted small">
            {status}
          </span>
        )}
      </div>
      <ReviewDocumentView document={document} />
    </section>
  );
}
