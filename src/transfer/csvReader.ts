import { isAttributeType } from '../dynamo';
import type { KeySchemaInfo } from '../expressions';
import { readItemEntry, stackProblemOf, type ReadEntry } from './importReaders';
import { decodeChunks, type ByteChunks, type ReadCounter } from './textChunks';

/**
 * CSV import. The first record is the header; a column is `name` or
 * `name (TYPE)`, TYPE one of:
 *   S, N, B (base64), BOOL (true/false), NULL, JSON (the cell is a DynamoDB JSON
 *   value: `{"SS": ["a", "b"]}`, `{"M": {…}}` — how export writes sets, lists and maps).
 * An untyped column takes the key schema's type for a key attribute, and
 * otherwise each cell is read as: `true` / `false` → BOOL; a plain number
 * (`-12`, `3.5`, `1e3`; no leading zeros, so `007` stays a string) → N; a
 * cell that is a valid DynamoDB JSON value (`{"SS": […]}`) → that value;
 * anything else → S. An empty cell leaves the attribute out; a quoted empty
 * cell (`""`) is an empty value (export writes an empty string or binary so).
 * Quoting is RFC 4180: `"a, b"`, `"say ""hi"""`, line breaks inside quotes.
 */

export type CsvColumnType = 'S' | 'N' | 'B' | 'BOOL' | 'NULL' | 'JSON';
const COLUMN_TYPES = new Set<string>(['S', 'N', 'B', 'BOOL', 'NULL', 'JSON']);

export interface CsvColumn {
  readonly name: string;
  /** Undefined: inferred per cell (see above). */
  readonly type?: CsvColumnType;
}

const TYPED_HEADER = /^(.*\S)\s*\(\s*([A-Za-z]+)\s*\)$/s;

/** A header cell as a column: `score (N)` → { name: "score", type: "N" }. */
export function parseCsvHeader(cell: string): CsvColumn | string {
  const match = TYPED_HEADER.exec(cell.trim());
  if (match && COLUMN_TYPES.has((match[2] as string).toUpperCase()))
    return { name: match[1] as string, type: (match[2] as string).toUpperCase() as CsvColumnType };
  if (match) return `Column "${cell}": the type in brackets is one of S, N, B, BOOL, NULL, JSON`;
  if (cell.trim() === '') return 'A column has no name in the header row';
  return { name: cell.trim() };
}

/** The header text of a column (export writes it, import reads it back). */
export function csvHeaderOf(column: CsvColumn): string {
  return column.type ? `${column.name} (${column.type})` : column.name;
}

/** A CSV record: its cells, the line it starts on and (when a quoted line break makes it span several) the line it ends on. */
export interface CsvRecord {
  line: number;
  /** Only when the record ends on a later line than it starts. */
  lastLine?: number;
  cells: string[];
  /** The cells written `""`: an empty value (a bare empty cell is no value). */
  quotedEmpty?: number[];
  /** The file ends inside a quoted cell. */
  unclosedQuote?: boolean;
  /** The line where text follows a quoted cell's closing quote (`"a"b`): the quote that closed it was likely meant to open another cell. */
  textAfterQuote?: number;
}

/** The records of a CSV text, each with the lines it spans. */
export async function* readCsvRecords(chunks: ByteChunks, counter?: ReadCounter): AsyncGenerator<CsvRecord> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** After the closing quote of a quoted cell. */
  let afterQuote = false;
  let line = 1;
  let recordLine = 1;
  let pendingCr = false;
  let textAfterQuote: number | undefined;
  /** The current cell opened with a quote. */
  let cellQuoted = false;
  let quotedEmpty: number[] = [];
  const pushCell = () => {
    if (cell === '' && cellQuoted) quotedEmpty.push(cells.length);
    cells.push(cell);
    cell = '';
    cellQuoted = false;
  };
  const record = (unclosedQuote = false): CsvRecord => {
    const done: CsvRecord = {
      line: recordLine,
      ...(line !== recordLine ? { lastLine: line } : {}),
      cells,
      ...(quotedEmpty.length > 0 ? { quotedEmpty } : {}),
      ...(unclosedQuote ? { unclosedQuote } : {}),
      ...(textAfterQuote !== undefined ? { textAfterQuote } : {}),
    };
    textAfterQuote = undefined;
    quotedEmpty = [];
    return done;
  };
  for await (const text of decodeChunks(chunks, counter)) {
    let plainStart = -1;
    for (let i = 0; i < text.length; i++) {
      const char = text[i] as string;
      if (quoted) {
        if (char === '"') {
          if (plainStart !== -1) cell += text.slice(plainStart, i);
          plainStart = -1;
          if (text[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (i + 1 === text.length) {
            // A quote at a chunk's end: the next chunk says whether it is doubled.
            afterQuote = true;
            quoted = false;
          } else {
            quoted = false;
            afterQuote = true;
          }
          continue;
        }
        if (char === '\n') line++;
        if (plainStart === -1) plainStart = i;
        continue;
      }
      if (afterQuote && char === '"' && i === 0) {
        // The doubled quote split across chunks.
        cell += '"';
        quoted = true;
        afterQuote = false;
        continue;
      }
      if (char === ',' || char === '\n' || char === '\r') {
        if (plainStart !== -1) cell += text.slice(plainStart, i);
        plainStart = -1;
        if (char === '\r') {
          pendingCr = true;
          continue;
        }
        pushCell();
        afterQuote = false;
        if (char === '\n') {
          yield record();
          cells = [];
          line++;
          recordLine = line;
        }
        pendingCr = false;
        continue;
      }
      if (pendingCr) {
        // A lone \r ends a record too (old Mac files).
        pushCell();
        afterQuote = false;
        yield record();
        cells = [];
        line++;
        recordLine = line;
        pendingCr = false;
      }
      if (afterQuote) {
        // RFC 4180: a quoted cell ends at its closing quote. Text after it means a quote went astray (often an unclosed one rows above).
        textAfterQuote ??= line;
        afterQuote = false;
      }
      if (char === '"' && cell === '' && plainStart === -1 && !afterQuote) {
        quoted = true;
        cellQuoted = true;
        continue;
      }
      if (plainStart === -1) plainStart = i;
    }
    if (plainStart !== -1) cell += text.slice(plainStart);
  }
  if (cell !== '' || cells.length > 0 || quoted || cellQuoted) {
    pushCell();
    yield record(quoted);
  }
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Reads a CSV file into items (see the file's comment for the columns). */
export async function* readCsvItems(chunks: ByteChunks, options: { readonly keys: KeySchemaInfo; readonly counter?: ReadCounter }): AsyncGenerator<ReadEntry> {
  let columns: CsvColumn[] | undefined;
  const keyTypes = new Map<string, CsvColumnType>();
  for (const attribute of [
    options.keys.partitionKey,
    ...(options.keys.sortKey ? [options.keys.sortKey] : []),
    ...(options.keys.partitionKeys ?? []),
    ...(options.keys.sortKeys ?? []),
  ])
    keyTypes.set(attribute.name, attribute.type);
  for await (const record of readCsvRecords(chunks, options.counter)) {
    if (!columns) {
      const parsed = record.cells.map(parseCsvHeader);
      const problem = parsed.find((column): column is string => typeof column === 'string');
      if (problem) {
        yield { line: record.line, rejected: `${problem} (the first row of a CSV file names the columns: pk (S),score (N),…)` };
        return;
      }
      columns = (parsed as CsvColumn[]).map((column) =>
        column.type === undefined && keyTypes.has(column.name) ? { name: column.name, type: keyTypes.get(column.name) as CsvColumnType } : column,
      );
      continue;
    }
    if (record.cells.length === 1 && record.cells[0] === '' && !record.quotedEmpty) continue;
    const span = record.lastLine !== undefined ? { lastLine: record.lastLine } : {};
    /** Said of a record over several lines: which lines it swallowed (none of them is written). */
    const spanning =
      record.lastLine !== undefined
        ? ` This record runs from line ${record.line} to line ${record.lastLine} (a quote opened on line ${record.line} runs on over the line breaks), so none of these lines is written.`
        : '';
    if (record.unclosedQuote) {
      yield {
        line: record.line,
        ...span,
        rejected: `A quoted cell opened on line ${record.line} is never closed: the file ends inside quotes.${spanning} Close the quote (a " in a cell is written "")`,
      };
      continue;
    }
    if (record.textAfterQuote !== undefined) {
      yield {
        line: record.line,
        ...span,
        rejected: `Text follows a quoted cell's closing quote on line ${record.textAfterQuote} (a quoted cell ends at its closing quote; a " in a cell is written "").${spanning}`,
      };
      continue;
    }
    if (record.cells.length > columns.length) {
      yield {
        line: record.line,
        ...span,
        rejected: `This row has ${record.cells.length} cells and the header ${columns.length} columns: quote cells holding commas ("a, b").${spanning}`,
      };
      continue;
    }
    const wire: Record<string, unknown> = {};
    let problem: string | undefined;
    for (let i = 0; i < record.cells.length && !problem; i++) {
      const text = record.cells[i] as string;
      const column = columns[i] as CsvColumn;
      if (text === '' && !record.quotedEmpty?.includes(i)) continue;
      const value = cellValue(text, column);
      if (typeof value === 'string') problem = `${column.name}: ${value}${spanning}`;
      else Object.defineProperty(wire, column.name, { value, enumerable: true, writable: true, configurable: true });
    }
    if (problem) {
      yield { line: record.line, ...span, rejected: problem };
      continue;
    }
    let text: string;
    try {
      text = JSON.stringify(wire);
    } catch (error) {
      // A JSON cell nested thousands of levels deep: this row's problem, not the file's.
      if (!(error instanceof RangeError)) throw error;
      yield { line: record.line, ...span, rejected: stackProblemOf(record.cells.join(','), error) };
      continue;
    }
    const entry = readItemEntry(text, record.line, options.keys);
    yield 'rejected' in entry ? { ...entry, ...span } : entry;
  }
}

/** A cell as a DynamoDB JSON value (checked afterwards by the item reader), or what is wrong. */
function cellValue(text: string, column: CsvColumn): unknown {
  switch (column.type) {
    case 'S':
      return { S: text };
    case 'N':
      return { N: text.trim() };
    case 'B':
      return { B: text.trim() };
    case 'BOOL': {
      const lower = text.trim().toLowerCase();
      if (lower === 'true' || lower === 'false') return { BOOL: lower === 'true' };
      return `a BOOL cell is true or false, not "${text}"`;
    }
    case 'NULL':
      return { NULL: true };
    case 'JSON':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return `the cell is not DynamoDB JSON (a value with its type: {"SS": ["a", "b"]})`;
      }
    default:
      return inferCell(text);
  }
}

function inferCell(text: string): unknown {
  if (text === 'true' || text === 'false') return { BOOL: text === 'true' };
  if (PLAIN_NUMBER.test(text)) return { N: text };
  if (text.startsWith('{')) {
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && isAttributeType(Object.keys(value)[0] as string))
        return value;
    } catch {
      // Not JSON: it is text.
    }
  }
  return { S: text };
}
