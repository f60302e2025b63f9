import { describe, expect, it } from 'vitest';
import { escapeJsonInvisibles, formatRequestJson } from './requestJson';

describe('escapeJsonInvisibles', () => {
  it('escapes bidirectional controls so the shown JSON reads as the value it holds, and stays the same JSON', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F';
    const json = JSON.stringify({ S: `05${controls}gnp.exe` });
    const escaped = escapeJsonInvisibles(json);
    expect(escaped).toBe('{"S":"05\\u202A\\u202B\\u202C\\u202D\\u202E\\u2066\\u2067\\u2068\\u2069\\u200E\\u200Fgnp.exe"}');
    expect(JSON.parse(escaped)).toEqual(JSON.parse(json));
  });

  it('escapes zero-width and unusual spaces, and characters beyond the BMP as a surrogate pair', () => {
    const json = JSON.stringify(['a\u200Bb', 'no\u00A0break', 'tag\u{E0001}', 'line\u2028sep']);
    const escaped = escapeJsonInvisibles(json);
    expect(escaped).toBe('["a\\u200Bb","no\\u00A0break","tag\\uDB40\\uDC01","line\\u2028sep"]');
    expect(JSON.parse(escaped)).toEqual(JSON.parse(json));
  });

  it('keeps the pretty-printing layout (newlines, indentation) and visible text as it is', () => {
    const json = JSON.stringify({ name: 'Zoë 名前 🎉', text: 'a b' }, null, 2);
    expect(escapeJsonInvisibles(json)).toBe(json);
  });
});

describe('formatRequestJson', () => {
  it('shows a right-to-left override in a key value as \\u202E', () => {
    const input = { TableName: 'Leaderboard', ExpressionAttributeValues: { ':pk': { S: '05\u202Egnp.exe' } } };
    const shown = formatRequestJson(input);
    expect(shown).not.toContain('\u202E');
    expect(shown).toContain('{ "S": "05\\u202Egnp.exe" }');
    expect(JSON.parse(shown)).toEqual(input);
  });
});
