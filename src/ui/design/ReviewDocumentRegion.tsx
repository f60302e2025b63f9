import { buildReviewDocument } from '../../design/reviewDocument';
import { collectReviewResults, currentReviewResults } from '../../state/design/reviewPatternResults';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from 'zustand';
import { type Design, type ReviewPatternResults } from '../../design';

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
  const [collected, setCollected] = useState<{ readonly design: Design; readonly results: ReviewPatternResults } | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const headingId = useId();

  const document = useMemo(() => {
    const patternResults = { ...(collected?.design === design ? collected.results : {}), ...currentReviewResults(design, { lastRun, ranFor }) };
    // The Design review region's memoised review of the same design object: the rules run once per keystroke, not once per region.
    return buildReviewDocument(design, { now: new Date(), findings: reviewStoreOf(stores.designs).getState().reviewOf(design).findings, patternResults });
  }, [design, collected, lastRun, ranFor, stores.designs]);

  const print = async () => {
    setStatus('Running the access patterns for the review…');
    try {
      const results = await collectReviewResults(current, runs);
      // The results are on the page before the print dialog takes its snapshot.
      flushSync(() => {
        setCollected({ design: current, results });
        setStatus(undefined);
      });
      window.print();
    } catch (error) {
      setStatus(`The review could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <section className="card review-document-region" aria-labelledby={headingId}>
      <h2 id={headingId}>Review document</h2>
      <div className="button-row review-document-actions">
        <button type="button" onClick={() => void print()}>
          Print
        </button>
        <span className="muted small">Print, then “Save as PDF”, gives the review as a PDF; Export review (under Import and export) writes it as Markdown.</span>
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
