import type { RejectedEntry } from './batchWriter';
import { decodeChunks, type ByteChunks, type ReadCounter } from './textChunks';

/**
 * A streamed reader of one top-level JSON array: it yields each element's
 * text (and the line it starts on) as soon as the element is complete, so a
 * file of any size is read with one element in memory. It only finds where
 * elements start and end (strings and escapes, nesting); each element is then
 * parsed on its own, so a broken element is one rejected line.
 */
export async function* readJsonArrayElements(chunks: ByteChunks, counter?: ReadCounter): AsyncGenerator<{ line: number; text: string } | RejectedEntry> {
  let line = 1;
  /** Before the `[`, inside the array between elements, inside an element, after the `]`. */
  let state: 'start' | 'between' | 'element' | 'end' = 'start';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let pieces: string[] = [];
  let elementLine = 0;
  let pieceStart: number;

  for await (const text of decodeChunks(chunks, counter)) {
    pieceStart = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      if (state === 'element') {
        if (inString) {
          if (escaped) escaped = false;
          else if (char === 0x5c /* \ */) escaped = true;
          else if (char === 0x22 /* " */) inString = false;
          else if (char === 0x0a) line++;
          continue;
        }
        let ends = false;
        if (char === 0x22) inString = true;
        else if (char === 0x7b /* { */ || char === 0x5b /* [ */) depth++;
        else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
          if (depth > 0) depth--;
          else ends = char === 0x5d;
        } else if (char === 0x2c /* , */) ends = depth === 0;
        else if (char === 0x0a) line++;
        // An element ends at the `,` or `]` after it, outside any nesting.
        if (ends) {
          pieces.push(text.slice(pieceStart, i));
          yield { line: elementLine, text: pieces.join('') };
          pieces = [];
          state = char === 0x5d ? 'end' : 'between';
        }
        continue;
      }
      if (char === 0x0a) line++;
      if (char === 0x20 || char === 0x0a || char === 0x0d || char === 0x09) continue;
      if (state === 'start') {
        if (char !== 0x5b) {
          yield { line, rejected: 'A JSON import file is one array of items: [{"pk": {"S": "a"}}, …] (for one item per line, choose DynamoDB JSON lines)' };
          return;
        }
        state = 'between';
      } else if (state === 'between') {
        if (char === 0x5d) {
          state = 'end';
          continue;
        }
        if (char === 0x2c) continue;
        state = 'element';
        elementLine = line;
        pieceStart = i;
        i--;
      } else {
        yield { line, rejected: 'Text after the closing ] of the array is ignored: the file holds one array' };
        return;
      }
    }
    if (state === 'element') pieces.push(text.slice(pieceStart));
  }
  if (state === 'element') yield { line: elementLine, rejected: 'The file ends inside this item: the array is not closed with ]' };
  else if (state === 'start') yield { line, rejected: 'The file is empty: a JSON import file is one array of items' };
  else if (state === 'between') yield { line, rejected: 'The file ends before the array is closed with ]' };
}
