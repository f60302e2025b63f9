import { compareFieldValues, compareKeys, decodeBase64, type FieldFormat, type KeyAttributeValue } from '../../keys';
import { compileTemplateText, findEntity, keyRoleOf, keySchemaOf } from '../designKeys';
import type { AccessPatternDesign, EntityDesign, JsonItem, TableDesign } from '../design.types';
import { buildPatternRequest } from './buildPatternRequest';
import { jsonValueText } from './jsonAttributeValues';

/**
 * Whether a pattern's result is what the pattern promises: only its
 * entities, in its order, as many as expected — and whether it could be a
 * Query at all. Reasons quote the sample keys, so a reviewer sees which
 * item breaks it.
 */

export type PatternReasonCode = 'wrongEntity' | 'wrongOrder' | 'wrongCount' | 'needsScan' | 'notRunnable';

export interface PatternReason {
  readonly code: PatternReasonCode;
  readonly message: string;
}

export interface PatternVerdict {
  readonly verdict: 'passes' | 'fails';
  readonly reasons: readonly PatternReason[];
}

/** One returned item and the entity it was written as (undefined: not one of the design's samples). */
export interface PatternResultItem {
  readonly entity: string | undefined;
  readonly item: JsonItem;
}

/** What running the pattern gave: the items, or the engine's refusal. */
export type PatternRunResult = { readonly items: readonly PatternResultItem[] } | { readonly error: string };

/**
 * Judges a pattern's result against its expectations.
 *
 * @example
 * judgePatternResult(shop, customersItems, { items: [{ entity: "Address", item: { PK: …, SK: { S: "ADDRESS#home" } } }, …] })
 * // { verdict: "fails", reasons: [{ code: "wrongEntity", message: "ADDRESS#home (Address) is mixed into the result of 'Customer's items'" }, …] }
 */
export function judgePatternResult(table: TableDesign, pattern: AccessPatternDesign, result: PatternRunResult): PatternVerdict {
  const built = buildPatternRequest(table, pattern);
  if (!built.ok) {
    const code = built.needsScan ? 'needsScan' : 'notRunnable';
    return { verdict: 'fails', reasons: built.problems.map((problem) => ({ code, message: problem.message })) };
  }
  if ('error' in result) return { verdict: 'fails', reasons: [{ code: 'notRunnable', message: result.error }] };

  const reasons: PatternReason[] = [];
  const label = itemLabeller(table, pattern.index);
  for (const { entity, item } of result.items) {
    if (entity === undefined || !pattern.entities.includes(entity)) {
      reasons.push({ code: 'wrongEntity', message: `${label(item)} (${entity ?? 'no entity of the design'}) is mixed into the result of '${pattern.name}'` });
    }
  }
  const orderBy = pattern.expected.orderBy;
  if (orderBy) {
    const ordered = result.items.filter((entry) => entry.entity !== undefined && pattern.entities.includes(entry.entity));
    const problem = firstOutOfOrder(table, ordered, orderBy.field, orderBy.direction, label);
    if (problem) reasons.push({ code: 'wrongOrder', message: problem });
  }
  const count = pattern.expected.count;
  if (count !== undefined && result.items.length !== count) {
    reasons.push({ code: 'wrongCount', message: `${result.items.length} item${result.items.length === 1 ? '' : 's'}, expected ${count}` });
  }
  return { verdict: reasons.length === 0 ? 'passes' : 'fails', reasons };
}

/** An item named by the key the pattern reads it by: its sort key(s), or its partition key when there is none. */
function itemLabeller(table: TableDesign, indexName: string | undefined): (item: JsonItem) => string {
  const schema = keySchemaOf(table, indexName);
  const attributes = schema && schema.sort.length > 0 ? schema.sort : (schema?.partition ?? [table.partitionKey]);
  return (item) =>
    attributes
      .map((attribute) => item[attribute.name])
      .map((value) => (value === undefined ? '(none)' : jsonValueText(value)))
      .join(', ');
}

/** How a reader says a direction for a field of this kind ("newest first"). */
function directionWords(format: FieldFormat | 'number' | 'text', direction: 'ascending' | 'descending', field: string): string {
  const kind = typeof format === 'string' ? format : format.kind;
  const descending = direction === 'descending';
  if (kind === 'iso' || kind === 'epoch') return descending ? 'newest first' : 'oldest first';
  if (kind === 'int' || kind === 'sint' || kind === 'dec' || kind === 'number') return descending ? 'highest first' : 'lowest first';
  return `${field} ${direction}`;
}

/** A comparable reading of one field of one item: decoded from a key template, or a scalar attribute. */
type FieldReading = { readonly kind: 'field'; readonly format: FieldFormat; readonly value: string } | { readonly kind: 'attribute'; readonly value: KeyAttributeValue };

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
    return { kind: 'field', format, value: decoded.value[field] };
  }
  const value = item[field];
  if (value && 'S' in value) return { kind: 'attribute', value: { S: value.S } };
  if (value && 'N' in value) return { kind: 'attribute', value: { N: value.N } };
  if (value && 'B' in value) {
    const bytes = decodeBase64(value.B);
    return bytes ? { kind: 'attribute', value: { B: bytes } } : undefined;
  }
  return undefined;
}

function compareReadings(a: FieldReading, b: FieldReading): number | undefined {
  if (a.kind === 'field' && b.kind === 'field' && a.format.kind === b.format.kind) return compareFieldValues(a.format, a.value, b.value);
  if (a.kind === 'attribute' && b.kind === 'attribute' && Object.keys(a.value)[0] === Object.keys(b.value)[0]) return compareKeys(a.value, b.value);
  return undefined;
}

/** The first pair of neighbours in the wrong order, said with their keys; undefined when the order holds. */
function firstOutOfOrder(
  table: TableDesign,
  items: readonly PatternResultItem[],
  field: string,
  direction: 'ascending' | 'descending',
  label: (item: JsonItem) => string,
): string | undefined {
  const readings = items.map((entry) => ({ entry, reading: readField(table, entry.entity === undefined ? undefined : findEntity(table, entry.entity), entry.item, field) }));
  const known = readings.filter((entry): entry is { entry: PatternResultItem; reading: FieldReading } => entry.reading !== undefined);
  for (let position = 1; position < known.length; position++) {
    const before = known[position - 1]!;
    const after = known[position]!;
    const order = compareReadings(before.reading, after.reading);
    if (order === undefined) continue;
    if (direction === 'ascending' ? order > 0 : order < 0) {
      const format = before.reading.kind === 'field' ? before.reading.format : 'N' in before.reading.value ? 'number' : 'text';
      return `${label(before.entry.item)} comes before ${label(after.entry.item)} but the pattern expects ${directionWords(format, direction, field)} (by ${field})`;
    }
  }
  return undefined;
}
