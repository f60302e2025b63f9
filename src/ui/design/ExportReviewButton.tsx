import { collectReviewResults } from '../../state/design/reviewPatternResults';
import { reviewDesign } from '../../design/review';
import { reviewMarkdown } from '../../design/reviewDocument';
import { useState } from 'react';
import { safeFileName, type Design } from '../../design';

import { downloadText } from '../common/downloadText';
import { useAppStores } from '../stores';

/**
 * Export review: the open design's review document as Markdown
 * (`<design>.review.md`), with its current findings and its access patterns'
 * results (run first where they are not current).
 */
export function ExportReviewButton({ design }: { readonly design: Design }) {
  const stores = useAppStores();
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const exportReview = async () => {
    setBusy(true);
    setStatus('Running the access patterns for the review…');
    try {
      const patternResults = await collectReviewResults(design, stores.accessPatternRuns);
      const fileName = `${safeFileName(design.name)}.review.md`;
      downloadText(fileName, reviewMarkdown(design, { now: new Date(), findings: reviewDesign({ design }), patternResults }), 'text/markdown');
      setStatus(`Downloaded ${fileName}.`);
    } catch (error) {
      setStatus(`The review could not be written: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void exportReview()} disabled={busy}>
        Export review
      </button>
      {status && (
        <span className="muted small wrap-anywhere" role="status">
          {status}
        </span>
      )}
    </>
  );
}
