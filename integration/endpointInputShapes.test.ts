import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalDynamoDB } from '../src/engine';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../src/server';

/*
 * The endpoint decodes requests against the SDK's service model
 * (src/server/endpoint/sdkInputShapes.generated.ts). Members the model has
 * and the old hand-written shapes lacked were dropped unread; now they are
 * type-checked like every other member. Each probe sends a member of the
 * wrong JSON type to Keylab's endpoint and to DynamoDB Local and compares
 * the answers on the wire.
 */

let endpoint: RunningDynamoDBEndpoint;

beforeAll(async () => {
  endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
});

afterAll(async () => {
  await endpoint.stop();
});

async function post(url: string, target: string, body: unknown): Promise<{ status: number; type: string | undefined; message: string | undefined }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': target,
      // Both insist on a well-formed signature, as DynamoDB does; neither checks its value.
      Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      'X-Amz-Date': '20260101T000000Z',
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { __type?: string; message?: string; Message?: string };
  // DynamoDB Local capitalises "Message" on some errors; real DynamoDB (and Keylab) send "message".
  return { status: response.status, type: json.__type, message: json.message ?? json.Message };
}

const PROBES: readonly { readonly name: string; readonly target: string; readonly body: unknown }[] = [
  {
    name: 'UpdateTable DisassociationProtectionEnabled as a string',
    target: 'DynamoDB_20120810.UpdateTable',
    body: { TableName: 'missing-table', BillingMode: 'PAY_PER_REQUEST', DisassociationProtectionEnabled: 'yes' },
  },
  {
    name: 'UpdateTable GlobalTableSettingsReplicationMode as a number',
    target: 'DynamoDB_20120810.UpdateTable',
    body: { TableName: 'missing-table', BillingMode: 'PAY_PER_REQUEST', GlobalTableSettingsReplicationMode: 5 },
  },
  {
    name: 'UpdateTable VectorIndexUpdates as an object',
    target: 'DynamoDB_20120810.UpdateTable',
    body: { TableName: 'missing-table', BillingMode: 'PAY_PER_REQUEST', VectorIndexUpdates: { Create: {} } },
  },
];

async function streamArn(url: string, table: string): Promise<string> {
  const body = {
    TableName: table,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': 'DynamoDB_20120810.CreateTable',
      Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      'X-Amz-Date': '20260101T000000Z',
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { TableDescription: { LatestStreamArn: string } };
  return json.TableDescription.LatestStreamArn;
}

describe('members newer than DynamoDB Local that the engine does not implement (INPUT_SHAPE_OVERLAY.droppedMembers)', () => {
  for (const probe of PROBES) {
    it(`answers ${probe.name} as DynamoDB Local does`, async () => {
      const [ours, theirs] = [await post(endpoint.url, probe.target, probe.body), await post(inject('dynamodbLocalEndpoint'), probe.target, probe.body)];
      // The member is not read: both go on to find no table (DynamoDB Local words that message differently: README).
      expect({ status: ours.status, type: ours.type }).toEqual({ status: theirs.status, type: theirs.type });
      expect(theirs.type).toBe('com.amazonaws.dynamodb.v20120810#ResourceNotFoundException');
    });
  }
});

describe('DescribeStream ShardFilter (in the model, and known to DynamoDB Local)', () => {
  it('refuses a ShardFilter that is not a structure with SerializationException, where DynamoDB Local fails with an InternalFailure', async () => {
    const table = `shapes-${Date.now()}`;
    const [ourArn, theirArn] = [await streamArn(endpoint.url, table), await streamArn(inject('dynamodbLocalEndpoint'), table)];
    const ours = await post(endpoint.url, 'DynamoDBStreams_20120810.DescribeStream', { StreamArn: ourArn, ShardFilter: 5 });
    const theirs = await post(inject('dynamodbLocalEndpoint'), 'DynamoDBStreams_20120810.DescribeStream', { StreamArn: theirArn, ShardFilter: 5 });
    // DynamoDB Local reads the member and crashes on it (HTTP 500); real DynamoDB's front end refuses a member of the
    // wrong JSON type before the operation runs, in these words (a scalar where a structure belongs; dynalite's recordings).
    expect(theirs).toMatchObject({ status: 500, type: 'com.amazonaws.dynamodb.v20120810#InternalFailure' });
    expect(ours).toEqual({ status: 400, type: 'com.amazon.coral.service#SerializationException', message: 'Unexpected field type' });

    const wellTyped = { Type: 'CHILD_SHARDS', ShardId: 'shardId-00000000000000000000-00000000' };
    expect((await post(endpoint.url, 'DynamoDBStreams_20120810.DescribeStream', { StreamArn: ourArn, ShardFilter: wellTyped })).status).toBe(200);
    expect(
      (await post(inject('dynamodbLocalEndpoint'), 'DynamoDBStreams_20120810.DescribeStream', { StreamArn: theirArn, ShardFilter: wellTyped })).status,
    ).toBe(200);
  });
});
