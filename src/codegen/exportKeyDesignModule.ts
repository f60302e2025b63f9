import { compileKeyTemplate, MAX_KEY_BYTES, printFormatSuffix, printKeyTemplate, templateFields, type FieldFormat, type FieldSegment, type KeyRole, type KeyTemplate } from '../keys';
import { printCodeValue, type CodeValue } from './codeTree';
import { JS_SYNTAX, printJsKey, printJsString } from './jsSyntax';
import { escapeInvisibleCharacters } from './invisibleCharacters';
import { KEY_DESIGN_RUNTIME, KEY_DESIGN_RUNTIME_NAMES } from './keyDesignRuntime.generated';

export interface ExportKeyDesignOptions {
  /** Names the functions: "RankKey" gives encodeRankKey / decodeRankKey. Default "Key". */
  readonly name?: string;
  /** Which key the template builds; sets the size limit (1024 bytes for a sort key, 2048 for a partition key). Default sort. */
  readonly role?: KeyRole;
}

/** The module's own top-level names besides the ones derived from the type name; the runtime must not declare them. */
const MODULE_NAMES = ['DESIGN'] as const;

/**
 * "rank key", "rank-key", "rankKey" → "RankKey"; anything unusable → "Key".
 * A name whose functions would clash with the runtime's (encodeField, …) gets "Key" appended.
 * The module's functions are `encode<TypeName>` / `decode<TypeName>` (entity code imports them by these names).
 */
export function toTypeName(name: string | undefined): string {
  const words = (name ?? '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  const typeName = /^[A-Za-z]/.test(joined) ? joined : 'Key';
  return moduleNamesOf(typeName).some((declared) => RUNTIME_NAMES.has(declared)) ? `${typeName}Key` : typeName;
}

const RUNTIME_NAMES: ReadonlySet<string> = new Set(KEY_DESIGN_RUNTIME_NAMES);

/** The top-level names a module for this type name declares. */
function moduleNamesOf(typeName: string): string[] {
  return [`encode${typeName}`, `decode${typeName}`, `${typeName}Fields`, templateConstantName(typeName), ...MODULE_NAMES];
}

/** "RankKey" → "RANK_KEY_TEMPLATE". */
function templateConstantName(typeName: string): string {
  return `${typeName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_TEMPLATE`;
}

/** What a field holds, in words, for its doc comment. */
function describeFormat(format: FieldFormat): string {
  switch (format.kind) {
    case 'string':
      return 'text, stored as is (it must not contain the delimiter that follows it)';
    case 'int':
      return `whole number 0…${'9'.repeat(format.width)}, zero-padded to ${format.width} digits${format.descending ? ', stored as its complement so larger values sort first' : ''}`;
    case 'sint':
      return `whole number from -${'9'.repeat(format.width)} to ${'9'.repeat(format.width)}: a sign slot plus ${format.width} digits`;
    case 'dec':
      return `decimal ≥ 0 with up to ${format.integerDigits} digits before the point and ${format.fractionDigits} after`;
    case 'iso':
      return `ISO-8601 instant with a zone (Z or ±HH:MM), stored as UTC to the ${format.precision === 'ms' ? 'millisecond' : 'second'}`;
    case 'epoch':
      return `epoch ${format.unit === 's' ? 'seconds' : 'milliseconds'} (digits, or an ISO-8601 instant), zero-padded to ${format.width} digits`;
  }
}

/** A value each format accepts, for the module's @example (checked by encoding it). */
function sampleValue(segment: FieldSegment): string {
  const format = segment.format;
  switch (format.kind) {
    case 'string':
      return 'p_8842';
    case 'int':
    case 'sint':
      return format.width >= 4 ? (format.kind === 'sint' ? '-150' : '1500') : '7';
    case 'dec':
      return format.integerDigits >= 4 ? (format.fractionDigits > 0 ? '1234.5' : '1234') : '7';
    case 'iso':
      return format.precision === 'ms' ? '2026-06-23T10:00:00.250Z' : '2026-06-23T10:00:00Z';
    case 'epoch':
      return format.unit === 's' ? (format.width >= 10 ? '1782208800' : '7') : format.width >= 13 ? '1782208800250' : '7';
  }
}

/** Keeps user text from closing a comment, and shows its invisible and bidirectional characters as escapes. */
function commentSafe(text: string): string {
  return escapeInvisibleCharacters(text).replace(/\*\//g, '*\\/');
}

/**
 * Writes the key design as a self-contained TypeScript module for a backend:
 * `encode<Name>(fields)` and `decode<Name>(key)` with a typed field object,
 * encoding and decoding exactly as Keylab does — errors (a number wider than
 * its field, a delimiter inside a value, a key over DynamoDB's size limit)
 * throw a `KeyDesignError` carrying the same finding codes as src/keys.
 *
 * @example
 * exportKeyDesignModule(parseKeyTemplate("{score:int(10)}#{at:iso}#{playerId}").value, { name: "RankKey" })
 * // "/** … *\/ export type RankKeyFields = { … }; export function encodeRankKey(fields: RankKeyFields): string { … } …"
 */
export function exportKeyDesignModule(template: KeyTemplate, options: ExportKeyDesignOptions = {}): string {
  const name = toTypeName(options.name);
  const role = options.role ?? 'sort';
  const text = printKeyTemplate(template);
  const fields = templateFields(template);
  const segments = template.segments.map((segment): CodeValue =>
    segment.kind === 'literal' ? { kind: 'literal', text: segment.text } : { kind: 'field', name: segment.name, format: { ...segment.format } },
  );

  const sample = Object.fromEntries(fields.map((field) => [field.name, sampleValue(field)]));
  const encoded = compileKeyTemplate(template, role).encode(sample);
  const example = encoded.ok
    ? [
        ' * @example',
        ` * encode${name}(${commentSafe(printCodeValue(sample, JS_SYNTAX))})`,
        ` * // ${commentSafe(printJsString(encoded.value))}`,
      ]
    : [];

  const fieldLines = fields.flatMap((field) => [
    `  /** {${field.name}${printFormatSuffix(field.format)}}: ${describeFormat(field.format)}. */`,
    `  readonly ${printJsKey(field.name)}: string;`,
  ]);

  return [
    '/**',
    ` * ${role === 'sort' ? 'Sort' : 'Partition'} key design exported from Keylab:`,
    ' *',
    ` *   ${commentSafe(text)}`,
    ' *',
    ` * encode${name}(fields) writes the key; decode${name}(key) reads the fields back.`,
    ' * Values are strings, like DynamoDB numbers: a JS number would round values beyond 2^53.',
    ' * A value the key cannot hold (a number wider than its field, a delimiter inside a text',
    ` * field, a key over DynamoDB's ${MAX_KEY_BYTES[role]}-byte limit) throws a KeyDesignError whose findings say which field and why.`,
    ...(example.length > 0 ? [' *', ...example] : []),
    ' */',
    '',
    `export const ${templateConstantName(name)} = ${printJsString(text)};`,
    '',
    `export type ${name}Fields = {`,
    ...fieldLines,
    '};',
    '',
    '/** The template as segments, with the codecs below (compiled on first use). */',
    `const DESIGN = defineKeyDesign(\n  ${printCodeValue(segments, JS_SYNTAX, '  ')},\n  ${printJsString(role)},\n);`,
    '',
    `/** Writes the ${role} key for these field values; throws KeyDesignError for a value the key can't hold. */`,
    `export function encode${name}(fields: ${name}Fields): string {`,
    '  return DESIGN.encode(fields);',
    '}',
    '',
    `/** Reads the field values back out of a stored key (numbers in canonical form); throws KeyDesignError for a key this design did not write. */`,
    `export function decode${name}(key: string): ${name}Fields {`,
    `  return DESIGN.decode(key) as ${name}Fields;`,
    '}',
    KEY_DESIGN_RUNTIME,
  ].join('\n');
}
