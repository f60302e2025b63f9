import type { Design } from '../design.types';
import { exportWorkbenchModel } from './exportWorkbenchModel';

/** One file an export produces. */
export interface ExportedFile {
  readonly fileName: string;
  readonly mediaType: string;
  readonly text: string;
}

/** An entry of the Export format select. */
export interface ExportFormat {
  readonly id: string;
  /** The option's text, exactly as the issue names it. */
  readonly label: string;
  /** One file, or several (CreateTable input: one per table). */
  export(design: Design): readonly ExportedFile[];
}

/**
 * The export formats, in the order the select lists them. The order:
 *   "Keylab design (JSON)"          — serializeDesignDocument(design)            (helper "format")
 *   "NoSQL Workbench model (JSON)"  — exportWorkbenchModel(design)               (here)
 *   "CloudFormation (YAML)"         — exportCloudFormation(design, 'yaml')       (helper "format")
 *   "CloudFormation (JSON)"         — exportCloudFormation(design, 'json')       (helper "format")
 *   "CreateTable input (JSON)"      — exportCreateTableInputs(design)            (helper "format")
 * The coordinator adds the other four entries at merge, in that order.
 */
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    id: 'workbench',
    label: 'NoSQL Workbench model (JSON)',
    export: (design) => {
      const { fileName, text } = exportWorkbenchModel(design);
      return [{ fileName, mediaType: 'application/json', text }];
    },
  },
];
