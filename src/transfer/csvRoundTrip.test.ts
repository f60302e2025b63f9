import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Item } from '../expressions';
import { writeExport, type ExportSummary } from './exportWriters';
import { readImportFile, type ReadEntry } from './importReaders';

/*
 * CSV export → CSV import gives back the items (property): whatever a table holds — strings with
 * commas, quotes, line breaks (\r\n, a lone \r), leading and trailing spaces, a BOM, characters
 * outside the BMP, empty strings; numbers; binary; booleans; NULL; sets, lists and maps — the
 * file the export writes (its columns typed from the page: S, N, B, BOOL, or JSON for the rest)
 * reads back through the import's reader to the same items, whatever chunks the file arrives in.
 */

const KEYS = { partitionKey: { name: 'pk', type: 'S' as const }, sortKey: { name: 'sk', type: 'N' as const } };

/** Text made to break CSV: separators, quotes, line breaks, spaces at the ends, a BOM, non-BMP characters. */
const awkwardText = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(',', '"', '""', '\r\n', '\r', '\n', ' ', '\t', '\uFEFF', '𝄞', '🎉', 'é', '{', '}', 'true', '1', '-', '.', 'e') },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 12,
});

/** A number as DynamoDB stores it (normalised: no leading or trailing zeros, no exponent). */
const dynamoNumber = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 6 })).map(([negative, digits, scale]) => {
  const text = digits.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale).replace(/^0+(?=\d)/, '');
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  const magnitude = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
});

const bytes = fc.uint8Array({ maxLength: 8 });

const scalar: fc.Arbitrary<AttributeValue> = fc.oneof(
  awkwardText.map((S) => ({ S })),
  dynamoNumber.map((N) => ({ N })),
  bytes.map((B) => ({ B })),
  fc.boolean().map((BOOL) => ({ BOOL })),
  fc.constant({ NULL: true as const }),
);

const value: fc.Arbitrary<AttributeValue> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.uniqueArray(awkwardText, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })) },
  { weight: 1, arbitrary: fc.uniqueArray(dynamoNumber, { minLength: 1, maxLength: 3 }).map((NS) => ({ NS })) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }).map((L) => ({ L })) },
  { weight: 1, arbitrary: fc.dictionary(awkwardText, scalar, { maxKeys: 3 }).map((M) => ({ M })) },
);

/** An attribute name: awkward too, but never a key's name, and (like every header cell) not blank. */
const attributeName = awkwardText.filter((name) => name !== 'pk' && name !== 'sk' && name.trim() !== '' && name === name.trim());

/** A page of items with distinct keys; each attribute keeps one type or mixes several (a JSON column). */
const page: fc.Arbitrary<Item[]> = fc
  .tuple(
    fc.uniqueArray(
      fc.tuple(
        awkwardText.filter((text) => text !== ''),
        dynamoNumber,
      ),
      { minLength: 1, maxLength: 6, selector: ([pk, sk]) => JSON.stringify([pk, sk]) },
    ),
    fc.uniqueArray(attributeName, { maxLength: 4 }),
  )
  .chain(([keys, names]) =>
    fc.tuple(
      ...keys.map(([pk, sk]) =>
        fc.tuple(...names.map(() => fc.option(value, { nil: undefined }))).map((values) => {
          const item: Item = { pk: { S: pk }, sk: { N: sk } };
          names.forEach((name, index) => {
            const attribute = values[index];
            if (attribute !== undefined) item[name] = attribute;
          });
          return item;
        }),
      ),
    ),
  );

/** `text` as bytes cut into chunks of `size` (chunk edges land inside cells, quotes and UTF-8 characters). */
function chunksOf(text: string, size: number): Uint8Array[] {
  const encoded = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < encoded.length; i += size) chunks.push(encoded.slice(i, i + size));
  return chunks;
}

async function exportCsv(items: readonly Item[], summary: ExportSummary): Promise<string> {
  let text = '';
  async function* onePage() {
    yield items;
  }
  for await (const chunk of writeExport(onePage(), 'csv', summary, ['pk', 'sk'])) text += chunk;
  return text;
}

async function importCsv(text: string, chunkSize: number): Promise<ReadEntry[]> {
  const entries: ReadEntry[] = [];
  for await (const entry of readImportFile(chunksOf(text, chunkSize), 'csv', { keys: KEYS })) entries.push(entry);
  return entries;
}

/** An item as plain data: binary as byte lists, sets in one order (a set has none; the reader keeps its own). */
function comparable(item: Item): unknown {
  return JSON.parse(
    JSON.stringify(item, (key, field: unknown) => {
      if (field instanceof Uint8Array) return { bytes: [...field] };
      if ((key === 'SS' || key === 'NS' || key === 'BS') && Array.isArray(field))
        return field.map((member: unknown) => JSON.stringify(member instanceof Uint8Array ? [...member] : member)).sort();
      return field;
    }),
  );
}

async function roundTrip(items: readonly Item[], chunkSize: number): Promise<void> {
  const summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 };
  const text = await exportCsv(items, summary);
  expect(summary).toEqual({ items: items.length, csvValuesLeftOut: 0 });
  const entries = await importCsv(text, chunkSize);
  const rejected = entries.flatMap((entry) => ('rejected' in entry ? [`line ${entry.line}: ${entry.rejected}`] : []));
  expect(rejected, text).toEqual([]);
  expect(
    entries.map((entry) => ('item' in entry ? comparable(entry.item) : undefined)),
    text,
  ).toEqual(items.map(comparable));
}

describe('CSV export → import', () => {
  it('gives back every item exactly, whatever its strings, numbers and types, in any chunks (property)', async () => {
    await fc.assert(
      fc.asyncProperty(page, fc.integer({ min: 1, max: 64 }), (items, chunkSize) => roundTrip(items, chunkSize)),
      { numRuns: 200 },
    );
  });
});

describe('CSV export → import: what the property found', () => {
  it('an attribute name with a line break keeps its typed column (the header cell is read across the break)', async () => {
    await roundTrip([{ pk: { S: ' ' }, sk: { N: '0' }, '!\n,': { L: [] } }], 1);
    await roundTrip([{ pk: { S: 'a' }, sk: { N: '1' }, 'two\r\nlines': { S: 'x' } }], 7);
  });

  it('an empty string or empty binary is written "" and reads back; an empty cell is still no attribute', async () => {
    await roundTrip([{ pk: { S: ',𛊙𑂜""\r 𝝎*' }, sk: { N: '1422616787492848.729' }, '🎉': { B: new Uint8Array(0) } }], 1);
    await roundTrip(
      [
        { pk: { S: 'a' }, sk: { N: '1' }, empty: { S: '' }, bytes: { B: new Uint8Array(0) } },
        { pk: { S: 'b' }, sk: { N: '2' } },
      ],
      3,
    );
    const summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 };
    expect(
      await exportCsv(
        [
          { pk: { S: 'a' }, sk: { N: '1' }, empty: { S: '' } },
          { pk: { S: 'b' }, sk: { N: '2' } },
        ],
        summary,
      ),
    ).toBe('pk (S),sk (N),empty (S)\na,1,""\nb,2,\n');
    // Written by hand: "" in an untyped column is an empty string too.
    const entries = await importCsv('pk,sk,note\na,1,""\nb,2,\n', 4);
    expect(entries.map((entry) => ('item' in entry ? entry.item : entry.rejected))).toEqual([
      { pk: { S: 'a' }, sk: { N: '1' }, note: { S: '' } },
      { pk: { S: 'b' }, sk: { N: '2' } },
    ]);
  });
});
