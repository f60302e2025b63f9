import type { DesignProblem } from '../design.types';

/**
 * The most sample items an imported model may carry (NoSQL Workbench
 * TableData and facets together). Every item's keys are decoded and the
 * templates inferred from all of them, and the design keeps them all as
 * sample rows: measured on a 2-core machine (`npm run bench:design`,
 * largeImport), 50,000 items import in about 5 s off the main thread; the
 * attack's 150,000 took 30 s of work and made a design the Design tab could
 * not hold. A bigger model is refused before any of it is read.
 */
export const MAX_IMPORTED_SAMPLES = 50_000;

/**
 * Counts a Workbench model's items before reading them (nothing is inferred
 * yet, so a model too large to keep is refused at once, saying why and what
 * to do instead).
 */
export function checkModelSize(dataModel: unknown): DesignProblem | undefined {
  if (!Array.isArray(dataModel)) return undefined;
  let items = 0;
  for (const table of dataModel) {
    if (typeof table !== 'object' || table === null) continue;
    const { TableData, TableFacets } = table as { TableData?: unknown; TableFacets?: unknown };
    if (Array.isArray(TableData)) items += TableData.length;
    if (Array.isArray(TableFacets)) for (const facet of TableFacets) if (typeof facet === 'object' && facet !== null && Array.isArray((facet as { TableData?: unknown }).TableData)) items += (facet as { TableData: unknown[] }).TableData.length;
  }
  if (items <= MAX_IMPORTED_SAMPLES) return undefined;
  return {
    path: 'DataModel',
    severity: 'error',
    message: `the model has ${items.toLocaleString('en-US')} sample items; a design keeps at most ${MAX_IMPORTED_SAMPLES.toLocaleString('en-US')} (they show the key order, not the data): keep fewer items in the model's TableData, or create the table and load its data with the explorer's Import… instead.`,
  };
}
