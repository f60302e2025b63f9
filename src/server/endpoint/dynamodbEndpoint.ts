/**
 * Keylab's engine served over DynamoDB's HTTP protocol (JSON 1.0), so the AWS
 * CLI, SDK code and browsers can use it like DynamoDB Local:
 *
 *   POST /   Content-Type: application/x-amz-json-1.0
 *            X-Amz-Target: DynamoDB_20120810.<Operation>
 *   200 → the operation's output;  400 → {"__type": "…#<Name>", "message": "…"}
 *
 * A request must be signed (SigV4, as every SDK and the AWS CLI do), but any
 * well-formed credentials are accepted and no signature is checked: this is
 * a local development tool. Nothing here ever logs a request's headers.
 *
 * Usable standalone (`startDynamoDBEndpoint`, `npm run endpoint`) and mounted
 * in the app server (`dynamodbRoute('/dynamodb', endpoint)`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { startTtlSweeper, type DynamoDBDataSource, type LocalDynamoDB, type TtlSweeperOptions } from '../../engine';
import { DynamoDBError } from '../../expressions';
import { closeAfterAnswer, declaredLength, isBodyless, prefixRoute, readBoundedBody, type Route } from '../http';
import {
  decodeRequest,
  encodeError,
  encodeOutputBytes,
  isOperationName,
  isStreamOperationName,
  methodOf,
  OPERATIONS,
  STREAMS_TARGET_PREFIX,
  TARGET_PREFIX,
  type OperationName,
} from './wireFormat';
import { answerContentType, answerNotFound, answerPreflight, authenticationErrorBody, isJsonContentType } from './endpointHttp';
import { readSigningScope } from './signingScope';

/** DynamoDB's limit on a request body: 16 MB. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** Response headers a browser may read. */
export const CORS_EXPOSED_HEADERS = ['x-amzn-RequestId', 'x-amz-crc32'] as const;

/**
 * Which web origins may call the endpoint from a browser:
 * - `'*'`: any origin (the Origin is echoed back) — what DynamoDB Local does
 *   with `-cors *`; right for a local development tool, but it means any web
 *   page open in the browser can read and write the tables;
 * - a list of exact origins (`http://localhost:5173`);
 * - `[]` (the default): none besides the endpoint's own origin (same-origin
 *   requests, e.g. when the app server mounts the endpoint).
 */
export type CorsOrigins = '*' | readonly string[];

/** One answered request, for a request log. Never contains headers or bodies. */
export interface EndpointLogEntry {
  readonly operation: string | undefined;
  readonly status: number;
  /** The exception name of an error response. */
  readonly error: string | undefined;
  readonly durationMs: number;
}

export interface DynamoDBEndpointOptions {
  /** What to serve: the built-in engine (`createLocalDynamoDB()`) or any data source. */
  readonly db: DynamoDBDataSource;
  readonly corsOrigins?: CorsOrigins;
  /** Largest request body accepted, in bytes. Default {@link MAX_REQUEST_BYTES}. */
  readonly maxBodyBytes?: number;
  /**
   * Unexpected failures (a bug in the engine, not a DynamoDB error). Gets the
   * error and the operation name only. Default: console.error.
   */
  readonly onError?: (error: unknown, operation: string | undefined) => void;
  /** Called once per answered request. */
  readonly onResponse?: (entry: EndpointLogEntry) => void;
}

export interface DynamoDBEndpoint {
  /** Answers one HTTP request. Never rejects: every failure becomes a response. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * For a server's `checkContinue` event (a client sent `Expect:
   * 100-continue`): refuses a declared oversized body before the client
   * sends it, otherwise sends `100 Continue` and handles the request.
   */
  handleExpectContinue(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** What a request turned into. */
interface Reply {
  readonly status: number;
  /** The JSON; pages of items come as bytes already (pageJson.ts). */
  readonly body: string | Buffer;
  readonly error?: string;
  /** Close the connection after answering (the request body was not read). */
  readonly close?: boolean;
}

/**
 * Creates the request handler. Requests run concurrently: the engine's
 * reads see the current state and its writes are atomic (serialised when a
 * storage hook is set), so no extra queue is needed here.
 *
 * @example
 * const endpoint = createDynamoDBEndpoint({ db: createLocalDynamoDB(), corsOrigins: '*' });
 * http.createServer((req, res) => void endpoint.handle(req, res)).listen(8000, '127.0.0.1');
 */
export function createDynamoDBEndpoint(options: DynamoDBEndpointOptions): DynamoDBEndpoint {
  const db = options.db;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_REQUEST_BYTES;
  const corsOrigins = options.corsOrigins ?? [];
  const onError =
    options.onError ??
    ((error: unknown, operation: string | undefined) => {
      console.error(`keylab endpoint: unexpected failure in ${operation ?? 'a request'}:`, error);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    let operation: string | undefined;
    let reply: Reply;
    try {
      res.setHeader('x-amzn-RequestId', createRequestId());
      res.setHeader('X-Content-Type-Options', 'nosniff');
      const origin = allowedOrigin(req, corsOrigins);
      if (origin !== undefined) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
      }
      // With '*' every origin gets the same answer; with a list, the answer depends on the Origin.
      if (req.headers.origin !== undefined && corsOrigins !== '*') res.setHeader('Vary', 'Origin');

      const method = req.method ?? '';
      if (method === 'OPTIONS' && origin !== undefined) {
        answerPreflight(req, res);
        report(undefined, 200, undefined);
        return;
      }
      if (method !== 'POST' || (!isBodyless(req) && !isJsonContentType(req.headers['content-type']))) {
        // Not a DynamoDB request (a GET, a PUT, a preflight from an origin not allowed, a body that is not JSON): DynamoDB's 404.
        closeAfterAnswer(req, res);
        answerNotFound(req, res);
        report(undefined, 404, 'UnknownOperationException');
        return;
      }
      if (req.headers.origin !== undefined && origin === undefined && !isSameOrigin(req)) {
        reply = {
          ...errorReply(403, 'AccessDeniedException', `Requests from origin ${req.headers.origin} are not allowed by this endpoint's CORS settings.`),
          close: !isBodyless(req),
        };
      } else {
        // Past the limit a little more is read and thrown away, so a client
        // still sending gets the 413 rather than a reset connection (see readBoundedBody).
        const body = await readBoundedBody(req, { maxBytes: maxBodyBytes });
        if (body.kind === 'aborted') return;
        if (body.kind === 'tooLarge') {
          if (!body.drained) closeAfterAnswer(req, res);
          reply = {
            ...errorReply(413, 'RequestEntityTooLargeException', `The request body exceeds the maximum of ${maxBodyBytes} bytes.`),
            close: !body.drained,
          };
        } else {
          const target = parseTarget(req.headers['x-amz-target']);
          operation = target.operation;
          reply = await answer(body.bytes, target, req);
        }
      }
    } catch (error) {
      // A bug here or in the engine: answer like DynamoDB's 500, report the details locally only.
      onError(error, operation);
      reply = errorReply(500, 'InternalServerError', 'Internal server error');
    }
    send(res, reply, answerContentType(req));
    report(operation, reply.status, reply.error);

    function report(op: string | undefined, status: number, error: string | undefined): void {
      options.onResponse?.({ operation: op, status, error, durationMs: performance.now() - startedAt });
    }
  }

  async function answer(bytes: Buffer, target: ParsedTarget, req: IncomingMessage): Promise<Reply> {
    // DynamoDB's order of checks: the JSON, then the operation, then the signature's form, then an empty body.
    let json: unknown;
    try {
      json = bytes.length === 0 ? undefined : JSON.parse(utf8.decode(bytes));
    } catch (error) {
      const detail = error instanceof SyntaxError ? error.message : 'the body is not valid UTF-8';
      return errorReply(400, 'SerializationException', `The request body is not valid JSON: ${detail}`);
    }
    const operation = servedOperation(target);
    // A data source without DynamoDB Streams' methods (a real DynamoDB client) does not serve them.
    const method = operation && ((db as unknown as Record<string, unknown>)[methodOf(operation)] as ((input: object) => Promise<unknown>) | undefined);
    if (!operation || typeof method !== 'function') return errorReply(400, 'UnknownOperationException', unknownOperationMessage(target));
    // Then the signature's form (never its value: any credentials are accepted).
    const signing = readSigningScope(req.headers, req.url);
    if (!signing.ok) return { status: 400, body: authenticationErrorBody(signing.error.name, signing.error.message), error: signing.error.name };
    if (json === undefined) return errorReply(400, 'SerializationException', 'The request body is empty: send a JSON object.');
    try {
      const input = decodeRequest(operation, json);
      const output = await method.call(db, input);
      return { status: 200, body: encodeOutputBytes(output) };
    } catch (error) {
      if (isClientError(error)) {
        return { status: 400, body: encodeError(error.name, error.message, error.item ?? error.Item, error.CancellationReasons), error: error.name };
      }
      throw error;
    }
  }

  return {
    handle: (req, res) => handle(req, res),
    async handleExpectContinue(req, res) {
      const declared = declaredLength(req);
      if (declared !== undefined && declared > maxBodyBytes && req.method === 'POST') {
        // The client waits for "100 Continue" before sending the body: refuse it unsent.
        res.setHeader('x-amzn-RequestId', createRequestId());
        send(
          res,
          { ...errorReply(413, 'RequestEntityTooLargeException', `The request body exceeds the maximum of ${maxBodyBytes} bytes.`), close: true },
          answerContentType(req),
        );
        options.onResponse?.({ operation: undefined, status: 413, error: 'RequestEntityTooLargeException', durationMs: 0 });
        return;
      }
      res.writeContinue();
      await handle(req, res);
    },
  };
}

/**
 * A DynamoDB error a client caused: the engine's DynamoDBError, or the AWS
 * SDK's exception when the data source is a real client (both mark
 * themselves `$fault: 'client'`). Anything else is a bug: a 500.
 */
function isClientError(error: unknown): error is { name: string; message: string; item?: unknown; Item?: unknown; CancellationReasons?: unknown } {
  if (error instanceof DynamoDBError) return true;
  return error instanceof Error && (error as { $fault?: unknown }).$fault === 'client' && typeof error.name === 'string' && /^[A-Za-z]+$/.test(error.name);
}

function errorReply(status: number, name: string, message: string): Reply {
  return { status, body: encodeError(name, message), error: name };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Sends a JSON reply with DynamoDB's headers, including the CRC32 the AWS CLI verifies. */
function send(res: ServerResponse, reply: Reply, contentType: string): void {
  if (res.headersSent || res.destroyed) return;
  const payload = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  res.statusCode = reply.status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', payload.length);
  res.setHeader('x-amz-crc32', String(crc32(payload)));
  if (reply.close) res.setHeader('Connection', 'close');
  res.end(payload);
}

/** The origin to put in Access-Control-Allow-Origin, or undefined for none. */
function allowedOrigin(req: IncomingMessage, corsOrigins: CorsOrigins): string | undefined {
  const origin = req.headers.origin;
  if (origin === undefined || origin === '' || /[\r\n]/.test(origin)) return undefined;
  // DynamoDB answers any origin with a literal '*' (no credentials are sent, so '*' suffices).
  if (corsOrigins === '*') return '*';
  return corsOrigins.includes(origin) ? origin : undefined;
}

/** A browser's same-origin POST carries an Origin that names the Host it is sent to. */
function isSameOrigin(req: IncomingMessage): boolean {
  const { origin, host } = req.headers;
  if (origin === undefined || host === undefined) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

interface ParsedTarget {
  /** The operation, when the target names DynamoDB's (or DynamoDB Streams') current API version. */
  readonly operation: string | undefined;
  /** Which API the prefix names. */
  readonly api?: 'dynamodb' | 'streams';
  readonly raw: string | undefined;
}

function parseTarget(header: string | string[] | undefined): ParsedTarget {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (raw?.startsWith(TARGET_PREFIX)) return { operation: raw.slice(TARGET_PREFIX.length), api: 'dynamodb', raw };
  if (raw?.startsWith(STREAMS_TARGET_PREFIX)) return { operation: raw.slice(STREAMS_TARGET_PREFIX.length), api: 'streams', raw };
  return { operation: undefined, raw };
}

/** The operation a target names, if the endpoint serves it under that prefix. */
function servedOperation(target: ParsedTarget): OperationName | undefined {
  const name = target.operation;
  if (name === undefined) return undefined;
  if (target.api === 'dynamodb') return isOperationName(name) ? name : undefined;
  return isStreamOperationName(name) ? name : undefined;
}

function unknownOperationMessage(target: ParsedTarget): string {
  const served = Object.keys(OPERATIONS).join(', ');
  if (target.raw === undefined) return `An unknown operation was requested: no X-Amz-Target header. Keylab's endpoint serves ${TARGET_PREFIX}{${served}}.`;
  const shown = target.raw.length > 100 ? `${target.raw.slice(0, 100)}…` : target.raw;
  return `An unknown operation was requested: ${JSON.stringify(shown)}. Keylab's endpoint serves ${TARGET_PREFIX}{${served}}.`;
}

const REQUEST_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A request id shaped like DynamoDB's: 52 characters of A–Z and 0–9. It only tells
 * requests apart in logs (it guards nothing), so Math.random draws it: node:crypto,
 * loaded for the first request's id, was the largest single cost of the endpoint's
 * cold start after its own code.
 */
function createRequestId(): string {
  // Drawn 64 ids at a time: one call per request showed in profiles.
  if (requestIdBytesUsed === requestIdBytes.length) {
    for (let i = 0; i < requestIdBytes.length; i++) requestIdBytes[i] = Math.floor(Math.random() * 256);
    requestIdBytesUsed = 0;
  }
  let id = '';
  for (let i = 0; i < REQUEST_ID_LENGTH; i++) id += REQUEST_ID_ALPHABET[(requestIdBytes[requestIdBytesUsed + i] as number) % 36];
  requestIdBytesUsed += REQUEST_ID_LENGTH;
  return id;
}

const REQUEST_ID_LENGTH = 52;
const requestIdBytes = Buffer.alloc(REQUEST_ID_LENGTH * 64);
let requestIdBytesUsed = requestIdBytes.length;

/**
 * The endpoint as a route of the app server, answering every request under
 * `prefix` (`/dynamodb` → SDK endpoint `http://localhost:5173/dynamodb`).
 *
 * @example
 * createAppServer({ distDir, port, routes: [dynamodbRoute('/dynamodb', createDynamoDBEndpoint({ db }))] })
 */
export function dynamodbRoute(prefix: string, endpoint: DynamoDBEndpoint): Route {
  return prefixRoute('dynamodb', prefix.endsWith('/') ? prefix : `${prefix}/`, (req, res) => endpoint.handle(req, res));
}

export interface StandaloneEndpointOptions extends DynamoDBEndpointOptions {
  /** TCP port; 0 picks a free one (tests). */
  readonly port: number;
  /** Interface to bind. Default 127.0.0.1 (this machine only). */
  readonly host?: string;
  /**
   * When `db` is the built-in engine, its TTL sweep runs on a timer while the
   * endpoint serves (expired items are deleted in the background, as on
   * DynamoDB). `false` turns it off. Default: startTtlSweeper's defaults.
   */
  readonly ttlSweep?: TtlSweeperOptions | false;
}

export interface RunningDynamoDBEndpoint {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** The URL to give an SDK client or the AWS CLI (`--endpoint-url`). */
  readonly url: string;
  /** Stops accepting connections and closes open ones. */
  stop(): Promise<void>;
}

/**
 * Serves the endpoint on its own HTTP server, at every path (DynamoDB
 * ignores the path too). Rejects with the listen error (e.g. EADDRINUSE).
 */
export async function startDynamoDBEndpoint(options: StandaloneEndpointOptions): Promise<RunningDynamoDBEndpoint> {
  const endpoint = createDynamoDBEndpoint(options);
  const running = await serveEndpoint(endpoint, options);
  const sweeper = options.ttlSweep !== false && isSweepable(options.db) ? startTtlSweeper(options.db, options.ttlSweep) : undefined;
  return {
    ...running,
    stop: () => {
      sweeper?.stop();
      return running.stop();
    },
  };
}

/** How long an idle keep-alive connection stays open (Node's default is 5 s). */
export const IDLE_CONNECTION_MS = 10 * 60 * 1000;

/**
 * Serves any {@link DynamoDBEndpoint} (one engine's, or one that picks a
 * database per request) on its own HTTP server, at every path. Rejects with
 * the listen error (e.g. EADDRINUSE).
 */
export async function serveEndpoint(endpoint: DynamoDBEndpoint, options: { readonly port: number; readonly host?: string }): Promise<RunningDynamoDBEndpoint> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => void endpoint.handle(req, res));
  // Node closes an idle keep-alive connection after 5 s; a client (the SDK keeps its sockets) that sends on one
  // just as the server closes it gets ECONNRESET, which a test client with maxAttempts 1 does not retry. Idle
  // connections are kept as long as clients keep them (a CI run's test files pause for far longer than 5 s).
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => void endpoint.handleExpectContinue(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    host,
    port,
    url: `http://${shownHost}:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Whether a data source is the built-in engine, with a TTL sweep to run. */
function isSweepable(db: DynamoDBDataSource): db is DynamoDBDataSource & Pick<LocalDynamoDB, 'sweepExpiredItems'> {
  return typeof (db as Partial<LocalDynamoDB>).sweepExpiredItems === 'function';
}
