import { compileKeyTemplate, succeed, type EncodedKey, type FieldValues, type KeyRole, type KeyTemplate } from './codecs';
import type { KeyResult } from './keyFinding';
import { parseKeyTemplate } from './parseKeyTemplate';

/**
 * Encodes one key from template text and field values — the convenient form
 * for single keys; use {@link compileKeyTemplate} for many.
 *
 * @example
 * encodeKey("EVT#{at:iso}", { at: "2026-06-23T10:00:00Z" }) // { ok: true, value: "EVT#2026-06-23T10:00:00Z" }
 */
export function encodeKey(template: string | KeyTemplate, values: FieldValues, role: KeyRole = 'sort'): KeyResult<EncodedKey> {
  const parsed = typeof template === 'string' ? parseKeyTemplate(template) : succeed(template);
  if (!parsed.ok) return parsed;
  return compileKeyTemplate(parsed.value, role).encode(values);
}

/**
 * Reads field values back out of a stored key.
 *
 * @example
 * decodeKey("{score:int(10,desc)}#{playerId}", "9999998499#p_8842") // { ok: true, value: { score: "1500", playerId: "p_8842" } }
 */
export function decodeKey(template: string | KeyTemplate, key: string): KeyResult<Record<string, string>> {
  const parsed = typeof template === 'string' ? parseKeyTemplate(template) : succeed(template);
  if (!parsed.ok) return parsed;
  return compileKeyTemplate(parsed.value).decode(key);
}

/**
 * The key a naive design would store: each value as plain text, joined by the
 * template's literals. Never fails — it shows what goes wrong without encoding.
 *
 * @example
 * buildRawKey(template, { score: "9", ts: "1719100800", playerId: "p_1" }) // "9#1719100800#p_1"
 */
export function buildRawKey(template: KeyTemplate, values: FieldValues): string {
  return template.segments.map((segment) => (segment.kind === 'literal' ? segment.text : (values[segment.name] ?? ''))).join('');
}
