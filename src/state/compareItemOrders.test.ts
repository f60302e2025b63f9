import { describe, expect, it } from 'vitest';
import { parseKeyTemplate, type KeyTemplate } from '../keys';
import { compareItemOrders } from './compareItemOrders';
import type { Item } from './explorerStore';
import { expectOk } from '../errors/testing';

function template(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  expectOk(parsed);
  return parsed.value;
}

/** SEASON#2026-SPRING as DynamoDB returns it: raw score strings in byte order. */
const SPRING: Item[] = ['10', '1500', '240', '9'].map((score) => ({ leaderboardId: { S: 'SEASON#2026-SPRING' }, rankKey: { S: score }, score: { N: score } }));

const scoresOf = (rows: readonly { values: Record<string, string | undefined> }[]) => rows.map((row) => row.values.score);

describe('compareItemOrders', () => {
  it('re-encodes items from their attributes and sorts them by the DynamoDB comparator', () => {
    const orders = compareItemOrders(SPRING, { template: template('{score:int(10)}'), sortKeyName: 'rankKey' });
    expect(scoresOf(orders.storedOrder)).toEqual(['10', '1500', '240', '9']);
    expect(scoresOf(orders.encodedOrder)).toEqual(['9', '10', '240', '1500']);
    expect(scoresOf(orders.intendedOrder)).toEqual(['9', '10', '240', '1500']);
    expect(orders.encodedOrder.map((row) => [row.storedRank, row.encodedRank, row.intendedRank])).toEqual([
      [4, 1, 1],
      [1, 2, 2],
      [3, 3, 3],
      [2, 4, 4],
    ]);
    expect(orders.encodedOrder[0]).toMatchObject({ encodedKey: '0000000009', storedKey: '9', sources: { score: 'attribute' } });
    expect(orders.excluded).toEqual([]);
    expect(orders.collisions).toEqual([]);
  });

  it('leaves the items array as DynamoDB returned it', () => {
    const items = [...SPRING];
    compareItemOrders(items, { template: template('{score:int(10)}'), sortKeyName: 'rankKey' });
    expect(items).toEqual(SPRING);
  });

  it('decodes field values from the stored sort key with the stored key template', () => {
    const items: Item[] = ['10', '1500', '240', '9'].map((score) => ({ pk: { S: 'P' }, sk: { S: `RUN#${score}` } }));
    const orders = compareItemOrders(items, { template: template('{score:int(10)}'), sortKeyName: 'sk', storedTemplate: template('RUN#{score}') });
    expect(scoresOf(orders.encodedOrder)).toEqual(['9', '10', '240', '1500']);
    expect(orders.rows[0]?.sources).toEqual({ score: 'storedKey' });
  });

  it('lists items missing a field, or whose stored key does not decode, with the reason', () => {
    const items: Item[] = [
      { pk: { S: 'P' }, sk: { S: 'RUN#5' } },
      { pk: { S: 'P' }, sk: { S: 'OTHER#5' } },
      { pk: { S: 'P' }, sk: { S: 'x' }, score: { BOOL: true } },
    ];
    const withoutStored = compareItemOrders(items, { template: template('{score:int(10)}'), sortKeyName: 'sk' });
    expect(withoutStored.excluded[0]?.problems[0]?.message).toBe('No attribute score, and give a stored key template to read it from the sort key.');
    const orders = compareItemOrders(items, { template: template('{score:int(10)}'), sortKeyName: 'sk', storedTemplate: template('RUN#{score}') });
    expect(orders.storedOrder.map((row) => row.loadedPosition)).toEqual([1]);
    expect(orders.excluded.map((row) => row.loadedPosition)).toEqual([2, 3]);
    expect(orders.excluded[0]?.problems[0]?.message).toMatch(/^No attribute score, and the stored key doesn't decode: "OTHER#5" does not match the template/);
    expect(orders.excluded[1]?.problems[0]?.message).toBe('Attribute score is a BOOL value; a key field needs a string or a number.');
  });

  it('lists values the template refuses', () => {
    const items: Item[] = [
      { sk: { S: 'a' }, score: { N: '-3' } },
      { sk: { S: 'b' }, score: { N: '12345678901' } },
    ];
    const orders = compareItemOrders(items, { template: template('{score:int(10)}'), sortKeyName: 'sk' });
    expect(orders.excluded.map((row) => row.problems[0]?.code)).toEqual(['keys.negativeUnsigned', 'keys.padOverflow']);
  });

  it('flags collisions: items that encode to the same key', () => {
    const items: Item[] = [
      { sk: { S: '875#p_2209' }, score: { N: '875' } },
      { sk: { S: '875#p_9001' }, score: { N: '875' } },
      { sk: { S: '9' }, score: { N: '9' } },
    ];
    const orders = compareItemOrders(items, { template: template('{score:int(10)}'), sortKeyName: 'sk' });
    expect(orders.collisions).toEqual([[1, 2]]);
    expect(orders.rows.map((row) => row.collidesWith)).toEqual([[2], [1], []]);
    // Tied in the intended order too: they share a rank.
    expect(orders.intendedOrder.map((row) => row.intendedRank)).toEqual([1, 2, 2]);
    const fixed = compareItemOrders(items, { template: template('{score:int(10)}#{sk}'), sortKeyName: 'sk' });
    expect(fixed.collisions).toEqual([]);
  });

  it('follows the read direction of a descending query', () => {
    const descending = [...SPRING].reverse();
    const orders = compareItemOrders(descending, { template: template('{score:int(10)}'), sortKeyName: 'rankKey', direction: 'descending' });
    expect(scoresOf(orders.encodedOrder)).toEqual(['1500', '240', '10', '9']);
    expect(scoresOf(orders.intendedOrder)).toEqual(['1500', '240', '10', '9']);
  });

  it('orders times by their value', () => {
    const items: Item[] = [
      { sk: { S: 'a' }, at: { S: '2026-06-23T19:00:00+09:00' } },
      { sk: { S: 'b' }, at: { S: '2026-06-23T09:00:00Z' } },
    ];
    const orders = compareItemOrders(items, { template: template('EVT#{at:iso}'), sortKeyName: 'sk' });
    expect(orders.encodedOrder.map((row) => row.encodedKey)).toEqual(['EVT#2026-06-23T09:00:00Z', 'EVT#2026-06-23T10:00:00Z']);
    expect(orders.intendedOrder.map((row) => row.loadedPosition)).toEqual([2, 1]);
  });
});

describe('partitions', () => {
  /** What a Scan of the Leaderboard returns: one season after the other, each in its own sort-key order. */
  const summerScores = ['3', '9', '10', '42', '128', '240'];
  const SUMMER: Item[] = summerScores.map((score) => ({
    leaderboardId: { S: 'SEASON#2026-SUMMER' },
    rankKey: { S: score.padStart(10, '0') },
    score: { N: score },
  }));
  const SCAN = [...SUMMER, ...SPRING];
  const options = { template: template('{score:int(10)}'), sortKeyName: 'rankKey', partitionKeyName: 'leaderboardId' } as const;

  it('compares each partition on its own: a partition already in order keeps every rank', () => {
    const orders = compareItemOrders(SCAN, options);
    expect(orders.partitions).toEqual([
      { value: 'SEASON#2026-SUMMER', size: 6 },
      { value: 'SEASON#2026-SPRING', size: 4 },
    ]);
    expect(scoresOf(orders.encodedOrder)).toEqual([...summerScores, '9', '10', '240', '1500']);
    expect(scoresOf(orders.intendedOrder)).toEqual([...summerScores, '9', '10', '240', '1500']);
    const moved = orders.encodedOrder.filter((row) => row.encodedRank !== row.storedRank);
    expect(moved.map((row) => row.values.score)).toEqual(['9', '10', '1500']);
    expect(orders.encodedOrder.map((row) => row.encodedRank)).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 3, 4]);
  });

  it('without a partition key every row is one partition (the interleaved order this replaces)', () => {
    const orders = compareItemOrders(SCAN, { ...options, partitionKeyName: undefined });
    expect(orders.partitions).toEqual([{ value: '', size: 10 }]);
    expect(orders.encodedOrder.filter((row) => row.encodedRank !== row.storedRank).length).toBeGreaterThan(3);
  });

  it('the same key in two partitions is two items, not a collision', () => {
    const items: Item[] = [
      { pk: { S: 'A' }, sk: { S: '1' }, score: { N: '7' } },
      { pk: { S: 'B' }, sk: { S: '1' }, score: { N: '7' } },
      { pk: { S: 'B' }, sk: { S: '2' }, score: { N: '7' } },
    ];
    const orders = compareItemOrders(items, { template: template('{score:int(3)}'), sortKeyName: 'sk', partitionKeyName: 'pk' });
    expect(orders.collisions).toEqual([[2, 3]]);
    expect(orders.rows.map((row) => row.collidesWith)).toEqual([[], [3], [2]]);
  });
});

describe('values that read as numbers or dates in a string field', () => {
  it('{score} over the stored scores: the intended order is numeric, so the template is out of place', () => {
    const orders = compareItemOrders(SPRING, { template: template('{score}'), sortKeyName: 'rankKey' });
    expect(scoresOf(orders.encodedOrder)).toEqual(['10', '1500', '240', '9']);
    expect(scoresOf(orders.intendedOrder)).toEqual(['9', '10', '240', '1500']);
    expect(orders.inferredOrders.map((order) => order.finding?.message.slice(0, 66))).toEqual([
      'Numbers stored in a string field sort as text: use {score:int(6)}.',
    ]);
  });

  it('EVT#{at} over US dates: the intended order is by date', () => {
    const items: Item[] = ['6/23/2026', '12/1/2025', '1/5/2026'].map((at, index) => ({ pk: { S: 'P' }, sk: { S: String(index) }, at: { S: at } }));
    const orders = compareItemOrders(items, { template: template('EVT#{at}'), sortKeyName: 'sk', partitionKeyName: 'pk' });
    expect(orders.intendedOrder.map((row) => row.values.at)).toEqual(['12/1/2025', '1/5/2026', '6/23/2026']);
    expect(orders.inferredOrders[0]?.finding?.code).toBe('keys.datesAsText');
  });
});

describe('the query slice', () => {
  const partition = { name: 'leaderboardId', value: 'SEASON#2026-SPRING' };
  const scoresIn = (items: readonly Item[], positions: ReadonlySet<number> | undefined) =>
    [...(positions ?? [])].map((position) => items[position - 1]?.score?.N);

  it('marks the rows "scores between 200 and 2000" returns: none under the raw keys, 240 and 1500 under {score:int(10)}', () => {
    const orders = compareItemOrders(SPRING, {
      template: template('{score:int(10)}'),
      sortKeyName: 'rankKey',
      slice: { partition, condition: { operator: 'between', low: { S: '0000000200' }, high: { S: '0000002000' } } },
    });
    expect(scoresIn(SPRING, orders.slice?.stored)).toEqual([]);
    expect(scoresIn(SPRING, orders.slice?.encoded)).toEqual(['240', '1500']);
  });

  it('takes Limit rows from the end the direction reads first', () => {
    const top = compareItemOrders(SPRING, {
      template: template('{score:int(10)}'),
      sortKeyName: 'rankKey',
      slice: { partition, limit: 2, direction: 'descending' },
    });
    expect(scoresIn(SPRING, top.slice?.encoded)).toEqual(['1500', '240']);
    expect(scoresIn(SPRING, top.slice?.stored)).toEqual(['9', '240']);
    const other = compareItemOrders(SPRING, {
      template: template('{score:int(10)}'),
      sortKeyName: 'rankKey',
      slice: { partition: { ...partition, value: 'x' } },
    });
    expect(other.slice?.stored.size).toBe(0);
  });
  it('orders an N sort key by value, as DynamoDB stores it, and judges it a number whatever its values look like (issue 31: N stays N)', () => {
    // byPlayer's ts is declared N: DynamoDB returns 9 before 10, and so must the re-encoded order.
    const items: Item[] = ['9', '10', '1719705600'].map((ts) => ({ playerId: { S: 'p_1' }, ts: { N: ts } }));
    const orders = compareItemOrders(items, { template: template('{ts}'), sortKeyName: 'ts', partitionKeyName: 'playerId', declaredType: 'N' });
    expect(orders.encodedOrder.map((row) => row.encodedKey)).toEqual(['9', '10', '1719705600']);
    expect(orders.encodedOrder.map((row) => [row.storedRank, row.encodedRank, row.intendedRank])).toEqual([
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
    ]);
    // No "numbers stored in a string field" advice for a Number attribute.
    expect(orders.inferredOrders.filter((order) => order.finding)).toEqual([]);
  });
});
