import type { ByteChunks, ReadCounter } from './textChunks';

/**
 * The import's file-stream entry: a file's chunks as the readers get them,
 * gunzipped on the fly when the file is gzip-compressed (an S3 export's
 * `*.json.gz`). Compression is detected by the gzip magic bytes (1f 8b), not
 * by the file name, and decompressed with DecompressionStream('gzip') — the
 * browser's, or Node's (built on node:zlib) for `npm run import` — one chunk at
 * a time: never a whole-file read.
 */

/** The first two bytes of every gzip file (RFC 1952). */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** True when `bytes` starts with the gzip magic bytes. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/** A gzip file that cannot be decompressed: `offset` is how many compressed bytes had been read when it failed. */
export class GzipError extends Error {
  override readonly name = 'GzipError';
  constructor(
    message: string,
    readonly offset: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The chunks of `chunks`, decompressed when they are gzip, counting the
 * file's own bytes (compressed ones for a gzip file) in `counter`, so a
 * progress bar against the file's size stays right. Rejects with a
 * {@link GzipError} for a damaged or cut-off gzip file; a failure of the file
 * itself passes through as it is.
 */
export async function* openImportChunks(chunks: ByteChunks, counter: ReadCounter = { bytes: 0 }): AsyncGenerator<Uint8Array | string> {
  const source = (Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]()) as
    AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>;
  // Enough of the start to tell (a first chunk of one byte is legal, if odd).
  let head: Uint8Array | string | undefined;
  for (;;) {
    const next = await source.next();
    if (next.done) break;
    const chunk = next.value;
    head = typeof chunk === 'string' || head === undefined || typeof head === 'string' ? chunk : concat(head, chunk);
    if (typeof head === 'string' || head.length >= 2) break;
  }
  if (head === undefined) return;
  const rest = remainingOf(source);
  if (typeof head === 'string' || !isGzip(head)) {
    counter.bytes += sizeOf(head);
    yield head;
    for await (const chunk of rest) {
      counter.bytes += sizeOf(chunk);
      yield chunk;
    }
    return;
  }
  yield* gunzip(head, rest, counter);
}

async function* gunzip(head: Uint8Array, rest: AsyncIterable<Uint8Array | string>, counter: ReadCounter): AsyncGenerator<Uint8Array> {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  /** Set when the file itself failed (not its compression). */
  let sourceError: { error: unknown } | undefined;
  let stopped = false;
  const feeding = (async () => {
    const chunks = rest[Symbol.asyncIterator]();
    let chunk: Uint8Array | string = head;
    try {
      for (;;) {
        if (typeof chunk === 'string') throw new GzipError('A gzip file must be read as bytes, not text.', counter.bytes);
        // writer.ready: backpressure, so the file is read only as fast as it is decompressed.
        await writer.ready;
        counter.bytes += chunk.byteLength;
        // A failed write is the stream's error, which the reader reports. (A SharedArrayBuffer view is copied by the stream like any other.)
        writer.write(chunk as Uint8Array<ArrayBuffer>).catch(() => undefined);
        let next: IteratorResult<Uint8Array | string>;
        try {
          next = await chunks.next();
        } catch (error) {
          // The file itself failed (not its compression): passed on as it is.
          sourceError = { error };
          throw error;
        }
        if (next.done) break;
        if (stopped) {
          await chunks.return?.();
          return;
        }
        chunk = next.value;
      }
      await writer.close();
    } catch (error) {
      // Bad data errors the stream (writer.ready rejects): the reader reports it. Stop reading the file.
      if (!sourceError) await chunks.return?.().catch(() => undefined);
      await writer.abort(error).catch(() => undefined);
    }
  })();
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch (error) {
        if (sourceError) throw sourceError.error;
        throw gzipErrorOf(error, counter.bytes);
      }
      if (next.done) break;
      yield next.value;
    }
  } finally {
    stopped = true;
    // Stopped early (the key check reads a few items): release the decompressor and the file.
    await reader.cancel().catch(() => undefined);
    await feeding;
  }
}

/** What went wrong, where, and what to do, from the decompressor's error (Node: zlib's codes; Chromium: its sentences). */
function gzipErrorOf(cause: unknown, offset: number): GzipError {
  if (cause instanceof GzipError) return cause;
  const detail = cause instanceof Error ? cause.message : String(cause);
  const where = `after ${offset.toLocaleString('en-US')} bytes of the file`;
  const truncated = /end of (file|stream|input)|truncat|Z_BUF_ERROR/i.test(`${detail} ${(cause as { code?: unknown } | null)?.code ?? ''}`);
  const message = truncated
    ? `The gzip file ends too early (${where}: ${detail}): it was cut off, for example by an incomplete download or copy. Download or copy it again (\`gzip -t FILE\` checks it).`
    : `The gzip file is damaged: its compressed data cannot be read (${where}: ${detail}). Download or copy it again (\`gzip -t FILE\` checks it), or import the uncompressed file.`;
  return new GzipError(message, offset, { cause });
}

function remainingOf(source: AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>): AsyncIterable<Uint8Array | string> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: async () => source.next(),
      return: async () => (await source.return?.()) ?? { done: true, value: undefined },
    }),
  };
}

function sizeOf(chunk: Uint8Array | string): number {
  return typeof chunk === 'string' ? chunk.length : chunk.byteLength;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
