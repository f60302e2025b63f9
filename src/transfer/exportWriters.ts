import type { AttributeValue, QueryCommandInput, QueryCommandOutput, ScanCommandInput, ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import { typeOfAttributeValue, type Item } from '../expressions';
import { encodeBase64 } from '../keys';
import { csvHeaderOf, type CsvColumn, type CsvColumnType } from './csvReader';
import { toWireJson } from './wireJson';

/**
 * Export, streamed page by page: the pages of a Scan (a whole table) or of
 * the explorer's current Query, written as DynamoDB JSON lines, a JSON array
 * or CSV, chunk by chunk, so nothing holds more than a page. DynamoDB JSON
 * lines and JSON re-import to identical items (numbers are strings, binary
 * base64, sets stay sets).
 */

export type ExportFormat = 'jsonl' | 'json' | 'csv';

/** The Export format select's options, with the names the issue gives them. */
export const EXPORT_FORMATS: readonly { readonly format: ExportFormat; readonly label: string; readonly extension: string; readonly mimeType: string }[] = [
  { format: 'jsonl', label: 'DynamoDB JSON lines', extension: 'jsonl', mimeType: 'application/x-ndjson' },
  { format: 'json', label: 'JSON', extension: 'json', mimeType: 'application/json' },
  { format: 'csv', label: 'CSV', extension: 'csv', mimeType: 'text/csv' },
];

/** What export reads from: the SDK's Scan and Query. */
export interface ExportSource {
  scan(input: ScanCommandInput, options?: { abortSignal?: AbortSignal }): Promise<ScanCommandOutput>;
  query(input: QueryCommandInput, options?: { abortSignal?: AbortSignal }): Promise<QueryCommandOutput>;
}

export interface ExportRequest {
  readonly operation: 'scan' | 'query';
  readonly input: ScanCommandInput | QueryCommandInput;
}

/**
 * Every page of `request`, following LastEvaluatedKey (the request's own
 * ExclusiveStartKey is where it starts). The next page is asked for as soon
 * as a page arrives, so writing one page overlaps reading the next (one page
 * ahead at most: memory stays at two pages).
 */
export async function* readPages(source: ExportSource, request: ExportRequest, signal?: AbortSignal): AsyncGenerator<readonly Item[]> {
  const options = signal ? { abortSignal: signal } : {};
  const fetchPage = (startKey: Item | undefined) => {
    const input = { ...request.input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) };
    const page = request.operation === 'query' ? source.query(input as QueryCommandInput, options) : source.scan(input as ScanCommandInput, options);
    // When the consumer stops early the page read ahead is never awaited: its failure must not be an unhandled rejection.
    page.catch(() => undefined);
    return page;
  };
  if (signal?.aborted) return;
  let next = fetchPage(request.input.ExclusiveStartKey);
  for (;;) {
    const output = await next;
    const startKey = output.LastEvaluatedKey;
    if (startKey && !signal?.aborted) next = fetchPage(startKey);
    yield (output.Items ?? []) as Item[];
    if (!startKey || signal?.aborted) return;
  }
}

export interface ExportSummary {
  items: number;
  /** CSV only: values left out because their attribute was not among the columns (taken from the first page) or had another type than its column. */
  csvValuesLeftOut: number;
}

/**
 * The text of an export in `format`, chunk by chunk (one chunk per page).
 * `summary` is filled in as it goes.
 */
export async function* writeExport(pages: AsyncIterable<readonly Item[]>, format: ExportFormat, summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 }, keyNames: readonly string[] = []): AsyncGenerator<string> {
  if (format === 'csv') {
    yield* writeCsv(pages, summary, keyNames);
    return;
  }
  let first = true;
  if (format === 'json') yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    let text = '';
    for (const item of page) {
      if (format === 'json') text += first ? '\n' : ',\n';
      text += toWireJson(item);
      if (format === 'jsonl') text += '\n';
      first = false;
    }
    summary.items += page.length;
    yield text;
  }
  if (format === 'json') yield first ? ']\n' : '\n]\n';
}

/** One CSV cell, quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * CSV: the columns are the key attributes, then every other attribute of the
 * first page, each typed from that page (S, N, B, BOOL when all its values
 * share the type; JSON otherwise: the cell is the value's DynamoDB JSON).
 * Later pages can't add columns to a header already written: what doesn't
 * fit is counted in `summary.csvValuesLeftOut` and reported (DynamoDB JSON
 * lines keeps everything).
 */
async function* writeCsv(pages: AsyncIterable<readonly Item[]>, summary: ExportSummary, keyNames: readonly string[]): AsyncGenerator<string> {
  let columns: CsvColumn[] | undefined;
  for await (const page of pages) {
    let text = '';
    if (!columns) {
      columns = csvColumnsOf(page, keyNames);
      text += `${columns.map((column) => csvCell(csvHeaderOf(column))).join(',')}\n`;
    }
    for (const item of page) {
      let known = 0;
      const cells = columns.map((column) => {
        if (!Object.hasOwn(item, column.name)) return '';
        known++;
        const cell = csvCellOf(item[column.name] as AttributeValue, column.type as CsvColumnType);
        if (cell === undefined) summary.csvValuesLeftOut++;
        return cell === undefined ? '' : csvCell(cell);
      });
      summary.csvValuesLeftOut += Object.keys(item).length - known;
      text += `${cells.join(',')}\n`;
    }
    summary.items += page.length;
    if (text !== '') yield text;
  }
}

function csvColumnsOf(page: readonly Item[], keyNames: readonly string[]): CsvColumn[] {
  const types = new Map<string, CsvColumnType>();
  for (const name of keyNames) types.set(name, 'JSON');
  const seen = new Map<string, Set<string>>();
  for (const item of page) {
    for (const name of Object.keys(item)) {
      if (!types.has(name)) types.set(name, 'JSON');
      let kinds = seen.get(name);
      if (!kinds) seen.set(name, (kinds = new Set()));
      kinds.add(typeOfAttributeValue(item[name] as AttributeValue));
    }
  }
  return [...types.keys()].map((name) => {
    const kinds = [...(seen.get(name) ?? [])];
    const only = kinds.length === 1 ? kinds[0] : undefined;
    return { name, type: only === 'S' || only === 'N' || only === 'B' || only === 'BOOL' ? only : 'JSON' };
  });
}

/** The cell text of `value` in a column of `type`, or undefined when it has another type. */
function csvCellOf(value: AttributeValue, type: CsvColumnType): string | undefined {
  switch (type) {
    case 'S':
      return value.S;
    case 'N':
      return value.N;
    case 'B':
      return value.B === undefined ? undefined : encodeBase64(value.B);
    case 'BOOL':
      return value.BOOL === undefined ? undefined : String(value.BOOL);
    default:
      return toWireJson(value);
  }
}

/** A file name for an export of `table` in `format` (characters a file system may refuse become _). */
export function exportFileName(table: string, format: ExportFormat): string {
  const option = EXPORT_FORMATS.find((candidate) => candidate.format === format);
  return `${table.replace(/[^A-Za-z0-9._-]/g, '_')}.${option?.extension ?? 'txt'}`;
}
