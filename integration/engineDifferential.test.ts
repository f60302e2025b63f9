/**
 * Randomized differential test of Keylab's engine against the real DynamoDB
 * Local: fast-check generates a table (S / N / B keys, optional sort key,
 * GSIs and LSIs with every projection) and a sequence of PutItem,
 * UpdateItem, DeleteItem, BatchWriteItem, GetItem, Query (every key-condition
 * operator, both directions, Limit, filters, Select COUNT, paged to the end)
 * and Scan requests; every answer of the engine must equal DynamoDB Local's,
 * after the documented normalisations of contract/normalize.ts (the same as
 * the contract suite's). Key values include astral characters, U+FFFF, mixed
 * case, digits next to `#`, numbers with exponents, negatives and 38 digits,
 * and binary with high bytes.
 *
 * Seeds are fixed so CI is repeatable: `KEYLAB_DIFF_SEED=n` explores other
 * cases, `KEYLAB_DIFF_RUNS=n` runs more (`npm run fuzz:engine`), and
 * `KEYLAB_DIFF_SHRINK=1` shrinks a failure (slow: every attempt creates tables).
 */
import type { AttributeValue, QueryCommandInput, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { canonicalKey, type DynamoDBDataSource } from '../src/engine';
import type { KeyAttributeValue } from '../src/keys';
import { DIFFERENTIAL_SEED, differentialParameters, differentialRuns, useDifferentialSides } from './contract/differentialHarness';
import {
  CONDITIONS,
  FILTERS,
  keyValueOf,
  RETURN_VALUES,
  run as runArbitrary,
  UPDATES,
  type IndexAttribute,
  type IndexAttributeValue,
  type ItemBody,
  type KeyMaterial,
  type KeyRef,
  type Operation,
  type Run,
  type SortCondition,
  type TransactAction,
} from './contract/differentialArbitraries';
import { keyNames, keySchemaInfo, tableSpec, type IndexSpec, type KeyAttribute, type KeyType, type TableSpec } from './contract/fixtures';
import {
  inclusiveBoundLastEvaluatedKey,
  indexNameInMessage,
  indexProjectionOrFilterProblem,
  indexTieOrder,
  scanAsSet,
  type Comparison,
  type Normalizer,
} from './contract/normalize';
import type { Outcome } from './contract/outcome';
import { queryAllPages, scanAllPages, type Pages } from './contract/paging';
import { type Side } from './contract/sides';
import { TRANSACTION_NORMALIZERS } from './contract/transactionNormalizers';
import { latestStreamArn, localEmptyMapsTyped, readStream, recordsByKey } from './streamSides';

type Item = Record<string, AttributeValue>;

const RUNS = differentialRuns('KEYLAB_DIFF_RUNS', 300);
const SEED = DIFFERENTIAL_SEED;
/** Runs of the stream property (each reads back a table's stream): a few seconds in CI. */
const STREAM_RUNS = differentialRuns('KEYLAB_DIFF_STREAM_RUNS', 12);
const VIEW_TYPES = ['NEW_AND_OLD_IMAGES', 'NEW_IMAGE', 'OLD_IMAGE', 'KEYS_ONLY'] as const;

const sides = useDifferentialSides();

/** A table of a run, with what materialising requests needs. */
interface RunTable {
  readonly spec: TableSpec;
  readonly types: Readonly<Record<string, KeyType>>;
  /** Targets of reads: the table, then its indexes. */
  readonly targets: readonly { readonly indexName: string | undefined; readonly keys: readonly KeyAttribute[] }[];
  /** The sort-key attributes of the LSIs. */
  readonly lsiKeys: ReadonlySet<string>;
  /** Every index with its key attribute names. */
  readonly indexes: readonly { readonly name: string; readonly kind: 'global' | 'local'; readonly keys: readonly string[] }[];
  /** Whether a read of the target can see every attribute the expression names (f, v): always on the table and LSIs. */
  projects(indexName: string | undefined, expression: string): boolean;
}

function buildTable(runData: Run): RunTable {
  const { schema } = runData;
  const types: Record<string, KeyType> = { pk: schema.pkType, ...schema.attributeTypes };
  if (schema.skType) types.sk = schema.skType;
  const projection = (kind: string) =>
    kind === 'INCLUDE' ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: ['f'] } : { ProjectionType: kind as 'ALL' | 'KEYS_ONLY' };
  const attribute = (name: string): KeyAttribute => [name, types[name] as KeyType];
  const gsis: IndexSpec[] = schema.gsis.map((gsi, i) => ({
    name: `gsi${i}`,
    keys: gsi.range ? [attribute(gsi.hash), attribute(gsi.range)] : [attribute(gsi.hash)],
    projection: projection(gsi.projection),
  }));
  const lsis: IndexSpec[] = schema.lsis.map((lsi, i) => ({
    name: `lsi${i}`,
    keys: [attribute('pk'), attribute(lsi.range)],
    projection: projection(lsi.projection),
  }));
  const keys: KeyAttribute[] = schema.skType ? [attribute('pk'), attribute('sk')] : [attribute('pk')];
  const spec = tableSpec('diff', keys, { gsis, lsis });
  return {
    spec,
    types,
    targets: [{ indexName: undefined, keys }, ...[...gsis, ...lsis].map((index) => ({ indexName: index.name, keys: index.keys }))],
    lsiKeys: new Set(schema.lsis.map((lsi) => lsi.range)),
    indexes: [
      ...gsis.map((index) => ({ name: index.name, kind: 'global' as const, keys: keyNames(index.keys) })),
      ...lsis.map((index) => ({ name: index.name, kind: 'local' as const, keys: keyNames(index.keys) })),
    ],
    projects(indexName, expression) {
      const gsi = gsis.find((index) => index.name === indexName);
      if (!gsi || gsi.projection?.ProjectionType === 'ALL') return true;
      const projected = new Set([...keyNames(keys), ...keyNames(gsi.keys), ...(gsi.projection?.NonKeyAttributes ?? [])]);
      return ['f', 'v'].every((name) => !new RegExp(`\\b${name}\\b`).test(expression) || projected.has(name));
    },
  };
}

/** Materialises requests from a run's abstract operations. */
class Requests {
  constructor(
    private readonly runData: Run,
    private readonly table: RunTable,
  ) {}

  private pool(attribute: string): readonly KeyMaterial[] {
    if (attribute === 'pk') return this.runData.pkPool;
    if (attribute === 'sk') return this.runData.skPool;
    return this.runData.indexPool;
  }

  private valueOf(attribute: string, slot: number | KeyMaterial): AttributeValue {
    const pool = this.pool(attribute);
    const material = typeof slot === 'number' ? (pool[slot % pool.length] as KeyMaterial) : slot;
    return keyValueOf(material, this.table.types[attribute] as KeyType);
  }

  key(ref: KeyRef): Item {
    const key: Item = { pk: this.valueOf('pk', ref.pk) };
    if (this.table.types.sk) key.sk = this.valueOf('sk', ref.sk);
    return key;
  }

  /** The value an index attribute gets from a generated choice (undefined: leave it out). */
  indexAttribute(name: IndexAttribute, choice: IndexAttributeValue): AttributeValue | undefined {
    const type = this.table.types[name] as KeyType;
    if (choice === 'absent') return undefined;
    if (choice === 'wrongType') return type === 'N' ? { S: 'x' } : { N: '1' };
    if (choice === 'empty') return type === 'S' ? { S: '' } : type === 'B' ? { B: new Uint8Array(0) } : undefined;
    return this.valueOf(name, choice.pool);
  }

  item(ref: KeyRef, body: ItemBody): Item {
    const item = this.key(ref);
    for (const name of ['g1', 'g2', 'l1'] as const) {
      const value = this.indexAttribute(name, body[name]);
      if (value) item[name] = value;
    }
    if (body.f !== undefined) item.f = { N: String(body.f) };
    if (body.v !== undefined) item.v = body.v;
    return item;
  }

  /** A query's KeyConditionExpression and its values, for a target. */
  keyCondition(target: RunTable['targets'][number], pk: number, condition: SortCondition | undefined) {
    const [hash, range] = target.keys;
    const names: Record<string, string> = { '#h': (hash as KeyAttribute)[0] };
    const values: Record<string, AttributeValue> = { ':h': this.valueOf((hash as KeyAttribute)[0], pk) };
    let text = '#h = :h';
    if (condition && range) {
      names['#r'] = range[0];
      const operand = (slot: SortCondition['a']) => this.valueOf(range[0], 'pool' in slot ? slot.pool : slot);
      values[':a'] = operand(condition.a);
      if (condition.operator === 'BETWEEN') {
        values[':b'] = operand(condition.b);
        text += ' AND #r BETWEEN :a AND :b';
      } else if (condition.operator === 'begins_with') {
        text += ' AND begins_with(#r, :a)';
      } else {
        text += ` AND #r ${condition.operator} :a`;
      }
    }
    return { KeyConditionExpression: text, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  }
}

/** Adds `:f` (and the others) to ExpressionAttributeValues only when the expressions use them. */
function valuesFor(expressions: (string | undefined)[], candidates: Record<string, AttributeValue>): Record<string, AttributeValue> | undefined {
  const text = expressions.filter(Boolean).join(' ');
  const used = Object.entries(candidates).filter(([placeholder]) => new RegExp(`${placeholder}\\b`).test(text));
  return used.length > 0 ? Object.fromEntries(used) : undefined;
}

/**
 * Semantics §1 (equal index keys in no guaranteed order), for an index Query
 * with a filter and Limit: which tied entries a page reads decides which
 * ones its filter keeps, so per-page Count and Items differ legitimately.
 * Compared: all items (sorted within runs of equal index keys), the total
 * Count, each page's ScannedCount, and each LastEvaluatedKey's index keys.
 */
function indexPagesAsRuns(indexKeyNames: readonly string[], tableKeyNames: readonly string[]): Normalizer {
  const tieOrder = indexTieOrder(indexKeyNames, tableKeyNames);
  const summarize = (outcome: Outcome): Outcome => {
    if (!outcome.ok) return outcome;
    const { pages } = outcome.value as Pages;
    return {
      ok: true,
      value: {
        items: pages.flatMap((page) => page.Items ?? []),
        count: pages.reduce((sum, page) => sum + (page.Count ?? 0), 0),
        scannedCounts: pages.map((page) => page.ScannedCount),
        lastKeys: pages.map((page) =>
          page.LastEvaluatedKey ? Object.fromEntries(indexKeyNames.map((name) => [name, page.LastEvaluatedKey?.[name]])) : undefined,
        ),
      },
    };
  };
  return (comparison: Comparison) => {
    // Sort the items within runs first (on pages of one item each, so page sizes can't interfere).
    const flatten = (outcome: Outcome): Outcome => {
      if (!outcome.ok) return outcome;
      const { pages } = outcome.value as Pages;
      return { ok: true, value: { pages: pages.flatMap((page) => (page.Items ?? []).map((item) => ({ Items: [item] }))) } };
    };
    const sorted = tieOrder({ ...comparison, engine: flatten(comparison.engine), local: flatten(comparison.local) });
    const items = (outcome: Outcome) => (outcome.ok ? (outcome.value as Pages).pages.flatMap((page) => page.Items ?? []) : []);
    const withItems = (outcome: Outcome, sortedOutcome: Outcome): Outcome => {
      const summary = summarize(outcome);
      return summary.ok ? { ok: true, value: { ...(summary.value as object), items: items(sortedOutcome) } } : summary;
    };
    return { ...comparison, engine: withItems(comparison.engine, sorted.engine), local: withItems(comparison.local, sorted.local) };
  };
}

/**
 * DynamoDB Local 3.3.1 charges a PutItem an index write for an index the item
 * is in neither before nor after the write, when the old item had some of the
 * index's key attributes and the new one others (e.g. old item with only the
 * range key, new one with only the hash key). The Developer Guide (GSI writes):
 * "If an item is not present in the index before or after the item is
 * updated, there is no additional write cost for the index" — as the engine
 * charges. Given the item before (read from the engine first) and after, such
 * an index's charge is dropped from DynamoDB Local's answer.
 */
function localChargesIndexOutsideIt(table: RunTable, before: Item | undefined, after: Item): Normalizer {
  const inIndex = (item: Item | undefined, keys: readonly string[]) => item !== undefined && keys.every((name) => item[name] !== undefined);
  const untouched = table.indexes.filter((index) => !inIndex(before, index.keys) && !inIndex(after, index.keys));
  return (comparison) => {
    if (!comparison.local.ok || untouched.length === 0) return comparison;
    const output = comparison.local.value as { ConsumedCapacity?: Record<string, unknown> & { CapacityUnits: number } };
    const capacity = output.ConsumedCapacity;
    if (!capacity) return comparison;
    let total = capacity.CapacityUnits;
    const fixed: Record<string, unknown> = { ...capacity };
    for (const { name, kind } of untouched) {
      const member = kind === 'global' ? 'GlobalSecondaryIndexes' : 'LocalSecondaryIndexes';
      const charges = fixed[member] as Record<string, { CapacityUnits: number }> | undefined;
      if (!charges?.[name]) continue;
      total -= charges[name].CapacityUnits;
      const { [name]: _dropped, ...rest } = charges;
      if (Object.keys(rest).length > 0) fixed[member] = rest;
      else delete fixed[member];
    }
    return { ...comparison, local: { ok: true, value: { ...output, ConsumedCapacity: { ...fixed, CapacityUnits: total } } } };
  };
}

/**
 * README, "Several errors in one expression", for a transaction: when two actions each have a request error (an
 * empty index key in a Put, an UpdateExpression reading a missing attribute), which one DynamoDB names is its internal
 * order (DynamoDB Local evaluates updates first; the engine reports the first action's). Both must refuse the
 * request with a ValidationException; the messages are then not compared.
 */
const severalActionErrors: Normalizer = (comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || engine.name !== 'ValidationException' || local.name !== 'ValidationException' || engine.message === local.message)
    return comparison;
  const message = '‹one of several request errors›';
  return { ...comparison, engine: { ...engine, message }, local: { ...local, message } };
};

/** Readable labels: binary as hex. */
function describe_(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => (member instanceof Uint8Array ? `0x${Buffer.from(member).toString('hex')}` : member));
}

/** Counts what the generated operations did, to show the generator exercises both success and failure. */
const tally = { ok: 0, failed: 0, cancelled: 0, pages: 0 };
/** How often each kind of refusal came up (printed with KEYLAB_DIFF_VERBOSE=1). */
const refusals = new Map<string, number>();

async function runOperation(index: number, operation: Operation, requests: Requests, table: RunTable): Promise<void> {
  const TableName = table.spec.name;
  const tableKeys = keyNames(table.spec.keys);
  const step = async (request: unknown, scenario: (db: DynamoDBDataSource) => Promise<unknown>, ...normalizers: Normalizer[]) => {
    const outcome = await sides.contract.same(`step ${index} ${operation.kind} ${describe_(request)}`, scenario, indexNameInMessage, ...normalizers);
    if (outcome.ok) tally.ok++;
    // A cancelled transaction was answered in full (its reasons compared), not refused.
    else if (outcome.name === 'TransactionCanceledException') tally.cancelled++;
    else {
      tally.failed++;
      const kind = `${operation.kind}: ${outcome.name}: ${outcome.message.replace(/[[:].*$/, '').slice(0, 90)}`;
      refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
    }
  };
  switch (operation.kind) {
    case 'put': {
      const input = putInput(operation, requests, TableName);
      const before = operation.capacity
        ? (await sides.engine.db.getItem({ TableName, Key: requests.key(operation.key), ConsistentRead: true })).Item
        : undefined;
      await step(input, (db) => db.putItem(input), ...(operation.capacity ? [localChargesIndexOutsideIt(table, before, input.Item)] : []));
      break;
    }
    case 'update': {
      const input = updateInput(operation, requests, table);
      await step(input, (db) => db.updateItem(input));
      break;
    }
    case 'delete': {
      const input = deleteInput(operation, requests, TableName);
      await step(input, (db) => db.deleteItem(input));
      break;
    }
    case 'batchWrite': {
      const writes = operation.writes.map(({ key, body }) =>
        body ? { PutRequest: { Item: requests.item(key, body) } } : { DeleteRequest: { Key: requests.key(key) } },
      );
      const input = { RequestItems: { [TableName]: writes } };
      await step(input, (db) => db.batchWriteItem(input));
      break;
    }
    case 'get': {
      const input = {
        TableName,
        Key: requests.key(operation.key),
        ConsistentRead: true,
        ...(operation.projection ? { ProjectionExpression: 'f, v, g1' } : {}),
      };
      await step(input, (db) => db.getItem(input));
      break;
    }
    case 'query': {
      const target = table.targets[operation.target % table.targets.length] as RunTable['targets'][number];
      const condition = requests.keyCondition(target, operation.pk, operation.condition);
      const filter = operation.filter === undefined ? undefined : FILTERS[operation.filter];
      const filterValues = valuesFor([filter], { ':f': { N: String(operation.f) } });
      const input: QueryCommandInput = {
        TableName,
        ...(target.indexName ? { IndexName: target.indexName } : {}),
        ...condition,
        ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...filterValues },
        ...(filter ? { FilterExpression: filter } : {}),
        ...(operation.limit ? { Limit: operation.limit } : {}),
        ScanIndexForward: operation.forward,
        ...(operation.select === 'count' ? { Select: 'COUNT' as const } : {}),
        // The table's and the index's keys stay in the projection: index pages are compared by them (ties).
        ...(operation.select === 'projection'
          ? { ProjectionExpression: [...new Set([...tableKeys, ...keyNames(target.keys)])].concat('f', 'm.v').join(', ') }
          : {}),
        // Capacity on table reads only: DynamoDB Local sizes index pages by whole items (src/engine/query.test.ts).
        ...(operation.capacity && !target.indexName ? { ReturnConsumedCapacity: 'TOTAL' as const } : {}),
      };
      const indexKeys = keyNames(target.keys);
      const normalizers = target.indexName
        ? [filter && operation.limit ? indexPagesAsRuns(indexKeys, tableKeys) : indexTieOrder(indexKeys, tableKeys)]
        : [inclusiveBoundLastEvaluatedKey(keySchemaInfo(table.spec.keys))];
      if (filter && input.ProjectionExpression) normalizers.push(indexProjectionOrFilterProblem);
      await step(input, (db) => queryAllPages(db, input), ...normalizers);
      tally.pages++;
      break;
    }
    case 'scan': {
      const target = table.targets[operation.target % table.targets.length] as RunTable['targets'][number];
      // A GSI Scan filtering on attributes the GSI does not project: the engine sees them absent (as DynamoDB's
      // index entries hold only projected attributes); DynamoDB Local filters the whole item as it was when its
      // index row was last written. Not comparable: such filters are left out here (the contract suite asserts both).
      const filter =
        operation.filter === undefined || !table.projects(target.indexName, FILTERS[operation.filter] as string) ? undefined : FILTERS[operation.filter];
      const values = valuesFor([filter], { ':f': { N: String(operation.f) } });
      const input: ScanCommandInput = {
        TableName,
        ...(target.indexName ? { IndexName: target.indexName } : {}),
        ...(filter ? { FilterExpression: filter } : {}),
        ...(values ? { ExpressionAttributeValues: values } : {}),
        ...(operation.limit ? { Limit: operation.limit } : {}),
        ...(operation.count ? { Select: 'COUNT' as const } : {}),
      };
      await step(input, (db) => scanAllPages(db, input), scanAsSet(tableKeys));
      tally.pages++;
      break;
    }
    case 'transactWrite': {
      const input = transactWriteInput(
        operation.actions,
        requests,
        table,
        operation.token ? `diff-${index}-${Math.random().toString(36).slice(2)}` : undefined,
      );
      await step(input, (db) => db.transactWriteItems(input), ...TRANSACTION_NORMALIZERS, severalActionErrors);
      // A retry with the same token answers alike and writes nothing (the final Scan checks it).
      if (input.ClientRequestToken) await step(input, (db) => db.transactWriteItems(input), ...TRANSACTION_NORMALIZERS, severalActionErrors);
      break;
    }
    case 'transactGet': {
      const input = {
        TransactItems: operation.keys.map((key) => ({
          Get: { TableName, Key: requests.key(key), ...(operation.projection ? { ProjectionExpression: 'f, v, g1' } : {}) },
        })),
        ReturnConsumedCapacity: 'TOTAL' as const,
      };
      await step(input, (db) => db.transactGetItems(input), ...TRANSACTION_NORMALIZERS);
      break;
    }
  }
}

type WriteOperation<K extends Operation['kind']> = Extract<Operation, { kind: K }>;

function conditionOf(operation: { readonly condition: number | undefined }): string | undefined {
  return operation.condition === undefined ? undefined : CONDITIONS[operation.condition];
}

function putInput(operation: WriteOperation<'put'>, requests: Requests, TableName: string) {
  const condition = conditionOf(operation);
  const values = valuesFor([condition], { ':f': { N: String(operation.f) } });
  return {
    TableName,
    Item: requests.item(operation.key, operation.body),
    ...(condition ? { ConditionExpression: condition } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
    ...(operation.returnOld ? { ReturnValues: 'ALL_OLD' as const } : {}),
    ...(operation.capacity ? { ReturnConsumedCapacity: 'INDEXES' as const } : {}),
  };
}

function updateInput(operation: WriteOperation<'update'>, requests: Requests, table: RunTable) {
  const update = UPDATES[operation.update] as string;
  const condition = conditionOf(operation);
  const target = (/SET (g1|g2|l1) = :g/.exec(update)?.[1] ?? 'g1') as IndexAttribute;
  // DynamoDB Local 3.3.1 lets UpdateItem give an LSI sort key a value of the wrong type (PutItem refuses it, as
  // DynamoDB does for both, and the engine too); the tables would then differ. Not generated here (the contract suite asserts both).
  const choice = operation.value === 'absent' || (operation.value === 'wrongType' && table.lsiKeys.has(target)) ? { pool: 0 } : operation.value;
  const g = requests.indexAttribute(target, choice) ?? { N: '0' };
  const values = valuesFor([update, condition], {
    ':f': { N: String(operation.f) },
    ':g': g,
    ':v': operation.v,
    ':empty': { L: [] },
    ':list': { L: [operation.v] },
  });
  return {
    TableName: table.spec.name,
    Key: requests.key(operation.key),
    UpdateExpression: update,
    ...(condition ? { ConditionExpression: condition } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
    ReturnValues: RETURN_VALUES[operation.returnValues],
    ...(operation.capacity ? { ReturnConsumedCapacity: 'INDEXES' as const } : {}),
  };
}

function deleteInput(operation: WriteOperation<'delete'> | Extract<TransactAction, { kind: 'check' }>, requests: Requests, TableName: string) {
  const condition = conditionOf(operation);
  const values = valuesFor([condition], { ':f': { N: String(operation.f) } });
  return {
    TableName,
    Key: requests.key(operation.key),
    ...(condition ? { ConditionExpression: condition } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
    ...(operation.returnOld ? { ReturnValues: 'ALL_OLD' as const } : {}),
    ...('capacity' in operation && operation.capacity ? { ReturnConsumedCapacity: 'INDEXES' as const } : {}),
  };
}

/**
 * A TransactWriteItems request from generated actions: each one is the single-item write's input without
 * ReturnValues and capacity, with ReturnValuesOnConditionCheckFailure ALL_OLD where the write asked for old values.
 * One action per item (the first): DynamoDB refuses two (so does the engine), but DynamoDB Local 3.3.1 runs a
 * ConditionCheck beside a write to its item, and reports an Update's document-path error before the repetition;
 * transactionsContract.test.ts compares repeated items.
 * No ReturnConsumedCapacity: DynamoDB Local counts one write per table (README).
 */
function transactWriteInput(actions: readonly TransactAction[], requests: Requests, table: RunTable, token: string | undefined) {
  // The item a key names: numbers compared as DynamoDB does (1e3 and 1000 are one item).
  const identity = (ref: KeyRef) =>
    Object.entries(requests.key(ref))
      .map(([name, value]) => `${name}=${canonicalKey(value as KeyAttributeValue)}`)
      .join('\u0000');
  const kept = actions.filter((action, i) => actions.findIndex((other) => identity(other.key) === identity(action.key)) === i);
  const TransactItems = kept.map((action) => {
    const onFailure =
      ('returnOld' in action && action.returnOld) || ('returnValues' in action && action.returnValues === 1)
        ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const }
        : {};
    switch (action.kind) {
      case 'put': {
        const { ReturnValues: _r, ReturnConsumedCapacity: _c, ...put } = putInput(action, requests, table.spec.name);
        return { Put: { ...put, ...onFailure } };
      }
      case 'update': {
        const { ReturnValues: _r, ReturnConsumedCapacity: _c, ...update } = updateInput(action, requests, table);
        return { Update: { ...update, ...onFailure } };
      }
      case 'delete': {
        const { ReturnValues: _r, ReturnConsumedCapacity: _c, ...del } = deleteInput(action, requests, table.spec.name);
        return { Delete: { ...del, ...onFailure } };
      }
      case 'check': {
        const { ReturnValues: _r, ReturnConsumedCapacity: _c, ...check } = deleteInput(action, requests, table.spec.name);
        return { ConditionCheck: { ...check, ConditionExpression: check.ConditionExpression as string, ...onFailure } };
      }
    }
  });
  return { TransactItems, ...(token ? { ClientRequestToken: token } : {}) };
}

describe('the engine vs DynamoDB Local, random tables and operations', () => {
  it(`agrees on ${RUNS} random tables and operation sequences (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(runArbitrary, async (runData) => {
        const table = buildTable(runData);
        const requests = new Requests(runData, table);
        await sides.contract.sameResult(`CreateTable ${describe_(table.spec.input)}`, (db) => db.createTable(table.spec.input));
        try {
          for (const [index, operation] of runData.operations.entries()) await runOperation(index, operation, requests, table);
          // The end state: every item, and the table's counts.
          await sides.contract.same('final Scan', (db) => scanAllPages(db, { TableName: table.spec.name }), scanAsSet(keyNames(table.spec.keys)));
          await sides.contract.sameResult('final DescribeTable', (db) => db.describeTable({ TableName: table.spec.name }));
        } finally {
          await sides.contract.onBoth((db) => db.deleteTable({ TableName: table.spec.name }).then(() => undefined));
        }
      }),
      differentialParameters(RUNS),
    );
    if (process.env.KEYLAB_DIFF_VERBOSE === '1')
      console.log(
        [...refusals]
          .sort((a, b) => b[1] - a[1])
          .map(([kind, n]) => `${n}\t${kind}`)
          .join('\n'),
      );
    console.log(
      `engineDifferential: ${RUNS} runs, seed ${SEED}: ${tally.ok} requests accepted alike, ${tally.failed} refused alike, ${tally.cancelled} transactions cancelled alike, ${tally.pages} paged reads`,
    );
    // The generator must exercise both outcomes: mostly accepted requests, some refused ones.
    expect(tally.ok, `${tally.ok} accepted, ${tally.failed} refused`).toBeGreaterThan(tally.failed * 2);
    expect(tally.failed).toBeGreaterThan(0);
  }, 600_000);
});

const GSI_RUNS = differentialRuns('KEYLAB_DIFF_GSI_RUNS', 3);

/** Items for a table that gets a GSI later: g and h may be absent (sparse index); values from small pools so index partitions repeat. */
const backfillItems = fc.uniqueArray(
  fc.record({
    pk: fc.integer({ min: 0, max: 5 }),
    sk: fc.integer({ min: 0, max: 40 }),
    g: fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined }),
    h: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
    f: fc.integer({ min: 0, max: 9 }),
  }),
  { minLength: 1, maxLength: 40, selector: (item) => `${item.pk}/${item.sk}` },
);

describe('the engine vs DynamoDB Local, GSIs added over existing random items', () => {
  it(`agrees on ${GSI_RUNS} random backfills, the queries on them and their deletion (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(
        backfillItems,
        fc.boolean(),
        fc.constantFrom<'ALL' | 'KEYS_ONLY' | 'INCLUDE'>('ALL', 'KEYS_ONLY', 'INCLUDE'),
        async (items, withRange, projectionType) => {
          const spec = tableSpec('diffGsi', [
            ['pk', 'S'],
            ['sk', 'N'],
          ]);
          await sides.contract.sameResult('CreateTable', (db) => db.createTable(spec.input));
          try {
            const puts = items.map(({ pk, sk, g, h, f }) => ({
              PutRequest: {
                Item: {
                  pk: { S: `p${pk}` },
                  sk: { N: String(sk) },
                  f: { N: String(f) },
                  ...(g ? { g: { S: g } } : {}),
                  ...(h !== undefined ? { h: { N: String(h) } } : {}),
                },
              },
            }));
            await sides.contract.onBoth(async (db) => {
              for (let i = 0; i < puts.length; i += 25) await db.batchWriteItem({ RequestItems: { [spec.name]: puts.slice(i, i + 25) } });
            });
            const keys: KeyAttribute[] = withRange
              ? [
                  ['g', 'S'],
                  ['h', 'N'],
                ]
              : [['g', 'S']];
            const projection = projectionType === 'INCLUDE' ? { ProjectionType: projectionType, NonKeyAttributes: ['f'] } : { ProjectionType: projectionType };
            await sides.contract.sameResult('UpdateTable Create', (db) =>
              db
                .updateTable({
                  TableName: spec.name,
                  AttributeDefinitions: keys.map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
                  GlobalSecondaryIndexUpdates: [
                    {
                      Create: {
                        IndexName: 'late',
                        KeySchema: keys.map(([AttributeName], i) => ({ AttributeName, KeyType: i === 0 ? 'HASH' : 'RANGE' })),
                        Projection: projection,
                      },
                    },
                  ],
                })
                .then((output) => output.TableDescription?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.IndexStatus])),
            );
            await sides.contract.onBoth((db) => waitUntilIndexesActive(db, spec.name));
            const ties = indexTieOrder(keyNames(keys), keyNames(spec.keys));
            for (const g of ['a', 'b', 'c', 'd']) {
              const range = withRange ? ' AND h >= :h' : '';
              await sides.contract.same(
                `Query late g = ${g}`,
                (db) =>
                  queryAllPages(db, {
                    TableName: spec.name,
                    IndexName: 'late',
                    KeyConditionExpression: `g = :g${range}`,
                    ExpressionAttributeValues: { ':g': { S: g }, ...(withRange ? { ':h': { N: '0' } } : {}) },
                    Limit: 3,
                  }),
                ties,
              );
            }
            await sides.contract.same('Scan late', (db) => scanAllPages(db, { TableName: spec.name, IndexName: 'late' }), scanAsSet(keyNames(spec.keys)));
            await sides.contract.same('UpdateTable Delete', (db) =>
              db
                .updateTable({ TableName: spec.name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'late' } }] })
                .then((output) => output.TableDescription?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.IndexStatus])),
            );
          } finally {
            await sides.contract.onBoth((db) => db.deleteTable({ TableName: spec.name }).then(() => undefined));
          }
        },
      ),
      differentialParameters(GSI_RUNS),
    );
  }, 600_000);
});

/**
 * Polls DescribeTable until the table and every GSI are ACTIVE, as apps and SDK waiters do. DynamoDB Local 3.3.1
 * sometimes answers a DescribeTable during a backfill with an InternalFailure (HTTP 500): polled again, as SDK retries would.
 */
async function waitUntilIndexesActive(db: DynamoDBDataSource, tableName: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const described = await db.describeTable({ TableName: tableName }).catch((error: unknown) => {
      if ((error as Error).name === 'InternalFailure') return undefined;
      throw error;
    });
    await new Promise((resolve) => setTimeout(resolve, described ? 0 : 100));
    if (!described) continue;
    const { Table } = described;
    if (Table?.TableStatus === 'ACTIVE' && (Table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${tableName}: indexes not ACTIVE after 30 s`);
}

describe('the engine vs DynamoDB Local, stream records', () => {
  // Run alone with `-t "stream records"`; KEYLAB_DIFF_STREAM_RUNS sets the number of runs.
  it(`gives the same stream records after ${STREAM_RUNS} random write sequences (seed ${SEED})`, async () => {
    let records = 0;
    await fc.assert(
      fc.asyncProperty(runArbitrary, fc.constantFrom(...VIEW_TYPES), async (runData, viewType) => {
        const table = buildTable(runData);
        const requests = new Requests(runData, table);
        const input = { ...table.spec.input, StreamSpecification: { StreamEnabled: true, StreamViewType: viewType } };
        // Not compared: each side's stream label is its own creation time (streamsContract.test.ts compares the rest).
        await sides.contract.onBoth((db) => db.createTable(input).then(() => undefined));
        try {
          for (const [index, operation] of runData.operations.entries()) await runOperation(index, operation, requests, table);
          // Each item's records in order (DynamoDB orders one item's records, not a batch's across items).
          const read = async (side: Side) => readStream(side, await latestStreamArn(side, table.spec.name));
          const engineRecords = await read(sides.engine);
          const localRecords = localEmptyMapsTyped(await read(sides.local));
          records += engineRecords.length;
          const engineByKey = recordsByKey(engineRecords);
          const localByKey = recordsByKey(localRecords);
          // The first item whose records differ, compared alone: its diff names the record, not the whole stream.
          const differing = [...new Set([...Object.keys(localByKey), ...Object.keys(engineByKey)])].find(
            (key) => !isDeepStrictEqual(engineByKey[key], localByKey[key]),
          );
          if (differing !== undefined) expect(engineByKey[differing], `${viewType} records of ${differing}`).toEqual(localByKey[differing]);
          expect(engineRecords.length).toBe(localRecords.length);
        } finally {
          await sides.contract.onBoth((db) => db.deleteTable({ TableName: table.spec.name }).then(() => undefined));
        }
      }),
      differentialParameters(STREAM_RUNS),
    );
    console.log(`engineDifferential streams: ${STREAM_RUNS} runs, seed ${SEED}: ${records} records compared`);
    expect(records).toBeGreaterThan(STREAM_RUNS);
  }, 600_000);
});
