import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemSize, type Item } from '../../../expressions';
import { DeferredItem, keyAttributesFor, readRestored } from '../../storage/deferredItem';
import { N, S } from '../../engine.fixtures';
import type { ItemWrite } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import { isPersistenceError, type PersistenceError } from '../persistenceError';
import { sealLine } from './lineChecksum';
import { baseLines, changeLines, headerLine, parseTableFile, rewrittenLineCount, type ParsedTableFile } from './tableFile';

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
  return parsed.replay.items().map(readRestored);
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
    expect(parsed).toMatchObject({ version: 3, sizesCurrent: true, dropped: [], goodBytes: journal().length });
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
    /** Header, keys and items lines of 1,000 items, keys and items lines of 500: what a compacting start writes. */
    const rewritten =
      headerLine(DEFINITION, rewrittenLineCount(1500, 0)) +
      [
        ...baseLines(
          DEFINITION,
          writes.map((write) => write.item as Item),
        ),
      ].join('');

    it('reads back every line', () => {
      expect(rewritten.split('\n')).toHaveLength(6);
      expect(items(parseTableFile(Buffer.from(rewritten), FILE))).toHaveLength(1500);
    });

    it('refuses its last line damaged, whichever byte changed, and repair reports exactly what it dropped', () => {
      const lastLine = rewritten.lastIndexOf('\n', rewritten.length - 2) + 1;
      for (const offset of [lastLine + 10, rewritten.length - 3, rewritten.length - 1]) {
        const damaged = withChar(rewritten, offset, '7');
        expect(parseError(damaged).message).toMatch(new RegExp(`^The data file ${FILE} is damaged at line 5 \\(.*Start with --data-repair`));
        const repaired = parseTableFile(Buffer.from(damaged), FILE, { repair: true });
        expect(items(repaired)).toHaveLength(1000);
        expect(repaired.dropped).toHaveLength(1);
        expect(repaired.dropped[0]?.line).toBe(5);
        // Its keys line says which items were lost.
        expect(repaired.dropped[0]?.writes).toHaveLength(500);
        expect(repaired.dropped[0]?.writes?.[0]).toBe('put {"pk":{"S":"P"},"sk":{"S":"1000"}}');
      }
    });

    it('refuses it cut short inside or after its lines: a rename is all or nothing, so they were never torn', () => {
      expect(parseError(rewritten.slice(0, -40)).message).toMatch(
        /damaged at line 5 \(the line has no end, but it was written with the whole file, not appended/,
      );
      const fourLines = rewritten.slice(0, rewritten.lastIndexOf('\n', rewritten.length - 2) + 1);
      expect(parseError(fourLines).message).toMatch(/damaged at line 5 \(the file ends after line 4, but it was written with 5 lines: it was cut short\)/);
    });

    it('drops a torn append after its lines, and refuses a damaged one', () => {
      const appended = rewritten + [...changeLines([put('x', 1)])].join('');
      const torn = parseTableFile(Buffer.from(appended.slice(0, -5)), FILE);
      expect(torn.tornTail).toMatch(/dropped an unfinished write at line 6 \(the line has no end\)/);
      expect(items(torn)).toHaveLength(1500);
      expect(parseError(withChar(appended, appended.length - 20, '0')).message).toMatch(/damaged at line 6/);
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

describe('parseTableFile: a rewrite read by key (format 3)', () => {
  /** A table keyed by N and B: keys lines hold numbers as their text and binary as base64. */
  const BINARY = {
    name: 'Blobs',
    keys: { partitionKey: { name: 'id', type: 'N' }, sortKey: { name: 'at', type: 'B' } },
    attributeDefinitions: [
      { name: 'id', type: 'N' },
      { name: 'at', type: 'B' },
    ],
  } as unknown as TableDefinition;
  const blob = (id: number, at: number): Item => ({
    id: N(id),
    at: { B: Uint8Array.of(at, 255 - at) },
    note: S(`n${at}`),
    list: { L: [N(at), { BOOL: true }] },
  });
  const blobs = Array.from({ length: 2500 }, (_, i) => blob(Math.floor(i / 100), i % 100));
  const file = headerLine(BINARY, rewrittenLineCount(blobs.length, 0)) + [...baseLines(BINARY, blobs)].join('');
  const fileLines = file.split('\n').slice(0, -1);

  /** The line's body resealed with a correct checksum: a change made by hand, which no checksum catches. */
  const resealed = (line: string, change: (body: string) => string) => sealLine(change(line.slice(0, -16))).trimEnd();
  const withLine = (lineNumber: number, line: string) => fileLines.map((old, i) => (i === lineNumber - 1 ? line : old)).join('\n') + '\n';

  it('keeps keys and sizes, reads no items line at load, and reads a block whole on first use', () => {
    expect(fileLines[1]).toMatch(/^\{"k":\["0","AP8=","0","Af4="/);
    const parsed = parseTableFile(Buffer.from(file), '/data/Blobs.table.jsonl');
    const restored = parsed.replay.items();
    expect(restored).toHaveLength(2500);
    expect(restored.every((item) => item instanceof DeferredItem)).toBe(true);
    const deferred = restored as DeferredItem[];
    expect(deferred.map((item) => item.size)).toEqual(blobs.map(itemSize));
    expect(deferred[1]?.key).toEqual({ id: N(0), at: { B: Uint8Array.of(1, 254) } });
    expect(deferred.some((item) => item.block.isRead)).toBe(false);
    expect(deferred[1001]?.read()).toEqual(blobs[1001]);
    expect(deferred.map((item) => item.block.isRead)).toEqual(blobs.map((_, i) => i >= 1000 && i < 2000));
    expect(restored.map(readRestored)).toEqual(blobs);
  });

  it('refuses, when read, an items line changed by hand with its checksum made to match: the key, a value', () => {
    // Item 2 of line 3 (the first items line) gets another sort key: the keys line still lists the old one.
    const otherKey = withLine(
      3,
      resealed(fileLines[2] as string, (body) => body.replace('"at":{"B":"Af4="}', '"at":{"B":"Af0="}')),
    );
    const parsed = parseTableFile(Buffer.from(otherKey), '/data/Blobs.table.jsonl');
    const deferred = parsed.replay.items() as DeferredItem[];
    const read = () => deferred[1]?.read();
    expect(read).toThrow(
      /^The data file \/data\/Blobs\.table\.jsonl is damaged at line 3 \(item 2's key at is not the key its keys line lists\)\. Start with --data-repair/,
    );
    // The same error again: the block stays unread, never half read.
    expect(read).toThrow(/damaged at line 3/);
    expect(deferred[1500]?.read()).toEqual(blobs[1500]);

    const notANumber = withLine(
      3,
      resealed(fileLines[2] as string, (body) => body.replace('"list":{"L":[{"N":"5"}', '"list":{"L":[{"N":"five"}')),
    );
    const parsedAgain = parseTableFile(Buffer.from(notANumber), '/data/Blobs.table.jsonl');
    expect(() => (parsedAgain.replay.items()[0] as DeferredItem).read()).toThrow(/damaged at line 3 \(item 6: list\.L\[0\]\.N: .*five/);
  });

  it('repairs at once: reads every items line, drops one that fails and lists its items from the keys line', () => {
    const otherKey = withLine(
      5,
      resealed(fileLines[4] as string, (body) => body.replace('"at":{"B":"AP8="}', '"at":{"B":"AP4="}')),
    );
    const repaired = parseTableFile(Buffer.from(otherKey), '/data/Blobs.table.jsonl', { repair: true });
    expect(repaired.replay.items().every((item) => !(item instanceof DeferredItem))).toBe(true);
    expect(repaired.replay.items()).toHaveLength(1500);
    expect(repaired.dropped).toEqual([
      expect.objectContaining({
        line: 5,
        why: "item 1's key at is not the key its keys line lists",
        writes: expect.arrayContaining(['put {"id":{"N":"10"},"at":{"B":"AP8="}}']),
      }),
    ]);
    expect(repaired.dropped[0]?.writes).toHaveLength(1000);
  });

  it('refuses a damaged keys line at load; repair keeps the items of the line after it (read and validated whole)', () => {
    const damagedKeys = withLine(2, (fileLines[1] as string).replace('"k":["0"', '"k":["9"'));
    expect(parseError(damagedKeys).message).toMatch(/damaged at line 2 \(its checksum does not match/);
    const repaired = parseTableFile(Buffer.from(damagedKeys), FILE, { repair: true });
    expect(repaired.replay.items().map(readRestored)).toEqual(blobs);
    expect(repaired.dropped).toEqual([{ line: 2, why: 'its checksum does not match: the line changed after it was written; the items of line 3 were kept' }]);
  });

  it('refuses a keys line without its items line, and keys that are not the table key type', () => {
    const withoutItems = [
      fileLines[0],
      fileLines[1],
      ...[...changeLines([{ tableName: 'Blobs', key: blob(99, 1), item: blob(99, 1) }])].map((line) => line.trimEnd()),
    ];
    const header = headerLine(BINARY, 2).trimEnd();
    expect(parseError([header, ...withoutItems.slice(1)].join('\n') + '\n').message).toMatch(/damaged at line 2 \(its items line is missing\)/);
    const badNumber = withLine(
      2,
      resealed(fileLines[1] as string, (body) => body.replace('"k":["0"', '"k":["00x"')),
    );
    expect(parseError(badNumber).message).toMatch(/damaged at line 2 \(item 1's key id: .*00x/);
    const badSize = withLine(
      2,
      resealed(fileLines[1] as string, (body) => body.replace('"z":[', '"z":[0,').replace(/,\d+\]$/, ']')),
    );
    expect(parseError(badSize).message).toMatch(/damaged at line 2 \(item 1's size 0 is not a whole number of bytes up to 409600\)/);
  });

  it('reads the items at once when their sizes were stored under other itemSize rules (and says the file should be rewritten)', () => {
    const olderSizes = withLine(
      1,
      resealed(fileLines[0] as string, (body) => body.replace(/"sizes":\d+/, '"sizes":0')),
    );
    const parsed = parseTableFile(Buffer.from(olderSizes), FILE);
    expect(parsed.sizesCurrent).toBe(false);
    expect(parsed.replay.items().some((item) => item instanceof DeferredItem)).toBe(false);
    expect(parsed.replay.items()).toEqual(blobs);
  });
});

describe('parseTableFile: format 2 rewrites (items as puts)', () => {
  it('loads them as before: the file is rewritten as format 3 at load (compactsAtLoad)', () => {
    const header = sealLine(JSON.stringify({ keylab: 'table', version: 2, table: DEFINITION, lines: 1 }).slice(0, -1));
    const text = header + sealLine('{"w":[{"p":{"pk":{"S":"P"},"sk":{"S":"a"},"score":{"N":"1"}}},{"p":{"pk":{"S":"P"},"sk":{"S":"b"},"score":{"N":"2"}}}]');
    const parsed = parseTableFile(Buffer.from(text), FILE);
    expect(parsed).toMatchObject({ version: 2, sizesCurrent: false, dropped: [] });
    expect(items(parsed)).toEqual([put('a', 1).item, put('b', 2).item]);
  });
});

describe('format 3 round trip', () => {
  const leaf: fc.Arbitrary<AttributeValue> = fc.oneof(
    fc.string({ unit: 'grapheme' }).map((text) => ({ S: text })),
    fc.uint8Array({ maxLength: 20 }).map((bytes) => ({ B: bytes })),
    fc.constantFrom('1000', '-0.5', '12345678901234567890123456789012345678', '0').map((text) => ({ N: text })),
    fc.boolean().map((flag) => ({ BOOL: flag })),
    fc.constant({ NULL: true as const }),
  );
  const { value: attributeValue } = fc.letrec<{ value: AttributeValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('value'), { maxLength: 3 }).map((list) => ({ L: list })),
      fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 3 }).map((map) => ({ M: map })),
    ),
  }));
  const keyValue: Record<'S' | 'N' | 'B', fc.Arbitrary<AttributeValue>> = {
    S: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((text) => ({ S: text })),
    N: fc.integer({ min: -1e6, max: 1e6 }).map((n) => ({ N: String(n) })),
    B: fc.uint8Array({ minLength: 1, maxLength: 6 }).map((bytes) => ({ B: bytes })),
  };
  const schema = fc.record({
    pk: fc.constantFrom('S' as const, 'N' as const, 'B' as const),
    sk: fc.constantFrom('S' as const, 'N' as const, 'B' as const, undefined),
  });

  it('reads back every item whole, with its size, whatever the key types and values (property)', () => {
    fc.assert(
      fc.property(
        schema.chain(({ pk, sk }) =>
          fc.tuple(
            fc.constant({ pk, sk }),
            fc.uniqueArray(
              fc.record({
                pk: keyValue[pk],
                ...(sk ? { sk: keyValue[sk] } : {}),
                rest: fc.dictionary(fc.string({ minLength: 3 }), attributeValue, { maxKeys: 3 }),
              }),
              { maxLength: 1200, selector: (item) => JSON.stringify([item.pk, item.sk], (_, v: unknown) => (v instanceof Uint8Array ? [...v] : v)) },
            ),
          ),
        ),
        ([types, rows]) => {
          const definition = {
            name: 'Round',
            keys: { partitionKey: { name: 'pk', type: types.pk }, ...(types.sk ? { sortKey: { name: 'sk', type: types.sk } } : {}) },
          } as unknown as TableDefinition;
          const stored: Item[] = rows.map(({ rest, ...key }) => ({ ...rest, ...key }) as Item);
          const text = headerLine(definition, rewrittenLineCount(stored.length, 0)) + [...baseLines(definition, stored)].join('');
          const restored = parseTableFile(Buffer.from(text), FILE).replay.items() as DeferredItem[];
          expect(restored.map((item) => item.size)).toEqual(stored.map(itemSize));
          expect(restored.map(readRestored)).toEqual(stored);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('format 3 with indexes: index key values kept beside the keys', () => {
  const INDEXED = {
    name: 'Indexed',
    keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
    attributeDefinitions: [],
    indexes: [
      {
        name: 'byGold',
        kind: 'global',
        keys: { partitionKey: { name: 'gold', type: 'S' }, sortKey: { name: 'rank', type: 'N' } },
        projection: { type: 'ALL' },
      },
      { name: 'byBlob', kind: 'global', keys: { partitionKey: { name: 'blob', type: 'B' } }, projection: { type: 'KEYS_ONLY' } },
      {
        name: 'byRank',
        kind: 'local',
        keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'rank', type: 'N' } },
        projection: { type: 'INCLUDE', nonKeyAttributes: ['note'] },
      },
    ],
  } as unknown as TableDefinition;
  const indexValue = fc.oneof(
    fc.constant(undefined),
    fc.string({ unit: 'grapheme', maxLength: 6 }).map((text) => ({ S: text })),
    fc.integer({ min: -99, max: 99 }).map((n) => ({ N: String(n) })),
    fc.uint8Array({ maxLength: 4 }).map((bytes) => ({ B: bytes })),
    fc.constant({ BOOL: true }),
    fc.constant({ L: [{ S: 'x' }] }),
  );

  it('keeps exactly keyAttributesFor of each item, and reads back every item (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ pk: fc.nat(5), sk: fc.nat(400), gold: indexValue, rank: indexValue, blob: indexValue }), {
          maxLength: 1200,
          selector: (row) => `${row.pk}/${row.sk}`,
        }),
        (rows) => {
          const stored = rows.map(({ pk, sk, ...rest }) => {
            const item: Item = { pk: S(`P${pk}`), sk: S(String(sk)), note: S('n') };
            for (const [name, value] of Object.entries(rest)) if (value !== undefined) item[name] = value as AttributeValue;
            return item;
          });
          const text = headerLine(INDEXED, rewrittenLineCount(stored.length, 0)) + [...baseLines(INDEXED, stored)].join('');
          const restored = parseTableFile(Buffer.from(text), FILE).replay.items() as DeferredItem[];
          expect(restored.map((item) => item.key)).toEqual(stored.map((item) => keyAttributesFor(item, INDEXED)));
          expect(restored.map(readRestored)).toEqual(stored);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('writes the index key values as typed text, and refuses on read an item whose index key value is not the one listed', () => {
    const items: Item[] = [
      { pk: S('P'), sk: S('1'), gold: S('g'), rank: N(5), blob: { B: Uint8Array.of(1, 2) } },
      { pk: S('P'), sk: S('2'), gold: { BOOL: true } },
      { pk: S('P'), sk: S('3'), rank: N(-1), gold: S('') },
    ];
    const text = headerLine(INDEXED, rewrittenLineCount(items.length, 0)) + [...baseLines(INDEXED, items)].join('');
    const [header, keysLine, itemsLine] = text.split('\n') as [string, string, string];
    expect(keysLine).toMatch(/^\{"k":\["P","1","P","2","P","3"\],"z":\[\d+,\d+,\d+\],"x":\["Sg","N5","BAQI=",0,null,null,"S","N-1",null\],"c"/);
    const changed = sealLine(itemsLine.slice(0, -16).replace('"rank":{"N":"5"}', '"rank":{"N":"6"}'));
    const parsed = parseTableFile(Buffer.from([header, keysLine, changed].join('\n')), FILE);
    expect(() => (parsed.replay.items()[0] as DeferredItem).read()).toThrow(
      /damaged at line 3 \(item 1's rank is not the index key value its keys line lists\)/,
    );
  });
});
