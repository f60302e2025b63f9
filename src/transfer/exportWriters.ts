import type { AttributeValue, QueryCommandInput, QueryCommandOutput, ScanCommandInput, ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import { typeOfAttributeValue, type Item } from '../expressions';
import { encodeBase64 } from '../dynamo';
import { csvHeaderOf, type CsvColumn, type CsvColumnType } from './csvReader';
import { toWireJson } from './wireJson';
import { fetchWirePage, type WireLinesPage, type WireSource } from './wirePages';

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
export function readPages(source: ExportSource, request: ExportRequest, signal?: AbortSignal): AsyncGenerator<readonly Item[]> {
  const options = signal ? { abortSignal: signal } : {};
  return followPages(request, signal, async (input) => {
    const output =
      request.operation === 'query' ? await source.query(input as QueryCommandInput, options) : await source.scan(input as ScanCommandInput, options);
    return { page: (output.Items ?? []) as Item[], lastKey: output.LastEvaluatedKey as Item | undefined };
  });
}

/**
 * The pages an export in `format` reads through an SDK client (wireClient(client)
 * from src/sources/wireClient.ts): for DynamoDB
 * JSON lines and JSON, the items as the wire spelled them (wirePages.ts: no
 * parsing of every attribute into objects and back); CSV needs the items
 * themselves.
 */
export function readExportPages(
  client: WireSource & ExportSource,
  request: ExportRequest,
  format: ExportFormat,
  signal?: AbortSignal,
): AsyncGenerator<ExportPage> {
  if (format === 'csv') return readPages(client, request, signal);
  return followPages(request, signal, (input) => fetchWirePage(client, request.operation, input, signal));
}

/** The pages `fetchPage` gives from the request's start key on, one page read ahead. */
async function* followPages<Page>(
  request: ExportRequest,
  signal: AbortSignal | undefined,
  fetchPage: (input: ScanCommandInput | QueryCommandInput) => Promise<{ page: Page; lastKey: Item | undefined }>,
): AsyncGenerator<Page> {
  const fetchFrom = (startKey: Item | undefined) => {
    const page = fetchPage({ ...request.input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) });
    // When the consumer stops early the page read ahead is never awaited: its failure must not be an unhandled rejection.
    page.catch(() => undefined);
    return page;
  };
  if (signal?.aborted) return;
  let next = fetchFrom(request.input.ExclusiveStartKey as Item | undefined);
  for (;;) {
    const { page, lastKey } = await next;
    if (lastKey && !signal?.aborted) next = fetchFrom(lastKey);
    yield page;
    if (!lastKey || signal?.aborted) return;
  }
}

/** What export writes from: a page of items, or of DynamoDB JSON lines as the wire spelled them. */
export type ExportPage = readonly Item[] | WireLinesPage;

export interface ExportSummary {
  items: number;
  /** CSV only: values left out because their attribute was not among the columns (taken from the first page) or had another type than its column. */
  csvValuesLeftOut: number;
}

/**
 * The text of an export in `format`, chunk by chunk (one chunk per page).
 * `summary` is filled in as it goes.
 */
export async function* writeExport(
  pages: AsyncIterable<ExportPage>,
  format: ExportFormat,
  summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 },
  keyNames: readonly string[] = [],
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield* writeCsv(pages, summary, keyNames);
    return;
  }
  let first = true;
  if (format === 'json') yield '[';
  for await (const page of pages) {
    const count = 'wireLines' in page ? page.count : page.length;
    if (count === 0) continue;
    // One string per page, built by join: no per-item concatenation.
    const lines = 'wireLines' in page ? page.wireLines : `${page.map(toWireJson).join('\n')}\n`;
    // A JSON array's elements are the same lines, a comma before each line break (DynamoDB JSON holds no raw line break).
    yield format === 'jsonl' ? lines : `${first ? '\n' : ',\n'}${lines.slice(0, -1).replaceAll('\n', ',\n')}`;
    first = false;
    summary.items += count;
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
async function* writeCsv(pages: AsyncIterable<ExportPage>, summary: ExportSummary, keyNames: readonly string[]): AsyncGenerator<string> {
  let columns: CsvColumn[] | undefined;
  for await (const wireOrItems of pages) {
    // CSV reads the items' values; readExportPages gives it items, never wire lines.
    if ('wireLines' in wireOrItems) throw new Error('CSV export needs the items themselves: read its pages with readPages or readExportPages(…, "csv").');
    const page = wireOrItems;
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
        // An empty cell is no attribute: an empty string or binary is written "" (csvReader.ts).
        return cell === undefined ? '' : cell === '' ? '""' : csvCell(cell);
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
