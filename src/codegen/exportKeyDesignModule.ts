import {
  compileKeyTemplate,
  MAX_KEY_BYTES,
  printFormatSuffix,
  printKeyTemplate,
  templateFields,
  type FieldFormat,
  type FieldSegment,
  type KeyRole,
  type KeyTemplate,
} from '../keys';
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

/** Letters and digits of a name as PascalCase words: "rank key", "rank-key", "rankKey" → "RankKey"; "" when none is usable. */
export function pascalCaseWords(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return /^[A-Za-z]/.test(joined) ? joined : '';
}

/**
 * "rank key", "rank-key", "rankKey" → "RankKey"; anything unusable → "Key".
 * A name whose functions would clash with the runtime's (encodeField, …) gets "Key" appended.
 */
function toTypeName(name: string | undefined): string {
  const typeName = pascalCaseWords(name ?? '') || 'Key';
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
    ? [' * @example', ` * encode${name}(${commentSafe(printCodeValue(sample, JS_SYNTAX))})`, ` * // ${commentSafe(printJsString(encoded.value))}`]
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

/** One key of a module of several: its template, its role, a name for its functions and a line saying what it keys. */
export interface KeyDesignModuleEntry {
  /** Names the functions: "Run rankKey" gives encodeRunRankKey / decodeRunRankKey (made unique in the module). */
  readonly name: string;
  readonly template: KeyTemplate;
  readonly role: KeyRole;
  /** What the key is, for its doc comment ("Run.rankKey, the table's sort key"); design text, shown as a comment only. */
  readonly title: string;
}

/** A module of several keys, and the type name each entry got (encode<Name>, decode<Name>, <Name>Fields), in order. */
export interface KeyDesignsModule {
  readonly text: string;
  readonly typeNames: readonly string[];
}

/**
 * Several key designs in one self-contained TypeScript module — for a
 * table's entities, whose generated library code imports it — with the
 * same codecs as {@link exportKeyDesignModule}, once: for each entry a
 * template constant, a typed field object, `encode<Name>` and `decode<Name>`.
 *
 * @example
 * exportKeyDesignsModule([{ name: "Run rankKey", template, role: "sort", title: "Run.rankKey" }], "Table Leaderboard").typeNames // ["RunRankKey"]
 */
export function exportKeyDesignsModule(entries: readonly KeyDesignModuleEntry[], title: string): KeyDesignsModule {
  const taken = new Set<string>([...RUNTIME_NAMES, ...MODULE_NAMES]);
  const typeNames = entries.map((entry) => {
    const base = pascalCaseWords(entry.name) || 'Key';
    let typeName = base;
    const declaredBy = (name: string) => [`encode${name}`, `decode${name}`, `${name}Fields`, templateConstantName(name), designConstantName(name)];
    for (let n = 2; declaredBy(typeName).some((declared) => taken.has(declared)); n++) typeName = `${base}${n}`;
    for (const declared of declaredBy(typeName)) taken.add(declared);
    return typeName;
  });
  const sections = entries.flatMap((entry, index) => keySection(entry, typeNames[index] ?? 'Key'));
  const text = [
    '/**',
    ` * Key builders exported from Keylab: ${commentSafe(title)}.`,
    ' *',
    ' * encode<Name>(fields) writes a key exactly as the design does (padding, inversion, dates, literals);',
    ' * decode<Name>(key) reads the fields back. Values are strings, like DynamoDB numbers: a JS number',
    ' * would round values beyond 2^53. A value a key cannot hold throws a KeyDesignError whose findings',
    ' * say which field and why.',
    ' */',
    ...sections,
    KEY_DESIGN_RUNTIME,
  ].join('\n');
  return { text, typeNames };
}

/** "RunRankKey" → "RUN_RANK_KEY_DESIGN". */
function designConstantName(typeName: string): string {
  return templateConstantName(typeName).replace(/_TEMPLATE$/, '_DESIGN');
}

function keySection({ template, role, title }: KeyDesignModuleEntry, name: string): string[] {
  const segments = template.segments.map((segment): CodeValue =>
    segment.kind === 'literal' ? { kind: 'literal', text: segment.text } : { kind: 'field', name: segment.name, format: { ...segment.format } },
  );
  const fieldLines = templateFields(template).flatMap((field) => [
    `  /** {${commentSafe(field.name)}${printFormatSuffix(field.format)}}: ${describeFormat(field.format)}. */`,
    `  readonly ${printJsKey(field.name)}: string;`,
  ]);
  const design = designConstantName(name);
  return [
    '',
    `/** ${commentSafe(title)}: ${commentSafe(printKeyTemplate(template))} (${role} key). */`,
    `export const ${templateConstantName(name)} = ${printJsString(printKeyTemplate(template))};`,
    '',
    `export type ${name}Fields = {`,
    ...fieldLines,
    '};',
    '',
    `const ${design} = defineKeyDesign(\n  ${printCodeValue(segments, JS_SYNTAX, '  ')},\n  ${printJsString(role)},\n);`,
    '',
    `/** Writes the key for these field values; throws KeyDesignError for a value the key can't hold. */`,
    `export function encode${name}(fields: ${name}Fields): string {`,
    `  return ${design}.encode(fields);`,
    '}',
    '',
    `/** Reads the field values back out of a stored key; throws KeyDesignError for a key this design did not write. */`,
    `export function decode${name}(key: string): ${name}Fields {`,
    `  return ${design}.decode(key) as ${name}Fields;`,
    '}',
  ];
}
