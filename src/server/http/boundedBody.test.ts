import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBoundedBody, type BodySource } from './boundedBody';

const MB = 1024 * 1024;

/**
 * A request body produced on demand, 64 KB at a time, counting how many bytes
 * the reader actually pulled: what "read" means here, independent of time.
 */
function lazyBody(totalBytes: number, headers: Record<string, string> = {}): { req: BodySource; pulled(): number } {
  let pulled = 0;
  const stream = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (pulled >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(64 * 1024, totalBytes - pulled);
      pulled += size;
      this.push(Buffer.alloc(size, 0x78));
    },
  });
  return { req: Object.assign(stream, { headers }), pulled: () => pulled };
}

describe('readBoundedBody', () => {
  it('returns a body within the limit whole', async () => {
    const { req } = lazyBody(100_000);
    const body = await readBoundedBody(req, { maxBytes: 100_000 });
    expect(body.kind).toBe('ok');
    expect(body.kind === 'ok' && body.bytes.length).toBe(100_000);
  });

  it('refuses a declared 100 MB body before reading a byte of it', async () => {
    const body = lazyBody(100 * MB, { 'content-length': String(100 * MB) });
    expect(await readBoundedBody(body.req, { maxBytes: 16 * MB })).toEqual({ kind: 'tooLarge', drained: false });
    expect(body.pulled()).toBe(0);
  });

  it('stops reading an undeclared (chunked) 100 MB body at the limit plus the drain allowance', async () => {
    const body = lazyBody(100 * MB);
    expect(await readBoundedBody(body.req, { maxBytes: 16 * MB })).toEqual({ kind: 'tooLarge', drained: false });
    // What was pulled: the limit, the drain allowance (as much again), and the stream's own read-ahead.
    expect(body.pulled()).toBeLessThanOrEqual(32 * MB + 256 * 1024);
    expect(body.req.isPaused()).toBe(true);
  });

  it('reads a slightly oversized body to its end, keeping none of it, so the connection stays usable', async () => {
    const body = lazyBody(16 * MB + 10, { 'content-length': String(16 * MB + 10) });
    expect(await readBoundedBody(body.req, { maxBytes: 16 * MB })).toEqual({ kind: 'tooLarge', drained: true });
    expect(body.pulled()).toBe(16 * MB + 10);
  });

  it('honours a smaller drain allowance', async () => {
    const body = lazyBody(10 * MB);
    expect(await readBoundedBody(body.req, { maxBytes: MB, drainBytes: 0 })).toEqual({ kind: 'tooLarge', drained: false });
    expect(body.pulled()).toBeLessThanOrEqual(MB + 256 * 1024);
  });

  it('reports a body cut off by the client as aborted', async () => {
    const { req } = lazyBody(0);
    const reading = readBoundedBody(req, { maxBytes: MB });
    req.destroy();
    expect(await reading).toEqual({ kind: 'aborted' });
  });
});
