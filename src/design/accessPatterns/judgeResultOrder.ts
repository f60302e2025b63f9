import { compareFieldValues, compareKeys, compareUtf8, decodeBase64, type FieldFormat, type ReadDirection } from '../../keys';
import { compileTemplateText, findEntity, keyAttributesOf, keyRoleOf } from '../designKeys';
import type { AccessPatternDesign, EntityDesign, JsonItem, TableDesign } from '../design.types';
import type { PatternResultItem } from './judgePatternResult';

/**
 * Whether a pattern's result is the true first N of everything it could
 * reach, in the order a person means by the expected field: the reachable
 * items (same key condition, filter and index, no Limit) sorted by the
 * field's intended order, and the returned items checked against them place
 * by place. Equal values may come in either order.
 */

/** Values listed in a reason before "and N more". */
const LISTED_VALUES = 10;

/** One item's reading of the expected field: its value as text, and what it is. */
interface FieldReading {
  readonly value: string;
  readonly source: { readonly kind: 'field'; readonly format: FieldFormat } | { readonly kind: 'attribute'; readonly type: 'S' | 'N' | 'B' };
}

/** The order a person intends for one field's values, and how to say a direction of it. */
interface FieldOrder {
  compare(a: FieldReading, b: FieldReading): number | undefined;
  directionWords(direction: ReadDirection): string;
}

/**
 * The first place where the returned items leave the true order, said as a
 * reviewer would ("9 is 1st but the highest score, 1500, should come first;
 * the top 3 by score are 1500, 240, 75"), or the top item a Limit read before
 * the filter left out; undefined when the result is the true first N.
 *
 * `reachable` is every item the pattern's Query reaches without its Limit
 * (the returned items themselves when it has none).
 */
export function judgeResultOrder(
  table: TableDesign,
  pattern: AccessPatternDesign,
  returned: readonly PatternResultItem[],
  reachable: readonly PatternResultItem[],
): string | undefined {
  const orderBy = pattern.expected.orderBy;
  if (!orderBy) return undefined;
  const { field, direction } = orderBy;
  const order = fieldOrderOf(table, pattern, field);
  const ofPattern = (entry: PatternResultItem) => entry.entity !== undefined && pattern.entities.includes(entry.entity);
  const read = (items: readonly PatternResultItem[]) =>
    items.filter(ofPattern).flatMap((entry) => {
      const reading = readField(table, findEntity(table, entry.entity!), entry.item, field);
      return reading ? [reading] : [];
    });
  const got = read(returned);
  const sign = direction === 'ascending' ? 1 : -1;
  // Values of kinds that can't be compared with each other keep their place (sort is stable).
  const intended = read(reachable).sort((a, b) => sign * (order.compare(a, b) ?? 0));
  const words = order.directionWords(direction);
  const limited = pattern.limit !== undefined;
  const wanted = limited ? Math.min(pattern.limit!, intended.length) : got.length;
  const top = intended.slice(0, wanted);
  const summary = limited
    ? `the ${direction === 'descending' ? 'top' : 'first'} ${top.length} by ${field} are ${listValues(top)}`
    : `the order by ${field}, ${words}, is ${listValues(top)}`;

  for (let position = 0; position < got.length && position < intended.length; position++) {
    const actual = got[position]!;
    const expected = intended[position]!;
    if ((order.compare(actual, expected) ?? 0) === 0) continue;
    const place = ordinal(position + 1);
    const superlative = words.endsWith(' first') ? words.slice(0, -' first'.length) : undefined;
    const should =
      position === 0 && superlative !== undefined
        ? `the ${superlative} ${field}, ${expected.value}, should come first`
        : `${expected.value} should be ${place} (${field}, ${words})`;
    return `${actual.value} is ${place} but ${should}; ${summary}`;
  }
  if (limited && returned.length < pattern.limit! && got.length < wanted) {
    const missing = intended[got.length]!;
    const why = pattern.filter?.trim() ? `: Limit ${pattern.limit} counts the items read before the filter removes any` : '';
    return `Only ${got.length} of the ${direction === 'descending' ? 'top' : 'first'} ${wanted} came back${why}, so ${missing.value} is missing; ${summary}`;
  }
  return undefined;
}

function listValues(readings: readonly FieldReading[]): string {
  const shown = readings.slice(0, LISTED_VALUES).map((reading) => reading.value);
  const more = readings.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
function ordinal(place: number): string {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][place % 10] ?? 'th';
  return `${place}${suffix}`;
}

/** What the order of a field is judged from: the key attribute's declared type, the template's format, every sample value the pattern's entities give it. */
interface FieldEvidence {
  readonly declaredType?: 'S' | 'N' | 'B';
  readonly format?: FieldFormat;
  readonly values: readonly string[];
}

function fieldEvidence(table: TableDesign, pattern: AccessPatternDesign, field: string): FieldEvidence {
  const types = new Map(keyAttributesOf(table).map((attribute) => [attribute.name, attribute.type]));
  let declaredType: FieldEvidence['declaredType'];
  let format: FieldFormat | undefined;
  const values: string[] = [];
  for (const entity of pattern.entities.flatMap((name) => findEntity(table, name) ?? [])) {
    for (const [attribute, text] of Object.entries(entity.keys)) {
      const compiled = compileTemplateText(text, keyRoleOf(table, attribute));
      const segment = compiled.ok ? compiled.value.fields.find((candidate) => candidate.name === field) : undefined;
      if (!compiled.ok || !segment) continue;
      format ??= segment.format.kind === 'int' ? { ...segment.format, descending: false } : segment.format;
      // A template that is the field alone stores it as the attribute's type: {ts} on an N attribute is a number.
      if (declaredType === undefined && compiled.value.template.segments.length === 1) declaredType = types.get(attribute);
    }
    const attribute = entity.attributes.find((candidate) => candidate.name === field);
    if (declaredType === undefined && format === undefined && (attribute?.type === 'S' || attribute?.type === 'N' || attribute?.type === 'B')) declaredType = attribute.type;
    for (const sample of entity.samples) {
      const stored = sample.attributes?.[field];
      const value = sample.values[field] ?? (stored && 'S' in stored ? stored.S : stored && 'N' in stored ? stored.N : undefined);
      if (value !== undefined) values.push(value);
    }
  }
  return { ...(declaredType ? { declaredType } : {}), ...(format ? { format } : {}), values };
}

/** The intended order of the pattern's field: by the template's format, or by the attribute's type. */
function fieldOrderOf(table: TableDesign, pattern: AccessPatternDesign, field: string): FieldOrder {
  const evidence = fieldEvidence(table, pattern, field);
  const kind = evidence.declaredType === 'N' ? 'number' : (evidence.format?.kind ?? 'string');
  return {
    compare(a, b) {
      if (a.source.kind === 'field' && b.source.kind === 'field' && a.source.format.kind === b.source.format.kind) return compareFieldValues(a.source.format, a.value, b.value);
      if (a.source.kind === 'attribute' && b.source.kind === 'attribute' && a.source.type === b.source.type) {
        if (a.source.type === 'S') return compareUtf8(a.value, b.value);
        if (a.source.type === 'N') return compareKeys({ N: a.value }, { N: b.value });
        const left = decodeBase64(a.value);
        const right = decodeBase64(b.value);
        return left && right ? compareKeys({ B: left }, { B: right }) : undefined;
      }
      return undefined;
    },
    directionWords(direction) {
      const descending = direction === 'descending';
      if (kind === 'iso' || kind === 'epoch') return descending ? 'newest first' : 'oldest first';
      if (kind === 'int' || kind === 'sint' || kind === 'dec' || kind === 'number') return descending ? 'highest first' : 'lowest first';
      return `${field} ${direction}`;
    },
  };
}

/** One field of one item: decoded from a key template of its entity, or a scalar attribute of that name. */
function readField(table: TableDesign, entity: EntityDesign | undefined, item: JsonItem, field: string): FieldReading | undefined {
  for (const [attribute, text] of Object.entries(entity?.keys ?? {})) {
    const compiled = compileTemplateText(text, keyRoleOf(table, attribute));
    if (!compiled.ok) continue;
    const segment = compiled.value.fields.find((candidate) => candidate.name === field);
    const stored = item[attribute];
    if (!segment || !stored) continue;
    const keyText = 'S' in stored ? stored.S : 'N' in stored ? stored.N : undefined;
    if (keyText === undefined) continue;
    const decoded = compiled.value.decode(keyText);
    if (!decoded.ok || decoded.value[field] === undefined) continue;
    // The intended order of the value itself: a descending int stores it reversed, but the field still reads high to low.
    const format: FieldFormat = segment.format.kind === 'int' ? { ...segment.format, descending: false } : segment.format;
    return { value: decoded.value[field], source: { kind: 'field', format } };
  }
  const value = item[field];
  if (value && 'S' in value) return { value: value.S, source: { kind: 'attribute', type: 'S' } };
  if (value && 'N' in value) return { value: value.N, source: { kind: 'attribute', type: 'N' } };
  if (value && 'B' in value) return { value: value.B, source: { kind: 'attribute', type: 'B' } };
  return undefined;
}
