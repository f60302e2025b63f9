/**
 * An attribute named `__proto__` read through Keylab's remote source (the
 * browser's SDK client, through the app server's loopback proxy) from real
 * DynamoDB Local: the SDK alone reads its value as undefined, so the grid,
 * the CSV export and Edit item lost it; the remote source restores it.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { setOwnAttribute, type Item } from '../src/expressions';
import { createAppServer, type AppServer } from '../src/server/app';
import { loopbackProxyRoute } from '../src/server/proxy/loopbackProxy';
import { createRemoteDynamoDB } from '../src/sources/remoteDynamoDB';
import { wireClient } from '../src/sources/wireClient';
import { readExportPages, readPages, writeExport } from '../src/transfer';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';

const JS_OWN = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

let app: AppServer;
let appOrigin: string;
const TableName = uniqueTableName('proto-names');
const direct = createDynamoDBLocalClient();

/** The hostile item: every JS-own name at the top, and inside a map, with binary among the values. */
function hostileItem(pk: string): Item {
  const item: Record<string, AttributeValue> = { pk: { S: pk } };
  const inner: Record<string, AttributeValue> = {};
  for (const name of JS_OWN) {
    setOwnAttribute(item, name, { S: `${name} of ${pk}` });
    setOwnAttribute(inner, name, { B: Uint8Array.of(0xff, name.length) });
  }
  setOwnAttribute(item, 'nested', { M: inner });
  return item;
}

const own = (record: object, name: string): unknown => Object.getOwnPropertyDescriptor(record, name)?.value;

beforeAll(async () => {
  const proxy = loopbackProxyRoute({ timeoutMs: 5000 });
  app = createAppServer({ distDir: '/nonexistent', port: 0, routes: [proxy] });
  appOrigin = `http://localhost:${(await app.start()).port}`;
  await direct.createTable({
    TableName,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (const pk of ['a', 'b']) await direct.putItem({ TableName, Item: hostileItem(pk) });
});

afterAll(async () => {
  await direct.deleteTable({ TableName }).catch(() => undefined);
  direct.destroy();
  await app.stop();
});

describe('an attribute named __proto__ through the remote source', () => {
  const remote = () =>
    createRemoteDynamoDB(
      { kind: 'dynamodbLocal', endpoint: inject('dynamodbLocalEndpoint'), region: 'us-east-1', accessKeyId: 'keylab', secretAccessKey: 'keylab' },
      { appOrigin },
    );

  it('GetItem, Scan and Query give every attribute its value, nested ones too', async () => {
    const client = remote();
    const { Item: got } = await client.getItem({ TableName, Key: { pk: { S: 'a' } }, ConsistentRead: true });
    const { Items: scanned = [] } = await client.scan({ TableName, ConsistentRead: true });
    const { Items: queried = [] } = await client.query({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'b' } } });
    for (const item of [got as Item, ...scanned, ...queried]) {
      const pk = (item.pk as AttributeValue).S as string;
      for (const name of JS_OWN) expect(own(item, name), name).toEqual({ S: `${name} of ${pk}` });
      const nested = (own(item, 'nested') as { M: Record<string, AttributeValue> }).M;
      expect(own(nested, '__proto__')).toEqual({ B: Uint8Array.of(0xff, 9) });
      expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    }
    expect(scanned).toHaveLength(2);
    client.destroy();
  });

  it('CSV export of the table has a __proto__ column with its values', async () => {
    const client = remote();
    let text = '';
    for await (const chunk of writeExport(
      readPages(client, { operation: 'scan', input: { TableName, ConsistentRead: true } }),
      'csv',
      { items: 0, csvValuesLeftOut: 0 },
      ['pk'],
    ))
      text += chunk;
    const [header, ...rows] = text.trim().split('\n');
    expect(header?.split(',')).toContain('__proto__ (S)');
    expect(rows.some((row) => row.includes('__proto__ of a'))).toBe(true);
    client.destroy();
  });

  it('JSON lines and JSON exports (the wire fast path, through the same client) keep __proto__ with its value', async () => {
    const client = remote();
    for (const format of ['jsonl', 'json'] as const) {
      let text = '';
      for await (const chunk of writeExport(
        readExportPages(wireClient(client), { operation: 'scan', input: { TableName, ConsistentRead: true } }, format),
        format,
      ))
        text += chunk;
      expect(text).toContain('"__proto__":{"S":"__proto__ of a"}');
    }
    client.destroy();
  });
});
