import type { Design, DesignProblem } from '../design.types';

/**
 * One line of the Import report: what was inferred for a table, an entity or
 * one key attribute of an entity, and what could not be (`notes`).
 */
export interface ImportReportEntry {
  readonly scope: 'model' | 'table' | 'entity' | 'key';
  readonly table?: string;
  readonly entity?: string;
  /** The key attribute, for scope "key". */
  readonly attribute?: string;
  /** One line: "SK: ORDER#{at:iso}#{orderId} (from 4 sample keys)". */
  readonly summary: string;
  /** Why, and what could not be inferred. */
  readonly notes: readonly string[];
}

/** An import: the whole design and its report, or the errors (nothing half-imported). */
export type ImportResult =
  | { readonly ok: true; readonly design: Design; readonly report: readonly ImportReportEntry[]; readonly warnings: readonly DesignProblem[] }
  | { readonly ok: false; readonly errors: readonly DesignProblem[] };

export const DEFAULT_EXPECTATIONS = { largestValues: {}, headroomDigits: 2, maxLengths: {} } as const;
