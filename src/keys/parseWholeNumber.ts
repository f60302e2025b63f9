/**
 * The one reader of whole numbers people type: counts (Generate items,
 * Limit, field widths) and the width advisor's largest value and headroom.
 * It reads the digits as text, so nothing is rounded and a value past 2^53
 * (a largest value of 30 digits) keeps every digit; bounds are the caller's
 * (see parseCount in src/state).
 *
 * Digit group separators: `1,000,000`, `1_000_000` and `1 000 000` are read
 * everywhere, because large counts are unreadable without grouping and are
 * often pasted that way from documents and spreadsheets. Groups must be
 * three digits (after a first group of one to three), so a decimal comma
 * (`1,5`) is refused rather than read as 15; `.` is never a separator, since
 * it is the decimal point in DynamoDB numbers, JSON and code.
 */

/** Why a text is not a whole number. */
export type WholeNumberProblem = 'empty' | 'exponent' | 'sign' | 'fraction' | 'separator' | 'character';

export type WholeNumberResult =
  | { readonly ok: true; readonly digits: string }
  | {
      readonly ok: false;
      readonly problem: WholeNumberProblem;
      readonly message: string;
      /** 1-based position, in characters of the trimmed text, of what is wrong, when one character is. */
      readonly at?: number;
    };

export interface WholeNumberOptions {
  /** Names the input in the message, e.g. "Items to generate". */
  readonly label: string;
  /** What the input takes, e.g. "a whole number from 1 to 1,000,000"; default "a whole number". */
  readonly expected?: string;
}

/** The separators read between digit groups; the spaces are the ones locales format numbers with. */
const SEPARATORS: ReadonlyMap<string, string> = new Map([
  [',', ','],
  ['_', '_'],
  [' ', 'space'],
  ['\u00a0', 'space'],
  ['\u2009', 'space'],
  ['\u202f', 'space'],
]);

const ASCII_DIGIT = /^[0-9]$/;
const OTHER_DECIMAL_DIGIT = /^\p{Nd}$/u;
/** Invisible or easily confused characters, shown by code point only. */
const INVISIBLE = /^[\p{C}\p{Z}\p{M}]$/u;
const EXPONENT_FORM = /^\+?([0-9]+)(?:\.([0-9]*))?[eE]([+-]?[0-9]+)$/;
/** An expansion longer than this is described, not written out. */
const MAX_SUGGESTED_DIGITS = 40;
const MAX_SHOWN_CHARACTERS = 40;

/**
 * Reads `text` (surrounding spaces ignored) as a whole number ≥ 0 in ASCII
 * digits, optionally grouped by `,` `_` or spaces in threes, and returns its
 * digits without separators or leading zeros. Anything else is refused with
 * a message naming `label`, what is wrong, where, and how to fix it.
 *
 * @example
 * parseWholeNumber("1,000,000", { label: "Count" }) // { ok: true, digits: "1000000" }
 * parseWholeNumber("007", { label: "Count" })       // { ok: true, digits: "7" }
 * parseWholeNumber("1e3", { label: "Count" })
 * // { ok: false, problem: "exponent", message: 'Count must be a whole number; "1e3" has an exponent: write the digits, 1000.' }
 * parseWholeNumber("5😀", { label: "Count" })
 * // { ok: false, problem: "character", at: 2, message: 'Count must be a whole number; "5😀" has "😀" (U+1F600) at character 2, which is not a digit: remove it.' }
 */
export function parseWholeNumber(text: string, options: WholeNumberOptions): WholeNumberResult {
  const trimmed = text.trim();
  const chars = Array.from(trimmed);
  const refuse = (problem: WholeNumberProblem, detail: string, at?: number): WholeNumberResult => ({
    ok: false,
    problem,
    message: `${options.label} must be ${options.expected ?? 'a whole number'}; ${detail}.`,
    ...(at === undefined ? {} : { at }),
  });
  const shown = `"${showText(chars)}"`;
  if (chars.length === 0) return refuse('empty', 'nothing is entered: type its digits, e.g. 25');

  // Separators are dropped first, so "1,000e3" gets the expansion rather than "remove the e".
  const exponent = EXPONENT_FORM.exec(chars.filter((char) => !SEPARATORS.has(char)).join(''));
  if (exponent) return refuse('exponent', `${shown} has an exponent: ${expandExponent(exponent[1] as string, exponent[2] ?? '', Number(exponent[3]))}`);

  const first = chars.findIndex((char) => !ASCII_DIGIT.test(char) && !SEPARATORS.has(char));
  if (first >= 0) {
    const char = chars[first] as string;
    const at = first + 1;
    if (first === 0 && (char === '-' || char === '+')) {
      const rest = chars.slice(1).join('');
      const restDigits = parseWholeNumber(rest, options);
      return char === '+' && restDigits.ok
        ? refuse('sign', `${shown} has a plus sign: write ${restDigits.digits}`, at)
        : refuse('sign', `${shown} has a ${char === '-' ? 'minus' : 'plus'} sign: write the digits only, without a sign`, at);
    }
    if (char === '.') {
      return chars.filter((c) => c === '.').length > 1 && /^[0-9]{1,3}(\.[0-9]{3})+$/.test(trimmed)
        ? refuse(
            'separator',
            `${shown} groups digits with ".", which reads as a decimal point: write ${trimmed.replaceAll('.', '')} or ${trimmed.replaceAll('.', ',')}`,
            at,
          )
        : refuse('fraction', `${shown} has a decimal point at character ${at}: leave out the fraction`, at);
    }
    if (OTHER_DECIMAL_DIGIT.test(char)) {
      const ascii = chars.map(asciiDigit);
      const fix = ascii.every((digit) => digit !== undefined) ? `write ${ascii.join('')}` : `type it as ${asciiDigit(char) as string}`;
      return refuse('character', `${notA(chars, first, 'an ASCII digit')}: ${fix}`, at);
    }
    const fix = INVISIBLE.test(char) ? 'remove it' : 'type the number in digits only';
    return refuse('character', `${notA(chars, first, 'a digit')}: ${fix}`, at);
  }

  const kinds = [...new Set(chars.flatMap((char) => SEPARATORS.get(char) ?? []))];
  const digits = chars.filter((char) => ASCII_DIGIT.test(char)).join('');
  if (digits === '') return refuse('separator', `${shown} has no digits: type the number's digits, e.g. 25`);
  if (kinds.length > 1) {
    const [a, b] = kinds.map((kind) => (kind === 'space' ? 'spaces' : `"${kind}"`));
    return refuse(
      'separator',
      `${shown} mixes ${a} and ${b} between digits: use one separator, as in ${groupDigits(digits, ',')}, or none, ${digits.replace(/^0+(?=.)/, '')}`,
    );
  }
  const misplaced = misplacedSeparator(chars);
  if (misplaced !== undefined) {
    const char = chars[misplaced] as string;
    const name = SEPARATORS.get(char) !== 'space' ? `"${char}"` : char === ' ' ? 'a space' : `a space (${codePoint(char)})`;
    const example = groupDigits('1000000', SEPARATORS.get(char) === 'space' ? ' ' : char);
    return refuse(
      'separator',
      `${shown} has ${name} at character ${misplaced + 1}, but separators go between groups of three digits, as in ${example}: write ${digits.replace(/^0+(?=.)/, '')}`,
      misplaced + 1,
    );
  }
  return { ok: true, digits: digits.replace(/^0+(?=.)/, '') };
}

/** Index of the first separator not followed by exactly three digits (or leading the number), if any. */
function misplacedSeparator(chars: readonly string[]): number | undefined {
  let groupLength = 0;
  let lastSeparator: number | undefined;
  for (const [index, char] of chars.entries()) {
    if (ASCII_DIGIT.test(char)) {
      groupLength++;
      continue;
    }
    // A first group of 1–3 digits, then groups of exactly 3.
    if (lastSeparator === undefined ? groupLength === 0 || groupLength > 3 : groupLength !== 3) return lastSeparator ?? index;
    lastSeparator = index;
    groupLength = 0;
  }
  return lastSeparator !== undefined && groupLength !== 3 ? lastSeparator : undefined;
}

function expandExponent(integer: string, fraction: string, exponent: number): string {
  const mantissa = (integer + fraction).replace(/^0+(?=.)/, '');
  const zeros = exponent - fraction.length;
  if (zeros < 0) {
    const kept = mantissa.slice(0, zeros);
    const dropped = mantissa.slice(zeros);
    if (/[^0]/.test(dropped)) return 'it is not a whole number, so write a whole number in digits';
    return `write the digits, ${kept === '' ? '0' : kept}`;
  }
  if (mantissa === '0') return 'write the digits, 0';
  return mantissa.length + zeros > MAX_SUGGESTED_DIGITS
    ? `that is ${mantissa.length + zeros} digits, so write them out in full`
    : `write the digits, ${mantissa}${'0'.repeat(zeros)}`;
}

function groupDigits(digits: string, separator: string): string {
  return digits.replace(/^0+(?=.)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** The ASCII digit of a Unicode decimal digit: each script's digits are one run 0…9 in code-point order. */
function asciiDigit(char: string): string | undefined {
  if (ASCII_DIGIT.test(char)) return char;
  if (!OTHER_DECIMAL_DIGIT.test(char)) return undefined;
  const code = char.codePointAt(0) as number;
  let zero = code;
  while (OTHER_DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return String((code - zero) % 10);
}

const codePoint = (char: string) => `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;

/** Names the character at `index`, where it is, and what it is not: `"5😀" has "😀" (U+1F600) at character 2, which is not a digit`. */
function notA(chars: readonly string[], index: number, what: string): string {
  const name = nameCharacter(chars[index] as string);
  return chars.length === 1 ? `${name} is not ${what}` : `"${showText(chars)}" has ${name} at character ${index + 1}, which is not ${what}`;
}

/** `"x"` for ASCII, `"😀" (U+1F600)` for other visible characters, `U+200B` alone for invisible ones. */
function nameCharacter(char: string): string {
  if (INVISIBLE.test(char)) return codePoint(char);
  return /^[\x21-\x7e]$/.test(char) ? `"${char}"` : `"${char}" (${codePoint(char)})`;
}

/** The text as the message quotes it: invisible characters (other than spaces) as ⟨U+XXXX⟩, long input cut. */
function showText(chars: readonly string[]): string {
  const visible = chars.slice(0, MAX_SHOWN_CHARACTERS).map((char) => (char !== ' ' && INVISIBLE.test(char) ? `⟨${codePoint(char)}⟩` : char));
  return visible.join('') + (chars.length > MAX_SHOWN_CHARACTERS ? '…' : '');
}
