import { buildKeySide } from '../compare/keySides';
import { compareKeySides } from '../compare/compareKeySides';
import type { Design, EntityDesign, IndexDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { compileTemplateText, isEntityInIndex, keyAttributesOf, typedKeyValue, keyTemplateOf } from '../designKeys';
import { backfillOf } from './conversionBackfill';
import { checkConvertedPatterns } from './conversionPatterns';
import type {
  ConvertedKeySide,
  MultiAttributeConversion,
  MultiAttributeConversionResult,
  MultiAttributeConversionTarget,
} from './multiAttributeConversion.types';
import { planKeySide, type KeySidePlan } from './planKeySide';
import { typedAttributeFor, type TypedFieldAttribute } from './typedAttributes';
import { setOwnValue } from '../../dynamo';

/**
 * The one-click conversion of a GSI keyed by concatenated strings into a
 * multi-attribute GSI (DynamoDB since November 2025): each template field of
 * the concatenated partition or sort key becomes a typed attribute of the
 * same name, left to right; the literals go. Refused — with what to do —
 * where the typed key would be wrong or lose something: a base table or an
 * LSI (they can't have multi-attribute keys), entities telling their items
 * apart by prefixes, an inverted field, a name already used with another
 * type or template, other entities that would join the index.
 *
 * @example
 * const converted = convertToMultiAttributeGsi(SHOP_DESIGN, { table: "Shop", index: "GSI1" })
 * converted.ok && converted.conversion.after
 * // { name: "GSI1", kind: "GSI", partitionKey: [{ name: "status", type: "S" }], sortKey: [{ name: "at", type: "S" }, { name: "orderId", type: "S" }], … }
 */
export function convertToMultiAttributeGsi(design: Design, target: MultiAttributeConversionTarget): MultiAttributeConversionResult {
  const planned = planConversion(design, target);
  if (!planned.ok) return planned;
  const { conversion, table, convertedTable } = planned;
  const left = buildKeySide(
    { label: `Concatenated ${conversion.before.name}`, table, indexName: conversion.before.name, direction: 'ascending' },
    table,
    conversion.entities,
  );
  const right = buildKeySide(
    { label: `Multi-attribute ${conversion.after.name}`, table: convertedTable, indexName: conversion.after.name, direction: 'ascending' },
    table,
    conversion.entities,
  );
  return { ok: true, design: planned.design, conversion: { ...conversion, orders: compareKeySides(left, right) } };
}

/** The conversion without the samples' orders (which encode and sort every sample twice): what the review rule needs on every keystroke. */
export type PlannedConversion =
  | {
      readonly ok: true;
      readonly design: Design;
      readonly table: TableDesign;
      readonly convertedTable: TableDesign;
      /** The converted sides' fields, left to right, per entity in the index. */
      readonly conversion: Omit<MultiAttributeConversion, 'orders'>;
    }
  | { readonly ok: false; readonly message: string };

export function planConversion(design: Design, target: MultiAttributeConversionTarget): PlannedConversion {
  const table = design.tables.find((candidate) => candidate.name === target.table);
  if (!table)
    return fail(`The design has no table "${target.table}": choose one of ${design.tables.map((candidate) => candidate.name).join(', ') || '(none)'}.`);
  const index = table.indexes.find((candidate) => candidate.name === target.index);
  if (!index) {
    const isTableKey = target.index === '' || target.index === table.name;
    return fail(
      isTableKey
        ? `Table ${table.name}'s own key can't be multi-attribute: DynamoDB allows multi-attribute keys on global secondary indexes only.`
        : `Table ${table.name} has no index "${target.index}": choose one of ${table.indexes.map((candidate) => candidate.name).join(', ') || '(none)'}.`,
    );
  }
  if (index.kind !== 'GSI')
    return fail(
      `${index.name} is a local secondary index: DynamoDB allows multi-attribute keys on global secondary indexes only (an LSI keeps the table's partition key and one sort attribute).`,
    );
  const newName = target.newIndexName?.trim() || index.name;
  if (newName !== index.name && table.indexes.some((candidate) => candidate.name === newName))
    return fail(`Table ${table.name} already has an index named ${newName}: choose another name for the converted index.`);

  const entities = table.entities.filter((entity) => isEntityInIndex(table, entity, index.name));
  if (entities.length === 0) return fail(`No entity of ${table.name} has templates for every key attribute of ${index.name}, so nothing is in it to convert.`);
  const partitionPlan = planKeySide(index, 'partition', entities);
  if (typeof partitionPlan === 'string') return fail(partitionPlan);
  const sortPlan = planKeySide(index, 'sort', entities);
  if (typeof sortPlan === 'string') return fail(sortPlan);
  const plans = [partitionPlan, sortPlan];
  if (!plans.some((plan) => plan.kind === 'convertible' && plan.composite)) {
    const sides = plans.map((plan) =>
      plan.kind === 'kept' ? plan.side.why : `${plan.attribute.name} = ${Object.values(plan.templates)[0] ?? ''} holds a single field.`,
    );
    return fail(`${index.name} has no concatenated key to convert: ${sides.join(' ')} Multi-attribute keys replace a key that joins two or more fields.`);
  }

  const typedOf = (plan: KeySidePlan): readonly TypedFieldAttribute[] => (plan.kind === 'convertible' ? plan.fields.map(typedAttributeFor) : []);
  const partitionTyped = typedOf(partitionPlan);
  const sortTyped = typedOf(sortPlan);
  const afterPartition = partitionPlan.kind === 'convertible' ? partitionTyped.map(({ name, type }) => ({ name, type })) : partitionPlan.side.after;
  const afterSort = sortPlan.kind === 'convertible' ? sortTyped.map(({ name, type }) => ({ name, type })) : sortPlan.side.after;
  const keyNames = [...afterPartition, ...afterSort].map((attribute) => attribute.name);
  const twice = keyNames.find((name, position) => keyNames.indexOf(name) !== position);
  if (twice) return fail(`${twice} would be both a partition and a sort attribute of ${index.name}: a key attribute appears once.`);

  const typed = [...partitionTyped, ...sortTyped];
  const replaced = plans.flatMap((plan) => (plan.kind === 'convertible' ? [plan.attribute.name] : []));
  const conflict = nameConflict(table, index, entities, typed, replaced);
  if (conflict) return fail(conflict);

  const after: IndexDesign = { ...index, name: newName, partitionKey: afterPartition, sortKey: afterSort };
  const stillKeyed = new Set(
    keyAttributesOf({ ...table, indexes: table.indexes.filter((candidate) => candidate !== index) }).map((attribute) => attribute.name),
  );
  const removedAttributes = replaced.filter((name) => !stillKeyed.has(name) && !keyNames.includes(name));
  const inIndex = new Set(entities.map((entity) => entity.name));
  const templateFor = (entity: EntityDesign, attribute: TypedFieldAttribute) => keyTemplateOf(entity, attribute.name) ?? attribute.template;
  const convertedTable: TableDesign = {
    ...table,
    indexes: table.indexes.map((candidate) => (candidate === index ? after : candidate)),
    entities: table.entities.map((entity) => {
      const keys = Object.fromEntries(Object.entries(entity.keys).filter(([name]) => !removedAttributes.includes(name)));
      if (inIndex.has(entity.name)) for (const attribute of typed) setOwnValue(keys, attribute.name, templateFor(entity, attribute));
      return { ...entity, keys };
    }),
    accessPatterns: table.accessPatterns.map((pattern) => (pattern.index === index.name && newName !== index.name ? { ...pattern, index: newName } : pattern)),
  };
  const outsider = convertedTable.entities.find((entity) => !inIndex.has(entity.name) && joinsIndex(entity, after));
  if (outsider) {
    return fail(
      `${outsider.name} is not in ${index.name} now, but its items carry ${keyNames.join(', ')} too, so they would appear in the converted index. Rename the typed attributes' fields, or keep the concatenated key.`,
    );
  }

  const side = (plan: KeySidePlan, typedAttributes: readonly TypedFieldAttribute[]): ConvertedKeySide =>
    plan.kind === 'kept'
      ? plan.side
      : {
          role: plan.role,
          before: [plan.attribute],
          after: typedAttributes.map(({ name, type }) => ({ name, type })),
          converted: true,
          why: `${plan.attribute.name} joins ${plan.fields.map((field) => field.name).join(', ')}${plan.literals.length > 0 ? ` with ${plan.literals.map((text) => JSON.stringify(text)).join(', ')}` : ''}: each field becomes a typed attribute.`,
          source: { attribute: plan.attribute.name, templates: plan.templates },
          typed: typedAttributes.map((attribute) => ({ ...attribute, template: templateFor(entities[0] as EntityDesign, attribute) })),
          droppedLiterals: plan.literals,
        };
  const partition = side(partitionPlan, partitionTyped);
  const sort = side(sortPlan, sortTyped);
  const entityNames = entities.map((entity) => entity.name);
  const patterns = checkConvertedPatterns(table, convertedTable, index, after, sort);
  const backfill = backfillOf(table, entities, [partition, sort]);
  const convertedDesign: Design = { ...design, tables: design.tables.map((candidate) => (candidate === table ? convertedTable : candidate)) };
  return {
    ok: true,
    design: convertedDesign,
    table,
    convertedTable,
    conversion: {
      table: table.name,
      before: index,
      after,
      partition,
      sort,
      entities: entityNames,
      patterns,
      backfill,
      removedAttributes,
      notes: notesOf(index, after, [partition, sort], removedAttributes),
    },
  };
}

function fail(message: string): { readonly ok: false; readonly message: string } {
  return { ok: false, message };
}

/** Whether an entity's items would carry every key attribute of the index (as key templates or attributes): DynamoDB indexes them then. */
function joinsIndex(entity: EntityDesign, index: IndexDesign): boolean {
  return [...index.partitionKey, ...index.sortKey].every(
    (attribute) => keyTemplateOf(entity, attribute.name) !== undefined || entity.attributes.some((other) => other.name === attribute.name),
  );
}

/**
 * Why a typed attribute can't take its field's name: another key attribute
 * of that name with another type or template, or an attribute the items
 * already carry with another type or other values.
 */
function nameConflict(
  table: TableDesign,
  index: IndexDesign,
  entities: readonly EntityDesign[],
  typed: readonly TypedFieldAttribute[],
  replaced: readonly string[],
): string | undefined {
  const keyed = new Map(keyAttributesOf(table).map((attribute) => [attribute.name, attribute] as const));
  for (const attribute of typed) {
    const existing: KeyAttributeDesign | undefined = keyed.get(attribute.name);
    if (replaced.includes(attribute.name)) return `${attribute.name} is both the concatenated attribute and one of its fields: rename the field.`;
    if (existing && existing.type !== attribute.type) {
      return `${attribute.name} already keys ${table.name} as type ${existing.type}, but the multi-attribute key of ${index.name} needs it as ${attribute.type}: rename the field ${attribute.field}.`;
    }
    for (const entity of entities) {
      const current = keyTemplateOf(entity, attribute.name);
      if (current !== undefined && !isPlainTemplateOf(current, attribute.field)) {
        return `${entity.name} already writes ${attribute.name} as ${current}, but the multi-attribute key of ${index.name} needs the plain value of ${attribute.field}: rename the field.`;
      }
      const carried = entity.attributes.find((other) => other.name === attribute.name);
      if (carried && carried.type !== attribute.type) {
        return `${entity.name}'s items carry ${attribute.name} as ${carried.type}, but the multi-attribute key of ${index.name} needs ${attribute.name} as ${attribute.type}: rename the field ${attribute.field}.`;
      }
      const differing = carried ? entity.samples.find((sample) => !sameStoredValue(sample.attributes?.[attribute.name], sample.values, attribute)) : undefined;
      if (differing) {
        return `${entity.name} sample ${differing.id} carries ${attribute.name} = ${JSON.stringify(differing.attributes?.[attribute.name])}, which is not its field value ${JSON.stringify(differing.values[attribute.field] ?? '')}: the typed key would overwrite it. Rename the field ${attribute.field}.`;
      }
    }
  }
  return undefined;
}

/** A template that writes exactly one field as it is (`{ts}`, `{ts:epoch(38)}`), with no literal text. */
function isPlainTemplateOf(text: string, field: string): boolean {
  const compiled = compileTemplateText(text);
  return compiled.ok && compiled.value.template.segments.length === 1 && compiled.value.fields[0]?.name === field;
}

/** Whether an item's stored attribute holds what the typed key attribute would (absent counts as the same: the key writes it). */
function sameStoredValue(stored: unknown, values: Readonly<Record<string, string>>, attribute: TypedFieldAttribute): boolean {
  if (stored === undefined) return true;
  const compiled = compileTemplateText(attribute.template);
  if (!compiled.ok) return false;
  const encoded = compiled.value.encode(values);
  if (!encoded.ok) return true;
  const typed = typedKeyValue(attribute, encoded.value);
  return typeof typed !== 'string' && JSON.stringify(typed) === JSON.stringify(stored);
}

function notesOf(before: IndexDesign, after: IndexDesign, sides: readonly ConvertedKeySide[], removed: readonly string[]): string[] {
  const notes: string[] = [];
  const names = (attributes: readonly KeyAttributeDesign[]) => attributes.map((attribute) => `${attribute.name} (${attribute.type})`).join(', ') || '(none)';
  notes.push(
    `${after.name} is keyed by ${names(after.partitionKey)} and sorted by ${names(after.sortKey)}, left to right: a Query gives equality on every partition attribute, equality on leading sort attributes, then at most one range or begins_with on the next.`,
  );
  for (const side of sides) {
    if (!side.converted) continue;
    const numbers = side.typed.filter((attribute) => attribute.type === 'N').map((attribute) => attribute.name);
    if (numbers.length > 0) notes.push(`${numbers.join(', ')} ${numbers.length === 1 ? 'is' : 'are'} stored as numbers (N): no padding, no width to outgrow.`);
    if (side.droppedLiterals.length > 0)
      notes.push(
        `The literal text ${side.droppedLiterals.map((text) => JSON.stringify(text)).join(', ')} of ${side.source?.attribute ?? ''} has no place in a multi-attribute key and is dropped.`,
      );
  }
  if (removed.length > 0) {
    const one = removed.length === 1;
    notes.push(
      `${removed.join(', ')} no longer key${one ? 's' : ''} anything: the converted design stops writing ${one ? 'it' : 'them'}; stored items keep ${one ? 'it' : 'them'} until removed.`,
    );
  }
  notes.push(
    before.name === after.name
      ? `DynamoDB can't change a GSI's key schema: the migration deletes ${before.name} and creates it again with the typed key, backfilled.`
      : `DynamoDB can't change a GSI's key schema: the migration creates ${after.name} next to ${before.name}, backfills it, and then ${before.name} can be deleted.`,
  );
  return notes;
}
