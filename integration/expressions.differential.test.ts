/**
 * Differential test of src/expressions against real DynamoDB Local: generated
 * items with every attribute type, generated filter, projection, update and
 * condition expressions; DynamoDB Local's answers (items returned by a Scan
 * filter, projected shapes, updated items, ConditionalCheckFailed outcomes,
 * and ValidationException messages) must equal our evaluation.
 *
 * Seeds are fixed so CI is repeatable; a failure prints the seed and the
 * shrunk counterexample.
 */
import type { AttributeValue, DynamoDB } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyUpdate, evaluateCondition, prepareExpressions, projectItem } from '../src/expressions';
import { compareBytes, compareDynamoNumbers, compareUtf8, normalizeDynamoNumber } from '../src/keys';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { createTableInput } from './fixtures/tables';
import { conditionExpression, itemBody, projectionExpression, updateExpression, type Item, type RenderedExpression } from './expressionArbitraries';

const ITEM_COUNT = 40;
const RUNS = Number(process.env.KEYLAB_DIFF_RUNS ?? 150);
/** Fixed in CI; `KEYLAB_DIFF_SEED=n` explores other cases. */
const SEED = Number(process.env.KEYLAB_DIFF_SEED ?? 0);

let client: DynamoDB;
let TableName: string;
/** The items as DynamoDB Local stores them (numbers normalised), by pk. */
const stored = new Map<string, Item>();

type Outcome = { ok: true; value: unknown } | { ok: false; name: string; message: string };

async function outcomeOf(run: () => Promise<unknown> | unknown): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const { name, message } = error as Error;
    return { ok: false, name, message: normalizeMessage(message) };
  }
}

/**
 * Message details DynamoDB Local renders from its Java internals: a binary
 * operand prints as `java.nio.HeapByteBuffer[pos=0 lim=2 cap=2]`, which says
 * nothing about the bytes (we print them base64-encoded). Both sides are
 * reduced to `{B:…}` before comparing. And arithmetic whose exact result
 * needs more than 38 significant digits: DynamoDB Local says "DynamoDB only
 * supports precision up to 38 digits", real DynamoDB (per ScyllaDB's tests
 * recorded against AWS) "Number overflow. …"; we follow DynamoDB.
 */
function normalizeMessage(message: string): string {
  if (message === 'DynamoDB only supports precision up to 38 digits') return NUMBER_OVERFLOW;
  return message.replace(/\{B:[^}]*\}/g, '{B:…}');
}

const NUMBER_OVERFLOW = 'Number overflow. Attempting to store a number with magnitude larger than supported range';

/**
 * When several parts of one expression are wrong, which one DynamoDB names
 * is an implementation detail (DynamoDB Local follows its internal attribute
 * order); then only the exception name is compared.
 */
function comparable(outcome: Outcome, severalCandidates: boolean): Outcome {
  return !outcome.ok && severalCandidates ? { ...outcome, message: '(one of several problems)' } : outcome;
}

/**
 * Sets come back in no particular order: sort their members so equal sets
 * compare equal. Numbers are compared in normalised form: real DynamoDB
 * returns every number normalised to plain digits (`1e100` comes back as
 * `1` and 100 zeros), while DynamoDB Local keeps some numbers as written
 * (e.g. the operand of `ADD`, `9.9E+125`); we follow DynamoDB.
 */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const normalize = (n: string) => normalizeDynamoNumber(n) ?? n;
  if ('N' in record && typeof record.N === 'string') return { N: normalize(record.N) };
  if ('SS' in record) return { SS: [...(record.SS as string[])].sort(compareUtf8) };
  if ('NS' in record) return { NS: (record.NS as string[]).map(normalize).sort(compareDynamoNumbers) };
  if ('BS' in record) return { BS: [...(record.BS as Uint8Array[])].sort(compareBytes) };
  return Object.fromEntries(
    Object.keys(record)
      .sort(compareUtf8)
      .map((key) => [key, canonical(record[key])]),
  );
}

/** How many generated cases DynamoDB accepted, per test: guards against a generator that only produces errors. */
const accepted = new Map<string, { ok: number; total: number }>();
function tally(test: string, outcome: Outcome): void {
  const entry = accepted.get(test) ?? { ok: 0, total: 0 };
  entry.total++;
  if (outcome.ok) entry.ok++;
  accepted.set(test, entry);
}
function expectMostlyAccepted(test: string, minimumShare: number): void {
  const entry = accepted.get(test) ?? { ok: 0, total: 0 };
  expect(entry.ok / Math.max(entry.total, 1), `${test}: ${entry.ok} of ${entry.total} generated cases valid`).toBeGreaterThanOrEqual(minimumShare);
}

function requestParts(expression: RenderedExpression) {
  return {
    ...(Object.keys(expression.names).length > 0 ? { ExpressionAttributeNames: expression.names } : {}),
    ...(Object.keys(expression.values).length > 0 ? { ExpressionAttributeValues: expression.values } : {}),
  };
}

beforeAll(async () => {
  client = createDynamoDBLocalClient();
  TableName = uniqueTableName('expr-diff');
  await client.createTable(createTableInput(TableName, [['pk', 'S']]));
  const bodies = fc.sample(itemBody, { seed: 20260623 + SEED, numRuns: ITEM_COUNT });
  for (const [index, body] of bodies.entries()) {
    await client.putItem({ TableName, Item: { ...body, pk: { S: `i${index}` } } });
  }
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.scan({ TableName, ConsistentRead: true, ExclusiveStartKey });
    for (const item of page.Items ?? []) stored.set(item.pk?.S as string, item);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  expect(stored.size).toBe(ITEM_COUNT);
}, 120_000);

afterAll(async () => {
  await client?.deleteTable({ TableName }).catch(() => undefined);
  client?.destroy();
});

describe('expressions vs DynamoDB Local', () => {
  it('FilterExpression: a Scan returns exactly the items our evaluation keeps', async () => {
    await fc.assert(
      fc.asyncProperty(conditionExpression, async (filter) => {
        const parts = requestParts(filter);
        const theirs = await outcomeOf(async () => {
          const matched: string[] = [];
          let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
          do {
            const page = await client.scan({ TableName, FilterExpression: filter.text, ...parts, ConsistentRead: true, ExclusiveStartKey });
            for (const item of page.Items ?? []) matched.push(item.pk?.S as string);
            ExclusiveStartKey = page.LastEvaluatedKey;
          } while (ExclusiveStartKey);
          return matched.sort(compareUtf8);
        });
        const ours = await outcomeOf(() => {
          const prepared = prepareExpressions({ FilterExpression: filter.text, ...parts });
          const condition = prepared.filter;
          if (!condition) throw new Error('prepareExpressions returned no filter');
          return [...stored]
            .filter(([, item]) => evaluateCondition(condition, item))
            .map(([pk]) => pk)
            .sort(compareUtf8);
        });
        tally('filter', theirs);
        expect(ours, filter.text).toEqual(theirs);
      }),
      { seed: SEED + 1, numRuns: RUNS },
    );
    expectMostlyAccepted('filter', 0.5);
  });

  it('ProjectionExpression: GetItem returns the shape our projection builds', async () => {
    const pks = [...stored.keys()];
    await fc.assert(
      fc.asyncProperty(projectionExpression, fc.constantFrom(...pks), async (projection, pk) => {
        const parts = requestParts(projection);
        const theirs = await outcomeOf(async () => {
          const result = await client.getItem({ TableName, Key: { pk: { S: pk } }, ProjectionExpression: projection.text, ...parts, ConsistentRead: true });
          return canonical(result.Item ?? {});
        });
        const ours = await outcomeOf(() => {
          const prepared = prepareExpressions({ ProjectionExpression: projection.text, ...parts });
          return canonical(projectItem(prepared.projection ?? [], stored.get(pk) as Item));
        });
        const severalPaths = projection.text.split(',').length > 2;
        tally('projection', theirs);
        expect(comparable(ours, severalPaths), projection.text).toEqual(comparable(theirs, severalPaths));
      }),
      { seed: SEED + 2, numRuns: RUNS },
    );
    expectMostlyAccepted('projection', 0.5);
  });

  it('UpdateExpression: UpdateItem ALL_NEW equals our update, errors included', async () => {
    const pks = [...stored.keys()];
    let caseNumber = 0;
    await fc.assert(
      fc.asyncProperty(updateExpression, fc.constantFrom(...pks), async (update, sourcePk) => {
        const parts = requestParts(update);
        const pk = `u${caseNumber++}`;
        const base = { ...(stored.get(sourcePk) as Item), pk: { S: pk } };
        await client.putItem({ TableName, Item: base });
        const theirs = await outcomeOf(async () => {
          const result = await client.updateItem({ TableName, Key: { pk: { S: pk } }, UpdateExpression: update.text, ...parts, ReturnValues: 'ALL_NEW' });
          return canonical(result.Attributes ?? {});
        });
        const ours = await outcomeOf(() => {
          const prepared = prepareExpressions({ UpdateExpression: update.text, ...parts });
          if (!prepared.update) throw new Error('prepareExpressions returned no update');
          return canonical(applyUpdate(prepared.update, base));
        });
        await client.deleteItem({ TableName, Key: { pk: { S: pk } } });
        const severalActions = /,| (SET|REMOVE|ADD|DELETE) /.test(update.text);
        tally('update', theirs);
        expect(comparable(ours, severalActions), update.text).toEqual(comparable(theirs, severalActions));
      }),
      { seed: SEED + 3, numRuns: RUNS },
    );
    expectMostlyAccepted('update', 0.3);
  });

  it('ConditionExpression: a conditional write fails exactly when our condition is false', async () => {
    const pks = [...stored.keys()];
    await fc.assert(
      fc.asyncProperty(conditionExpression, fc.constantFrom(...pks), async (condition, pk) => {
        const parts = requestParts(condition);
        const item = stored.get(pk) as Item;
        const theirs = await outcomeOf(async () => {
          // Writing the item back unchanged keeps the table as it is whatever the outcome.
          await client.putItem({ TableName, Item: item, ConditionExpression: condition.text, ...parts });
          return 'written';
        });
        const ours = await outcomeOf(() => {
          const prepared = prepareExpressions({ ConditionExpression: condition.text, ...parts });
          if (!prepared.condition) throw new Error('prepareExpressions returned no condition');
          if (!evaluateCondition(prepared.condition, item)) {
            throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
          }
          return 'written';
        });
        tally('condition', theirs);
        expect(ours, condition.text).toEqual(theirs);
      }),
      { seed: SEED + 4, numRuns: Math.ceil(RUNS / 2) },
    );
    // A conditional write that fails its condition is a valid outcome too; only validation errors count against the generator.
    expectMostlyAccepted('condition', 0.2);
  });
});
