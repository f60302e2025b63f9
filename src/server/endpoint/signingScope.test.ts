import { describe, expect, it } from 'vitest';
import { readSigningScope } from './signingScope';

const SIGNED = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=00ff';
const DATE = { 'x-amz-date': '20260101T000000Z' };
const INCOMPLETE_ALL =
  "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. " +
  "Authorization header requires 'SignedHeaders' parameter. Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. " +
  'Authorization=AWS4-';

/* Messages as architect/dynalite's test/connection.js recorded them from live DynamoDB. */
describe('readSigningScope', () => {
  it.each([
    [
      'a SigV4 header',
      { authorization: SIGNED, ...DATE },
      undefined,
      { accessKeyId: 'AKIDEXAMPLE', region: 'eu-west-1', date: '20260101', service: 'dynamodb' },
    ],
    [
      'a Date header instead of X-Amz-Date',
      { authorization: SIGNED, date: 'Thu, 01 Jan 2026 00:00:00 GMT' },
      undefined,
      { accessKeyId: 'AKIDEXAMPLE', region: 'eu-west-1' },
    ],
    ['a trailing slash on the credential', { authorization: SIGNED.replace('aws4_request', 'aws4_request/'), ...DATE }, undefined, { region: 'eu-west-1' }],
    [
      'a presigned URL',
      {},
      '/?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKQ%2F20260101%2Fus-west-2%2Fdynamodb%2Faws4_request&X-Amz-Signature=ab',
      { accessKeyId: 'AKQ', region: 'us-west-2' },
    ],
  ])('reads the scope from %s, signature unchecked', (_, headers, url, scope) => {
    const result = readSigningScope(headers, url);
    expect(result).toMatchObject({ ok: true, scope });
  });

  it.each([
    ['no Authorization header', {}, undefined],
    ['a header that is not AWS4-', { authorization: 'AWS4', ...DATE }, undefined],
    ['a session token alone', { 'x-amz-security-token': 'token', ...DATE }, undefined],
    ['a query without a signature', {}, '/?X-Amz-Credential=a%2Fb%2Fc%2Fd%2Fe'],
  ])('%s → MissingAuthenticationTokenException', (_, headers, url) => {
    expect(readSigningScope(headers, url)).toEqual({
      ok: false,
      error: { name: 'MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' },
    });
  });

  it.each([
    ['"AWS4-"', { authorization: 'AWS4-' }, INCOMPLETE_ALL],
    [
      'no Signature',
      { authorization: 'AWS4-HMAC-SHA256 Credential=a/b/c/d/e, SignedHeaders=host', ...DATE },
      "Authorization header requires 'Signature' parameter. Authorization=AWS4-HMAC-SHA256 Credential=a/b/c/d/e, SignedHeaders=host",
    ],
    [
      'no date header',
      { authorization: SIGNED },
      `Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. Authorization=${SIGNED}`,
    ],
    [
      'a credential of four parts',
      { authorization: 'AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, Signature=00', ...DATE },
      "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got 'a/b/c/d'",
    ],
  ])('%s → IncompleteSignatureException naming what is missing', (_, headers, message) => {
    expect(readSigningScope(headers)).toEqual({ ok: false, error: { name: 'IncompleteSignatureException', message } });
  });
});
