/** A run of text, or one invisible character shown as a symbol with its name. */
export type VisiblePart = { kind: 'text'; text: string } | { kind: 'invisible'; symbol: string; title: string };

const NAMED: Readonly<Record<number, string>> = {
  0x20: 'space',
  0xa0: 'no-break space',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x2060: 'word joiner',
  0xfeff: 'zero-width no-break space (BOM)',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x7f: 'delete',
};

/**
 * Splits text into visible runs and invisible characters. C0 controls become
 * their Control Pictures symbol (U+2400 block, e.g. ␀ ␉ ␊), other invisibles a
 * dotted box with the code point. Ordinary spaces stay spaces, except leading
 * and trailing ones, which are shown as ␣ because they change a key.
 *
 * @example
 * toVisibleText("a\tb") // [{kind:"text",text:"a"},{kind:"invisible",symbol:"␉",title:"U+0009 …"},{kind:"text",text:"b"}]
 */
export function toVisibleText(text: string): VisiblePart[] {
  const parts: VisiblePart[] = [];
  let run = '';
  const chars = Array.from(text);
  const firstNonSpace = chars.findIndex((char) => char !== ' ');
  const lastNonSpace = chars.length - 1 - [...chars].reverse().findIndex((char) => char !== ' ');
  chars.forEach((char, index) => {
    const code = char.codePointAt(0) as number;
    const edgeSpace = code === 0x20 && (firstNonSpace < 0 || index < firstNonSpace || index > lastNonSpace);
    const invisible = edgeSpace || (code !== 0x20 && (code < 0x20 || NAMED[code] !== undefined || (code >= 0x80 && code <= 0x9f)));
    if (!invisible) {
      run += char;
      return;
    }
    if (run) parts.push({ kind: 'text', text: run });
    run = '';
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const symbol = code === 0x20 ? '␣' : code < 0x20 ? String.fromCodePoint(0x2400 + code) : code === 0x7f ? '␡' : `⟨${hex}⟩`;
    parts.push({ kind: 'invisible', symbol, title: `${hex} ${NAMED[code] ?? 'control character'}` });
  });
  if (run) parts.push({ kind: 'text', text: run });
  return parts;
}
