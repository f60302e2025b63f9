/**
 * The one request-body reader of Keylab's servers (the DynamoDB endpoint, the
 * loopback proxy, the profile signer): it keeps at most `maxBytes` in memory
 * and never reads an oversized body to its end.
 *
 * - A declared `Content-Length` over the limit plus the drain allowance is
 *   refused before a single body byte is read.
 * - Past the limit, bytes are read and thrown away for at most `drainBytes`
 *   more, so a client that is still sending a slightly oversized body gets the
 *   413 on an open connection instead of a reset. Past that, reading stops at
 *   once (the request is paused, never resumed) and the caller answers with
 *   {@link closeAfterAnswer}, which closes the connection without reading on.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';

export interface BodyLimits {
  /** The largest body kept, in bytes. */
  readonly maxBytes: number;
  /** How many bytes past `maxBytes` may still be read and discarded. Default: `maxBytes`. */
  readonly drainBytes?: number;
}

export type BoundedBody =
  | { readonly kind: 'ok'; readonly bytes: Buffer }
  /**
   * `drained`: the whole body was read, so the connection can carry another
   * request. Otherwise unread bytes remain: answer with {@link closeAfterAnswer}.
   */
  | { readonly kind: 'tooLarge'; readonly drained: boolean }
  /** The client went away mid-body: there is no one to answer. */
  | { readonly kind: 'aborted' };

/** What the reader needs of a request (an IncomingMessage; tests pass any stream with headers). */
export type BodySource = Readable & { readonly headers: IncomingHttpHeaders };

/** The declared Content-Length, when there is a well-formed one. */
export function declaredLength(req: { readonly headers: IncomingHttpHeaders }): number | undefined {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** A request that declares no body (so it can be answered without reading one). */
export function isBodyless(req: { readonly headers: IncomingHttpHeaders }): boolean {
  return req.headers['transfer-encoding'] === undefined && (declaredLength(req) ?? 0) === 0;
}

export function readBoundedBody(req: BodySource, limits: BodyLimits): Promise<BoundedBody> {
  const { maxBytes } = limits;
  const readAtMost = maxBytes + (limits.drainBytes ?? maxBytes);
  const declared = declaredLength(req);
  if (declared !== undefined && declared > readAtMost) return Promise.resolve({ kind: 'tooLarge', drained: false });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (result: BoundedBody) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      if (received > readAtMost) {
        // Stop reading here: nothing more is pulled from the client.
        req.pause();
        settle({ kind: 'tooLarge', drained: false });
      }
    };
    req.on('data', onData);
    req.once('end', () => settle(received > maxBytes ? { kind: 'tooLarge', drained: true } : { kind: 'ok', bytes: Buffer.concat(chunks, received) }));
    req.once('error', () => settle({ kind: 'aborted' }));
    req.once('close', () => {
      if (!req.readableEnded) settle({ kind: 'aborted' });
    });
  });
}

/** How long a connection refused mid-body stays half-open for the client to read the answer. */
export const LINGER_MS = 2000;

/**
 * Marks the answer as the connection's last, when the request has a body
 * that was not (entirely) read, and closes the connection without reading
 * the rest — for a 413, and for a refusal sent without reading the body.
 *
 * Node would destroy the socket as soon as the answer is written; with unread
 * bytes in the kernel's receive buffer that sends a reset, which can overtake
 * the answer at a client that is still sending. So instead: the body is
 * marked as taken (Node then does not drain it), the answer is followed by a
 * FIN, nothing more is read, and the socket is destroyed after LINGER_MS
 * (or sooner, when the server stops).
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (isBodyless(req) || res.headersSent) return;
  res.setHeader('Connection', 'close');
  if (!req.readableEnded) {
    req.pause();
    // IncomingMessage.read marks the body as consumed, so Node's end-of-response
    // drain (req._dump) leaves it unread; read(0) takes no bytes.
    req.read(0);
  }
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
