import { describe, expect, it } from 'vitest';
import type { Item } from '../../../expressions';
import { N, S } from '../../engine.fixtures';
import type { ItemWrite } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import { isPersistenceError, type PersistenceError } from '../persistenceError';
import { sealLine } from './lineChecksum';
import { changeLines, headerLine, itemLines, parseTableFile, rewrittenLineCount, type ParsedTableFile } from './tableFile';

const FILE = '/data/Scores.table.jsonl';
const DEFINITION = {
  name: 'Scores',
  keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
  attributeDefinitions: [
    { name: 'pk', type: 'S' },
    { name: 'sk', type: 'S' },
  ],
} as unknown as TableDefinition;

function put(sk: string, score: number): ItemWrite {
  return { tableName: 'Scores', key: { pk: S('P'), sk: S(sk) }, item: { pk: S('P'), sk: S(sk), score: N(score) } };
}

/** Header + one line per write: line 2 is `a`, line 3 `b`, line 4 `c`. */
function journal(): string {
  return headerLine(DEFINITION) + [put('a', 1), put('b', 2), put('c', 3)].map((write) => [...changeLines([write])].join('')).join('');
}

function items(parsed: ParsedTableFile): Item[] {
  return parsed.replay.items();
}

function parseError(text: string | Buffer, repair = false): PersistenceError {
  try {
    parseTableFile(Buffer.isBuffer(text) ? text : Buffer.from(text), FILE, { repair });
  } catch (error) {
    if (isPersistenceError(error)) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

/** The text with the character at `offset` (ASCII) replaced. */
function withChar(text: string, offset: number, char: string): string {
  return text.slice(0, offset) + char + text.slice(offset + 1);
}

describe('parseTableFile: checksums', () => {
  it('reads back what it wrote', () => {
    const parsed = parseTableFile(Buffer.from(journal()), FILE);
    expect(parsed).toMatchObject({ version: 2, dropped: [], goodBytes: journal().length });
    expect(items(parsed).map((item) => item.score)).toEqual([N(1), N(2), N(3)]);
  });

  it('refuses a value changed in a middle line, naming the file, the line and the way out', () => {
    const text = journal();
    // "score":{"N":"2"} becomes "3": still valid JSON, still an item — only the checksum tells.
    const changed = withChar(text, text.indexOf('{"N":"2"}') + 6, '3');
    const error = parseError(changed);
    expect(error.code).toBe('persistence.damagedRecords');
    expect(error.message).toBe(
      `The data file ${FILE} is damaged at line 3 (its checksum does not match: the line changed after it was written). ` +
        'Start with --data-repair to keep every intact record and drop line 3, or restore the file from a backup.',
    );
  });

  it('catches every single-bit flip in a middle line', () => {
    const bytes = Buffer.from(journal());
    const lineStart = bytes.indexOf('\n') + 1;
    const lineEnd = bytes.indexOf('\n', lineStart); // line 2, newline excluded
    for (let offset = lineStart; offset < lineEnd; offset++) {
      for (const bit of [0x01, 0x04, 0x20]) {
        const flipped = Buffer.from(bytes);
        flipped[offset] = (flipped[offset] as number) ^ bit;
        if (flipped[offset] === 0x0a) continue; // a new line break: another shape of damage, below
        expect(parseError(flipped).message, `byte ${offset - lineStart} ^ ${bit}`).toMatch(/damaged at line 2 /);
      }
    }
  });

  it('refuses a line whose newline was damaged (two records run together) or added (one split in two)', () => {
    const text = journal();
    const secondNewline = text.indexOf('\n', text.indexOf('\n') + 1);
    expect(parseError(withChar(text, secondNewline, ' ')).message).toMatch(/damaged at line 2 \(its checksum does not match/);
    expect(parseError(withChar(text, text.indexOf('"sk":{"S":"b"}'), '\n')).message).toMatch(/damaged at lines 3, 4 /);
  });

  it('names every damaged line, and refuses a damaged header even when repairing', () => {
    const text = journal();
    const damaged = withChar(withChar(text, text.indexOf('{"N":"1"}') + 6, '7'), text.indexOf('{"N":"2"}') + 6, '8');
    expect(parseError(damaged).message).toMatch(/damaged at lines 2, 3 \(line 2: its checksum does not match.*; line 3: its checksum.*drop lines 2, 3,/);

    const header = withChar(text, text.indexOf('"Scores"') + 1, 'T');
    for (const repair of [false, true]) {
      const error = parseError(header, repair);
      expect(error.code).toBe('persistence.corrupt');
      expect(error.message).toMatch(/damaged at line 1, the table's header \(its checksum does not match.*cannot be repaired/);
    }
  });

  it('drops a torn tail with a warning: a last line without its end (an append cut short)', () => {
    const text = journal();
    const cut = parseTableFile(Buffer.from(text.slice(0, -5)), FILE);
    expect(cut.tornTail).toBe(`${FILE}: dropped an unfinished write at line 4 (the line has no end); it was never acknowledged.`);
    expect(items(cut)).toHaveLength(2);
    expect(cut.goodBytes).toBe(text.lastIndexOf('\n', text.length - 2) + 1);
  });

  it('refuses a damaged last line that has its newline: an append cut short never ends in one', () => {
    const text = journal();
    const damagedLast = withChar(text, text.indexOf('{"N":"3"}') + 6, '9');
    expect(parseError(damagedLast).message).toBe(
      `The data file ${FILE} is damaged at line 4 (its checksum does not match: the line changed after it was written). ` +
        'Start with --data-repair to keep every intact record and drop line 4, or restore the file from a backup.',
    );
    const repaired = parseTableFile(Buffer.from(damagedLast), FILE, { repair: true });
    expect(repaired.tornTail).toBeUndefined();
    expect(repaired.dropped).toEqual([expect.objectContaining({ line: 4, writes: ['put {"pk":{"S":"P"},"sk":{"S":"c"}}'] })]);
    expect(items(repaired).map((item) => item.sk)).toEqual([S('a'), S('b')]);
  });

  it('refuses a last line whose newline became another byte (a cut-off append is a prefix, never a whole line and more)', () => {
    const text = journal();
    expect(parseError(withChar(text, text.length - 1, ' ')).message).toMatch(/damaged at line 4 \(the line ends in another byte where its newline was/);
  });

  describe('a rewritten file (its header counts the lines written with it)', () => {
    const writes = Array.from({ length: 1500 }, (_, i) => put(String(i).padStart(4, '0'), i));
    /** Header, a line of 1,000 items, a line of 500: what a compacting start writes. */
    const rewritten = headerLine(DEFINITION, rewrittenLineCount(1500, 0)) + [...itemLines(writes.map((write) => write.item as Item))].join('');

    it('reads back every line', () => {
      expect(rewritten.split('\n')).toHaveLength(4);
      expect(items(parseTableFile(Buffer.from(rewritten), FILE))).toHaveLength(1500);
    });

    it('refuses its last line damaged, whichever byte changed, and repair reports exactly what it dropped', () => {
      const lastLine = rewritten.lastIndexOf('\n', rewritten.length - 2) + 1;
      for (const offset of [lastLine + 10, rewritten.length - 3, rewritten.length - 1]) {
        const damaged = withChar(rewritten, offset, '7');
        expect(parseError(damaged).message).toMatch(new RegExp(`^The data file ${FILE} is damaged at line 3 \\(.*Start with --data-repair`));
        const repaired = parseTableFile(Buffer.from(damaged), FILE, { repair: true });
        expect(items(repaired)).toHaveLength(1000);
        expect(repaired.dropped).toHaveLength(1);
        expect(repaired.dropped[0]?.line).toBe(3);
      }
    });

    it('refuses it cut short inside or after its lines: a rename is all or nothing, so they were never torn', () => {
      expect(parseError(rewritten.slice(0, -40)).message).toMatch(
        /damaged at line 3 \(the line has no end, but it was written with the whole file, not appended/,
      );
      const twoLines = rewritten.slice(0, rewritten.lastIndexOf('\n', rewritten.length - 2) + 1);
      expect(parseError(twoLines).message).toMatch(/damaged at line 3 \(the file ends after line 2, but it was written with 3 lines: it was cut short\)/);
    });

    it('drops a torn append after its lines, and refuses a damaged one', () => {
      const appended = rewritten + [...changeLines([put('x', 1)])].join('');
      const torn = parseTableFile(Buffer.from(appended.slice(0, -5)), FILE);
      expect(torn.tornTail).toMatch(/dropped an unfinished write at line 4 \(the line has no end\)/);
      expect(items(torn)).toHaveLength(1500);
      expect(parseError(withChar(appended, appended.length - 20, '0')).message).toMatch(/damaged at line 4/);
    });
  });

  it('repairs: keeps every intact record and reports exactly what it dropped', () => {
    const text = journal() + sealLine('{"w":[{"d":{"pk":{"S":"P"},"sk":{"S":"a"}}},{"p":{"pk":{"S":"P"},"sk":{"S":"d"},"score":{"N":"4"}}}]');
    let damaged = withChar(text, text.indexOf('{"N":"2"}') + 6, '5'); // line 3: still parses
    damaged = withChar(damaged, damaged.indexOf('"sk":{"S":"c"}') - 1, ']'); // line 4: no longer JSON
    const parsed = parseTableFile(Buffer.from(damaged), FILE, { repair: true });
    expect(parsed.dropped).toEqual([
      {
        line: 3,
        why: 'its checksum does not match: the line changed after it was written',
        writes: ['put {"pk":{"S":"P"},"sk":{"S":"b"}}'],
      },
      { line: 4, why: 'its checksum does not match: the line changed after it was written', writes: undefined },
    ]);
    // Line 2 and line 5 (a delete of `a` and a put of `d`, one change) are intact and kept.
    expect(items(parsed).map((item) => item.sk)).toEqual([S('d')]);
  });

  it('lists the writes of a damaged line that held several, deletes included', () => {
    const text =
      journal() +
      sealLine('{"w":[{"d":{"pk":{"S":"P"},"sk":{"S":"a"}}},{"p":{"pk":{"S":"P"},"sk":{"S":"d"},"x":{"S":"y"}}}]') +
      [...changeLines([put('e', 5)])].join('');
    const damaged = withChar(text, text.indexOf('"x":{"S":"y"}') + 10, 'z');
    expect(parseTableFile(Buffer.from(damaged), FILE, { repair: true }).dropped).toEqual([
      expect.objectContaining({ line: 5, writes: ['delete {"pk":{"S":"P"},"sk":{"S":"a"}}', 'put {"pk":{"S":"P"},"sk":{"S":"d"}}'] }),
    ]);
  });
});

describe('parseTableFile: files written before checksums (format 1)', () => {
  /** Exactly what Keylab wrote before checksums. */
  const LEGACY =
    JSON.stringify({ keylab: 'table', version: 1, table: DEFINITION }) +
    '\n' +
    '{"w":[{"p":{"pk":{"S":"P"},"sk":{"S":"a"},"score":{"N":"1"}}}]}\n' +
    '{"w":[{"p":{"pk":{"S":"P"},"sk":{"S":"b"},"score":{"N":"2"}}}],"more":true}\n' +
    '{"w":[{"d":{"pk":{"S":"P"},"sk":{"S":"a"}}}]}\n';

  it('loads them as before', () => {
    const parsed = parseTableFile(Buffer.from(LEGACY), FILE);
    expect(parsed).toMatchObject({ version: 1, dropped: [], goodBytes: LEGACY.length });
    expect(items(parsed)).toEqual([{ pk: S('P'), sk: S('b'), score: N(2) }]);
  });

  it('still refuses damage that breaks a line, with the way out, and still drops a torn tail', () => {
    const broken = LEGACY.replace('"sk":{"S":"b"}', '"sk":{"S":"b"');
    const error = parseError(broken);
    expect(error.code).toBe('persistence.damagedRecords');
    expect(error.message).toMatch(/damaged at line 3 \(.*JSON.*\)\. Start with --data-repair to keep every intact record and drop line 3/);
    expect(parseTableFile(Buffer.from(LEGACY.slice(0, -3)), FILE).tornTail).toMatch(/line 4/);
  });

  it('is told apart by its header: a checksum-less line in a format-2 file is damage', () => {
    const mixed = journal() + '{"w":[{"p":{"pk":{"S":"P"},"sk":{"S":"z"}}}]}\n' + [...changeLines([put('e', 5)])].join('');
    expect(parseError(mixed).message).toMatch(/damaged at line 5 \(it has no checksum\)/);
  });
});
