import { judgeIntendedOrder, type FieldFormat, type IntendedOrder } from '../../keys';
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
      const value = readField(table, findEntity(table, entry.entity!), entry.item, field);
      return value === undefined ? [] : [value];
    });
  const got = read(returned);
  const sign = direction === 'ascending' ? 1 : -1;
  // Read each value once (a 1,000-item partition is ~10,000 comparisons); equal values keep the order they were read in.
  const intended = read(reachable);
  const prepared = new Map(intended.map((value) => [value, order.order.prepare(value)]));
  intended.sort((a, b) => sign * order.order.compare(prepared.get(a), prepared.get(b)));
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
    if (order.compare(actual, expected) === 0) continue;
    const place = ordinal(position + 1);
    const superlative = words.endsWith(' first') ? words.slice(0, -' first'.length) : undefined;
    const should =
      position === 0 && superlative !== undefined
        ? `the ${superlative} ${field}, ${expected}, should come first`
        : `${expected} should be ${place} (${field}, ${words})`;
    return `${actual} is ${place} but ${should}; ${summary}.`;
  }
  if (limited && returned.length < pattern.limit! && got.length < wanted) {
    const missing = intended[got.length]!;
    const why = pattern.filter?.trim() ? `: Limit ${pattern.limit} counts the items read before the filter removes any` : '';
    return `Only ${got.length} of the ${direction === 'descending' ? 'top' : 'first'} ${wanted} came back${why}, so ${missing} is missing; ${summary}.`;
  }
  return undefined;
}

/**
 * How the pattern's expected order reads for its field's meaning ("highest
 * first", "newest first", "A to Z"); undefined without an expected order.
 *
 * @example
 * expectedOrderWords(leaderboard, topScores) // "highest first"
 */
export function expectedOrderWords(table: TableDesign, pattern: AccessPatternDesign): string | undefined {
  const orderBy = pattern.expected.orderBy;
  return orderBy && fieldOrderOf(table, pattern, orderBy.field).directionWords(orderBy.direction);
}

function listValues(values: readonly string[]): string {
  const shown = values.slice(0, LISTED_VALUES);
  const more = values.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
function ordinal(place: number): string {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][place % 10] ?? 'th';
  return `${place}${suffix}`;
}

/**
 * What the order of a field is judged from: every sample value the pattern's
 * entities give it, and what the design says it is — a template format that
 * orders by value (`int`, `iso`, `epoch`…) says the most; else the declared
 * type of a key attribute that holds the field alone (`{priority}` on an N
 * attribute is a number) or of the non-key attribute of that name.
 */
interface FieldEvidence {
  readonly declaredType: 'S' | 'N' | 'B';
  readonly format?: FieldFormat;
  readonly values: readonly string[];
}

function fieldEvidence(table: TableDesign, pattern: AccessPatternDesign, field: string): FieldEvidence {
  const types = new Map(keyAttributesOf(table).map((attribute) => [attribute.name, attribute.type]));
  let declaredType: FieldEvidence['declaredType'] | undefined;
  let format: FieldFormat | undefined;
  const values: string[] = [];
  for (const entity of pattern.entities.flatMap((name) => findEntity(table, name) ?? [])) {
    for (const [attribute, text] of Object.entries(entity.keys)) {
      const compiled = compileTemplateText(text, keyRoleOf(table, attribute));
      const segment = compiled.ok ? compiled.value.fields.find((candidate) => candidate.name === field) : undefined;
      if (!compiled.ok || !segment) continue;
      if (segment.format.kind !== 'string') format ??= segment.format;
      if (compiled.value.template.segments.length === 1) declaredType ??= types.get(attribute);
    }
    const attribute = entity.attributes.find((candidate) => candidate.name === field)?.type;
    if (attribute === 'S' || attribute === 'N' || attribute === 'B') declaredType ??= attribute;
    for (const sample of entity.samples) {
      const stored = sample.attributes?.[field];
      const value = sample.values[field] ?? (stored && 'S' in stored ? stored.S : stored && 'N' in stored ? stored.N : undefined);
      if (value !== undefined) values.push(value);
    }
  }
  return format ? { declaredType: 'S', format, values } : { declaredType: declaredType ?? 'S', values };
}

/** The order a person intends for the pattern's field, judged by src/keys' one judge from everything the design says about it. */
function fieldOrderOf(table: TableDesign, pattern: AccessPatternDesign, field: string): IntendedOrder {
  return judgeIntendedOrder({ ...fieldEvidence(table, pattern, field), field });
}

/** One field of one item: decoded from a key template of its entity, or a scalar attribute of that name. */
function readField(table: TableDesign, entity: EntityDesign | undefined, item: JsonItem, field: string): string | undefined {
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
    // The value itself, as typed: a descending int stores it reversed, but the field still means the number.
    return decoded.value[field];
  }
  const value = item[field];
  if (value && 'S' in value) return value.S;
  if (value && 'N' in value) return value.N;
  // Binary as base64, as the judge reads bytes.
  if (value && 'B' in value) return value.B;
  return undefined;
}
