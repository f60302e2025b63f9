import { writeWireJson } from '../../dynamo';

/**
 * Characters a reader cannot see or that reorder the text around them (the bidirectional controls
 * U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, zero-width characters, unusual spaces), the same set
 * generated code escapes. JSON.stringify leaves them raw, so `05\u202Egnp.exe` would read as
 * `05exe.png` in the shown request. Newlines and spaces are the layout of the pretty-printed JSON.
 */
const INVISIBLE_IN_JSON = /(?![\n ])[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Replaces every invisible or display-changing character in JSON text by its `\uXXXX` escape (one per
 * UTF-16 unit, so characters beyond the BMP become a surrogate pair): still valid JSON, the same value.
 * JSON.stringify only emits such characters inside strings, where the escape means the same character.
 *
 * @example
 * escapeJsonInvisibles('{"S":"05\u202Egnp.exe"}') // '{"S":"05\\u202Egnp.exe"}'
 */
export function escapeJsonInvisibles(json: string): string {
  return json.replace(INVISIBLE_IN_JSON, (character) =>
    Array.from({ length: character.length }, (_, index) => `\\u${character.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`).join(''),
  );
}

/** The request as JSON the SDK and `--cli-input-json` take (bytes as base64). */
export function formatRequestJson(input: object): string {
  // One AttributeValue per line ({ "S": "…" }) keeps the maps short enough to read at a glance.
  // U+10FFFF (the highest character, closing an open upper bound) has no glyph: show its JSON escape, which pastes back as the same key.
  const json = writeWireJson(input, { indent: 2 })
    .replaceAll('\u{10FFFF}', '\\udbff\\udfff')
    .replace(/\{\n\s+("(?:S|N|B|BOOL|NULL)": (?:"(?:[^"\\]|\\.)*"|true|false))\n\s+\}/g, '{ $1 }');
  return escapeJsonInvisibles(json);
}
