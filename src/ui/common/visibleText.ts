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
  // Bidirectional controls: rendered as they are, they reorder the text around them
  // (`05\u202Egnp.exe` reads as `05exe.png`), so they are always shown as markers.
  0x061c: 'arabic letter mark',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
};

/** The bidirectional control characters, all of which {@link toVisibleText} shows as markers. */
export const BIDI_CONTROLS: readonly number[] = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];

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

/**
 * Text with its invisible characters replaced by their markers, as one string: for places that
 * take text only (an `<option>`, an accessible name), where VisibleText can't render.
 *
 * @example
 * visibleString("05\u202Egnp.exe") // "05⟨U+202E⟩gnp.exe"
 */
export function visibleString(text: string): string {
  return toVisibleText(text)
    .map((part) => (part.kind === 'text' ? part.text : part.symbol))
    .join('');
}

/** East Asian wide and fullwidth characters and emoji: two columns of a monospace font. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/**
 * How many monospace columns text takes as VisibleText shows it: invisible characters count as
 * their marker (`⟨U+202E⟩` is 8), wide characters as 2. An estimate for sizing grid columns and
 * wrapping keys, not a font measurement.
 *
 * @example
 * visibleWidth("a\u202Eb") // 10
 */
export function visibleWidth(text: string): number {
  let width = 0;
  for (const part of toVisibleText(text)) {
    if (part.kind === 'invisible') width += Array.from(part.symbol).length;
    else for (const char of part.text) width += WIDE.test(char) ? 2 : 1;
  }
  return width;
}
