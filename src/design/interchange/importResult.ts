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

/** The kinds of file Import design… reads, as recognised by their content. */
export type DesignFileFormat = 'keylab' | 'workbench' | 'onetable' | 'cloudformation' | 'electrodb';

/**
 * An import: the whole design and its report, or the errors (nothing
 * half-imported). `format` says which reader took the file (set by
 * importDesignFile); `notADesignFile` marks a file that was read (valid JSON
 * or YAML) but is none of the formats, so a folder walk can skip it and say so.
 */
export type ImportResult =
  | {
      readonly ok: true;
      readonly design: Design;
      readonly report: readonly ImportReportEntry[];
      readonly warnings: readonly DesignProblem[];
      readonly format?: DesignFileFormat;
    }
  | { readonly ok: false; readonly errors: readonly DesignProblem[]; readonly format?: DesignFileFormat; readonly notADesignFile?: true };

export const DEFAULT_EXPECTATIONS = { largestValues: {}, headroomDigits: 2, maxLengths: {} } as const;
