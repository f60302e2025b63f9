import { describe, expect, it } from 'vitest';
import type { Item } from '../../expressions';
import { createEngine, expectError, N, S, tableInput, valuesOf } from '../engine.fixtures';
import type { EngineChange } from '../localDynamoDB.types';
import { generateCollection, MAX_GENERATED_ITEMS } from './generateCollection';
import { createSeededRandom } from './seededRandom';

const GEN = tableInput('Generated', [
  ['pk', 'S'],
  ['sk', 'S'],
]);

async function engineWith(input = GEN) {
  const changes: EngineChange[] = [];
  const engine = createEngine({ storage: { write: (change) => void changes.push(change) } });
  await engine.createTable(input);
  return { engine, changes };
}

async function queryAll(engine: Awaited<ReturnType<typeof engineWith>>['engine'], table: string, pk: Item[string], limit?: number) {
  return engine.query({
    TableName: table,
    KeyConditionExpression: 'pk = :p',
    ExpressionAttributeValues: { ':p': pk as NonNullable<Item[string]> },
    Limit: limit,
  });
}

describe('generateCollection', () => {
  it('fills one collection with keys in key order, through one bulk change', async () => {
    const { engine, changes } = await engineWith();
    const result = await generateCollection(engine, { table: 'Generated', partitionKeyValue: 'DEMO', count: 5_000, sortKeyPrefix: 'ITEM#' });
    expect(result).toEqual({ loaded: 5_000, firstSortKey: S('ITEM#000000'), lastSortKey: S('ITEM#004999') });
    expect(changes.at(-1)).toMatchObject({ type: 'writeItems' });
    expect(changes.at(-1)?.type === 'writeItems' && changes.at(-1)).toHaveProperty('writes.length', 5_000);

    const page = await queryAll(engine, 'Generated', S('DEMO'), 3);
    expect(valuesOf(page.Items, 'sk')).toEqual(['ITEM#000000', 'ITEM#000001', 'ITEM#000002']);
    expect(Object.keys(page.Items?.[0] ?? {}).sort()).toEqual(['label', 'n', 'pk', 'score', 'sk', 'ts']);
    const { Count } = await engine.query({
      TableName: 'Generated',
      KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': S('DEMO'), ':a': S('ITEM#001000'), ':b': S('ITEM#001099') },
    });
    expect(Count).toBe(100);
  });

  it('is deterministic for a seed', async () => {
    const run = async (seed?: number) => {
      const { engine } = await engineWith();
      await generateCollection(engine, { table: 'Generated', partitionKeyValue: 'DEMO', count: 50, ...(seed === undefined ? {} : { seed }) });
      return (await queryAll(engine, 'Generated', S('DEMO'))).Items;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(await run(1)).toEqual(first); // 1 is the default
    expect(await run(2)).not.toEqual(first);
    expect(createSeededRandom(7)()).toBe(createSeededRandom(7)());
  });

  it('makes N and B sort keys in numeric and byte order', async () => {
    const numeric = await engineWith(
      tableInput('Numeric', [
        ['pk', 'N'],
        ['sk', 'N'],
      ]),
    );
    await generateCollection(numeric.engine, { table: 'Numeric', partitionKeyValue: 42, count: 300 });
    const numbers = await queryAll(numeric.engine, 'Numeric', N(42), 12);
    expect(valuesOf(numbers.Items, 'sk')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);

    const binary = await engineWith(
      tableInput('Binary', [
        ['pk', 'B'],
        ['sk', 'B'],
      ]),
    );
    const result = await generateCollection(binary.engine, { table: 'Binary', partitionKeyValue: Uint8Array.of(1), count: 300 });
    expect(result.lastSortKey).toEqual({ B: Uint8Array.of(0, 0, 1, 43) });
    const bytes = await binary.engine.query({
      TableName: 'Binary',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { B: Uint8Array.of(1) } },
      ScanIndexForward: false,
      Limit: 2,
    });
    expect(valuesOf(bytes.Items, 'sk')).toEqual(['0000012b', '0000012a']);
  });

  it('takes a template for the other attributes, and always sets the keys itself', async () => {
    const { engine } = await engineWith();
    await generateCollection(engine, {
      table: 'Generated',
      partitionKeyValue: 'T',
      count: 3,
      template: (index, random) => ({ pk: S('ignored'), sk: S('ignored'), index: N(index), coin: { BOOL: random() < 2 } }),
    });
    const { Items } = await queryAll(engine, 'Generated', S('T'));
    expect(Items).toEqual([0, 1, 2].map((i) => ({ pk: S('T'), sk: S(`00000${i}`), index: N(i), coin: { BOOL: true } })));
  });

  it('refuses a count out of range, a table without a sort key and a partition key of the wrong type', async () => {
    const { engine } = await engineWith();
    for (const count of [0, 1.5, MAX_GENERATED_ITEMS + 1]) {
      await expectError(
        generateCollection(engine, { table: 'Generated', partitionKeyValue: 'X', count }),
        'ValidationException',
        `The number of items to generate must be a whole number from 1 to 1,000,000; got ${count}`,
      );
    }
    await expectError(
      generateCollection(engine, { table: 'Generated', partitionKeyValue: 7, count: 1 }),
      'ValidationException',
      "The partition key pk is of type S: give a string as the collection's partition key value",
    );
    await engine.createTable(tableInput('Single', [['pk', 'S']]));
    await expectError(
      generateCollection(engine, { table: 'Single', partitionKeyValue: 'X', count: 2 }),
      'ValidationException',
      'Table Single has no sort key, so an item collection holds one item: generate 1 item, not 2',
    );
    expect(await generateCollection(engine, { table: 'Single', partitionKeyValue: 'X', count: 1 })).toEqual({ loaded: 1 });
    await expectError(generateCollection(engine, { table: 'Missing', partitionKeyValue: 'X', count: 1 }), 'ResourceNotFoundException', /not found/);
  });
});
