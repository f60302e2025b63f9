import { describe, expect, it } from 'vitest';
import type { Call } from './contract';
import {
  DEFAULT_NORMALIZERS,
  emptyReadCapacity,
  inclusiveBoundLastEvaluatedKey,
  indexTieOrder,
  localNumbersAsDynamoDB,
  localUpdatedAttributes,
  missingTableMessage,
  scanAsSet,
  tableStatusAsDynamoDB,
  type Comparison,
  type Normalizer,
} from './normalize';
import type { Outcome } from './outcome';

/*
 * The contract's normalisers must remove one documented difference and
 * nothing else: a wrong engine answer has to survive them.
 */

const call = (operation: string, input: unknown = {}): Call[] => [{ operation, input }];

function comparison(engine: Outcome, local: Outcome, calls: Call[] = call('putItem')): Comparison {
  return { engine, local, engineCalls: calls, localCalls: calls };
}

function applyAll(c: Comparison, normalizers: readonly Normalizer[] = DEFAULT_NORMALIZERS): Comparison {
  return normalizers.reduce((current, normalize) => normalize(current), c);
}

const error = (name: string, message: string): Outcome => ({ ok: false, name, message });
const ok = (value: unknown): Outcome => ({ ok: true, value });

describe('message differences', () => {
  it("map DynamoDB Local's wording only when the engine gives DynamoDB's", () => {
    const local = error('ValidationException', 'One of the required keys was not given a value');
    const right = applyAll(comparison(error('ValidationException', 'One or more parameter values were invalid: Missing the key pk in the item'), local));
    expect(right.engine).toEqual(right.local);
    const wrong = applyAll(comparison(error('ValidationException', 'Missing key'), local));
    expect(wrong.engine).not.toEqual(wrong.local);
    const wrongName = applyAll(
      comparison(error('ResourceNotFoundException', 'One or more parameter values were invalid: Missing the key pk in the item'), local),
    );
    expect(wrongName.engine).not.toEqual(wrongName.local);
  });

  it("turn a missing-table message into DynamoDB's, naming the table for DescribeTable only", () => {
    const local = error('ResourceNotFoundException', 'Cannot do operations on a non-existent table');
    const engine = error('ResourceNotFoundException', 'Requested resource not found');
    expect(missingTableMessage(comparison(engine, local, call('describeTable', { TableName: 'T1x' }))).local).toEqual(
      error('ResourceNotFoundException', 'Requested resource not found: Table: T1x not found'),
    );
    expect(missingTableMessage(comparison(engine, local, call('query', { TableName: 'T1x' }))).local).toEqual(
      error('ResourceNotFoundException', 'Requested resource not found'),
    );
  });
});

describe('value normalisers', () => {
  it("normalise DynamoDB Local's numbers, never the engine's", () => {
    const result = localNumbersAsDynamoDB(
      comparison(ok({ Attributes: { n: { N: '1.50' } } }), ok({ Attributes: { n: { N: '1.50' }, s: { NS: ['2.0', '1e0'] } } })),
    );
    expect(result.local).toEqual(ok({ Attributes: { n: { N: '1.5' }, s: { NS: ['1', '2'] } } }));
    expect(result.engine).toEqual(ok({ Attributes: { n: { N: '1.50' } } }));
  });

  it("say CREATING for DynamoDB Local's CreateTable only", () => {
    const local = ok({ TableDescription: { TableStatus: 'ACTIVE' } });
    expect(tableStatusAsDynamoDB(comparison(ok({}), local, call('createTable'))).local).toEqual(ok({ TableDescription: { TableStatus: 'CREATING' } }));
    expect(tableStatusAsDynamoDB(comparison(ok({}), local, call('describeTable'))).local).toEqual(local);
  });

  it('charge the minimum read for an empty page only', () => {
    const pages = (units: number, scanned: number) =>
      ok({ pages: [{ Count: 0, ScannedCount: scanned, ConsumedCapacity: { TableName: 't', CapacityUnits: units } }] });
    expect(emptyReadCapacity(comparison(ok({}), pages(0, 0), call('query', { ConsistentRead: true }))).local).toEqual(pages(1, 0));
    expect(emptyReadCapacity(comparison(ok({}), pages(0, 0), call('query', {}))).local).toEqual(pages(0.5, 0));
    expect(emptyReadCapacity(comparison(ok({}), pages(0, 3), call('query', {}))).local).toEqual(pages(0, 3));
  });

  it("project DynamoDB Local's UPDATED_NEW to the updated paths", () => {
    const input = { UpdateExpression: 'SET m.k2 = :v', ExpressionAttributeValues: { ':v': { N: '1' } }, ReturnValues: 'UPDATED_NEW' };
    const local = ok({ Attributes: { m: { M: { k: { S: 'old' }, k2: { N: '1' } } } } });
    expect(localUpdatedAttributes(comparison(ok({}), local, call('updateItem', input))).local).toEqual(ok({ Attributes: { m: { M: { k2: { N: '1' } } } } }));
  });
});

describe('paging normalisers', () => {
  const keys = { partitionKey: { name: 'pk', type: 'S' as const }, sortKey: { name: 'sk', type: 'S' as const } };
  const input = (KeyConditionExpression: string, values: Record<string, unknown>) => ({
    TableName: 't',
    KeyConditionExpression,
    ExpressionAttributeValues: { ':p': { S: 'p' }, ...values },
    Limit: 2,
  });
  const item = (sk: string) => ({ pk: { S: 'p' }, sk: { S: sk } });
  const enginePages = ok({
    pages: [
      { Items: [item('a'), item('b')], Count: 2, ScannedCount: 2, LastEvaluatedKey: item('b') },
      { Items: [], Count: 0, ScannedCount: 0 },
    ],
  });
  const localPages = ok({ pages: [{ Items: [item('a'), item('b')], Count: 2, ScannedCount: 2 }] });

  it("drop the engine's LastEvaluatedKey on an inclusive bound, and the empty page after it", () => {
    const normalize = inclusiveBoundLastEvaluatedKey(keys);
    const onBound = normalize(comparison(enginePages, localPages, call('query', input('pk = :p AND sk <= :b', { ':b': { S: 'b' } }))));
    expect(onBound.engine).toEqual(onBound.local);
    // Not on the bound (`sk <= c` ends at b): DynamoDB Local returns the key too, so nothing is dropped.
    const offBound = normalize(comparison(enginePages, localPages, call('query', input('pk = :p AND sk <= :c', { ':c': { S: 'c' } }))));
    expect(offBound.engine).toEqual(enginePages);
    // `<` is exclusive: no bound to stop on.
    const exclusive = normalize(comparison(enginePages, localPages, call('query', input('pk = :p AND sk < :c', { ':c': { S: 'c' } }))));
    expect(exclusive.engine).toEqual(enginePages);
  });

  it('sort only within runs of equal index keys, keeping page sizes', () => {
    const row = (g: string, pk: string) => ({ g: { S: g }, pk: { S: pk } });
    const pages = (items: ReturnType<typeof row>[][]) => ok({ pages: items.map((Items) => ({ Items, Count: Items.length })) });
    const normalize = indexTieOrder(['g'], ['pk']);
    const tied = normalize(
      comparison(pages([[row('a', '2'), row('a', '1')], [row('b', '1')]]), pages([[row('a', '1'), row('a', '2')], [row('b', '1')]]), call('query')),
    );
    expect(tied.engine).toEqual(tied.local);
    const misordered = normalize(comparison(pages([[row('b', '1'), row('a', '1')]]), pages([[row('a', '1'), row('b', '1')]]), call('query')));
    expect(misordered.engine).not.toEqual(misordered.local);
  });

  it('compare a Scan as a set, with its page sizes', () => {
    const page = (pks: string[], scanned: number) => ({ Items: pks.map((pk) => ({ pk: { S: pk } })), Count: pks.length, ScannedCount: scanned });
    const normalize = scanAsSet(['pk']);
    const same = normalize(
      comparison(ok({ pages: [page(['b', 'a'], 2), page(['c'], 1)] }), ok({ pages: [page(['c', 'a'], 2), page(['b'], 1)] }), call('scan')),
    );
    expect(same.engine).toEqual(same.local);
    const missing = normalize(comparison(ok({ pages: [page(['b', 'a'], 2)] }), ok({ pages: [page(['c', 'a'], 2)] }), call('scan')));
    expect(missing.engine).not.toEqual(missing.local);
  });
});
