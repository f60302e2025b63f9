import {
  compareUtf8,
  compileKeyTemplate,
  explainStringOrder,
  judgeIntendedOrder,
  printFormatSuffix,
  printKeyTemplate,
  type CompiledKeyTemplate,
  type FieldFormat,
  type FieldSegment,
  type IntendedOrder,
  type TemplateSegment,
} from '../../../keys';
import { keySchemaOf } from '../../designKeys';
import { changeEntity } from '../../edit';
import type { ReviewContext, EntityKeyTemplate, EntityReview } from '../reviewContext';
import type { ReviewEvidence, ReviewFix, ReviewSubject } from '../review.types';

/**
 * What the ordering rules share: the field placeholders of every entity's
 * key templates, the groups of samples whose keys can meet in one sort range
 * (same partition, same text before the field), the first pair of keys whose
 * byte order disagrees with the order the values mean, and fixes that change
 * one field's format in one template.
 */

/** One field placeholder of one entity's compiled key template. */
export interface FieldSite {
  readonly review: EntityReview;
  readonly template: EntityKeyTemplate;
  readonly compiled: CompiledKeyTemplate;
  /** Its index in `compiled.template.segments`. */
  readonly segmentIndex: number;
  readonly field: FieldSegment;
  /** The literal text right after the field, if any (what a string value must not contain). */
  readonly delimiter?: string;
}

/** Every field of every compiled template of a string (S) key attribute that `accept` keeps. */
export function stringKeyFieldSites(context: ReviewContext, accept: (site: FieldSite) => boolean): FieldSite[] {
  const sites: FieldSite[] = [];
  for (const review of context.entities()) {
    for (const template of review.templates) {
      if (template.attribute.type === 'S') sites.push(...fieldSitesOf(review, template).filter(accept));
    }
  }
  return sites;
}

/** The field sites of one template (none when it does not compile). */
export function fieldSitesOf(review: EntityReview, template: EntityKeyTemplate): FieldSite[] {
  const compiled = template.compiled;
  if (!compiled) return [];
  const segments = compiled.template.segments;
  const sites: FieldSite[] = [];
  segments.forEach((segment, segmentIndex) => {
    if (segment.kind !== 'field') return;
    const next = segments[segmentIndex + 1];
    sites.push({ review, template, compiled, segmentIndex, field: segment, ...(next?.kind === 'literal' ? { delimiter: next.text } : {}) });
  });
  return sites;
}

/** Whether the template's attribute sorts items somewhere (the table's or an index's sort key). */
export function isSortKey(template: EntityKeyTemplate): boolean {
  return template.uses.some((use) => use.role === 'sort');
}

/** What a finding about one field site is about: the index is named when the attribute keys an index only. */
export function siteSubject(site: FieldSite): ReviewSubject {
  const index = site.template.uses.some((use) => use.index === undefined) ? undefined : site.template.uses[0]?.index;
  return {
    table: site.review.table.name,
    entity: site.review.entity.name,
    ...(index !== undefined ? { index } : {}),
    keyAttribute: site.template.attribute.name,
    field: site.field.name,
  };
}

/** The sample values of one field, in sample order (undefined where a sample has none). */
export function fieldValues(review: EntityReview, field: string): (string | undefined)[] {
  return review.entity.samples.map((sample) => {
    const value = sample.values[field];
    return value === undefined || value === '' ? undefined : value;
  });
}

const intendedOrders = new WeakMap<EntityReview, Map<string, IntendedOrder>>();

/**
 * What a field site's values mean and the order a person intends for them:
 * the one judge (src/keys judgeIntendedOrder) over every sample value of the
 * field, with the key attribute's declared type (an N key is a number, a B
 * key bytes), the field's format and its name (an id-like name is an id).
 * Memoised per entity review, as the columns below are.
 *
 * @example
 * siteIntendedOrder(site).meaning // { kind: "number", signed: false, decimal: false } for {score} over "10", "9"
 */
export function siteIntendedOrder(site: FieldSite): IntendedOrder {
  let byKey = intendedOrders.get(site.review);
  if (!byKey) intendedOrders.set(site.review, (byKey = new Map()));
  const key = `${site.template.attribute.name}\u0000${site.segmentIndex}`;
  let order = byKey.get(key);
  if (!order) {
    const values = fieldValues(site.review, site.field.name).filter((value): value is string => value !== undefined);
    order = judgeIntendedOrder({ declaredType: site.template.attribute.type, format: site.field.format, values, field: site.field.name });
    byKey.set(key, order);
  }
  return order;
}

/** `{score:int(10)}`: how a field with a format is written in a template. */
export function placeholderText(field: string, format: FieldFormat): string {
  return `{${field}${printFormatSuffix(format)}}`;
}

/** `SK = "{score}#{playerId}"`: a template quoted as the design has it. */
export function quoteTemplate(site: Pick<FieldSite, 'template'>): string {
  return `${site.template.attribute.name} = "${site.template.text}"`;
}

/** The table or index a sort use belongs to, in words. */
export function rangeName(table: string, index: string | undefined): string {
  return index === undefined ? `table ${table}` : `index ${index}`;
}

// ---------------------------------------------------------------------------
// Where keys meet

/**
 * Per-review memo of per-sample columns (prefixes, meeting groups): several
 * rules read the same ones, and a review of 20 entities × 1,000 samples must
 * stay inside its 50 ms. Keyed by the entity's review, which lives as long
 * as one ReviewContext.
 */
const columns = new WeakMap<EntityReview, Map<string, (string | undefined)[]>>();

function memoColumn(review: EntityReview, key: string, compute: () => (string | undefined)[]): (string | undefined)[] {
  let byKey = columns.get(review);
  if (!byKey) columns.set(review, (byKey = new Map()));
  let column = byKey.get(key);
  if (!column) byKey.set(key, (column = compute()));
  return column;
}

/**
 * The encoded text before a field, per sample: the template's segments up to
 * the field, compiled once (a literal-only prefix is just its text).
 */
export function prefixesBefore(site: FieldSite): (string | undefined)[] {
  return memoColumn(site.review, `prefix\u0000${site.template.attribute.name}\u0000${site.segmentIndex}`, () => {
    const segments = site.compiled.template.segments.slice(0, site.segmentIndex);
    const literal = literalPrefix(site);
    if (literal !== undefined) return site.review.entity.samples.map(() => literal);
    const compiled = compileKeyTemplate({ segments });
    return site.review.entity.samples.map((sample) => {
      const encoded = compiled.encode(sample.values);
      return encoded.ok ? encoded.value : undefined;
    });
  });
}

/** The literal text before a field when no other field precedes it (undefined otherwise). */
export function literalPrefix(site: FieldSite): string | undefined {
  const segments: readonly TemplateSegment[] = site.compiled.template.segments.slice(0, site.segmentIndex);
  return segments.every((segment) => segment.kind === 'literal') ? segments.map((segment) => (segment as { text: string }).text).join('') : undefined;
}

/** One place where an attribute sorts items: the table (index undefined) or an index, and its position in a multi-attribute key. */
export interface SortUse {
  readonly index?: string;
  readonly position: number;
}

export function sortUsesOf(template: EntityKeyTemplate): SortUse[] {
  return template.uses
    .filter((use) => use.role === 'sort')
    .map((use) => ({ ...(use.index !== undefined ? { index: use.index } : {}), position: use.position }));
}

/**
 * Per sample, the text that must be equal for two keys to meet next to each
 * other in a sort use: the encoded partition key(s), the sort attributes
 * before this one, and the key text before the field. Undefined where a
 * sample does not encode. Strings of different entities compare too (the
 * cross-entity rules group by them).
 */
export function meetingGroups(site: FieldSite, use: SortUse): (string | undefined)[] {
  return memoColumn(site.review, `meeting\u0000${site.template.attribute.name}\u0000${site.segmentIndex}\u0000${use.index ?? ''}\u0000${use.position}`, () =>
    computeMeetingGroups(site, use),
  );
}

function computeMeetingGroups(site: FieldSite, use: SortUse): (string | undefined)[] {
  const schema = keySchemaOf(site.review.table, use.index);
  if (!schema) return site.review.entity.samples.map(() => undefined);
  const attributes = [...schema.partition, ...schema.sort.slice(0, use.position)];
  const columns = attributes.map((attribute) => site.review.encodedKeys(attribute.name));
  const prefixes = prefixesBefore(site);
  return prefixes.map((prefix, sampleIndex) => {
    if (prefix === undefined) return undefined;
    const parts: string[] = [];
    for (const column of columns) {
      const key = column[sampleIndex];
      if (key === undefined) return undefined;
      parts.push(key);
    }
    parts.push(prefix);
    return parts.join('\u0000');
  });
}

/** A key of one sample, with what it is grouped by and the value its field means. */
export interface KeyEntry<Value> {
  readonly key: string;
  readonly group: string;
  readonly value: Value;
  /** The field's value as the sample has it. */
  readonly raw?: string;
  /** Whose key it is (for findings across entities or stored keys). */
  readonly source?: string;
}

/** The two keys in the wrong order: `first` sorts before `second` in DynamoDB, though its value comes after. */
export interface KeyInversion<Value> {
  readonly first: KeyEntry<Value>;
  readonly second: KeyEntry<Value>;
}

/**
 * The first pair of keys that DynamoDB orders one way and their values the
 * other, among keys of the same group. Each group is sorted once by its keys
 * and only neighbours are checked: if every neighbouring pair of a group is
 * in value order, the whole group is (n log n, no pair scan).
 */
export function findKeyInversion<Value>(entries: readonly KeyEntry<Value>[], compareValues: (a: Value, b: Value) => number): KeyInversion<Value> | undefined {
  const groups = new Map<string, KeyEntry<Value>[]>();
  for (const entry of entries) {
    const group = groups.get(entry.group);
    if (group) group.push(entry);
    else groups.set(entry.group, [entry]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => compareUtf8(a.key, b.key));
    for (let index = 1; index < group.length; index++) {
      const first = group[index - 1] as KeyEntry<Value>;
      const second = group[index] as KeyEntry<Value>;
      if (first.key !== second.key && compareValues(first.value, second.value) > 0) return { first, second };
    }
  }
  return undefined;
}

/**
 * The keys of a field site's samples with their meeting group, in the first
 * sort use where they show an inversion (or the first sort use when none
 * does); `valueOf` reads what the sample's value means (undefined: skip it).
 */
export function siteInversion<Value>(
  site: FieldSite,
  valueOf: (value: string) => Value | undefined,
  compareValues: (a: Value, b: Value) => number,
): { readonly inversion?: KeyInversion<Value>; readonly use?: SortUse } {
  const keys = site.review.encodedKeys(site.template.attribute.name);
  const values = fieldValues(site.review, site.field.name);
  const uses = sortUsesOf(site.template);
  for (const use of uses) {
    const groups = meetingGroups(site, use);
    const entries: KeyEntry<Value>[] = [];
    keys.forEach((key, sampleIndex) => {
      const group = groups[sampleIndex];
      const value = values[sampleIndex];
      const meaning = value === undefined ? undefined : valueOf(value);
      if (key !== undefined && group !== undefined && meaning !== undefined) entries.push({ key, group, value: meaning, raw: value as string });
    });
    const inversion = findKeyInversion(entries, compareValues);
    if (inversion) return { inversion, use };
  }
  return uses[0] ? { use: uses[0] } : {};
}

/** The evidence lines for two keys in the wrong order: each key, and the first byte where they differ. */
export function inversionEvidence(first: string, second: string, firstLabel = 'sorts first', secondLabel = 'sorts second'): ReviewEvidence[] {
  return [
    { label: firstLabel, text: first },
    { label: secondLabel, text: second },
    { label: 'why', text: explainStringOrder(first, second).sentence },
  ];
}

// ---------------------------------------------------------------------------
// Fixes

/**
 * The template text with one field's format replaced (every placeholder of
 * that name), printed in canonical form; undefined when the text does not
 * parse or has no such field.
 */
export function withFieldFormat(compiled: CompiledKeyTemplate, field: string, format: FieldFormat): string {
  const segments = compiled.template.segments.map((segment) => (segment.kind === 'field' && segment.name === field ? { ...segment, format } : segment));
  return printKeyTemplate({ segments });
}

/**
 * A fix that sets one field's format in one template of one entity, and
 * optionally rewrites its sample values (`rewrite` gives the new value).
 */
export function fieldFormatFix(site: FieldSite, format: FieldFormat, rewrite?: (value: string) => string): ReviewFix {
  const text = withFieldFormat(site.compiled, site.field.name, format);
  const attribute = site.template.attribute.name;
  const field = site.field.name;
  return {
    label: `Use \`${placeholderText(field, format)}\``,
    apply: changeEntity(site.review.table.name, site.review.entity.name, (entity) => ({
      ...entity,
      keys: { ...entity.keys, [attribute]: text },
      ...(rewrite
        ? {
            samples: entity.samples.map((sample) => {
              const value = sample.values[field];
              return value === undefined || value === '' ? sample : { ...sample, values: { ...sample.values, [field]: rewrite(value) } };
            }),
          }
        : {}),
    })),
  };
}

/** At most `count` distinct sample values, quoted, for a message. */
export function quoteSome(values: readonly (string | undefined)[], count = 4): string {
  const distinct = [...new Set(values.filter((value): value is string => value !== undefined))];
  const shown = distinct.slice(0, count).map((value) => JSON.stringify(value));
  return shown.join(', ') + (distinct.length > count ? ', …' : '');
}
