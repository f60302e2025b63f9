import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Design } from '../../design';

import { useAppStores } from '../stores';

/**
 * Export review: the open design's review document as Markdown
 * (`<design>.review.md`), with its current findings and its access patterns'
 * results (run first where they are not current). The sequence is the review
 * export store's (state/design/reviewExportStore.ts); this button dispatches
 * it and shows where it stands.
 */
export function ExportReviewButton({ design }: { readonly design: Design }) {
  const reviewExport = useAppStores().reviewExport;
  const { busy, status } = useStore(reviewExport, (state) => state.markdown);
  // The status line is this button's: it goes with it when the region leaves the page.
  useEffect(() => () => reviewExport.getState().clearStatus('markdown'), [reviewExport]);

  return (
    <>
      <button type="button" onClick={() => void reviewExport.getState().exportMarkdown(design)} disabled={busy}>
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
