import type { Design } from '../design.types';
import { exportCloudFormation, exportCreateTableInputs, safeFileName } from '../export';
import { serializeDesignDocument } from '../format';
import { exportWorkbenchModel } from './exportWorkbenchModel';

/** One file an export produces, with the media type its download gets. */
export interface DownloadFile {
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
  export(design: Design): readonly DownloadFile[];
}

const JSON_TYPE = 'application/json';

/** The export formats, in the order the Export format select lists them. */
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    id: 'keylab',
    label: 'Keylab design (JSON)',
    export: (design) => [{ fileName: `${safeFileName(design.name)}.keylab.json`, mediaType: JSON_TYPE, text: serializeDesignDocument(design) }],
  },
  {
    id: 'workbench',
    label: 'NoSQL Workbench model (JSON)',
    export: (design) => {
      const { fileName, text } = exportWorkbenchModel(design);
      return [{ fileName, mediaType: JSON_TYPE, text }];
    },
  },
  {
    id: 'cloudformation-yaml',
    label: 'CloudFormation (YAML)',
    export: (design) => [{ ...exportCloudFormation(design, 'yaml'), mediaType: 'application/yaml' }],
  },
  {
    id: 'cloudformation-json',
    label: 'CloudFormation (JSON)',
    export: (design) => [{ ...exportCloudFormation(design, 'json'), mediaType: JSON_TYPE }],
  },
  {
    id: 'create-table',
    label: 'CreateTable input (JSON)',
    export: (design) => exportCreateTableInputs(design).map((file) => ({ ...file, mediaType: JSON_TYPE })),
  },
];
