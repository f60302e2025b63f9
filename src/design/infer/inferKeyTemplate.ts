import { normalizeDynamoNumber, printKeyTemplate, type TemplateSegment } from '../../keys';
import { compileTemplateText } from '../designKeys';
import type { KeyAttributeType } from '../design.types';
import { classifyPart } from './classifyPart';
import { FieldNamer, identifierOf } from './fieldNames';
import { isTimeToken, tokenizeKey, tokenSignature, type KeyToken } from './tokenizeKey';

export interface InferKeyTemplateOptions {
  /** The key attribute the values are of: names a lone field (`{playerId}`) and the notes. */
  readonly attributeName: string;
  readonly keyType: KeyAttributeType;
  /** Whether the attribute is a partition key (of the table or an index): one sample value is then no constant. */
  readonly partitionKey?: boolean;
  /** What one-letter prefixes stand for in the table, lower case (`c` → `customer`: `c#12345` → `c#{customerId}`). */
  readonly prefixWords?: ReadonlyMap<string, string>;
}

export interface InferredKeyTemplate {
  /** Template text every value re-encodes under byte-identically (unless `unencodable` lists it). */
  readonly template: string;
  /** What was inferred and why, and what could not be, in words for the Import report. */
  readonly notes: string[];
  /** Values no template can hold (an empty string key): the caller reports and drops them. */
  readonly unencodable?: readonly string[];
}

/**
 * Infers a key template from sample keys: parts split on `#`, `|`, `:`, `/`,
 * `~`, `$` and similar delimiters; parts equal in every value become
 * literals; zero-padded integers `int(W)`; ISO-8601 timestamps `iso` /
 * `iso(ms)`; epoch numbers `epoch(W)` / `epochms(W)`; anything else a string
 * field named after the literal before it. Every value must re-encode
 * byte-identically under the result; when one would not, a coarser template
 * (fewer, wider fields) is used and the notes say why.
 *
 * @example
 * inferKeyTemplate(["ORDER#2026-06-23T10:00:00Z#o_17", "ORDER#2026-06-21T16:20:00Z#o_15"], { attributeName: "SK", keyType: "S" })
 * // { template: "ORDER#{at:iso}#{orderId}", notes: [...] }
 */
export function inferKeyTemplate(samples: readonly string[], options: InferKeyTemplateOptions): InferredKeyTemplate {
  // Each distinct value once: a partition key repeats across its whole collection.
  const values = [...new Set(samples)];
  const field = identifierOf(options.attributeName);
  if (values.length === 0) return { template: `{${field}}`, notes: [`no sample values for ${options.attributeName}: one string field {${field}}.`] };
  if (options.keyType !== 'S') return singleFieldOfType(values, options, field);

  const tokenized = splitLetterPrefixes(values.map(tokenizeKey));
  const distinct = values.length;
  const signatures = new Set(tokenized.map(tokenSignature));
  const notes: string[] = [];
  if (distinct === 1 && samples.length > 1)
    notes.push(`every sample has the same value "${values[0]}": parts with digits are taken as fields, the rest as literals.`);

  const maxAligned = signatures.size === 1 ? tokenized[0]!.length : alignedTokenCount(tokenized);
  if (signatures.size > 1) notes.push(shapeNote(tokenized, maxAligned));
  for (let aligned = maxAligned; aligned >= 0; aligned--) {
    const whole = signatures.size === 1 && aligned === tokenized[0]!.length;
    const built = buildTemplate(tokenized, aligned, whole, distinct === 1, options);
    if (built === undefined) continue;
    const failure = firstRoundTripFailure(built.template, values);
    if (failure === undefined) {
      if (aligned < maxAligned) notes.push(`so the key after its first ${aligned} part(s) is one string field.`);
      return { template: built.template, notes: [...notes, ...built.notes] };
    }
    if (aligned === maxAligned) notes.push(`"${built.template}" would not re-encode every sample byte for byte (${failure}): using fewer fields.`);
  }
  // Not even one string field holds every value: only an empty key (or a lone surrogate) gets here.
  const template = `{${field}}`;
  const unencodable = values.filter((value) => firstRoundTripFailure(template, [value]) !== undefined);
  return { template, notes: [...notes, `${unencodable.length} value(s) cannot be a DynamoDB string key at all (empty, or not valid Unicode).`], unencodable };
}

/** N and B keys hold one value of their type; a template gives them one field. */
function singleFieldOfType(values: readonly string[], options: InferKeyTemplateOptions, field: string): InferredKeyTemplate {
  const template = `{${field}}`;
  if (options.keyType === 'B') return { template, notes: [`${options.attributeName} is a binary (B) key: one field holding its base64 text.`] };
  const unnormalized = values.filter((value) => normalizeDynamoNumber(value) !== value);
  const notes = [`${options.attributeName} is a number (N) key: one numeric field (DynamoDB compares it numerically, no padding needed).`];
  if (unnormalized.length === 0) return { template, notes };
  return {
    template,
    notes: [...notes, `${unnormalized.length} value(s) are not in DynamoDB's normal number form ("${unnormalized[0]}"); DynamoDB stores them normalised.`],
    unencodable: unnormalized,
  };
}

/** How many leading tokens every value has in the same shape (same kind; same text for delimiters). */
function alignedTokenCount(tokenized: readonly (readonly KeyToken[])[]): number {
  const shortest = Math.min(...tokenized.map((tokens) => tokens.length));
  let count = 0;
  while (count < shortest) {
    const first = tokenized[0]![count]!;
    if (!tokenized.every((tokens) => tokens[count]!.kind === first.kind && (first.kind !== 'delimiter' || tokens[count]!.text === first.text))) break;
    count++;
  }
  return count;
}

function shapeNote(tokenized: readonly (readonly KeyToken[])[], aligned: number): string {
  const counts = new Set(tokenized.map((tokens) => tokens.filter((token) => token.kind === 'delimiter').length));
  return `the values are not all built the same way (${[...counts].sort((a, b) => a - b).join(' or ')} delimiter runs; a value may contain a delimiter or an empty part)${aligned > 0 ? `: they agree on their first ${aligned} part(s)` : ''}.`;
}

interface BuiltTemplate {
  readonly template: string;
  readonly notes: string[];
}

/**
 * A template from the first `aligned` tokens (each a literal or a field)
 * and, unless they cover the whole key, the rest as one string field.
 * Undefined when some value has nothing left for that field.
 */
function buildTemplate(
  tokenized: readonly (readonly KeyToken[])[],
  aligned: number,
  whole: boolean,
  singleValue: boolean,
  options: InferKeyTemplateOptions,
): BuiltTemplate | undefined {
  if (!whole && tokenized.some((tokens) => tokens.length <= aligned)) return undefined;
  const namer = new FieldNamer(options.attributeName, options.prefixWords);
  const segments: TemplateSegment[] = [];
  const notes: string[] = [];
  let fieldCount = 0;
  const isField = fieldPositions(tokenized, aligned, whole, singleValue, options.partitionKey === true);
  const plannedFields = isField.filter(Boolean).length + (whole ? 0 : 1);
  const addLiteral = (text: string) => {
    namer.literal(text);
    const last = segments[segments.length - 1];
    if (last?.kind === 'literal') segments[segments.length - 1] = { kind: 'literal', text: last.text + text };
    else segments.push({ kind: 'literal', text });
  };
  for (let index = 0; index < aligned; index++) {
    const parts = tokenized.map((tokens) => tokens[index]!);
    const first = parts[0]!;
    if (!isField[index]) {
      addLiteral(first.text);
      continue;
    }
    const classification = classifyPart(
      parts.map((part) => part.text),
      isTimeToken(first),
      namer.context(plannedFields === 1),
    );
    const name = namer.field(classification.role, plannedFields === 1, classification.format);
    fieldCount++;
    segments.push({ kind: 'field', name, format: classification.format });
    if (classification.note) notes.push(`{${name}}: ${classification.note}`);
  }
  if (!whole) {
    const name = namer.field('id', plannedFields === 1);
    fieldCount++;
    segments.push({ kind: 'field', name, format: { kind: 'string' } });
  }
  if (fieldCount === 0) notes.push('the same value in every sample: a literal template.');
  return { template: printKeyTemplate({ segments }), notes };
}

/**
 * A literal word glued to the value after it: `ORDER0001`, `INV2026-0001`
 * (upper-case letters, then a digit), or the version convention's lone `v`
 * (`v0`, `v12`: AWS's item-versioning pattern), where one letter is no id.
 */
const LETTER_PREFIX = /^([A-Z]{2,}(?:_[A-Z]+)*|[vV])(\d.*)$/s;

/**
 * Splits a text part that every value starts with the same upper-case word
 * glued to digits (`ORDER0001`, `ORDER0002`) into that word and the rest, so
 * the word becomes a literal and the rest a field (`ORDER{orderNumber:int(4)}`).
 * Only where every value has a text part at that place, with one word: ids
 * that merely start with letters (`AB12`, `XY98`) differ in them and stay whole.
 */
function splitLetterPrefixes(tokenized: readonly (readonly KeyToken[])[]): readonly (readonly KeyToken[])[] {
  const shortest = Math.min(...tokenized.map((tokens) => tokens.length));
  const words = new Map<number, string>();
  for (let index = 0; index < shortest; index++) {
    let word: string | undefined;
    const same = tokenized.every((tokens) => {
      const token = tokens[index]!;
      const match = token.kind === 'text' ? LETTER_PREFIX.exec(token.text) : null;
      if (!match || (word !== undefined && match[1] !== word)) return false;
      word = match[1];
      return true;
    });
    if (same && word !== undefined) words.set(index, word);
    // Past the first place the values' shapes differ, parts no longer line up.
    if (
      !tokenized.every(
        (tokens) =>
          tokens[index]!.kind === tokenized[0]![index]!.kind && (tokens[index]!.kind !== 'delimiter' || tokens[index]!.text === tokenized[0]![index]!.text),
      )
    )
      break;
  }
  if (words.size === 0) return tokenized;
  return tokenized.map((tokens) =>
    tokens.flatMap((token, index) => {
      const word = words.get(index);
      return word === undefined
        ? [token]
        : [
            { kind: 'text', text: word },
            { kind: 'text', text: token.text.slice(word.length) },
          ];
    }),
  );
}

function isVarying(parts: readonly KeyToken[], singleValue: boolean): boolean {
  // A date or an instant is a value even when every sample has the same one (readings of one hour): never a literal.
  if (isTimeToken(parts[0]!)) return true;
  if (singleValue) return /\d/.test(parts[0]!.text);
  return parts.some((part) => part.text !== parts[0]!.text);
}

const UPPER_WORD = /^[A-Z][A-Z_]*$/;

/**
 * Which of the first `aligned` parts are fields: those that vary (or, when
 * every sample has one value, that hold digits). A partition key the samples
 * give one value (`AIRPORT#SEA` in every item) is not taken as a constant:
 * that would claim every item of the entity is in one partition, which a few
 * samples cannot show. Its last part after a word and a delimiter becomes a
 * field (`AIRPORT#{airportId}`); a lone word (`CONFIG`) stays literal.
 */
function fieldPositions(tokenized: readonly (readonly KeyToken[])[], aligned: number, whole: boolean, singleValue: boolean, partitionKey: boolean): boolean[] {
  const isField: boolean[] = [];
  for (let index = 0; index < aligned; index++) {
    const parts = tokenized.map((tokens) => tokens[index]!);
    isField.push(parts[0]!.kind !== 'delimiter' && isVarying(parts, singleValue));
  }
  if (partitionKey && whole && !isField.includes(true)) {
    const tokens = tokenized[0]!;
    // Parts after a word and a delimiter; the last that is not an upper-case word (`acme` of `TENANT#acme#USERS`), else the last.
    const candidates = [...tokens.keys()].filter(
      (index) =>
        index >= 2 &&
        index < aligned &&
        tokens[index]!.kind !== 'delimiter' &&
        tokens[index - 1]!.kind === 'delimiter' &&
        tokens[index - 2]!.kind !== 'delimiter',
    );
    const chosen = candidates.filter((index) => !UPPER_WORD.test(tokens[index]!.text)).pop() ?? candidates.pop();
    if (chosen !== undefined) isField[chosen] = true;
  }
  return isField;
}

/**
 * Why a value would not survive decode → encode under the template byte for
 * byte, or undefined when every value does.
 */
export function firstRoundTripFailure(template: string, values: readonly string[]): string | undefined {
  const compiled = compileTemplateText(template, 'partition');
  if (!compiled.ok) return compiled.findings[0]?.message ?? 'the template does not parse';
  for (const value of values) {
    const decoded = compiled.value.decode(value);
    if (!decoded.ok) return `"${value}": ${decoded.findings[0]?.message ?? 'does not decode'}`;
    const encoded = compiled.value.encode(decoded.value);
    if (!encoded.ok) return `"${value}": ${encoded.findings[0]?.message ?? 'does not encode'}`;
    if (encoded.value !== value) return `"${value}" would be written back as "${encoded.value}"`;
  }
  return undefined;
}
