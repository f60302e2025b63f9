/**
 * Reads who signed a request and for which region, from its SigV4
 * `Authorization` header (or a presigned URL's query), without checking the
 * signature: Keylab's endpoint accepts any well-formed credentials, as
 * DynamoDB Local does. Requests without a signature, or with a malformed
 * one, get the errors DynamoDB sends before it even looks at the keys
 * (recorded against live DynamoDB by architect/dynalite, test/connection.js
 * and the comments of its index.js):
 *
 * - no `Authorization` header (or one not starting `AWS4-`) and no query
 *   signature → MissingAuthenticationTokenException `Request is missing
 *   Authentication Token` (a session token alone signs nothing);
 * - `Credential`, `Signature` or `SignedHeaders` missing, or neither
 *   `X-Amz-Date` nor `Date` sent → IncompleteSignatureException, one sentence
 *   per missing piece, then `Authorization=<the header>`;
 * - a Credential that is not `keyid/date/region/service/term` →
 *   IncompleteSignatureException `Credential must have exactly 5
 *   slash-delimited elements, e.g. keyid/date/region/service/term, got '…'`.
 *
 * Nothing here logs or keeps a header. The access key id and region are what
 * DynamoDB Local keeps databases apart by (without `-sharedDb`).
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The signer's access key id and the signing scope's region (and the rest of the scope). */
export interface SigningScope {
  readonly accessKeyId: string;
  readonly region: string;
  readonly date: string;
  readonly service: string;
}

/** DynamoDB's refusal of a request's authentication, before any key is checked. */
export interface SigningError {
  readonly name: 'MissingAuthenticationTokenException' | 'IncompleteSignatureException';
  readonly message: string;
}

export type SigningScopeResult = { readonly ok: true; readonly scope: SigningScope } | { readonly ok: false; readonly error: SigningError };

const MISSING: SigningScopeResult = {
  ok: false,
  error: { name: 'MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' },
};

/**
 * The signing scope of a request, from `Authorization:
 * AWS4-HMAC-SHA256 Credential=AKID/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=…, Signature=…`
 * or, without that header, from a presigned URL's `X-Amz-Credential`.
 *
 * @example
 * readSigningScope({ authorization: 'AWS4-HMAC-SHA256 Credential=AKID/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00', 'x-amz-date': '20260101T000000Z' })
 * // { ok: true, scope: { accessKeyId: 'AKID', region: 'eu-west-1', date: '20260101', service: 'dynamodb' } }
 * readSigningScope({})
 * // { ok: false, error: { name: 'MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' } }
 */
export function readSigningScope(headers: IncomingHttpHeaders, url?: string): SigningScopeResult {
  const auth = headers.authorization;
  if (auth === undefined || !auth.trim().startsWith('AWS4-')) return url === undefined ? MISSING : fromQuery(url);
  // "AWS4-HMAC-SHA256 Credential=a/b/c/d/e, SignedHeaders=host, Signature=00": the pairs after the algorithm.
  const params = new Map<string, string>();
  for (const pair of auth.trim().split(' ').slice(1).join('').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) params.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  let missing = '';
  for (const name of ['Credential', 'Signature', 'SignedHeaders']) {
    if (!params.get(name)) missing += `Authorization header requires '${name}' parameter. `;
  }
  if (headers['x-amz-date'] === undefined && headers.date === undefined) {
    missing += "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";
  }
  if (missing !== '') return incomplete(`${missing}Authorization=${auth}`);
  return fromCredential(params.get('Credential') as string);
}

/** A presigned request: `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=…&X-Amz-Signature=…`. */
function fromQuery(url: string): SigningScopeResult {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const credential = query.get('X-Amz-Credential');
  if (!credential || !query.get('X-Amz-Signature')) return MISSING;
  return fromCredential(credential);
}

function fromCredential(credential: string): SigningScopeResult {
  // DynamoDB ignores trailing slashes here.
  const parts = credential.replace(/\/+$/, '').split('/');
  const [accessKeyId, date, region, service, terminator] = parts;
  if (parts.length !== 5 || !accessKeyId || !date || !region || !service || !terminator) {
    return incomplete(`Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '${credential}'`);
  }
  return { ok: true, scope: { accessKeyId, region, date, service } };
}

function incomplete(message: string): SigningScopeResult {
  return { ok: false, error: { name: 'IncompleteSignatureException', message } };
}
