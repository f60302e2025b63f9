import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeInvisibleCharacters, isVisibleAscii } from './invisibleCharacters';

/** The bidirectional controls (Trojan Source) and the other characters a reader can't see. */
const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const OTHER_INVISIBLES = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u007F',
  '\u0085',
  '\u00A0',
  '\u00AD',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2028',
  '\u2029',
  '\u2060',
  '\u3000',
  '\u3164',
  '\uFEFF',
  '\uFE0F',
  '\uD800',
  '\uDFFF',
  '\u{E0001}',
];

describe('escapeInvisibleCharacters', () => {
  it.each([...BIDI_CONTROLS, ...OTHER_INVISIBLES])('escapes U+%#', (character) => {
    const escaped = escapeInvisibleCharacters(`a${character}b`);
    expect(escaped).toMatch(/^a\\u(?:[0-9A-F]{4}|\{[0-9A-F]{5,6}\})b$/);
    expect(escaped).toBe(`a${jsEscapeOf(character)}b`);
  });

  it('writes the bidi override as \\u202E and keeps ordinary text, spaces, accents and emoji', () => {
    expect(escapeInvisibleCharacters('05\u202Egnp.exe')).toBe('05\\u202Egnp.exe');
    expect(escapeInvisibleCharacters('naïve café 🏆 #2026 a b')).toBe('naïve café 🏆 #2026 a b');
  });

  it('leaves nothing invisible behind, and a JavaScript string of the result reads back as the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom(...BIDI_CONTROLS, ...OTHER_INVISIBLES), fc.constantFrom('a', ' ', '"', 'é', '🏆')) }), (text) => {
        const escaped = escapeInvisibleCharacters(text);
        for (const character of [...BIDI_CONTROLS, ...OTHER_INVISIBLES]) expect(escaped).not.toContain(character);
        // Escaped inside a JS string literal means the same text (quotes and backslashes are escaped first, by JSON).
        expect(new Function(`return ${escapeInvisibleCharacters(JSON.stringify(text))};`)()).toBe(text);
      }),
    );
  });
});

describe('isVisibleAscii', () => {
  it.each([
    ['#pk = :pk', true],
    ['line\nbreak', true],
    ['tab\there', false],
    ['cr\r', false],
    ['del\u007f', false],
    ['05\u202Egnp.exe', false],
    ['é', false],
  ])('%j → %s', (text, visible) => {
    expect(isVisibleAscii(text)).toBe(visible);
  });
});

function jsEscapeOf(character: string): string {
  const code = character.codePointAt(0) as number;
  return code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
