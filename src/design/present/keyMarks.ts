import { encodeUtf8, findCharacterAtByte, findFirstDifferingByte } from '../../keys';
import type { IntendedPlace, KeyDifference, SlideKey, SlideKeyList, SlideKeyRow, TypedKey } from './slides.types';

/**
 * Where each key of an ordered list first differs from its neighbour — the
 * byte that decides their order, which the slide highlights so a room sees
 * why `10` sorts before `9`.
 */

/**
 * The first difference between two keys, part by part: the byte of the
 * first string (S) part that differs, with the character holding it.
 * Undefined when the keys are equal or the first differing part is a number
 * or binary (those are not ordered by their characters).
 *
 * @example
 * keyDifference(key("9"), key("10")) // { part: 0, byte: 0, start: 0, end: 1 }
 */
export function keyDifference(key: TypedKey, neighbour: TypedKey): KeyDifference | undefined {
  for (let part = 0; part < key.parts.length; part++) {
    const mine = key.parts[part];
    const theirs = neighbour.parts[part];
    if (!mine || !theirs || mine.text === theirs.text) continue;
    if (mine.type !== 'S' || theirs.type !== 'S') return undefined;
    const difference = findFirstDifferingByte(encodeUtf8(mine.text), encodeUtf8(theirs.text));
    if (!difference) continue;
    const character = findCharacterAtByte(mine.text, difference.index);
    if (!character) return { part, byte: difference.index, start: mine.text.length, end: mine.text.length };
    const start = utf16OffsetOfByte(mine.text, character.byteStart);
    return { part, byte: difference.index, start, end: start + character.text.length };
  }
  return undefined;
}

/** The UTF-16 offset of the character starting at a UTF-8 byte offset (one that starts a character). */
function utf16OffsetOfByte(text: string, byteStart: number): number {
  let bytes = 0;
  let offset = 0;
  for (const character of text) {
    if (bytes >= byteStart) break;
    bytes += encodeUtf8(character).length;
    offset += character.length;
  }
  return offset;
}

/**
 * Each key with its difference from its neighbour: the key above it, or,
 * for the first key, the one below.
 */
export function markedKeys(keys: readonly TypedKey[]): SlideKey[] {
  return keys.map((key, index) => {
    const neighbour = index > 0 ? keys[index - 1] : keys[1];
    const difference = neighbour ? keyDifference(key, neighbour) : undefined;
    return { parts: key.parts.map((part) => part.text), ...(difference ? { difference } : {}) };
  });
}

/** One row to put on a slide, before marking and capping. */
export interface ListEntry {
  readonly key: TypedKey;
  readonly label?: string;
  readonly shouldBe?: number;
  readonly intended?: IntendedPlace;
}

/**
 * An ordered list as a slide shows it: the first `maxRows` rows, each key
 * marked against its neighbour in the whole list, and how many more there are.
 */
export function keyList(entries: readonly ListEntry[], maxRows: number): SlideKeyList {
  // Marks need only the shown rows, and the next one for a first row shown alone.
  const considered = entries.slice(0, maxRows + 1);
  const keys = markedKeys(considered.map((entry) => entry.key));
  const rows: SlideKeyRow[] = considered.slice(0, maxRows).map((entry, index) => ({
    position: index + 1,
    key: keys[index] as SlideKey,
    ...(entry.label !== undefined ? { label: entry.label } : {}),
    ...(entry.shouldBe !== undefined ? { shouldBe: entry.shouldBe } : {}),
    ...(entry.intended !== undefined ? { intended: entry.intended } : {}),
  }));
  return { rows, moreCount: Math.max(0, entries.length - rows.length) };
}

/** A single string key. */
export function stringKey(text: string): TypedKey {
  return { parts: [{ type: 'S', text }] };
}
