import { describe, expect, it } from 'vitest';
import { createSeededRandom as random } from '../engine';
import { itemFromText } from '../items';
import { canonicalItem } from './canonicalItem';
import { readItemEntry } from './importReaders';
import { expectOk } from '../errors/testing';

const KEYS = { partitionKey: { name: 'pk', type: 'S' as const } };

const NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '1.5',
  '1.50',
  '001',
  '1e3',
  '0.5',
  '.5',
  '5.',
  '-0.25',
  '12345678901234567890',
  '1'.repeat(38),
  '1'.repeat(39),
  '0.0001',
  '1E-130',
  '1e126',
  'abc',
  '',
  ' 1',
  '+1',
];
const STRINGS = ['', 'a', 'b', 'é', '😀', 'Z', 'a\u0000b', '__proto__'];

function value(next: () => number, depth: number): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const kind = pick(['S', 'N', 'BOOL', 'NULL', 'SS', 'NS', 'B', 'L', 'M', 'two', 'none', 'bad'] as const);
  const members = <T>(of: () => T) => Array.from({ length: Math.floor(next() * 4) }, of);
  switch (kind) {
    case 'S':
      return { S: pick(STRINGS) };
    case 'N':
      return { N: pick(NUMBERS) };
    case 'BOOL':
      return { BOOL: next() < 0.9 ? next() < 0.5 : 'yes' };
    case 'NULL':
      return { NULL: next() < 0.9 ? true : false };
    case 'SS':
      return { SS: members(() => pick(STRINGS)) };
    case 'NS':
      return { NS: members(() => pick(NUMBERS)) };
    case 'B':
      return { B: pick(['', 'AQID', '/w==', 'not base64!']) };
    case 'L':
      return { L: depth > 3 ? [] : members(() => value(next, depth + 1)) };
    case 'M':
      return { M: depth > 3 ? {} : Object.fromEntries(members(() => [pick(STRINGS), value(next, depth + 1)])) };
    case 'two':
      return { S: 'a', N: '1' };
    case 'none':
      return {};
    default:
      return pick([null, 'text', 5, []]);
  }
}

describe('canonicalItem (the import fast path)', () => {
  it('gives exactly the full reader item, or undefined, for random DynamoDB JSON', () => {
    let taken = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const item = Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => [next() < 0.05 ? '' : `a${i}`, value(next, 0)]));
      const text = JSON.stringify(item);
      const fast = canonicalItem(JSON.parse(text));
      const full = itemFromText(text);
      if (fast === undefined) continue;
      taken++;
      expectOk(full, `seed ${seed}: ${text}`);
      expect(fast, `seed ${seed}: ${text}`).toEqual(full.item);
    }
    // The fast path must actually take the common case.
    expect(taken).toBeGreaterThan(300);
  });

  it('takes items already in DynamoDB spelling, sorting their sets as DynamoDB keeps them', () => {
    expect(
      canonicalItem(
        JSON.parse('{"pk":{"S":"a"},"n":{"N":"-1.25"},"t":{"SS":["b","a"]},"ns":{"NS":["10","9"]},"m":{"M":{"l":{"L":[{"NULL":true},{"BOOL":false}]}}}}'),
      ),
    ).toEqual({
      pk: { S: 'a' },
      n: { N: '-1.25' },
      t: { SS: ['a', 'b'] },
      ns: { NS: ['9', '10'] },
      m: { M: { l: { L: [{ NULL: true }, { BOOL: false }] } } },
    });
  });

  it('leaves numbers to respell, binary, duplicates and empty names to the full reader', () => {
    for (const text of [
      '{"n":{"N":"1.50"}}',
      '{"n":{"N":"-0"}}',
      '{"b":{"B":"AQID"}}',
      '{"s":{"SS":["a","a"]}}',
      '{"s":{"SS":[]}}',
      '{"":{"S":"a"}}',
      '{"v":{"S":"a","N":"1"}}',
      '{"v":{"S":"a","x":1}}',
    ]) {
      expect(canonicalItem(JSON.parse(text)), text).toBeUndefined();
    }
  });

  it('reads S3 export lines and plain items the same way on both paths', () => {
    expect(readItemEntry('{"Item":{"pk":{"S":"a"}}}', 1, KEYS)).toEqual({ line: 1, item: { pk: { S: 'a' } }, textLength: 25 });
    // An item with an attribute named Item beside others is not an S3 line.
    expect(readItemEntry('{"Item":{"S":"x"},"pk":{"S":"a"}}', 2, KEYS)).toEqual({ line: 2, item: { Item: { S: 'x' }, pk: { S: 'a' } }, textLength: 33 });
    expect(readItemEntry('{"Item":{"pk":{"N":"1"}}}', 3, KEYS)).toMatchObject({
      line: 3,
      rejected: 'One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N',
    });
  });
});
