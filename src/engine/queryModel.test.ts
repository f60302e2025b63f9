import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Item } from '../expressions';
import { compareKeys, type KeyAttributeValue } from '../keys';
import { createEngine, keySchema } from './engine.fixtures';

/*
 * Property: for random items and random key conditions, the engine's Query (paged with random
 * Limits, in both directions, on the table and on a GSI with duplicate keys) returns exactly what a
 * naive model returns: filter every item, then sort with compareKeys (GSI ties by table key).
 */

const TYPES = ['S', 'N', 'B'] as const;
type KeyType = (typeof TYPES)[number];

/** Key values that stress the order: astral characters, U+FFFF, mixed case, '#' against digits; exponents, negatives, 38 digits; high bytes. */
const stringKey = fc
  .array(fc.constantFrom('a', 'B', 'b', '#', '0', '9', '10', 'ä', '€', '\uFFFF', '𝄞', '😀', '\uE000', 'z'), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''));
const numberKey = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: -130, max: 120 })).map(([m, e]) => (m === 0 ? '0' : `${m}e${e}`)),
  fc.tuple(fc.boolean(), fc.stringMatching(/^[1-9][0-9]{37}$/)).map(([negative, digits]) => (negative ? '-' : '') + digits),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((value) => String(Math.round(value * 1000) / 1000)),
);
const binaryKey = fc.uint8Array({ minLength: 1, maxLength: 3 }).map((bytes) => bytes.map((byte) => (byte % 3 === 0 ? 0xff : byte % 3 === 1 ? 0 : byte)));

function keyValue(type: KeyType): fc.Arbitrary<KeyAttributeValue> {
  if (type === 'S') return stringKey.map((S) => ({ S }));
  if (type === 'N') return numberKey.map((N) => ({ N }));
  return binaryKey.map((B) => ({ B }));
}

type Condition =
  | { op: '=' | '<' | '<=' | '>' | '>='; value: KeyAttributeValue }
  | { op: 'between'; low: KeyAttributeValue; high: KeyAttributeValue }
  | { op: 'begins_with'; prefix: KeyAttributeValue }
  | { op: 'none' };

function condition(type: KeyType): fc.Arbitrary<Condition> {
  const value = keyValue(type);
  const options: fc.Arbitrary<Condition>[] = [
    fc.constant({ op: 'none' }),
    fc.record({ op: fc.constantFrom('=', '<', '<=', '>', '>=' as const), value }) as fc.Arbitrary<Condition>,
    fc.tuple(value, value).map(([a, b]) => (compareKeys(a, b) <= 0 ? { op: 'between', low: a, high: b } : { op: 'between', low: b, high: a })),
  ];
  if (type !== 'N') options.push(value.map((prefix) => ({ op: 'begins_with', prefix })));
  return fc.oneof(...options);
}

function matches(value: KeyAttributeValue, c: Condition): boolean {
  switch (c.op) {
    case 'none':
      return true;
    case '=':
      return compareKeys(value, c.value) === 0;
    case '<':
      return compareKeys(value, c.value) < 0;
    case '<=':
      return compareKeys(value, c.value) <= 0;
    case '>':
      return compareKeys(value, c.value) > 0;
    case '>=':
      return compareKeys(value, c.value) >= 0;
    case 'between':
      return compareKeys(value, c.low) >= 0 && compareKeys(value, c.high) <= 0;
    case 'begins_with':
      if ('S' in value && 'S' in c.prefix) return value.S.startsWith(c.prefix.S);
      if ('B' in value && 'B' in c.prefix) return c.prefix.B.every((byte, i) => value.B[i] === byte);
      return false;
  }
}

function expression(c: Condition, key: string): { text: string; values: Record<string, AttributeValue> } {
  switch (c.op) {
    case 'none':
      return { text: '', values: {} };
    case 'between':
      return { text: ` AND ${key} BETWEEN :low AND :high`, values: { ':low': c.low as AttributeValue, ':high': c.high as AttributeValue } };
    case 'begins_with':
      return { text: ` AND begins_with(${key}, :v)`, values: { ':v': c.prefix as AttributeValue } };
    default:
      return { text: ` AND ${key} ${c.op} :v`, values: { ':v': c.value as AttributeValue } };
  }
}

const scenario = fc.constantFrom(...TYPES).chain((type) =>
  fc.record({
    type: fc.constant(type),
    sortKeys: fc.array(keyValue(type), { maxLength: 60 }),
    indexKeyPool: fc.array(keyValue(type), { minLength: 1, maxLength: 4 }),
    condition: condition(type),
    limit: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
    forward: fc.boolean(),
    onIndex: fc.boolean(),
  }),
);

describe('Query equals a naive model (property)', () => {
  it('for random items, conditions, limits and directions, on the table and on a GSI', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ type, sortKeys, indexKeyPool, condition: c, limit, forward, onIndex }) => {
        const db = createEngine();
        await db.createTable({
          TableName: 'Model',
          KeySchema: keySchema('pk', 'sk'),
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'sk', AttributeType: type },
            { AttributeName: 'gpk', AttributeType: 'S' },
            { AttributeName: 'gsk', AttributeType: type },
          ],
          BillingMode: 'PAY_PER_REQUEST',
          GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: keySchema('gpk', 'gsk'), Projection: { ProjectionType: 'ALL' } }],
        });
        // Table: partition p holds half the sort keys. GSI: one partition over both table partitions,
        // its sort keys half the table's, half from a small pool, so many entries share index keys
        // (within one table partition too) and the table-key tiebreak decides their order.
        const items: Item[] = sortKeys.map((sk, i) => ({
          pk: { S: i % 2 ? 'p' : 'q' },
          sk: { ...sk } as AttributeValue,
          gpk: { S: 'g' },
          gsk: { ...(i % 3 === 0 ? sk : (indexKeyPool[i % indexKeyPool.length] as KeyAttributeValue)) } as AttributeValue,
          n: { N: String(i) },
        }));
        for (const item of items) await db.putItem({ TableName: 'Model', Item: item });
        const stored = (await db.scan({ TableName: 'Model' })).Items ?? [];

        const keyName = onIndex ? 'gsk' : 'sk';
        const candidates = onIndex ? stored : stored.filter((item) => item.pk?.S === 'p');
        const expected = candidates
          .filter((item) => matches(item[keyName] as KeyAttributeValue, c))
          .sort(
            (a, b) =>
              compareKeys(a[keyName] as KeyAttributeValue, b[keyName] as KeyAttributeValue) ||
              (onIndex
                ? compareKeys(a.pk as KeyAttributeValue, b.pk as KeyAttributeValue) || compareKeys(a.sk as KeyAttributeValue, b.sk as KeyAttributeValue)
                : 0),
          );
        if (!forward) expected.reverse();

        const { text, values } = expression(c, keyName);
        const actual: Item[] = [];
        let ExclusiveStartKey: Item | undefined;
        let pages = 0;
        do {
          const page = await db.query({
            TableName: 'Model',
            IndexName: onIndex ? 'gsi' : undefined,
            KeyConditionExpression: `${onIndex ? 'gpk' : 'pk'} = :pk${text}`,
            ExpressionAttributeValues: { ':pk': { S: onIndex ? 'g' : 'p' }, ...values },
            ScanIndexForward: forward,
            Limit: limit,
            ExclusiveStartKey,
          });
          actual.push(...(page.Items ?? []));
          ExclusiveStartKey = page.LastEvaluatedKey;
          expect(++pages).toBeLessThan(200);
        } while (ExclusiveStartKey);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 120 },
    );
  });
});
