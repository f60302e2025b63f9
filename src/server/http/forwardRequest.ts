/**
 * One upstream forwarder for the loopback proxy and the profile signer: send
 * the body, stream the answer back, and turn timeouts and connection failures
 * into DynamoDB-shaped refusals, so both routes fail the same way.
 */
import { request as httpRequest, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WIRE_ERROR_TYPES, type WireErrorCode } from '../../errors';

/**
 * An error answer: HTTP status, the registered code (src/errors; it travels
 * as its wire type, `proxy.timeout` → `ProxyTimeout`) and a message a person
 * can act on.
 */
export interface ErrorAnswer {
  readonly status: number;
  readonly code: WireErrorCode;
  readonly message: string;
}

/**
 * Answers with a DynamoDB-style error body (`__type`, `message`), so the SDK in
 * the browser surfaces the message as it would DynamoDB's. `namespace` names who
 * refused (`com.keylab.proxy`, `com.keylab.profile`).
 */
export function sendRefusal(res: ServerResponse, refusal: ErrorAnswer, namespace: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const type = WIRE_ERROR_TYPES[refusal.code];
  const payload = Buffer.from(JSON.stringify({ __type: `${namespace}#${type}`, message: refusal.message }), 'utf8');
  res.statusCode = refusal.status;
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.setHeader('x-amzn-ErrorType', type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', payload.length);
  res.end(payload);
}

export interface ForwardOptions {
  readonly url: URL;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
  readonly timeoutMs: number;
  /** Pins the address that was checked (the proxy's DNS-rebinding guard). */
  readonly lookup?: LookupFunction;
  /** Which upstream response headers reach the browser. */
  readonly keepResponseHeader: (name: string) => boolean;
  /** `__type` namespace for refusals. */
  readonly namespace: string;
}

/** POSTs `body` upstream and pipes the answer into `res`; resolves when the exchange is over. */
export function forwardRequest(res: ServerResponse, options: ForwardOptions): Promise<void> {
  const { url, timeoutMs, namespace } = options;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<void>((done) => {
    const upstream = send(
      url,
      { method: 'POST', headers: options.headers, timeout: timeoutMs, ...(options.lookup ? { lookup: options.lookup } : {}) },
      (answer) => {
        res.statusCode = answer.statusCode ?? 502;
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && options.keepResponseHeader(name)) res.setHeader(name, value);
        }
        answer.pipe(res);
        answer.on('end', done);
        answer.on('error', () => {
          res.destroy();
          done();
        });
      },
    );
    upstream.on('timeout', () => {
      upstream.destroy();
      sendRefusal(res, { status: 504, code: 'proxy.timeout', message: `${url.host} did not answer within ${Math.round(timeoutMs / 1000)} s.` }, namespace);
      done();
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!res.writableEnded) sendRefusal(res, describeUpstreamError(error, url), namespace);
      done();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(options.body);
  });
}

/** Turns a connection failure into a refusal a person can act on. */
export function describeUpstreamError(error: NodeJS.ErrnoException, url: URL): ErrorAnswer {
  const where = url.host;
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') {
    return {
      status: 502,
      code: 'proxy.connectionRefused',
      message: `Connection refused: nothing is listening on ${where}. Is DynamoDB Local running? (npm run dynamodb-local)`,
    };
  }
  if (/^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code) || /SSL|TLS|certificate/i.test(error.message)) {
    return {
      status: 502,
      code: 'proxy.tlsError',
      message: `TLS failed talking to ${where} (${code || 'handshake error'}): is it really https, with a certificate this machine trusts?`,
    };
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return {
      status: 502,
      code: 'proxy.unreachable',
      message: `${where} closed the connection without answering (is it an http endpoint, not https, or the other way round?).`,
    };
  }
  return { status: 502, code: 'proxy.unreachable', message: `Could not reach ${where} (${code || 'network error'}).` };
}
