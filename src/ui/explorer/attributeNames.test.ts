/**
 * Attribute names that are JavaScript's own (`constructor`, `__proto__`, …)
 * are attributes like any other, on every path keyed by attribute names: the
 * grid's columns and widths, the exports (JSON lines, JSON, CSV) read back by
 * import, and the item editor's text and form. A property over such names
 * and random ones.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setOwnAttribute, type Item } from '../../expressions';
import { formFromText, formToText, itemFromForm, itemFromText, itemToForm, itemToText } from '../../items';
import { readImportFile, writeExport, type ExportFormat, type ReadEntry } from '../../transfer';
import { columnNamesFor } from './gridColumns';
import { COLUMN_PX, FALLBACK_METRICS, gridLayout, ROW_HEIGHT, rowHeightOf, scanKeyWidths } from './gridLayout';
import { expectOk } from '../../errors/testing';

/** Names every plain object answers without owning them, and the one that sets the prototype. */
const JS_OWN_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'prototype', 'isPrototypeOf', 'toLocaleString'];
const KEYS = { partitionKey: { name: 'pk', type: 'S' as const } };

// Names without edge spaces: CSV import trims header cells (hand-written headers), so " a" would read back as "a".
const attributeName = fc
  .oneof(fc.constantFrom(...JS_OWN_NAMES), fc.string({ minLength: 1, maxLength: 12 }))
  .filter((name) => name !== 'pk' && name.trim() === name);
const attributeValue: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.string().map((S) => ({ S })),
  fc.integer().map((n) => ({ N: String(n) })),
  fc.boolean().map((BOOL) => ({ BOOL })),
  fc.constantFrom(...JS_OWN_NAMES).map((name) => ({ M: objectOf([[name, { S: name }]]) })),
);

/** An object with these own properties, `__proto__` included (a literal or an assignment would set the prototype). */
function objectOf(entries: readonly (readonly [string, AttributeValue])[]): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of entries) setOwnAttribute(out, name, value);
  return out;
}

const itemArbitrary: fc.Arbitrary<Item> = fc
  .uniqueArray(fc.tuple(attributeName, attributeValue), { minLength: 1, maxLength: 6, selector: ([name]) => name })
  .chain((entries) => fc.string({ minLength: 1, maxLength: 6 }).map((pk) => objectOf([['pk', { S: pk }], ...entries])));

/** An item as plain data with its own names only, `__proto__` as a name like the others (what toEqual should compare). */
const entriesOf = (item: Item) => Object.keys(item).map((name) => [name, Object.getOwnPropertyDescriptor(item, name)?.value as unknown]);

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function exportAndReadBack(items: readonly Item[], format: ExportFormat): Promise<ReadEntry[]> {
  async function* pages() {
    yield items;
  }
  const text = await collect(writeExport(pages(), format, { items: 0, csvValuesLeftOut: 0 }, ['pk']));
  const entries: ReadEntry[] = [];
  for await (const entry of readImportFile([new TextEncoder().encode(text)], format, { keys: KEYS })) entries.push(entry);
  return entries;
}

describe('attribute names that are JavaScript’s own', () => {
  it('each is a column of its own, with the width every column has', () => {
    const item = objectOf(JS_OWN_NAMES.map((name) => [name, { S: name }]));
    setOwnAttribute(item, 'pk', { S: 'a' });
    const names = columnNamesFor([item, { pk: { S: 'b' } }], ['pk']);
    expect(names).toEqual(['pk', ...JS_OWN_NAMES]);
    const keyWidths = scanKeyWidths(undefined, [item], ['pk']).widths;
    const layout = gridLayout({ columnNames: names, keyCount: 1, keyWidths, sizing: {}, metrics: FALLBACK_METRICS });
    expect(layout.widths.slice(1)).toEqual(JS_OWN_NAMES.map(() => COLUMN_PX));
    expect(layout.template).not.toContain('NaN');
    // A row without those attributes is one line, like any other.
    expect(rowHeightOf({ pk: { S: 'b' } }, layout)).toBe(ROW_HEIGHT);
  });

  it('a width set for __proto__ is that column’s, and no other column reads Object’s members as widths', () => {
    const sizing: Record<string, number> = {};
    Object.defineProperty(sizing, '__proto__', { value: 300, enumerable: true });
    const layout = gridLayout({ columnNames: ['pk', '__proto__', 'constructor', 'toString'], keyCount: 1, keyWidths: [1], sizing, metrics: FALLBACK_METRICS });
    expect(layout.widths.slice(1)).toEqual([300, COLUMN_PX, COLUMN_PX]);
  });

  it('property: grid columns, the editor’s text and form, and every export keep each attribute', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(itemArbitrary, { minLength: 1, maxLength: 4 }), async (items) => {
        const names = columnNamesFor(items, ['pk']);
        for (const item of items) for (const name of Object.keys(item)) expect(names).toContain(name);
        const layout = gridLayout({ columnNames: names, keyCount: 1, keyWidths: [8], sizing: {}, metrics: FALLBACK_METRICS });
        expect(layout.widths.every((width) => Number.isFinite(width) && width > 0)).toBe(true);

        for (const item of items) {
          const read = itemFromText(itemToText(item));
          expectOk(read);
          expect(entriesOf(read.item)).toEqual(entriesOf(item));
          const form = formFromText(itemToText(item), 'base64');
          expect(form?.map((entry) => entry.name)).toEqual(Object.keys(item));
          const fromForm = itemFromForm(itemToForm(item, 'base64'), 'base64');
          expectOk(fromForm);
          expect(entriesOf(fromForm.item)).toEqual(entriesOf(item));
          expect(JSON.parse(formToText(itemToForm(item, 'base64'), 'base64'))).toEqual(JSON.parse(itemToText(item)));
        }

        for (const format of ['jsonl', 'json'] as const) {
          const entries = await exportAndReadBack(items, format);
          expect(entries.map((entry) => ('item' in entry ? entriesOf(entry.item) : entry))).toEqual(items.map(entriesOf));
        }
        // CSV: every attribute's name is a header and every value comes back (typed by its column; an empty cell is CSV's "absent").
        const csv = await exportAndReadBack(items, 'csv');
        expect(csv.every((entry) => 'item' in entry)).toBe(true);
        csv.forEach((entry, index) => {
          if (!('item' in entry)) return;
          const item = items[index] as Item;
          const read = Object.keys(entry.item);
          for (const name of read) expect(Object.hasOwn(item, name)).toBe(true);
          for (const name of Object.keys(item)) if (Object.getOwnPropertyDescriptor(item, name)?.value.S !== '') expect(read).toContain(name);
        });
      }),
      { numRuns: 150 },
    );
  });
});
