import { buildReviewDocument } from '../../design/reviewDocument';
import { collectReviewResults, currentReviewResults } from '../../state/design/reviewPatternResults';
import { useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from 'zustand';
import { type Design, type ReviewPatternResults } from '../../design';

import { useAppStores } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { ReviewDocumentView } from './ReviewDocumentView';
import { useDesignReview } from './useDesignReview';
import './reviewDocument.css';

/**
 * The Review document region: the review document (the same model Export
 * review writes as Markdown) as a read-only page, and Print, which runs the
 * access patterns not run yet and opens the browser's print dialog; the
 * print stylesheet leaves only this document on the page.
 *
 * Its findings are the Design review region's (one review per revision, run
 * after the edit is painted): the document is of the design its review
 * settled for, and says "Reviewing…" while a newer one runs.
 */
export function ReviewDocumentRegion({ designId, design: current }: DesignRegionProps) {
  const stores = useAppStores();
  const runs = stores.accessPatternRuns;
  const lastRun = useStore(runs, (state) => state.lastRun);
  const ranFor = useStore(runs, (state) => state.ranFor);
  const { store, storedKeys, review, reviewedDesign: design, pending } = useDesignReview(designId, current);
  const [collected, setCollected] = useState<{ readonly design: Design; readonly results: ReviewPatternResults } | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const headingId = useId();

  const document = useMemo(() => {
    if (!design || !review) return undefined;
    const patternResults = { ...(collected?.design === design ? collected.results : {}), ...currentReviewResults(design, { lastRun, ranFor }) };
    return buildReviewDocument(design, { findings: review.findings, patternResults });
  }, [design, review, collected, lastRun, ranFor]);

  const print = async () => {
    setStatus('Running the access patterns for the review…');
    try {
      const results = await collectReviewResults(current, runs);
      // The results and the current design's findings (reviewed now if still pending) are on the page before the print dialog takes its snapshot.
      flushSync(() => {
        store.getState().reviewOf(current, storedKeys);
        store.getState().requestReview(designId, current, storedKeys);
        setCollected({ design: current, results });
        setStatus(undefined);
      });
      window.print();
    } catch (error) {
      setStatus(`The review could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <section className="card review-document-region" aria-labelledby={headingId} aria-busy={pending}>
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
      {pending && (
        <p role="status" className="muted small">
          Reviewing…{document ? ' The document below is of the design before the last change.' : ''}
        </p>
      )}
      {document && (
        <div className={pending ? 'review-outdated' : undefined}>
          <ReviewDocumentView document={document} />
        </div>
      )}
    </section>
  );
}
