import type { Design } from '../design.types';
import { toCreateTableInput } from '../createTableInput';
import { safeFileName } from './exportFileName';

/** An exported file: its suggested name and its text. */
export interface ExportedFile {
  readonly fileName: string;
  readonly text: string;
}

/**
 * One CreateTable input JSON per table, for
 * `aws dynamodb create-table --cli-input-json file://Shop.create-table.json`
 * (the CLI reads the API's member names, so the SDK input is the file).
 *
 * @example
 * exportCreateTableInputs(SHOP_DESIGN)[0].fileName // "Shop.create-table.json"
 */
export function exportCreateTableInputs(design: Design): ExportedFile[] {
  return design.tables.map((table) => ({
    fileName: `${safeFileName(table.name)}.create-table.json`,
    text: JSON.stringify(toCreateTableInput(table), null, 2) + '\n',
  }));
}
