import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../engine';
import { confirmingDataSource, openWriteGrant, UnconfirmedWriteError, writeTargetOf } from './confirmingDataSource';
import { DATA_SOURCE_ACCESS } from './readOnlyDataSource';

const TARGET = { region: 'eu-west-1', endpoint: 'https://dynamodb.eu-west-1.amazonaws.com' };
type Method = keyof DynamoDBDataSource;

/** A data source that records every call and answers `{}`: what reached the client. */
function recordingClient(): { client: DynamoDBDataSource; calls: string[] } {
  const calls: string[] = [];
  const client = Object.fromEntries(
    (Object.keys(DATA_SOURCE_ACCESS) as Method[]).map((method) => [method, async () => (calls.push(method), {})]),
  ) as unknown as DynamoDBDataSource;
  return { client, calls };
}

/** An input that makes the call a write: PartiQL methods with a non-SELECT statement. */
const writingInput = (method: Method) =>
  DATA_SOURCE_ACCESS[method] !== 'statement'
    ? { TableName: 'Orders' }
    : method === 'executeStatement'
      ? { Statement: `DELETE FROM "Orders" WHERE pk = 'a'` }
      : method === 'batchExecuteStatement'
        ? { Statements: [{ Statement: 'SELECT * FROM "Orders"' }, { Statement: `UPDATE "Orders" SET x = 1 WHERE pk = 'a'` }] }
        : { TransactStatements: [{ Statement: `INSERT INTO "Orders" VALUE {'pk': 'b'}` }] };

const call = (source: DynamoDBDataSource, method: Method, input: unknown) => (source[method] as (input: unknown) => Promise<unknown>)(input);
const writingMethods = (Object.keys(DATA_SOURCE_ACCESS) as Method[]).filter((method) => DATA_SOURCE_ACCESS[method] !== 'read');

describe('confirmingDataSource (an AWS connection that is not Read-only)', () => {
  it('refuses EVERY write method without a grant, naming the operation, region and endpoint, and nothing reaches the client', async () => {
    const { client, calls } = recordingClient();
    const source = confirmingDataSource(client, TARGET);
    // Every method the classification says can write, so a method added to DynamoDBDataSource is covered here at once.
    expect(writingMethods.length).toBeGreaterThanOrEqual(14);
    for (const method of writingMethods) {
      const refused = call(source, method, writingInput(method));
      await expect(refused).rejects.toBeInstanceOf(UnconfirmedWriteError);
      const operation = method.charAt(0).toUpperCase() + method.slice(1);
      await expect(refused).rejects.toThrow(
        `${operation} was sent to AWS (region eu-west-1, endpoint https://dynamodb.eu-west-1.amazonaws.com) without the write confirmation; nothing was sent.`,
      );
    }
    expect(calls).toEqual([]);
  });

  it('passes reads (and SELECT statements) through to the client', async () => {
    const { client, calls } = recordingClient();
    const source = confirmingDataSource(client, TARGET);
    const reads = (Object.keys(DATA_SOURCE_ACCESS) as Method[]).filter((method) => DATA_SOURCE_ACCESS[method] === 'read');
    for (const method of reads) await call(source, method, { TableName: 'Orders' });
    await source.executeStatement({ Statement: 'select * FROM "Orders"' });
    expect(calls).toEqual([...reads, 'executeStatement']);
  });

  it('sends every write through a grant until it ends, then refuses again', async () => {
    const { client, calls } = recordingClient();
    const source = confirmingDataSource(client, TARGET);
    const grant = openWriteGrant(source);
    for (const method of writingMethods) await call(grant.source, method, writingInput(method));
    expect(calls).toEqual(writingMethods);
    grant.end();
    await expect(grant.source.putItem({ TableName: 'Orders', Item: {} })).rejects.toThrow(
      'PutItem was sent to AWS (region eu-west-1, endpoint https://dynamodb.eu-west-1.amazonaws.com) after its write confirmation ended',
    );
    expect(calls).toHaveLength(writingMethods.length);
  });

  it('keeps a write’s options (the abort signal a batch writer passes)', async () => {
    const engine = createLocalDynamoDB();
    const seen: unknown[] = [];
    const client = new Proxy(engine, {
      get: (target, name, receiver) =>
        name === 'batchWriteItem'
          ? async (...args: unknown[]) => (seen.push(args[1]), { UnprocessedItems: {} })
          : (Reflect.get(target, name, receiver) as unknown),
    });
    const grant = openWriteGrant(confirmingDataSource(client, TARGET));
    const signal = new AbortController().signal;
    await (grant.source.batchWriteItem as (input: unknown, options: unknown) => Promise<unknown>)({ RequestItems: {} }, { abortSignal: signal });
    expect(seen).toEqual([{ abortSignal: signal }]);
  });

  it('names its target; other sources have none and a grant on them is the source itself', () => {
    const engine = createLocalDynamoDB();
    expect(writeTargetOf(confirmingDataSource(engine, TARGET))).toEqual(TARGET);
    expect(writeTargetOf(engine)).toBeUndefined();
    expect(openWriteGrant(engine).source).toBe(engine);
  });
});
