/**
 * What DynamoDB answers at the HTTP level, before an operation runs, as
 * architect/dynalite's test/connection.js recorded it from live DynamoDB:
 *
 * - any method but POST (GET, PUT, DELETE, an OPTIONS that is no CORS
 *   preflight), and a POST with a body whose Content-Type is neither
 *   `application/x-amz-json-1.0` nor `application/json`: 404 with the body
 *   `<UnknownOperationException/>\n` (29 bytes, x-amz-crc32 3552371480) and a
 *   request id;
 * - JSON answers carry the request's Content-Type when it is
 *   `application/x-amz-json-1.0`, and `application/json` otherwise;
 * - CORS: a request with an Origin gets `Access-Control-Allow-Origin: *`; a
 *   preflight (OPTIONS with an Origin) gets 200 with an empty body,
 *   `Access-Control-Max-Age: 172800`, and the requested headers and method
 *   echoed in `Access-Control-Allow-Headers` / `-Methods`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';

/** The body of DynamoDB's 404. */
export const NOT_FOUND_BODY = '<UnknownOperationException/>\n';

/** How long a browser may cache a preflight's answer, in seconds: DynamoDB's 2 days. */
export const CORS_MAX_AGE_SECONDS = 172800;

const JSON_TYPES = new Set(['application/x-amz-json-1.0', 'application/json']);

function essenceOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Whether the Content-Type names DynamoDB's JSON protocol. DynamoDB compares
 * the header exactly; Keylab also accepts parameters (`; charset=utf-8`) and
 * any case, which no SDK sends but a hand-written client might.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  return JSON_TYPES.has(essenceOf(contentType));
}

/** The Content-Type of a JSON answer: the request's when it is DynamoDB's own, else `application/json` (as DynamoDB does). */
export function answerContentType(req: IncomingMessage): string {
  return essenceOf(req.headers['content-type']) === 'application/x-amz-json-1.0' ? 'application/x-amz-json-1.0' : 'application/json';
}

/** DynamoDB's 404 for what is not a DynamoDB request. The request id is already set. */
export function answerNotFound(req: IncomingMessage, res: ServerResponse): void {
  const payload = Buffer.from(NOT_FOUND_BODY, 'utf8');
  res.statusCode = 404;
  res.setHeader('Content-Length', payload.length);
  // A HEAD gets no body, so no checksum of one.
  if (req.method !== 'HEAD') res.setHeader('x-amz-crc32', String(crc32(payload)));
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** Well-formed header names, at most 64 of them, as the browser listed them. */
function requestedHeaders(requested: string | undefined): string[] {
  const names: string[] = [];
  for (const name of (requested ?? '').split(',')) {
    const trimmed = name.trim();
    if (/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(trimmed) && names.length < 64) names.push(trimmed);
  }
  return names;
}

/**
 * A CORS preflight from an allowed origin (Access-Control-Allow-Origin is
 * already set): 200, empty, the requested headers and method allowed.
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const headers = requestedHeaders(req.headers['access-control-request-headers']);
  if (headers.length > 0) res.setHeader('Access-Control-Allow-Headers', headers.join(', '));
  const method = req.headers['access-control-request-method'];
  if (method !== undefined && /^[A-Za-z]{1,20}$/.test(method)) res.setHeader('Access-Control-Allow-Methods', method);
  res.setHeader('Access-Control-Max-Age', String(CORS_MAX_AGE_SECONDS));
  res.statusCode = 200;
  res.setHeader('Content-Length', 0);
  if (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) res.setHeader('Connection', 'close');
  res.end();
}

/**
 * The body of an authentication refusal. DynamoDB sends these framework
 * errors with a lower-case `message` (unlike UnknownOperationException's and
 * SerializationException's `Message`).
 */
export function authenticationErrorBody(name: string, message: string): string {
  return JSON.stringify({ __type: `com.amazon.coral.service#${name}`, message });
}
