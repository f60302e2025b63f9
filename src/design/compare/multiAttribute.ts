import type { ReadDirection } from '../../keys';
import type { EntityDesign, IndexDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { MAX_MULTI_ATTRIBUTE_KEYS, typedAttributeFor, type TypedFieldAttribute } from '../multiAttribute/typedAttributes';
import { compileTemplateText, findEntity, keyAttributesOf, keyTemplateOf } from '../designKeys';
import { compareKeySides, type KeyComparison } from './compareKeySides';
import { buildKeySide } from './keySides';
import { patternServability, type PatternServability } from './patternServability';

/**
 * The comparison reviewers ask for: the articles' concatenated sort key
 * (`{score:int(10)}#{ts:epoch(16)}#{playerId}` in one S attribute) beside
 * the same index with a multi-attribute sort key (DynamoDB since November
 * 2025: a GSI's partition and sort key may each be up to four typed
 * attributes, compared left to right, each by its own type, so numbers sort
 * numerically with no padding; queried left to right only).
 */

export { MAX_MULTI_ATTRIBUTE_KEYS };

/** One attribute of the derived multi-attribute sort key. */
export type MultiAttributeSortAttribute = TypedFieldAttribute;

export interface MultiAttributeVariant {
  /** The table with the derived GSI added and the entity's templates for its attributes. */
  readonly table: TableDesign;
  readonly indexName: string;
  /** Where the concatenated key is: the table's sort key (indexName undefined) or an index's. */
  readonly source: { readonly indexName?: string; readonly attribute: string; readonly template: string; readonly entity: string };
  readonly partition: readonly KeyAttributeDesign[];
  readonly sort: readonly MultiAttributeSortAttribute[];
  /** The concatenated key's literal text (delimiters, prefixes): a multi-attribute key needs none. */
  readonly droppedLiterals: readonly string[];
  /** What changes in meaning (inverted fields, templates replaced). */
  readonly notes: readonly string[];
}

export type MultiAttributeVariantResult = { readonly ok: true; readonly variant: MultiAttributeVariant } | { readonly ok: false; readonly message: string };

function sourceOf(table: TableDesign, attributeName: string): { readonly indexName?: string; readonly partition: readonly KeyAttributeDesign[] } | string {
  if (table.sortKey?.name === attributeName) return { partition: [table.partitionKey] };
  const index = table.indexes.find((candidate) => candidate.sortKey.some((attribute) => attribute.name === attributeName));
  if (!index) return `${attributeName} is not a sort key of table ${table.name} or of its indexes: choose a sort key attribute.`;
  if (index.sortKey.length > 1) return `${attributeName} is already part of ${index.name}'s multi-attribute sort key.`;
  return { indexName: index.name, partition: index.partitionKey };
}

function uniqueIndexName(table: TableDesign, base: string): string {
  let name = base;
  for (let n = 2; table.indexes.some((index) => index.name === name); n++) name = `${base}${n}`;
  return name;
}

/**
 * Derives the multi-attribute version of an entity's concatenated sort key:
 * one typed attribute per template field (int/sint/dec/epoch → N, iso and
 * string → S), literals dropped, as a new GSI with the same partition key.
 *
 * @example
 * toMultiAttributeVariant(leaderboard, run, "rankKey").variant.sort.map((a) => `${a.name} ${a.type}`)
 * // ["score N", "ts N", "playerId S"]
 */
export function toMultiAttributeVariant(table: TableDesign, entity: EntityDesign, attributeName: string): MultiAttributeVariantResult {
  const source = sourceOf(table, attributeName);
  if (typeof source === 'string') return { ok: false, message: source };
  const template = keyTemplateOf(entity, attributeName);
  if (template === undefined) return { ok: false, message: `Entity ${entity.name} has no template for ${attributeName}, so it is not in that key.` };
  const compiled = compileTemplateText(template);
  if (!compiled.ok) return { ok: false, message: `${entity.name}.${attributeName}: ${compiled.findings.map((finding) => finding.message).join(' ')}` };
  const fields = compiled.value.fields;
  if (fields.length === 0)
    return { ok: false, message: `${entity.name}.${attributeName} is the constant "${template}": a key without fields has nothing to split into attributes.` };
  if (fields.length > MAX_MULTI_ATTRIBUTE_KEYS) {
    return {
      ok: false,
      message: `${entity.name}.${attributeName} has ${fields.length} fields, but a multi-attribute sort key holds at most ${MAX_MULTI_ATTRIBUTE_KEYS} attributes: keep the first four fields or leave the rest concatenated.`,
    };
  }
  // A raw template the entity already has for the attribute (`ts: "{ts}"` for another index) is kept as is.
  const sort = fields
    .map(typedAttributeFor)
    .map((attribute) => (keyTemplateOf(entity, attribute.name) === `{${attribute.field}}` ? { ...attribute, template: `{${attribute.field}}` } : attribute));
  const existing = new Map(keyAttributesOf(table).map((attribute) => [attribute.name, attribute]));
  const notes: string[] = [];
  for (const attribute of sort) {
    const current = existing.get(attribute.name);
    if (current && current.type !== attribute.type) {
      return {
        ok: false,
        message: `${attribute.name} already keys this table as type ${current.type}, but the multi-attribute key needs it as ${attribute.type}: rename the field.`,
      };
    }
    const currentTemplate = keyTemplateOf(entity, attribute.name);
    if (currentTemplate !== undefined && currentTemplate !== attribute.template)
      notes.push(`${entity.name}.${attribute.name} was "${currentTemplate}"; the multi-attribute key writes "${attribute.template}".`);
    if (attribute.format.kind === 'int' && attribute.format.descending) {
      notes.push(
        `${attribute.field} is inverted in the concatenated key (int desc); the multi-attribute key stores the number itself, so read it with the opposite ScanIndexForward (which reverses every attribute).`,
      );
    }
  }
  const carried = sort
    .filter((attribute) => keyTemplateOf(entity, attribute.name) !== undefined || entity.attributes.some((other) => other.name === attribute.name))
    .map((attribute) => attribute.name);
  if (carried.length > 0)
    notes.push(
      `The items already carry ${carried.join(', ')}: the multi-attribute key indexes them as they are, where the concatenated ${attributeName} is an extra attribute holding a copy.`,
    );
  const droppedLiterals = compiled.value.template.segments.flatMap((segment) => (segment.kind === 'literal' ? [segment.text] : []));
  const indexName = uniqueIndexName(table, `${attributeName}Multi`);
  const index: IndexDesign = {
    name: indexName,
    kind: 'GSI',
    partitionKey: source.partition,
    sortKey: sort.map(({ name, type }) => ({ name, type })),
    projection: { type: 'ALL', attributes: [] },
  };
  const keys = { ...entity.keys, ...Object.fromEntries(sort.map((attribute) => [attribute.name, attribute.template])) };
  const variantTable: TableDesign = {
    ...table,
    indexes: [...table.indexes, index],
    entities: table.entities.map((candidate) => (candidate.name === entity.name ? { ...candidate, keys } : candidate)),
  };
  return {
    ok: true,
    variant: {
      table: variantTable,
      indexName,
      source: { ...(source.indexName ? { indexName: source.indexName } : {}), attribute: attributeName, template, entity: entity.name },
      partition: source.partition,
      sort,
      droppedLiterals,
      notes,
    },
  };
}

export interface MultiAttributeComparison {
  readonly variant: MultiAttributeVariant;
  /** Left: the concatenated key; right: the multi-attribute key. */
  readonly comparison: KeyComparison;
  readonly patterns: readonly PatternServability[];
}

/**
 * The concatenated key (left) beside its multi-attribute version (right)
 * over the entity's samples, both read in `direction`, with the access
 * patterns each can serve.
 */
export function compareWithMultiAttribute(
  table: TableDesign,
  entityName: string,
  attributeName: string,
  direction: ReadDirection = 'ascending',
): { readonly ok: true; readonly value: MultiAttributeComparison } | { readonly ok: false; readonly message: string } {
  const entity = findEntity(table, entityName);
  if (!entity) return { ok: false, message: `Table ${table.name} has no entity "${entityName}".` };
  const derived = toMultiAttributeVariant(table, entity, attributeName);
  if (!derived.ok) return derived;
  const { variant } = derived;
  const sourceIndex = variant.source.indexName ? { indexName: variant.source.indexName } : {};
  const left = buildKeySide({ label: `Concatenated ${attributeName}`, table, ...sourceIndex, direction }, table, [entityName]);
  const right = buildKeySide({ label: `Multi-attribute ${variant.indexName}`, table: variant.table, indexName: variant.indexName, direction }, table, [
    entityName,
  ]);
  return { ok: true, value: { variant, comparison: compareKeySides(left, right), patterns: patternServability(table, entity, variant) } };
}
