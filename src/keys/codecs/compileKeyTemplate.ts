import { fail, succeed, type CodecFinding, type CodecResult } from './codecFinding';
import { decodeField, encodeField, fieldWidth } from './fieldCodecs';
import type { EncodedKey, FieldSegment, FieldValues, KeyRole, KeyTemplate, TemplateSegment } from './keyTemplate.types';
import { templateFields } from './templateFields';
import { utf8ByteLength } from './utf8';

/** DynamoDB's size limits for key attribute values, in UTF-8 bytes. */
export const MAX_KEY_BYTES: Readonly<Record<KeyRole, number>> = { partition: 2048, sort: 1024 };

/**
 * A template prepared for encoding and decoding many keys: segments are
 * resolved once, so the per-key work is only the field codecs.
 */
export interface CompiledKeyTemplate {
  readonly template: KeyTemplate;
  /** Field names in template order. */
  readonly fields: readonly FieldSegment[];
  /** Encodes one key; findings for every bad field value, or for the key as a whole. */
  encode(values: FieldValues): CodecResult<EncodedKey>;
  /** Reads field values back out of a stored key. */
  decode(key: string): CodecResult<Record<string, string>>;
}

/**
 * Prepares a template for fast encoding and decoding.
 *
 * @example
 * const rankKey = compileKeyTemplate(parseKeyTemplate("{score:int(10)}#{ts:epoch(16)}#{playerId}").value)
 * rankKey.encode({ score: "1500", ts: "1719100800", playerId: "p_8842" })
 * // { ok: true, value: "0000001500#0000001719100800#p_8842" }
 */
export function compileKeyTemplate(template: KeyTemplate, role: KeyRole = 'sort'): CompiledKeyTemplate {
  const segments = template.segments;
  const fields = templateFields(template);
  /** For each segment, the literal that follows it (what a string value must not contain). */
  const delimiters = segments.map((_, index) => {
    const next = segments[index + 1];
    return next?.kind === 'literal' ? next.text : undefined;
  });
  const maxBytes = MAX_KEY_BYTES[role];

  function encode(values: FieldValues): CodecResult<EncodedKey> {
    // Parts joined once: `key +=` leaves a rope (cons-string) that every later comparison walks slowly.
    // Sized up front: `push` onto `[]` allocates a 17-slot backing store per key. (Not one array reused
    // across calls: a getter on `values` could call encode again and overwrite the outer call's parts.)
    const parts = new Array<string>(segments.length);
    let findings: CodecFinding[] | undefined;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] as TemplateSegment;
      if (segment.kind === 'literal') {
        parts[i] = segment.text;
        continue;
      }
      const encoded = encodeField(segment.format, values[segment.name], segment.name, delimiters[i]);
      if (typeof encoded === 'string') parts[i] = encoded;
      else (findings ??= []).push(encoded);
    }
    if (findings) return fail(...findings);
    const key = parts.join('');
    const sizeFinding = checkKeySize(key, role, maxBytes);
    return sizeFinding ? fail(sizeFinding) : succeed(key as EncodedKey);
  }

  function decode(key: string): CodecResult<Record<string, string>> {
    const values: Record<string, string> = {};
    let position = 0;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] as TemplateSegment;
      if (segment.kind === 'literal') {
        if (!key.startsWith(segment.text, position)) {
          return fail(mismatch(key, `"${segment.text}" at position ${position + 1}`));
        }
        position += segment.text.length;
        continue;
      }
      const end = endOfField(segment, key, position, delimiters[i]);
      if (end === undefined) return fail(mismatch(key, `a value for ${segment.name} at position ${position + 1}`));
      const decoded = decodeField(segment.format, key.slice(position, end), segment.name);
      if (typeof decoded !== 'string') return fail(decoded);
      values[segment.name] = decoded;
      position = end;
    }
    if (position !== key.length) return fail(mismatch(key, `the key to end at position ${position}`));
    return succeed(values);
  }

  return { template, fields, encode, decode };
}

/** Where a field's text ends: its fixed width, the next delimiter, or the end of the key. */
function endOfField(segment: FieldSegment, key: string, start: number, delimiter: string | undefined): number | undefined {
  const width = fieldWidth(segment.format);
  if (width !== undefined) return start + width <= key.length ? start + width : undefined;
  if (delimiter === undefined) return key.length;
  const end = key.indexOf(delimiter, start);
  return end < 0 ? undefined : end;
}

function mismatch(key: string, expected: string): CodecFinding {
  return {
    code: 'keys.decodeMismatch',
    message: `"${key}" does not match the template: expected ${expected}. Was it written with a different template or width?`,
  };
}

/**
 * Checks a whole key against DynamoDB's limits: 1 byte at least, 1024 bytes
 * for a sort key, 2048 for a partition key.
 *
 * @example
 * checkKeySize("", "sort") // finding keys.emptyKey
 */
export function checkKeySize(key: string, role: KeyRole, maxBytes = MAX_KEY_BYTES[role]): CodecFinding | undefined {
  if (key.length === 0) {
    return { code: 'keys.emptyKey', message: `The ${role} key is empty: DynamoDB key values must be at least 1 byte long.` };
  }
  // Cheap bound first: a string of n UTF-16 units is at most 3n UTF-8 bytes.
  if (key.length * 3 <= maxBytes) return undefined;
  const bytes = utf8ByteLength(key);
  if (bytes <= maxBytes) return undefined;
  return {
    code: role === 'sort' ? 'keys.sortKeyTooLong' : 'keys.partitionKeyTooLong',
    message: `The ${role} key is ${bytes} bytes in UTF-8; DynamoDB allows at most ${maxBytes} bytes for a ${role} key: shorten string fields or narrow numeric widths.`,
  };
}
