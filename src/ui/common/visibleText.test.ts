import { describe, expect, it } from 'vitest';
import { BIDI_CONTROLS, toVisibleText, visibleString, visibleWidth } from './visibleText';

const shown = visibleString;

describe('toVisibleText', () => {
  it('marks every bidirectional control, so none reaches the page as a character', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f];
    for (const code of controls) expect(BIDI_CONTROLS).toContain(code);
    for (const code of BIDI_CONTROLS) {
      const char = String.fromCodePoint(code);
      const parts = toVisibleText(`a${char}b`);
      const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(parts).toEqual([
        { kind: 'text', text: 'a' },
        {
          kind: 'invisible',
          symbol: `⟨${hex}⟩`,
          title: expect.stringMatching(new RegExp(`^${hex.replace('+', '\\+')} .*(mark|embedding|override|isolate|formatting)$`)),
        },
        { kind: 'text', text: 'b' },
      ]);
      expect(shown(`a${char}b`)).not.toContain(char);
    }
  });

  it('shows the right-to-left override in a file name instead of letting it reverse the name', () => {
    expect(shown('05\u202Egnp.exe')).toBe('05⟨U+202E⟩gnp.exe');
    expect(toVisibleText('05\u202Egnp.exe')[1]).toMatchObject({ title: 'U+202E right-to-left override' });
  });

  it('keeps right-to-left letters as text (they are visible; the <bdi> wrapper isolates them)', () => {
    expect(toVisibleText('שלום')).toEqual([{ kind: 'text', text: 'שלום' }]);
  });

  it('still marks controls, edge spaces and zero-width characters', () => {
    expect(shown(' a\tb\u200b ')).toBe('␣a␉b⟨U+200B⟩␣');
  });
});

describe('visibleWidth', () => {
  it('counts markers as shown and wide characters as two columns', () => {
    expect(visibleWidth('SEASON#2026')).toBe(11);
    expect(visibleWidth('a\u202Eb')).toBe(10);
    expect(visibleWidth('a\tb')).toBe(3);
    expect(visibleWidth('日本')).toBe(4);
    expect(visibleWidth('')).toBe(0);
  });
});
