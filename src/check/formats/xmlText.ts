/**
 * Text as XML 1.0 character data or as a double-quoted attribute value.
 * Markup characters are escaped (`&`, `<`, `>` — so `]]>` can never end a
 * section — and `"`, `'`); characters XML 1.0 cannot hold at all (control
 * characters other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF)
 * are written as visible `\uXXXX` text, so nothing is dropped silently. In an
 * attribute, tab and line breaks become character references, which parsers
 * keep (a raw one would be normalised to a space). Characters outside the BMP
 * pass through as they are.
 *
 * @example
 * escapeXml('a < b && "c" ]]> \u0001') // 'a &lt; b &amp;&amp; &quot;c&quot; ]]&gt; \\u0001'
 */
export function escapeXml(text: string, where: 'text' | 'attribute' = 'text'): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '&') out += '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else if (char === "'") out += '&apos;';
    else if (code === 0x09 || code === 0x0a || code === 0x0d) out += where === 'attribute' ? `&#${code};` : char;
    else if (code < 0x20 || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return out;
}
