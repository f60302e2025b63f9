import { request, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalDynamoDB } from '../src/engine';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../src/server';

/*
 * The HTTP layer, differential: what Keylab's endpoint and DynamoDB Local
 * answer before any operation runs, where DynamoDB Local agrees with live
 * DynamoDB (architect/dynalite's recordings; src/server/endpoint/endpointHttp.ts).
 */

let endpoint: RunningDynamoDBEndpoint;

beforeAll(async () => {
  endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
});

afterAll(async () => {
  await endpoint.stop();
});

interface Answer {
  status: number;
  type: string | undefined;
}

function send(url: string, method: string, headers: OutgoingHttpHeaders, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path: '/', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let type: string | undefined;
        try {
          type = (JSON.parse(text) as { __type?: string }).__type?.split('#')[1];
        } catch {
          type = text.trim().slice(0, 40);
        }
        resolve({ status: res.statusCode ?? 0, type });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'Content-Type': 'application/x-amz-json-1.0' };
const TARGET = { 'X-Amz-Target': 'DynamoDB_20120810.ListTables' };
const SIGNED = {
  Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=00',
  'X-Amz-Date': '20260101T000000Z',
};

const NOT_FOUND = { status: 404, type: '<UnknownOperationException/>' };
const MISSING = { status: 400, type: 'MissingAuthenticationTokenException' };
const INCOMPLETE = { status: 400, type: 'IncompleteSignatureException' };
const INTERNAL = { status: 500, type: 'InternalFailure' };
const LOCAL_MISSING = { status: 400, type: 'MissingAuthenticationToken' };
const OK = { status: 200, type: undefined };

/** [request, method, headers, body, Keylab (= live DynamoDB), DynamoDB Local 3.3.x]. Where the two answers are equal, DynamoDB Local agrees. */
const CASES: [string, string, OutgoingHttpHeaders, string | undefined, Answer, Answer][] = [
  ['a GET', 'GET', {}, undefined, NOT_FOUND, LOCAL_MISSING],
  ['a PUT', 'PUT', { ...JSON_TYPE, ...TARGET, ...SIGNED }, '{}', NOT_FOUND, OK],
  ['a DELETE', 'DELETE', {}, undefined, NOT_FOUND, LOCAL_MISSING],
  ['an OPTIONS without Origin', 'OPTIONS', {}, undefined, NOT_FOUND, LOCAL_MISSING],
  ['a body without Content-Type', 'POST', { ...TARGET, ...SIGNED }, 'hi', NOT_FOUND, INTERNAL],
  ['a body of another Content-Type', 'POST', { 'Content-Type': 'whatever', ...TARGET, ...SIGNED }, 'hi', NOT_FOUND, INTERNAL],
  ['a body that is not JSON', 'POST', { ...JSON_TYPE, ...TARGET, ...SIGNED }, 'hi', { status: 400, type: 'SerializationException' }, INTERNAL],
  ['no X-Amz-Target', 'POST', { ...JSON_TYPE, ...SIGNED }, '{}', { status: 400, type: 'UnknownOperationException' }, INTERNAL],
  [
    'an unknown operation',
    'POST',
    { ...JSON_TYPE, ...SIGNED, 'X-Amz-Target': 'DynamoDB_20120810.ListTable' },
    '{}',
    { status: 400, type: 'UnknownOperationException' },
    { status: 400, type: 'UnknownOperationException' },
  ],
  ['no Authorization', 'POST', { ...JSON_TYPE, ...TARGET }, '{}', MISSING, LOCAL_MISSING],
  ['Authorization "AWS4"', 'POST', { ...JSON_TYPE, ...TARGET, Authorization: 'AWS4' }, '{}', MISSING, INTERNAL],
  ['Authorization "AWS4-"', 'POST', { ...JSON_TYPE, ...TARGET, Authorization: 'AWS4-' }, '{}', INCOMPLETE, INTERNAL],
  ['a signature without a date header', 'POST', { ...JSON_TYPE, ...TARGET, Authorization: SIGNED.Authorization }, '{}', INCOMPLETE, OK],
  ['a signed request', 'POST', { ...JSON_TYPE, ...TARGET, ...SIGNED }, '{}', OK, OK],
];

describe('the HTTP layer: Keylab answers as live DynamoDB does; DynamoDB Local where it agrees, and its own answer where not', () => {
  it.each(CASES)('%s', async (_, method, headers, body, keylab, local) => {
    const [ours, theirs] = [await send(endpoint.url, method, headers, body), await send(inject('dynamodbLocalEndpoint'), method, headers, body)];
    expect(ours).toEqual(keylab);
    expect(theirs).toEqual(local);
  });
});
