import { compareBytes, encodeUtf8 } from './compareUtf8';

/** Where two byte strings first differ. A side that ended before the difference has no byte there. */
export interface ByteDifference {
  /** 0-based byte offset of the first difference. */
  readonly index: number;
  /** The byte of `a` at `index`, or undefined when `a` ended there (it is a prefix of `b`). */
  readonly byteA?: number;
  /** The byte of `b` at `index`, or undefined when `b` ended there (it is a prefix of `a`). */
  readonly byteB?: number;
}

/**
 * The first byte where two byte strings differ, or undefined when they are
 * equal.
 *
 * Contract: agrees with {@link compareBytes} — when the result has both bytes,
 * `compareBytes(a, b)` has the sign of `byteA − byteB`; when one side has no
 * byte, that side is a prefix of the other and sorts first.
 *
 * @example
 * findFirstDifferingByte(Uint8Array.of(0x31, 0x30), Uint8Array.of(0x39)) // { index: 0, byteA: 0x31, byteB: 0x39 }
 * findFirstDifferingByte(Uint8Array.of(0x41), Uint8Array.of(0x41, 0x42)) // { index: 1, byteB: 0x42 }
 */
export function findFirstDifferingByte(a: Uint8Array, b: Uint8Array): ByteDifference | undefined {
  const length = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < length; i++) {
    if (a[i] !== b[i]) return { index: i, byteA: a[i] as number, byteB: b[i] as number };
  }
  if (a.length === b.length) return undefined;
  return a.length < b.length ? { index: length, byteB: b[length] as number } : { index: length, byteA: a[length] as number };
}

/** One character of a string, with its place in the UTF-8 bytes. */
export interface Utf8Character {
  /** The character (a whole code point: both halves of a surrogate pair). */
  readonly text: string;
  readonly codePoint: number;
  /** Byte offset of the character's first byte. */
  readonly byteStart: number;
  /** The character's UTF-8 bytes. */
  readonly bytes: Uint8Array;
}

/**
 * The character whose UTF-8 encoding contains byte `byteIndex` of `value`, or
 * undefined past the end. A lone surrogate is the U+FFFD it is encoded as.
 *
 * @example
 * findCharacterAtByte("é9", 1) // { text: "é", codePoint: 0xe9, byteStart: 0, bytes: [0xc3, 0xa9] }
 * findCharacterAtByte("é9", 2) // { text: "9", codePoint: 0x39, byteStart: 2, bytes: [0x39] }
 */
export function findCharacterAtByte(value: string, byteIndex: number): Utf8Character | undefined {
  let byteStart = 0;
  for (const text of value) {
    const bytes = encodeUtf8(text);
    if (byteIndex < byteStart + bytes.length) {
      const codePoint =
        bytes.length === 3 && text.length === 1 && text.charCodeAt(0) >= 0xd800 && text.charCodeAt(0) <= 0xdfff ? 0xfffd : (text.codePointAt(0) as number);
      return { text, codePoint, byteStart, bytes };
    }
    byteStart += bytes.length;
  }
  return undefined;
}

/**
 * Bytes as lowercase hex with a `0x` prefix, e.g. `0x39`.
 *
 * @example
 * formatByte(57) // "0x39"
 */
export function formatByte(byte: number): string {
  return `0x${byte.toString(16).padStart(2, '0')}`;
}

/**
 * Bytes as spaced two-digit hex.
 *
 * @example
 * formatHexBytes(Uint8Array.of(0x31, 0x30)) // "31 30"
 */
export function formatHexBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
}

/** Why one of two key strings (or byte strings) sorts before the other. */
export interface KeyOrderExplanation {
  /** Negative when `a` sorts first, positive when `b` does, zero when they are equal (the DynamoDB comparator's sign). */
  readonly order: number;
  readonly difference?: ByteDifference;
  /** For strings: the characters holding the differing byte on each side. */
  readonly charA?: Utf8Character;
  readonly charB?: Utf8Character;
  /** One sentence for the user. */
  readonly sentence: string;
}

function describeSide(byte: number | undefined, char: Utf8Character | undefined): string {
  if (byte === undefined) return 'the end of the key';
  if (!char) return formatByte(byte);
  const label = JSON.stringify(char.text);
  return char.bytes.length === 1
    ? `${label} ${formatByte(byte)}`
    : `${formatByte(byte)} (byte ${char.bytes.indexOf(byte) + 1} of ${label}, ${formatHexBytes(char.bytes)})`;
}

/**
 * Explains DynamoDB's order of two string (S) sort keys by their first
 * differing UTF-8 byte. The order is {@link compareBytes} over the UTF-8
 * bytes, the same as `compareUtf8`.
 *
 * @example
 * explainStringOrder("9", "10").sentence
 * // 'The first difference is byte 1: "9" 0x39 vs "1" 0x31. 0x31 is smaller, so "10" sorts before "9".'
 */
export function explainStringOrder(a: string, b: string): KeyOrderExplanation {
  const bytesA = encodeUtf8(a);
  const bytesB = encodeUtf8(b);
  const explanation = explainByteOrder(bytesA, bytesB, JSON.stringify(a), JSON.stringify(b));
  const difference = explanation.difference;
  if (!difference) return explanation;
  const charA = findCharacterAtByte(a, difference.index);
  const charB = findCharacterAtByte(b, difference.index);
  return {
    ...explanation,
    ...(charA ? { charA } : {}),
    ...(charB ? { charB } : {}),
    sentence: sentenceFor(difference, explanation.order, JSON.stringify(a), JSON.stringify(b), charA, charB),
  };
}

/**
 * Explains DynamoDB's order of two binary (B) sort keys: unsigned bytes,
 * a prefix first.
 *
 * @example
 * explainByteOrder(Uint8Array.of(0x7f), Uint8Array.of(0x80), "a", "b").sentence
 * // "The first difference is byte 1: 0x7f vs 0x80. 0x7f is smaller, so a sorts before b."
 */
export function explainByteOrder(a: Uint8Array, b: Uint8Array, nameA: string, nameB: string): KeyOrderExplanation {
  const order = compareBytes(a, b);
  const difference = findFirstDifferingByte(a, b);
  if (!difference) return { order, sentence: `${nameA} and ${nameB} have the same bytes: they are the same key.` };
  return { order, difference, sentence: sentenceFor(difference, order, nameA, nameB, undefined, undefined) };
}

function sentenceFor(
  difference: ByteDifference,
  order: number,
  nameA: string,
  nameB: string,
  charA: Utf8Character | undefined,
  charB: Utf8Character | undefined,
): string {
  const [first, second] = order < 0 ? [nameA, nameB] : [nameB, nameA];
  const where = `The first difference is byte ${difference.index + 1}: ${describeSide(difference.byteA, charA)} vs ${describeSide(difference.byteB, charB)}.`;
  if (difference.byteA === undefined || difference.byteB === undefined) {
    return `${where} ${first} is a prefix of ${second}, and a shorter key sorts before a longer one that starts with it.`;
  }
  const smaller = formatByte(Math.min(difference.byteA, difference.byteB));
  return `${where} ${smaller} is smaller, so ${first} sorts before ${second}.`;
}
