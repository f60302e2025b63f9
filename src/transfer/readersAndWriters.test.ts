import { describe, expect, it } from 'vitest';
import type { Item } from '../expressions';
import { readCsvRecords } from './csvReader';
import { readPages, writeExport, type ExportFormat, type ExportSource, type ExportSummary } from './exportWriters';
import { readImportFile, type ImportFormat, type ReadEntry } from './importReaders';
import { readLines } from './textChunks';

const KEYS = { partitionKey: { name: 'pk', type: 'S' as const }, sortKey: { name: 'sk', type: 'N' as const } };

/** `text` cut into chunks of `size` bytes (so every reader meets chunk edges inside lines, strings and UTF-8 characters). */
function chunksOf(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

async function read(text: string, format: ImportFormat, size = 7): Promise<ReadEntry[]> {
  const entries: ReadEntry[] = [];
  for await (const entry of readImportFile(chunksOf(text, size), format, { keys: KEYS })) entries.push(entry);
  return entries;
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function* pagesOf(...pages: Item[][]): AsyncGenerator<Item[]> {
  yield* pages;
}

const MIXED: Item[] = [
  { pk: { S: 'é#1, "quoted"' }, sk: { N: '12345678901234567890123456789012345678' }, tags: { SS: ['a', 'b'] }, nums: { NS: ['-0.5', '1'] } },
  { pk: { S: 'b' }, sk: { N: '-0.001' }, bin: { B: Uint8Array.of(0, 0xff, 0x80) }, bins: { BS: [Uint8Array.of(1), Uint8Array.of(0xfe)] }, empty: { S: '' } },
  { pk: { S: 'c' }, sk: { N: '0' }, deep: { M: { l: { L: [{ NULL: true }, { BOOL: false }, { M: { x: { S: 'line\nbreak' } } }] } } } },
];

describe('readLines', () => {
  it('numbers lines across chunk edges, CRLF and a last line without newline', async () => {
    const lines = [];
    for await (const line of readLines(chunksOf('a\r\nbé\n\nlast', 2))) lines.push(line);
    expect(lines).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'bé' },
      { line: 3, text: '' },
      { line: 4, text: 'last' },
    ]);
  });
});

describe('DynamoDB JSON lines', () => {
  it('reads plain items and S3 export lines, and reports each broken line with its number and reason', async () => {
    const text = [
      '{"pk": {"S": "a"}, "sk": {"N": "1"}}',
      '{"Item": {"pk": {"S": "b"}, "sk": {"N": "2"}, "tags": {"SS": ["x"]}}}',
      '',
      '{"pk": {"S": "c"}, "sk": {"N": "3"',
      '{"pk": {"S": "d"}, "sk": {"S": "4"}}',
      '{"sk": {"N": "5"}}',
      '{"pk": {"S": "e"}, "sk": {"N": "6"}, "n": {"N": "12a"}}',
      '{"pk": {"S": ""}, "sk": {"N": "7"}}',
      '{"pk": {"S": "f"}, "sk": {"N": "8"}, "s": {"SS": []}}',
      '{"Item": {"S": "plain item with an attribute named Item"}, "pk": {"S": "g"}, "sk": {"N": "9"}}',
    ].join('\n');
    const entries = await read(text, 'jsonl');
    expect(entries.filter((entry) => 'item' in entry).map((entry) => [entry.line, 'item' in entry && entry.item.pk?.S])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [10, 'g'],
    ]);
    const rejected = Object.fromEntries(entries.flatMap((entry) => ('rejected' in entry ? [[entry.line, entry.rejected]] : [])));
    expect(Object.keys(rejected).map(Number)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(rejected[4]).toMatch(/not valid JSON.*\(column \d+\)/);
    expect(rejected[5]).toBe('One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S');
    expect(rejected[6]).toBe('One or more parameter values were invalid: Missing the key pk in the item');
    expect(rejected[7]).toMatch(/^n: .*12a/);
    expect(rejected[8]).toBe(
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    );
    expect(rejected[9]).toMatch(/^s: .*empty/i);
  });
});

describe('JSON array', () => {
  it('reads elements streamed across chunk edges, with strings holding brackets and escapes', async () => {
    const text =
      '[\n  {"pk": {"S": "a]}\\"[,"}, "sk": {"N": "1"}},\n  {"Item": {"pk": {"S": "b"}, "sk": {"N": "2"}, "l": {"L": [{"S": "x"}]}}},\n  {"pk": {"S": "c"}},\n  42\n]\n';
    const entries = await read(text, 'json', 3);
    expect(entries.map((entry) => ('item' in entry ? entry.item.pk?.S : `line ${entry.line}: ${entry.rejected.slice(0, 40)}`))).toEqual([
      'a]}"[,',
      'b',
      'line 4: One or more parameter values were invali',
      'line 5: An item is a JSON object of attributes, ',
    ]);
  });

  it('says so when the file is not an array or is not closed', async () => {
    expect(await read('{"pk": {"S": "a"}}', 'json')).toMatchObject([{ line: 1, rejected: expect.stringMatching(/one array of items/) }]);
    expect(await read('[{"pk": {"S": "a"}, "sk": {"N": "1"}}, {"pk"', 'json')).toMatchObject([
      { item: {} },
      { line: 1, rejected: expect.stringMatching(/ends inside this item/) },
    ]);
  });
});

describe('CSV', () => {
  it('parses RFC 4180 quoting: commas, doubled quotes and line breaks inside quotes, across chunk edges', async () => {
    const records = [];
    for await (const record of readCsvRecords(chunksOf('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n', 1))) records.push(record);
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, lastLine: 4, cells: ['multi\nline', 'z'] },
    ]);
  });

  /** 300 data rows `k{i},{i}` (row i on line i + 1); `damage` rewrites some rows. */
  function csvRows(damage: (row: number, text: string) => string): string {
    return ['pk,sk (N),note', ...Array.from({ length: 300 }, (_, i) => damage(i + 1, `k${i + 1},${i + 1},row ${i + 1}`))].join('\n');
  }
  async function accounting(text: string) {
    const entries = await read(text, 'csv', 64);
    const rejected = entries.filter((entry): entry is Extract<ReadEntry, { rejected: string }> => 'rejected' in entry);
    const written = entries.length - rejected.length;
    /** Every data line is in a written item or in a rejected record's span. */
    const accounted = new Set<number>();
    for (const entry of entries) {
      const last = 'rejected' in entry ? (entry.lastLine ?? entry.line) : entry.line;
      for (let line = entry.line; line <= last; line++) accounted.add(line);
    }
    return { entries, rejected, written, accounted };
  }

  it('an unclosed quote: the rejected record names every line it swallows, and every line is written or named', async () => {
    // Row 200 (line 201) opens a quote it never closes; the quote in row 202's quoted cell closes it.
    const text = csvRows((row, line) => (row === 200 ? 'k200,200,"oops' : row === 202 ? 'k202,202,"quoted, fine"' : line));
    const { entries, rejected, written, accounted } = await accounting(text);
    expect(rejected).toEqual([{ line: 201, lastLine: 203, rejected: expect.stringMatching(/closing quote on line 203.*runs from line 201 to line 203/) }]);
    expect(written).toBe(297);
    expect(written + rejected.length).toBe(entries.length);
    expect(accounted).toEqual(new Set(Array.from({ length: 300 }, (_, i) => i + 2)));
  });

  it('a quote left open to the end of the file: one rejected record naming every line to the end', async () => {
    const text = csvRows((row, line) => (row === 200 ? 'k200,200,"oops' : line));
    const { rejected, written, accounted } = await accounting(text);
    expect(rejected).toEqual([{ line: 201, lastLine: 301, rejected: expect.stringMatching(/opened on line 201 is never closed.*line 201 to line 301/) }]);
    expect(written).toBe(199);
    expect(accounted.size).toBe(300);
  });

  it('reads typed and inferred columns, and reports bad rows with their line', async () => {
    const text = [
      'pk,sk,score (N),name (S),flag,tags (JSON),note,raw',
      'a,1,1500,007,true,"{""SS"":[""x"",""y""]}",hello,12',
      'b,2,abc,x',
      'c,x,1',
      'd,4,1,n,false,,,007',
      'e,5,1,n,maybe,"{""SS"":[]}"',
      'f,6,1,2,3,4,5,6,7',
    ].join('\n');
    const entries = await read(text, 'csv', 5);
    const first = entries[0] as { item: Item };
    expect(first.item).toEqual({
      pk: { S: 'a' },
      sk: { N: '1' },
      score: { N: '1500' },
      name: { S: '007' },
      flag: { BOOL: true },
      tags: { SS: ['x', 'y'] },
      note: { S: 'hello' },
      raw: { N: '12' },
    });
    expect(entries[3]).toMatchObject({
      line: 5,
      item: { pk: { S: 'd' }, sk: { N: '4' }, score: { N: '1' }, name: { S: 'n' }, flag: { BOOL: false }, raw: { S: '007' } },
    });
    const rejected = entries.flatMap((entry) => ('rejected' in entry ? [[entry.line, entry.rejected]] : []));
    expect(rejected.map(([line]) => line)).toEqual([3, 4, 6, 7]);
    expect(rejected[0]?.[1]).toMatch(/^score: .*abc/);
    expect(rejected[1]?.[1]).toMatch(/^sk: .*x/);
    expect(rejected[2]?.[1]).toMatch(/^tags: .*empty|^tags: .*flag|true or false/i);
    expect(rejected[3]?.[1]).toMatch(/9 cells and the header 8 columns/);
  });
});

describe('inputs that exhaust the stack', () => {
  const deep = (depth: number) => `{"pk": {"S": "deep"}, "sk": {"N": "1"}, "d": ${'{"L": ['.repeat(depth)}{"S": "x"}${']}'.repeat(depth)}}`;
  for (const format of ['jsonl', 'json'] as const) {
    it(`${format}: a line nested 50,000 levels deep is rejected with DynamoDB's limit, and the lines after it are read`, async () => {
      const lines = ['{"pk": {"S": "a"}, "sk": {"N": "1"}}', deep(50_000), '{"pk": {"S": "b"}, "sk": {"N": "2"}}'];
      const text = format === 'jsonl' ? lines.join('\n') : `[\n${lines.join(',\n')}\n]`;
      const entries = await read(text, format, 4096);
      const first = format === 'jsonl' ? 1 : 2;
      expect(entries).toMatchObject([
        { line: first, item: { pk: { S: 'a' } } },
        {
          line: first + 1,
          // src/dynamo's reader stops at DynamoDB's 32 levels without recursing further: DynamoDB's message, at the attribute.
          rejected: 'd: Nesting Levels have exceeded supported limits',
        },
        { line: first + 2, item: { pk: { S: 'b' } } },
      ]);
    });
  }

  it('csv: a JSON cell nested 50,000 levels deep is rejected, and the rows after it are read', async () => {
    const cell = `"${'{"L": ['.repeat(50_000).replaceAll('"', '""')}{""S"": ""x""}${']}'.repeat(50_000)}"`;
    const entries = await read(`pk,sk (N),d (JSON)\na,1,\nb,2,${cell}\nc,3,\n`, 'csv', 4096);
    expect(entries).toMatchObject([
      { line: 2, item: { pk: { S: 'a' } } },
      { line: 3, rejected: expect.stringMatching(/^Nesting Levels have exceeded supported limits/) },
      { line: 4, item: { pk: { S: 'c' } } },
    ]);
  });
});

describe('export writers', () => {
  for (const format of ['jsonl', 'json'] as const satisfies readonly ExportFormat[]) {
    it(`${format}: export → import is identity`, async () => {
      const text = await collect(writeExport(pagesOf(MIXED.slice(0, 2), [], MIXED.slice(2)), format));
      const entries = await read(text, format, 5);
      expect(entries).toMatchObject(MIXED.map((item, i) => ({ line: format === 'jsonl' ? i + 1 : i + 2, item })));
    });
  }

  it('json: an empty export is an empty array', async () => {
    expect(JSON.parse(await collect(writeExport(pagesOf([]), 'json')))).toEqual([]);
  });

  it('csv: typed columns from the first page, sets and maps as DynamoDB JSON, numbers exact, binary base64; what does not fit is counted', async () => {
    const summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 };
    const text = await collect(
      writeExport(pagesOf(MIXED.slice(0, 2), [{ pk: { S: 'z' }, sk: { N: '9' }, extra: { S: 'x' }, empty: { N: '1' } }]), 'csv', summary, ['pk', 'sk']),
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('pk (S),sk (N),tags (JSON),nums (JSON),bin (B),bins (JSON),empty (S)');
    expect(lines[1]).toBe('"é#1, ""quoted""",12345678901234567890123456789012345678,"{""SS"":[""a"",""b""]}","{""NS"":[""-0.5"",""1""]}",,,');
    // The empty string is written "" (a bare empty cell is no attribute), so it reads back.
    expect(lines[2]).toBe('b,-0.001,,,AP+A,"{""BS"":[""AQ=="",""/g==""]}",""');
    expect(summary).toEqual({ items: 3, csvValuesLeftOut: 2 });
    const entries = await read(text, 'csv');
    expect(entries[0]).toMatchObject({ line: 2, item: MIXED[0] });
    expect((entries[1] as { item: Item }).item).toEqual({ pk: { S: 'b' }, sk: { N: '-0.001' }, bin: MIXED[1]?.bin, bins: MIXED[1]?.bins, empty: { S: '' } });
  });
});

describe('readPages', () => {
  /** A Scan over `pages` pages of one item each, logging each call and each page handed on. */
  function pagedSource(pages: number, log: string[], failAt?: number) {
    const scan = async (input: { ExclusiveStartKey?: Item }) => {
      const at = Number(input.ExclusiveStartKey?.pk?.N ?? 0);
      log.push(`scan ${at}`);
      if (at === failAt) throw new Error('network down');
      return { Items: [{ pk: { N: String(at) } }], ...(at + 1 < pages ? { LastEvaluatedKey: { pk: { N: String(at + 1) } } } : {}), $metadata: {} };
    };
    return { scan, query: scan } as unknown as ExportSource;
  }

  it('asks for the next page before the current one is written, and stops at the last', async () => {
    const log: string[] = [];
    for await (const page of readPages(pagedSource(3, log), { operation: 'scan', input: { TableName: 't' } })) log.push(`page ${page[0]?.pk?.N}`);
    expect(log).toEqual(['scan 0', 'scan 1', 'page 0', 'scan 2', 'page 1', 'page 2']);
  });

  // Vitest fails the run on an unhandled rejection: this test checks there is none.
  it('leaves no unhandled rejection when the consumer stops before a page read ahead fails', async () => {
    const log: string[] = [];
    for await (const page of readPages(pagedSource(3, log, 1), { operation: 'scan', input: { TableName: 't' } })) {
      expect(page).toHaveLength(1);
      break;
    }
    // The page read ahead has already failed ("scan 1" threw); Node reports a rejection still unhandled at the end of a
    // turn of the event loop, so one turn (a 0 ms timer) is enough for vitest to see it: a condition, not a time.
    await new Promise((resolve) => setTimeout(() => resolve(undefined), 0));
    expect(log).toEqual(['scan 0', 'scan 1']);
  });
});
