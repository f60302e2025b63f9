import { createStore, type StoreApi } from 'zustand/vanilla';
import { safeFileName, type Design, type ReviewPatternResults } from '../../design';
import type { AccessPatternRunStore } from './accessPatternRunStore';

/*
 * The review document's two ways out of the page, as store actions: Export
 * review (Import and export) writes it as Markdown, Print (the Review
 * document region) collects the access patterns' results it shows before the
 * print dialog opens. Both run the patterns not run yet through one sequence
 * (collectReviewResults), so the panels only dispatch and render
 * `busy` / `status`. The review rules, the document and the runs are
 * imported on first use: the Design tab's first chunk stays without them.
 */

/** Where one of the two actions stands: `busy` while the patterns run, then a `status` saying what happened. */
export interface ReviewTaskState {
  readonly busy: boolean;
  /** What the panel shows in its status line (undefined: nothing to say). */
  readonly status: string | undefined;
  /** The last run of this action failed (`status` says why). */
  readonly failed: boolean;
}

export interface ReviewExportState {
  /** Export review: the Markdown download. */
  readonly markdown: ReviewTaskState;
  /** Print: collecting the results before the print dialog. */
  readonly print: ReviewTaskState;
  /** The results Print collected last, with the design object they are of (a later edit leaves them out). */
  readonly collected: { readonly design: Design; readonly results: ReviewPatternResults } | undefined;
}

export interface ReviewExportActions {
  /** Runs the patterns not run yet, builds `<design>.review.md` and hands it to `download`. */
  exportMarkdown(design: Design): Promise<void>;
  /**
   * Collects every table's results into `collected`; true when they are in.
   * The final update runs inside `commit` (the region passes React's
   * `flushSync`, so the results are on the page before the print dialog
   * takes its snapshot).
   */
  prepareForPrint(design: Design, commit?: (apply: () => void) => void): Promise<boolean>;
  /** Forgets what the action's status line said (its panel left the page); a run still going keeps its own. */
  clearStatus(task: 'markdown' | 'print'): void;
}

export type ReviewExportStore = StoreApi<ReviewExportState & ReviewExportActions>;

export interface ReviewExportOptions {
  /** The Access patterns region's runs: a table it shows is run through it, so the region shows the same results. */
  readonly runs: AccessPatternRunStore;
  /** Saves a file (the browser's download in the app). */
  readonly download: (fileName: string, text: string, mediaType: string) => void;
  /** The review document's date; default: now. */
  readonly now?: () => Date;
}

const IDLE: ReviewTaskState = { busy: false, status: undefined, failed: false };
const COLLECTING = 'Running the access patterns for the review…';

/** The store behind Export review and Print (built by the composition root, one per access-pattern run store). */
export function createReviewExportStore({ runs, download, now = () => new Date() }: ReviewExportOptions): ReviewExportStore {
  return createStore<ReviewExportState & ReviewExportActions>()((set, get) => ({
    markdown: IDLE,
    print: IDLE,
    collected: undefined,
    exportMarkdown: async (design) => {
      set({ markdown: { busy: true, status: COLLECTING, failed: false } });
      try {
        const [{ collectReviewResults }, { reviewDesign }, { reviewMarkdown }] = await Promise.all([
          import('./reviewPatternResults'),
          import('../../design/review'),
          import('../../design/reviewDocument'),
        ]);
        const patternResults = await collectReviewResults(design, runs);
        const fileName = `${safeFileName(design.name)}.review.md`;
        download(fileName, reviewMarkdown(design, { now: now(), findings: reviewDesign({ design }), patternResults }), 'text/markdown');
        set({ markdown: { busy: false, status: `Downloaded ${fileName}.`, failed: false } });
      } catch (error) {
        set({ markdown: { busy: false, status: `The review could not be written: ${messageOf(error)}`, failed: true } });
      }
    },
    prepareForPrint: async (design, commit = (apply) => apply()) => {
      set({ print: { busy: true, status: COLLECTING, failed: false } });
      try {
        const { collectReviewResults } = await import('./reviewPatternResults');
        const results = await collectReviewResults(design, runs);
        commit(() => set({ collected: { design, results }, print: IDLE }));
        return true;
      } catch (error) {
        set({ print: { busy: false, status: `The review could not be prepared: ${messageOf(error)}`, failed: true } });
        return false;
      }
    },
    clearStatus: (task) => {
      if (!get()[task].busy) set({ [task]: IDLE });
    },
  }));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
