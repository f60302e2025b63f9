import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeExport, type ExportPage } from './exportWriters';
import { splitWireItems } from './wirePages';

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function* pagesOf(...pages: ExportPage[]): AsyncGenerator<ExportPage> {
  yield* pages;
}

/** What the SDK would read of `rest`, and the items of `wireLines`, for comparing with the body's own parse. */
function readBack(split: ReturnType<typeof splitWireItems>) {
  if (!split) throw new Error('not split');
  const items =
    split.wireLines === ''
      ? []
      : split.wireLines
          .slice(0, -1)
          .split('\n')
          .map((line) => JSON.parse(line) as unknown);
  return { items, rest: JSON.parse(split.rest) as unknown, count: split.count };
}

describe('splitWireItems', () => {
  it('cuts the items out of a compact Scan body, each on its line, and leaves the rest for the SDK', () => {
    const body = '{"Count":2,"Items":[{"pk":{"S":"a"},"n":{"N":"1"}},{"pk":{"S":"b"},"b":{"B":"/w=="}}],"LastEvaluatedKey":{"pk":{"S":"b"}},"ScannedCount":2}';
    expect(splitWireItems(body)).toEqual({
      wireLines: '{"pk":{"S":"a"},"n":{"N":"1"}}\n{"pk":{"S":"b"},"b":{"B":"/w=="}}\n',
      count: 2,
      rest: '{"Count":2,"LastEvaluatedKey":{"pk":{"S":"b"}},"ScannedCount":2}',
    });
  });

  it('is not fooled by braces, brackets, commas, quotes and backslashes inside strings', () => {
    const items = [
      { s: { S: '}],{"x":[' } },
      { s: { S: 'ends with a backslash \\' } },
      { s: { S: 'a \\" quote and \\\\" more' } },
      { s: { SS: ['ü €', '𝄞', '\n\t\u2028'] } },
    ];
    const body = JSON.stringify({ Items: items, Count: 4, ScannedCount: 4 });
    expect(readBack(splitWireItems(body))).toEqual({ items, rest: { Count: 4, ScannedCount: 4 }, count: 4 });
  });

  it('finds Items however its name is escaped', () => {
    expect(splitWireItems('{"It\\u0065ms":[{"pk":{"S":"a"}}],"Count":1}')).toEqual({ wireLines: '{"pk":{"S":"a"}}\n', count: 1, rest: '{"Count":1}' });
  });

  it('writes an item with whitespace in it on one compact line', () => {
    const items = [{ pk: { S: 'a b' }, m: { M: { l: { L: [{ N: '1' }, { BOOL: true }] } } } }];
    const split = splitWireItems(JSON.stringify({ Items: items, Count: 1 }, null, 2));
    expect(split?.wireLines).toBe(`${JSON.stringify(items[0])}\n`);
    expect(readBack(split).rest).toEqual({ Count: 1 });
  });

  it('reads an empty page, a page without Items (Select COUNT) and an empty object', () => {
    expect(splitWireItems('{"Count":0,"Items":[],"ScannedCount":0}')).toEqual({ wireLines: '', count: 0, rest: '{"Count":0,"ScannedCount":0}' });
    expect(splitWireItems('{"Count":3,"ScannedCount":3}')).toEqual({ wireLines: '', count: 0, rest: '{"Count":3,"ScannedCount":3}' });
    expect(splitWireItems(' {} ')).toEqual({ wireLines: '', count: 0, rest: ' {} ' });
  });

  it('gives up (the SDK then reads the body itself) on what is not a whole JSON object', () => {
    for (const body of [
      '',
      '[]',
      '{"Items":{"pk":{"S":"a"}}}',
      '{"It\\u0065ms":7}',
      '{"\\x":1}',
      '{"Items":[{"a" :{"S" "x"}}]}',
      '{"Items":[{"pk":{"S":"a"}}',
      '{"Items":[{"pk":{"S":"a}}]}',
      '{"Items":[1]}',
      '{"Count":1 "Items":[]}',
      '{"Items":[{"a":{"S":"x"}} {"b":{"S":"y"}}]}',
    ]) {
      expect(splitWireItems(body), body).toBeUndefined();
    }
  });

  it('gives back exactly the items and the rest of any page, compact or spaced (property)', () => {
    const attribute = fc.oneof(
      fc.record({ S: fc.string({ unit: 'binary' }) }),
      fc.record({ N: fc.integer().map(String) }),
      fc.record({ SS: fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1 }) }),
      fc.record({ M: fc.dictionary(fc.string(), fc.record({ S: fc.string({ unit: 'binary' }) })) }),
    );
    const page = fc.record({
      Items: fc.array(fc.dictionary(fc.string({ unit: 'binary' }), attribute, { minKeys: 1 }), { maxLength: 8 }),
      Count: fc.nat(),
      LastEvaluatedKey: fc.option(fc.record({ pk: fc.record({ S: fc.string({ unit: 'binary' }) }) }), { nil: undefined }),
    });
    fc.assert(
      fc.property(page, fc.constantFrom(undefined, 1, '\t'), (body, spacing) => {
        const { Items, ...rest } = body;
        expect(readBack(splitWireItems(JSON.stringify(body, null, spacing)))).toEqual({
          items: Items,
          rest: JSON.parse(JSON.stringify(rest)) as unknown,
          count: Items.length,
        });
      }),
    );
  });
});

describe('writeExport of wire lines', () => {
  const first = { wireLines: '{"pk":{"S":"a"}}\n{"pk":{"S":"b"}}\n', count: 2 };
  const second = { wireLines: '{"pk":{"S":"c"},"b":{"B":"AAE="}}\n', count: 1 };

  it('writes DynamoDB JSON lines and a JSON array from them, skipping empty pages', async () => {
    const summary = { items: 0, csvValuesLeftOut: 0 };
    expect(await collect(writeExport(pagesOf(first, { wireLines: '', count: 0 }, second), 'jsonl', summary))).toBe(first.wireLines + second.wireLines);
    expect(summary.items).toBe(3);
    const json = await collect(writeExport(pagesOf(first, { wireLines: '', count: 0 }, second), 'json'));
    expect(JSON.parse(json)).toEqual([{ pk: { S: 'a' } }, { pk: { S: 'b' } }, { pk: { S: 'c' }, b: { B: 'AAE=' } }]);
    expect(json).toBe('[\n{"pk":{"S":"a"}},\n{"pk":{"S":"b"}},\n{"pk":{"S":"c"},"b":{"B":"AAE="}}\n]\n');
  });

  it('refuses wire lines for CSV, which needs the items', async () => {
    await expect(collect(writeExport(pagesOf(first), 'csv'))).rejects.toThrow(/CSV export needs the items/);
  });
});
