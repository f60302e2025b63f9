import type { DesignProblem } from '../design.types';

/**
 * The most sample items an imported model may carry (NoSQL Workbench
 * TableData and facets together). Every item's keys are decoded and the
 * templates inferred from all of them, and the design keeps them all as
 * sample rows, which the Design tab shows: its targets are measured on
 * 20 × 1,000 samples (`npm run bench:design`, keystroke). On a loaded 2-core
 * machine largeImport measured 50,000 items at 13 s of inference and a 15 s
 * main-thread task to show the design (150,000: 30 s of inference alone);
 * at 20,000, 2.7 s to the Import report with a 0.7 s longest task. A bigger
 * model is refused before any template is inferred.
 */
export const MAX_IMPORTED_SAMPLES = 20_000;

/**
 * Counts a Workbench model's items before reading them (nothing is inferred
 * yet, so a model too large to keep is refused at once, saying why and what
 * to do instead). A facet's items are usually the table's own again, so a
 * table counts as the larger of its TableData and its facets' items (at most
 * its distinct items); `checkItemCount` checks the exact count once known.
 */
export function checkModelSize(dataModel: unknown): DesignProblem | undefined {
  if (!Array.isArray(dataModel)) return undefined;
  let items = 0;
  for (const table of dataModel) {
    if (typeof table !== 'object' || table === null) continue;
    const { TableData, TableFacets } = table as { TableData?: unknown; TableFacets?: unknown };
    let inFacets = 0;
    if (Array.isArray(TableFacets))
      for (const facet of TableFacets)
        if (typeof facet === 'object' && facet !== null && Array.isArray((facet as { TableData?: unknown }).TableData))
          inFacets += (facet as { TableData: unknown[] }).TableData.length;
    items += Math.max(Array.isArray(TableData) ? TableData.length : 0, inFacets);
  }
  return checkItemCount(items, 'DataModel', 'model');
}

/** The refusal of `items` distinct sample items of the model or one table (at `path`), when over the limit. */
export function checkItemCount(items: number, path: string, what: 'model' | 'table'): DesignProblem | undefined {
  if (items <= MAX_IMPORTED_SAMPLES) return undefined;
  return {
    path,
    severity: 'error',
    message: `the ${what} has ${items.toLocaleString('en-US')} sample items; a design keeps at most ${MAX_IMPORTED_SAMPLES.toLocaleString('en-US')} (they show the key order, not the data): keep fewer items in the model's TableData, or create the table and load its data with the explorer's Import… instead.`,
  };
}
