import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { MAX_REQUEST_BYTES, startDynamoDBEndpoint } from './dynamodbEndpoint';
import { rejection, useTestEndpoint, type RawResponse } from './endpointTestKit';

/* Bodies over DynamoDB's 16 MB limit: refused with 413, and the endpoint keeps serving. */

const kit = useTestEndpoint();
const { send, call } = kit;

describe('oversized requests', () => {
  const oversizedPut = () => ({ TableName: 'Items', Item: { pk: { S: 'big' }, sk: { S: 'big' }, blob: { S: 'x'.repeat(MAX_REQUEST_BYTES) } } });

  it('answers a body over 16 MB with 413 and keeps serving', async () => {
    const response = await call('PutItem', JSON.stringify(oversizedPut()));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ __type: 'com.amazon.coral.service#RequestEntityTooLargeException' });
    expect((await call('ListTables', {})).status).toBe(200);
  });

  it('reaches the SDK as a 413 error', async () => {
    const error = await rejection(kit.client.putItem(oversizedPut()));
    expect(error.name).toBe('RequestEntityTooLargeException');
    expect(error.$metadata?.httpStatusCode).toBe(413);
  });

  it('counts a chunked body (no Content-Length) as it arrives', async () => {
    const response = await new Promise<RawResponse>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: kit.endpoint.port,
          method: 'POST',
          agent: false,
          headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.PutItem' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 17; i++) req.write(chunk);
      req.end();
    });
    expect(response.status).toBe(413);
  });

  it('refuses a declared oversized body before it is sent (Expect: 100-continue)', async () => {
    const outcome = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = request(
        {
          host: '127.0.0.1',
          port: kit.endpoint.port,
          method: 'POST',
          agent: false,
          headers: {
            'Content-Type': 'application/x-amz-json-1.0',
            'X-Amz-Target': 'DynamoDB_20120810.PutItem',
            'Content-Length': String(MAX_REQUEST_BYTES + 1),
            Expect: '100-continue',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
        },
      );
      req.on('continue', () => {
        continued = true;
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(outcome).toEqual({ status: 413, continued: false });
  });

  it('honours a smaller configured limit', async () => {
    const small = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, maxBodyBytes: 100 });
    try {
      const response = await send({
        port: small.port,
        headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.ListTables' },
        body: JSON.stringify({ ExclusiveStartTableName: 'x'.repeat(200) }),
      });
      expect(response.status).toBe(413);
    } finally {
      await small.stop();
    }
  });
});
