/**
 * The legacy (pre-expression) parameters — KeyConditions, QueryFilter,
 * ScanFilter, Expected, AttributeUpdates, AttributesToGet,
 * ConditionalOperator — compared with the real DynamoDB Local: results,
 * stored items, and DynamoDB's messages for every rule (the mixing rule,
 * ComparisonOperator argument counts and types, Expected's forms,
 * AttributeUpdates' actions). Where DynamoDB Local differs from DynamoDB's
 * documentation, the case asserts both answers and says so (README).
 */
import type { AttributeValue, Condition, ExpectedAttributeValue, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBDataSource } from '../src/engine';
import { Contract } from './contract/contract';
import { B, keyNames, keySchemaInfo, N, S, tableSpec } from './contract/fixtures';
import { inclusiveBoundLastEvaluatedKey, scanAsSet } from './contract/normalize';
import { queryAllPages, scanAllPages } from './contract/paging';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './contract/sides';

let engineSide: Side;
let localSide: Side;
let contract: Contract;

const events = tableSpec(
  'lgEvents',
  [
    ['pk', 'S'],
    ['sk', 'S'],
  ],
  {
    gsis: [
      {
        name: 'byKind',
        keys: [
          ['kind', 'S'],
          ['n', 'N'],
        ],
      },
    ],
  },
);
const counters = tableSpec('lgCounters', [['id', 'S']]);

const cond = (ComparisonOperator: string, ...AttributeValueList: AttributeValue[]): Condition => ({ ComparisonOperator, AttributeValueList }) as Condition;
const ofUser = (user: string) => ({ pk: cond('EQ', S(user)) });

const EVENTS: Record<string, AttributeValue>[] = [
  { pk: S('u1'), sk: S('EVT#001'), kind: S('click'), n: N(1), s: S('alpha'), tags: { SS: ['a', 'b'] }, list: { L: [S('p'), N(2)] }, bin: B(1, 2, 3) },
  { pk: S('u1'), sk: S('EVT#002'), kind: S('view'), n: N(5), s: S('beta'), tags: { SS: ['b'] }, flag: { BOOL: true } },
  { pk: S('u1'), sk: S('EVT#010'), kind: S('click'), n: N(10), nothing: { NULL: true } },
  { pk: S('u1'), sk: S('PRO#main'), s: S('profile'), m: { M: { k: S('v') } } },
  { pk: S('u2'), sk: S('EVT#001'), kind: S('view'), n: N(7), s: S('gamma') },
];

beforeAll(async () => {
  engineSide = await startEngineSide();
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
  for (const spec of [events, counters]) await contract.sameResult(`CreateTable ${spec.name}`, (db) => db.createTable(spec.input));
  await contract.onBoth(async (db) => {
    for (const Item of EVENTS) await db.putItem({ TableName: events.name, Item });
  });
});

afterAll(async () => {
  for (const spec of [events, counters]) await contract?.onBoth((db) => db.deleteTable({ TableName: spec.name }).then(() => undefined)).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
});

// DynamoDB Local leaves out a LastEvaluatedKey at an inclusive bound (README); the normaliser reads KeyConditions too.
const query = (label: string, input: Omit<QueryCommandInput, 'TableName'>) =>
  contract.same(label, (db) => queryAllPages(db, { TableName: events.name, ...input }), inclusiveBoundLastEvaluatedKey(keySchemaInfo(events.keys)));
const queryError = (label: string, input: Omit<QueryCommandInput, 'TableName'>) =>
  contract.sameError(label, (db) => db.query({ TableName: events.name, ...input }));

describe('Query with KeyConditions and QueryFilter', () => {
  it('reads the key range of every sort-key operator, both ways, page by page', async () => {
    for (const [label, sk] of [
      ['EQ', cond('EQ', S('EVT#002'))],
      ['LT', cond('LT', S('EVT#010'))],
      ['LE', cond('LE', S('EVT#010'))],
      ['GT', cond('GT', S('EVT#001'))],
      ['GE', cond('GE', S('EVT#002'))],
      ['BETWEEN', cond('BETWEEN', S('EVT#001'), S('EVT#005'))],
      ['BEGINS_WITH', cond('BEGINS_WITH', S('EVT#'))],
    ] as const) {
      await query(`sk ${label}`, { KeyConditions: { ...ofUser('u1'), sk } });
      await query(`sk ${label}, descending, 1 per page`, { KeyConditions: { ...ofUser('u1'), sk }, ScanIndexForward: false, Limit: 1 });
    }
    await query('partition only', { KeyConditions: ofUser('u1') });
    await query('on a GSI', { IndexName: 'byKind', KeyConditions: { kind: cond('EQ', S('click')), n: cond('GE', N(2)) } });
  });

  it('filters with every ComparisonOperator, joined by AND or OR', async () => {
    const filters: Record<string, Record<string, Condition>> = {
      'EQ on a set (any order)': { tags: cond('EQ', { SS: ['b', 'a'] }) },
      'EQ on a list': { list: cond('EQ', { L: [S('p'), N(2)] }) },
      'NE (true when missing)': { n: cond('NE', N(5)) },
      'NE of another type': { n: cond('NE', S('5')) },
      LT: { n: cond('LT', N(6)) },
      'GE on strings': { s: cond('GE', S('beta')) },
      'GT on binary': { bin: cond('GT', B(1)) },
      NULL: { kind: cond('NULL') },
      NOT_NULL: { s: cond('NOT_NULL') },
      'CONTAINS in a string': { s: cond('CONTAINS', S('et')) },
      'CONTAINS in a set': { tags: cond('CONTAINS', S('a')) },
      'CONTAINS in a list': { list: cond('CONTAINS', N(2)) },
      'NOT_CONTAINS (false when missing)': { tags: cond('NOT_CONTAINS', S('a')) },
      'NOT_CONTAINS on a number': { n: cond('NOT_CONTAINS', S('1')) },
      BEGINS_WITH: { s: cond('BEGINS_WITH', S('al')) },
      IN: { n: cond('IN', N(1), N(10), N(99)) },
      BETWEEN: { n: cond('BETWEEN', N(2), N(10)) },
      'two conditions (AND)': { n: cond('GT', N(1)), kind: cond('EQ', S('click')) },
    };
    for (const [label, QueryFilter] of Object.entries(filters)) await query(`QueryFilter ${label}`, { KeyConditions: ofUser('u1'), QueryFilter });
    const two = { n: cond('GT', N(5)), s: cond('EQ', S('alpha')) };
    await query('ConditionalOperator OR', { KeyConditions: ofUser('u1'), QueryFilter: two, ConditionalOperator: 'OR' });
    await query('ConditionalOperator AND', { KeyConditions: ofUser('u1'), QueryFilter: two, ConditionalOperator: 'AND' });
    await query('QueryFilter with Limit (counts what was read)', { KeyConditions: ofUser('u1'), QueryFilter: { kind: cond('EQ', S('click')) }, Limit: 2 });
  });

  it('projects AttributesToGet, takes names literally, and counts with Select COUNT', async () => {
    await query('AttributesToGet', { KeyConditions: ofUser('u1'), AttributesToGet: ['n', 'sk', 'missing'] });
    await query('a reserved word and a dotted name', { KeyConditions: ofUser('u1'), AttributesToGet: ['size', 'm.k'] });
    await query('Select SPECIFIC_ATTRIBUTES', { KeyConditions: ofUser('u1'), AttributesToGet: ['s'], Select: 'SPECIFIC_ATTRIBUTES' });
    await query('Select COUNT with a filter', { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('GE', N(5)) }, Select: 'COUNT' });
    await query('KeyConditions beside a FilterExpression (allowed)', {
      KeyConditions: ofUser('u1'),
      FilterExpression: 'n > :n',
      ExpressionAttributeValues: { ':n': N(1) },
    });
    await query('KeyConditions beside a ProjectionExpression (allowed)', { KeyConditions: ofUser('u1'), ProjectionExpression: 'n' });
  });

  it('refuses bad KeyConditions and QueryFilters with the same messages', async () => {
    const cases: Record<string, Omit<QueryCommandInput, 'TableName'>> = {
      'no key condition': { QueryFilter: { n: cond('NULL') } },
      'empty KeyConditions': { KeyConditions: {} },
      'three conditions': { KeyConditions: { ...ofUser('u1'), sk: cond('EQ', S('a')), n: cond('EQ', N(1)) } },
      'sort key only': { KeyConditions: { sk: cond('EQ', S('a')) } },
      'a non-key attribute': { KeyConditions: { ...ofUser('u1'), n: cond('EQ', N(1)) } },
      'partition key GT': { KeyConditions: { pk: cond('GT', S('u1')) } },
      'partition key IN': { KeyConditions: { pk: cond('IN', S('u1')) } },
      'partition key NULL': { KeyConditions: { pk: cond('NULL') } },
      'sort key NOT_NULL': { KeyConditions: { ...ofUser('u1'), sk: cond('NOT_NULL') } },
      'sort key IN': { KeyConditions: { ...ofUser('u1'), sk: cond('IN', S('a')) } },
      'sort key CONTAINS': { KeyConditions: { ...ofUser('u1'), sk: cond('CONTAINS', S('a')) } },
      'partition key of the wrong type': { KeyConditions: { pk: cond('EQ', N(1)) } },
      'partition key as a set': { KeyConditions: { pk: cond('EQ', { SS: ['u1'] }) } },
      'empty partition key': { KeyConditions: { pk: cond('EQ', S('')) } },
      'sort BETWEEN reversed': { KeyConditions: { ...ofUser('u1'), sk: cond('BETWEEN', S('b'), S('a')) } },
      'EQ without values': { KeyConditions: { pk: { ComparisonOperator: 'EQ' } } },
      'EQ with two values': { KeyConditions: { pk: cond('EQ', S('a'), S('b')) } },
      'an unknown operator': { KeyConditions: { pk: cond('LIKE', S('a')) } },
      'NULL with a value': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('NULL', N(1)) } },
      'IN without values': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('IN') } },
      'BETWEEN with one value': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('BETWEEN', N(1)) } },
      'values of two types': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('IN', N(1), S('1')) } },
      'LT on a set': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('LT', { NS: ['1'] }) } },
      'BEGINS_WITH a number': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('BEGINS_WITH', N(1)) } },
      'CONTAINS a list': { KeyConditions: ofUser('u1'), QueryFilter: { list: cond('CONTAINS', { L: [] }) } },
      'IN of booleans': { KeyConditions: ofUser('u1'), QueryFilter: { flag: cond('IN', { BOOL: true }) } },
      'an invalid number': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('EQ', { N: 'x' }) } },
      'a filter on the sort key': { KeyConditions: ofUser('u1'), QueryFilter: { sk: cond('EQ', S('a')) } },
      'ConditionalOperator with one condition': { KeyConditions: ofUser('u1'), QueryFilter: { n: cond('NULL') }, ConditionalOperator: 'OR' },
      'ConditionalOperator without a filter': { KeyConditions: ofUser('u1'), ConditionalOperator: 'AND' },
      'duplicate AttributesToGet': { KeyConditions: ofUser('u1'), AttributesToGet: ['n', 'n'] },
      'AttributesToGet with Select ALL_ATTRIBUTES': { KeyConditions: ofUser('u1'), AttributesToGet: ['n'], Select: 'ALL_ATTRIBUTES' },
      'AttributesToGet with Select COUNT': { KeyConditions: ofUser('u1'), AttributesToGet: ['n'], Select: 'COUNT' },
      'SPECIFIC_ATTRIBUTES without AttributesToGet': { KeyConditions: ofUser('u1'), Select: 'SPECIFIC_ATTRIBUTES' },
      'ExpressionAttributeValues without expressions': { KeyConditions: ofUser('u1'), ExpressionAttributeValues: { ':v': N(1) } },
      'ExpressionAttributeNames without expressions': { KeyConditions: ofUser('u1'), ExpressionAttributeNames: { '#n': 'n' } },
    };
    for (const [label, input] of Object.entries(cases)) await queryError(label, input);
  });
});

describe('the mixing rule', () => {
  it('names the legacy and expression parameters of each operation, in DynamoDB order', async () => {
    const pk = { ':p': S('u1') };
    await queryError('Query', {
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: pk,
      KeyConditions: ofUser('u1'),
      QueryFilter: { n: cond('NULL') },
      AttributesToGet: ['n'],
    });
    await queryError('Query, everything', {
      KeyConditionExpression: 'pk = :p',
      FilterExpression: 'n > :p',
      ProjectionExpression: 'n',
      ExpressionAttributeValues: pk,
      KeyConditions: ofUser('u1'),
      QueryFilter: { n: cond('NULL') },
      AttributesToGet: ['n'],
      ConditionalOperator: 'OR',
    });
    await queryError('Query, ConditionalOperator alone', { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: pk, ConditionalOperator: 'OR' });
    await queryError('Query, QueryFilter beside FilterExpression', {
      KeyConditions: ofUser('u1'),
      FilterExpression: 'n = :p',
      ExpressionAttributeValues: pk,
      QueryFilter: { n: cond('NULL') },
    });
    const key = { pk: S('u1'), sk: S('EVT#001') };
    const expected = { n: { Value: N(1) } };
    const sameError = (label: string, run: (db: DynamoDBDataSource) => Promise<unknown>) => contract.sameError(label, run);
    await sameError('Scan', (db) =>
      db.scan({
        TableName: events.name,
        FilterExpression: 'n > :p',
        ExpressionAttributeValues: pk,
        ScanFilter: { n: cond('NULL') },
        AttributesToGet: ['n'],
        ConditionalOperator: 'OR',
      }),
    );
    await sameError('GetItem', (db) => db.getItem({ TableName: events.name, Key: key, ProjectionExpression: 'n', AttributesToGet: ['n'] }));
    await sameError('BatchGetItem', (db) =>
      db.batchGetItem({ RequestItems: { [events.name]: { Keys: [key], ProjectionExpression: 'n', AttributesToGet: ['n'] } } }),
    );
    await sameError('PutItem', (db) =>
      db.putItem({ TableName: events.name, Item: key, ConditionExpression: 'attribute_exists(pk)', Expected: expected, ConditionalOperator: 'AND' }),
    );
    await sameError('DeleteItem', (db) => db.deleteItem({ TableName: events.name, Key: key, ConditionExpression: 'attribute_exists(pk)', Expected: expected }));
    await sameError('UpdateItem, all three', (db) =>
      db.updateItem({
        TableName: events.name,
        Key: key,
        UpdateExpression: 'SET a = :p',
        ExpressionAttributeValues: pk,
        AttributeUpdates: { b: { Action: 'PUT', Value: N(1) } },
        Expected: expected,
        ConditionalOperator: 'AND',
      }),
    );
    await sameError('UpdateItem, AttributeUpdates with a ConditionExpression', (db) =>
      db.updateItem({ TableName: events.name, Key: key, ConditionExpression: 'attribute_exists(a)', AttributeUpdates: { b: { Action: 'PUT', Value: N(1) } } }),
    );
    await sameError('UpdateItem, Expected with an UpdateExpression', (db) =>
      db.updateItem({ TableName: events.name, Key: key, UpdateExpression: 'SET a = :p', ExpressionAttributeValues: pk, Expected: expected }),
    );
    await sameError('PutItem, Expected with ExpressionAttributeValues', (db) =>
      db.putItem({ TableName: events.name, Item: key, Expected: expected, ExpressionAttributeValues: pk }),
    );
  });
});

describe('Scan with ScanFilter, GetItem and BatchGetItem with AttributesToGet', () => {
  it('filters and projects the same items', async () => {
    const scan = (label: string, input: object) =>
      contract.same(label, (db) => scanAllPages(db, { TableName: events.name, ...input }), scanAsSet(keyNames(events.keys)));
    await scan('ScanFilter on a key attribute (allowed in Scan)', { ScanFilter: { pk: cond('EQ', S('u1')) }, AttributesToGet: ['pk', 'sk', 'n'] });
    await scan('ScanFilter OR', { ScanFilter: { n: cond('GE', N(7)), s: cond('BEGINS_WITH', S('p')) }, ConditionalOperator: 'OR' });
    await scan('ScanFilter on a GSI', { IndexName: 'byKind', ScanFilter: { kind: cond('EQ', S('view')) } });
    await contract.sameError('ScanFilter with a bad value count', (db) => db.scan({ TableName: events.name, ScanFilter: { n: cond('EQ') } }));
    await contract.sameError('ScanFilter beside ExpressionAttributeValues', (db) =>
      db.scan({ TableName: events.name, ScanFilter: { n: cond('NULL') }, ExpressionAttributeValues: { ':n': N(1) } }),
    );
    const key = { pk: S('u1'), sk: S('EVT#001') };
    await contract.sameResult('GetItem AttributesToGet', (db) => db.getItem({ TableName: events.name, Key: key, AttributesToGet: ['n', 'pk', 'missing'] }));
    await contract.sameError('GetItem duplicate AttributesToGet', (db) => db.getItem({ TableName: events.name, Key: key, AttributesToGet: ['n', 'n'] }));
    await contract.sameError('GetItem AttributesToGet beside ExpressionAttributeNames', (db) =>
      db.getItem({ TableName: events.name, Key: key, AttributesToGet: ['n'], ExpressionAttributeNames: { '#n': 'n' } }),
    );
    await contract.sameResult('BatchGetItem AttributesToGet', (db) =>
      db.batchGetItem({ RequestItems: { [events.name]: { Keys: [key, { pk: S('u2'), sk: S('EVT#001') }], AttributesToGet: ['s'] } } }),
    );
  });

  it('refuses an empty AttributesToGet, as the API reference says (DynamoDB Local returns every attribute)', async () => {
    const key = { pk: S('u1'), sk: S('EVT#001') };
    const comparison = await contract.compare((db) => db.getItem({ TableName: events.name, Key: key, AttributesToGet: [] }));
    expect(comparison.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
    });
    expect(comparison.local).toMatchObject({ ok: true });
  });
});

describe('PutItem and DeleteItem with Expected', () => {
  const put = (label: string, Expected: Record<string, ExpectedAttributeValue> | undefined, extra: object = {}) =>
    contract.same(label, async (db) => {
      await db.putItem({ TableName: counters.name, Item: { id: S('c1'), n: N(1), s: S('abc'), tags: { SS: ['x'] } } });
      const output = await db.putItem({ TableName: counters.name, Item: { id: S('c1'), n: N(2) }, Expected, ReturnValues: 'ALL_OLD', ...extra });
      return { output, stored: await db.getItem({ TableName: counters.name, Key: { id: S('c1') }, ConsistentRead: true }) };
    });

  it('checks the old and the ComparisonOperator forms', async () => {
    await put('Value that matches', { n: { Value: N(1) } });
    await put('Value that does not match', { n: { Value: N(2) } });
    await put('Exists true with a Value', { n: { Exists: true, Value: N(1) } });
    await put('Exists false on a missing attribute', { z: { Exists: false } });
    await put('Exists false on a present attribute, ALL_OLD on failure', { n: { Exists: false } }, { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' });
    await put('ComparisonOperator with Value', { n: { ComparisonOperator: 'EQ', Value: N(1) } });
    await put('ComparisonOperator GT, failing', { n: { ComparisonOperator: 'GT', AttributeValueList: [N(5)] } });
    await put('ComparisonOperator NULL without values', { z: { ComparisonOperator: 'NULL' } });
    await put('CONTAINS in a set', { tags: { ComparisonOperator: 'CONTAINS', AttributeValueList: [S('x')] } });
    await put(
      'OR of a failing and a passing condition',
      { n: { ComparisonOperator: 'GT', AttributeValueList: [N(5)] }, s: { Value: S('abc') } },
      { ConditionalOperator: 'OR' },
    );
    await put('AND of the same', { n: { ComparisonOperator: 'GT', AttributeValueList: [N(5)] }, s: { Value: S('abc') } }, { ConditionalOperator: 'AND' });
    await put('an empty Expected', {});
    await put('a condition on the key', { id: { Value: S('c1') } });
  });

  it('refuses malformed Expected entries with the same messages', async () => {
    await put('Exists true without a Value', { n: { Exists: true } });
    await put('an empty entry', { n: {} });
    await put('Exists false with a Value', { n: { Exists: false, Value: N(1) } });
    await put('Exists with a ComparisonOperator', { n: { ComparisonOperator: 'EQ', Exists: true, AttributeValueList: [N(1)] } });
    await put('Value with an AttributeValueList', { n: { ComparisonOperator: 'EQ', Value: N(1), AttributeValueList: [N(1)] } });
    await put('an AttributeValueList without an operator', { n: { AttributeValueList: [N(1)] } });
    await put('an operator without values', { n: { ComparisonOperator: 'EQ' } });
    await put('LT on a set', { n: { ComparisonOperator: 'LT', AttributeValueList: [{ SS: ['a'] }] } });
    await put('ConditionalOperator with one condition', { n: { Value: N(1) } }, { ConditionalOperator: 'AND' });
    await put('ConditionalOperator without Expected', undefined, { ConditionalOperator: 'AND' });
    await put('the first bad entry is named', { n: { Exists: true }, s: { AttributeValueList: [N(1)] } });
  });

  it('deletes only when Expected holds', async () => {
    await contract.same('DeleteItem, failing', async (db) => {
      await db.putItem({ TableName: counters.name, Item: { id: S('d1'), n: N(1) } });
      return db.deleteItem({
        TableName: counters.name,
        Key: { id: S('d1') },
        Expected: { n: { Value: N(9) } },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      });
    });
    await contract.sameResult('DeleteItem, passing', (db) =>
      db.deleteItem({
        TableName: counters.name,
        Key: { id: S('d1') },
        Expected: { n: { ComparisonOperator: 'LE', AttributeValueList: [N(1)] } },
        ReturnValues: 'ALL_OLD',
      }),
    );
  });
});

describe('UpdateItem with AttributeUpdates', () => {
  const START = { n: N(1), ss: { SS: ['x', 'y'] }, l: { L: [S('p')] }, s: S('str'), m: { M: { k: S('v') } } };
  const update = (label: string, AttributeUpdates: object, extra: object = {}) =>
    contract.same(label, async (db) => {
      await db.putItem({ TableName: counters.name, Item: { id: S('u'), ...START } });
      const output = await db.updateItem({
        TableName: counters.name,
        Key: { id: S('u') },
        AttributeUpdates: AttributeUpdates as never,
        ReturnValues: 'ALL_NEW',
        ...extra,
      });
      return { output, stored: await db.getItem({ TableName: counters.name, Key: { id: S('u') }, ConsistentRead: true }) };
    });

  it('applies PUT, ADD and DELETE as DynamoDB does', async () => {
    await update('PUT', { s: { Action: 'PUT', Value: S('new') }, z: { Action: 'PUT', Value: { M: { a: N(1) } } } });
    await update('ADD to a number', { n: { Action: 'ADD', Value: N(5) } });
    await update('ADD a new number', { z: { Action: 'ADD', Value: N(-2.5) } });
    await update('ADD to a set', { ss: { Action: 'ADD', Value: { SS: ['a', 'x'] } } });
    await update('ADD to a list appends', { l: { Action: 'ADD', Value: { L: [S('q'), N(1)] } } });
    await update('ADD a new list', { l2: { Action: 'ADD', Value: { L: [S('q')] } } });
    await update('DELETE an attribute', { s: { Action: 'DELETE' } });
    await update('DELETE a missing attribute', { zz: { Action: 'DELETE' } });
    await update('DELETE from a set', { ss: { Action: 'DELETE', Value: { SS: ['x'] } } });
    await update('DELETE every member removes the set', { ss: { Action: 'DELETE', Value: { SS: ['x', 'y'] } } });
    await update('DELETE from a missing set', { zz: { Action: 'DELETE', Value: { SS: ['x'] } } });
    await update('an empty AttributeUpdates', {});
    await update(
      'UPDATED_NEW',
      { n: { Action: 'ADD', Value: N(5) }, s: { Action: 'DELETE' }, q: { Action: 'PUT', Value: S('w') } },
      { ReturnValues: 'UPDATED_NEW' },
    );
    await update(
      'UPDATED_OLD',
      { n: { Action: 'ADD', Value: N(5) }, s: { Action: 'DELETE' }, q: { Action: 'PUT', Value: S('w') } },
      { ReturnValues: 'UPDATED_OLD' },
    );
    await update('with Expected, passing', { n: { Action: 'ADD', Value: N(1) } }, { Expected: { n: { Value: N(1) } } });
    await update(
      'with Expected, failing',
      { n: { Action: 'ADD', Value: N(1) } },
      { Expected: { n: { Value: N(7) } }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
    );
  });

  it('creates a missing item from its key', async () => {
    for (const [label, AttributeUpdates] of [
      ['ADD a number', { n: { Action: 'ADD', Value: N(3) } }],
      ['ADD a list', { l: { Action: 'ADD', Value: { L: [S('q')] } } }],
      ['DELETE (the key alone is stored)', { s: { Action: 'DELETE' } }],
      ['PUT', { s: { Action: 'PUT', Value: S('a') } }],
    ] as const) {
      await contract.same(`a new item: ${label}`, async (db) => {
        await db.deleteItem({ TableName: counters.name, Key: { id: S('fresh') } });
        const output = await db.updateItem({
          TableName: counters.name,
          Key: { id: S('fresh') },
          AttributeUpdates: AttributeUpdates as never,
          ReturnValues: 'ALL_NEW',
        });
        return { output, stored: await db.getItem({ TableName: counters.name, Key: { id: S('fresh') }, ConsistentRead: true }) };
      });
    }
  });

  it('refuses bad actions with the same messages', async () => {
    await update('ADD a number to a string', { s: { Action: 'ADD', Value: N(1) } });
    await update('ADD a list to a string', { s: { Action: 'ADD', Value: { L: [S('q')] } } });
    await update('ADD a string set to a number', { n: { Action: 'ADD', Value: { SS: ['a'] } } });
    await update('ADD a number set to a string set', { ss: { Action: 'ADD', Value: { NS: ['1'] } } });
    await update('DELETE a number set from a string set', { ss: { Action: 'DELETE', Value: { NS: ['1'] } } });
    for (const [type, Value] of [
      ['S', S('x')],
      ['M', { M: {} }],
      ['BOOL', { BOOL: true }],
      ['NULL', { NULL: true }],
      ['B', B(1)],
    ] as const) {
      await update(`ADD a ${type}`, { s: { Action: 'ADD', Value } });
      await update(`DELETE a ${type}`, { s: { Action: 'DELETE', Value } });
    }
    await update('DELETE a list', { l: { Action: 'DELETE', Value: { L: [S('p')] } } });
    await update('DELETE a number', { n: { Action: 'DELETE', Value: N(1) } });
    await update('ADD without a value', { s: { Action: 'ADD' } });
    await update('PUT without a value', { s: { Action: 'PUT' } });
    await update('an unknown action', { s: { Action: 'BOGUS', Value: S('x') } });
    await update('a key attribute', { id: { Action: 'PUT', Value: S('b') } });
    await update('deleting a key attribute', { id: { Action: 'DELETE' } });
    await update('the first bad action is named', { s: { Action: 'DELETE', Value: S('str') }, n: { Action: 'ADD', Value: S('x') } });
    await update('an invalid number', { s: { Action: 'PUT', Value: { N: 'x' } } });
  });

  it('an action without Action is a PUT, as the API reference says (DynamoDB Local ignores it)', async () => {
    const comparison = await contract.compare(async (db) => {
      await db.putItem({ TableName: counters.name, Item: { id: S('p'), s: S('old') } });
      return db.updateItem({ TableName: counters.name, Key: { id: S('p') }, AttributeUpdates: { s: { Value: S('new') } }, ReturnValues: 'ALL_NEW' });
    });
    expect(comparison.engine).toEqual({ ok: true, value: { Attributes: { id: S('p'), s: S('new') } } });
    expect(comparison.local).toEqual({ ok: true, value: { Attributes: { id: S('p'), s: S('old') } } });
  });
});
