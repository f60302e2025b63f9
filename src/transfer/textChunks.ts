/**
 * A file as it arrives: chunks of bytes (a browser File's stream, a Node read
 * stream) or of text (tests), decoded as UTF-8 across chunk edges, with the
 * bytes read so far counted for the progress bar.
 */
export type ByteChunks = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Counts what a reader has consumed; `bytes` grows as chunks are decoded. */
export interface ReadCounter {
  bytes: number;
}

/** The text of `chunks`, piece by piece (never the whole file), a byte-order mark dropped. */
export async function* decodeChunks(chunks: ByteChunks, counter: ReadCounter = { bytes: 0 }): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of chunks) {
    let text: string;
    if (typeof chunk === 'string') {
      text = chunk;
      counter.bytes += chunk.length;
    } else {
      text = decoder.decode(chunk, { stream: true });
      counter.bytes += chunk.byteLength;
    }
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text.length > 0) yield text;
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}

/** The lines of `chunks` with their 1-based numbers (`\n` or `\r\n` ends a line). */
export async function* readLines(chunks: ByteChunks, counter?: ReadCounter): AsyncGenerator<{ line: number; text: string }> {
  let carry = '';
  let line = 0;
  for await (const text of decodeChunks(chunks, counter)) {
    let start = 0;
    let end = text.indexOf('\n');
    if (end === -1) {
      carry += text;
      continue;
    }
    while (end !== -1) {
      const piece = carry + text.slice(start, end);
      carry = '';
      yield { line: ++line, text: piece.endsWith('\r') ? piece.slice(0, -1) : piece };
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    carry = text.slice(start);
  }
  if (carry.length > 0) yield { line: line + 1, text: carry.endsWith('\r') ? carry.slice(0, -1) : carry };
}
