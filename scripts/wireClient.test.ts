import { BatchWriteItemCommand, DynamoDBClient, type AttributeValue, type BatchWriteItemCommandInput } from '@aws-sdk/client-dynamodb';
import type { HttpRequest } from '@smithy/types';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireClient } from '../src/sources/wireClient';
import { fetchWirePage, wireBatchWriteTarget } from '../src/transfer';

/**
 * Import's and export's fast paths for an SDK client (`npm run import` and
 * `npm run export`): the pure halves in src/transfer (wireBatches.ts,
 * wirePages.ts) over the SDK commands of src/sources/wireClient.ts.
 *
 * The import fast path must put on the wire exactly what the SDK would: the same
 * body, byte for byte, the same Content-Length and headers, and a SigV4
 * signature over that body (its x-amz-content-sha256 is the body's hash).
 * Real AWS checks the signature; DynamoDB Local does not, so this is where a
 * body swapped in after signing would be caught. The HTTP handler below
 * records the signed request and answers with a canned reply;
 * integration/transfer.test.ts imports through the fast path into real
 * DynamoDB Local and Keylab's endpoint.
 */
function capturingClient(reply = '{"UnprocessedItems":{}}') {
  const sent: HttpRequest[] = [];
  const client = new DynamoDBClient({
    endpoint: 'http://127.0.0.1:8000',
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: HttpRequest) => {
        sent.push(request);
        return { response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: new TextEncoder().encode(reply) } };
      },
    },
  });
  return { client, sent };
}

function bodyText(request: HttpRequest | undefined): string {
  const body: unknown = request?.body;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  throw new Error(`expected a string or bytes body, got ${typeof body}`);
}

/** The headers, less the two that differ per call (a random invocation id, and the signature over it). */
function signedAlike(request: HttpRequest | undefined): Record<string, string> {
  const { 'amz-sdk-invocation-id': _id, authorization, ...rest } = request?.headers ?? {};
  return { ...rest, authorization: authorization?.replace(/Signature=\w+/, 'Signature=…') ?? '' };
}

const bigNumber = fc.oneof(
  fc.constantFrom('0', '-1', '12345678901234567890123456789012345678', '-9.9999999999999999999999999999999999999E+125', '1E-130', '0.000001'),
  fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }).map(String),
);
const text = fc.string({ unit: 'binary', maxLength: 6 });
const bytes = fc.uint8Array({ minLength: 1, maxLength: 6 }).map((b) => (b.length > 1 ? b : Uint8Array.of(0xff, ...b)));
const hex = (b: Uint8Array) => Array.from(b, (byte) => byte.toString(16).padStart(2, '0')).join('');
const sha256Hex = async (text: string) => hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));

/** Any attribute value, with the members a schema walker might reorder, drop or re-spell. */
const attributeValue: fc.Arbitrary<AttributeValue> = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text.map((S) => ({ S })),
    bigNumber.map((N) => ({ N })),
    bytes.map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true as const }),
    fc.uniqueArray(text, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc.uniqueArray(bigNumber, { minLength: 1, maxLength: 3 }).map((NS) => ({ NS })),
    fc.uniqueArray(bytes, { minLength: 1, maxLength: 3, selector: hex }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(text, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;

const item = fc
  .record({ pk: text.map((S) => ({ S })) })
  .chain((key) => fc.dictionary(text, attributeValue, { maxKeys: 5 }).map((rest) => ({ ...rest, ...key })));
const writeRequest = fc.oneof(
  item.map((Item) => ({ PutRequest: { Item } })),
  fc.record({ pk: text.map((S) => ({ S })) }).map((Key) => ({ DeleteRequest: { Key } })),
);
const batchInput: fc.Arbitrary<BatchWriteItemCommandInput> = fc
  .dictionary(fc.constantFrom('T', 'Table-2', 'a.b_c'), fc.array(writeRequest, { minLength: 1, maxLength: 4 }), { minKeys: 1, maxKeys: 2 })
  .map((RequestItems) => ({ RequestItems }));

describe('wireBatchWriteTarget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-23T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // 600 signed sends: seconds on a quiet machine, many times that with both cores busy.
  it('sends what the SDK sends for the same batch: body, Content-Length and signature (property)', { timeout: 180_000 }, async () => {
    const { client, sent } = capturingClient();
    await fc.assert(
      fc.asyncProperty(batchInput, async (input) => {
        sent.length = 0;
        await client.send(new BatchWriteItemCommand(input));
        await wireBatchWriteTarget(wireClient(client)).batchWriteItem(input);
        const [sdk, wire] = sent;
        expect(bodyText(wire)).toBe(bodyText(sdk));
        expect(signedAlike(wire)).toEqual(signedAlike(sdk));
        expect(wire?.headers['content-length']).toBe(String(new TextEncoder().encode(bodyText(sdk)).length));
        // The signer hashes the body it signs: this is the swapped-in body's hash, so the signature covers it.
        expect(wire?.headers['x-amz-content-sha256']).toBe(await sha256Hex(bodyText(wire)));
      }),
      { numRuns: 300 },
    );
    client.destroy();
  });

  it('hands back UnprocessedItems as the SDK reads them from the reply', async () => {
    const { client } = capturingClient(
      '{"UnprocessedItems":{"T":[{"PutRequest":{"Item":{"pk":{"S":"a"},"b":{"B":"/w=="},"ns":{"NS":["12345678901234567890123456789012345678"]}}}}]}}',
    );
    const output = await wireBatchWriteTarget(wireClient(client)).batchWriteItem({ RequestItems: { T: [{ PutRequest: { Item: { pk: { S: 'a' } } } }] } });
    expect(output.UnprocessedItems).toEqual({
      T: [{ PutRequest: { Item: { pk: { S: 'a' }, b: { B: Uint8Array.of(0xff) }, ns: { NS: ['12345678901234567890123456789012345678'] } } } }],
    });
    client.destroy();
  });
});

describe('fetchWirePage through wireClient', () => {
  it("cuts a Scan page's items out of the reply as the wire spelled them, and the SDK reads the rest", async () => {
    const { client, sent } = capturingClient(
      '{"Count":2,"Items":[{"pk":{"S":"a"},"b":{"B":"/w=="}},{"pk":{"S":"b"},"n":{"N":"1.50"}}],"LastEvaluatedKey":{"pk":{"S":"b"}},"ScannedCount":2}',
    );
    const { page, lastKey } = await fetchWirePage(wireClient(client), 'scan', { TableName: 'T', Limit: 2 });
    expect(page).toEqual({
      wireLines: '{"pk":{"S":"a"},"b":{"B":"/w=="}}\n{"pk":{"S":"b"},"n":{"N":"1.50"}}\n',
      count: 2,
      rest: '{"Count":2,"LastEvaluatedKey":{"pk":{"S":"b"}},"ScannedCount":2}',
    });
    expect(lastKey).toEqual({ pk: { S: 'b' } });
    expect(sent[0]?.headers['x-amz-target']).toBe('DynamoDB_20120810.Scan');
    expect(JSON.parse(bodyText(sent[0]))).toEqual({ TableName: 'T', Limit: 2 });
    client.destroy();
  });

  it('sends a Query as a Query, and reads a page without Items (Select COUNT) as empty with no next page', async () => {
    const { client, sent } = capturingClient('{"Count":3,"ScannedCount":3}');
    const { page, lastKey } = await fetchWirePage(wireClient(client), 'query', {
      TableName: 'T',
      KeyConditionExpression: 'pk = :a',
      ExpressionAttributeValues: { ':a': { S: 'a' } },
      Select: 'COUNT',
    });
    expect(page).toEqual({ wireLines: '', count: 0, rest: '{"Count":3,"ScannedCount":3}' });
    expect(lastKey).toBeUndefined();
    expect(sent[0]?.headers['x-amz-target']).toBe('DynamoDB_20120810.Query');
    client.destroy();
  });
});
