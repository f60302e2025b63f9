import { compileTemplateText, keyAttributesOf, keyRoleOf, type EntityRecogniser, type TableDesign, keyTemplateOf } from '../../../design';
import type { KeyTemplate, ReadDirection } from '../../../keys';
import { compareItemOrders, type ItemOrders, type OrderSlice } from '../../compareItemOrders';
import type { Item } from '../../explorer/explorerTypes';

/** One entity's loaded rows, compared under its own template for the sort key. */
export interface EntityOrders {
  readonly entityName: string;
  readonly templateText: string;
  readonly orders: ItemOrders;
  /**
   * Loaded positions of rows in this entity's item collection (their
   * partition key matches its template) whose other keys do not follow its
   * templates: compared as this entity, the way they would be keyed under it.
   */
  readonly collectionOnly: readonly number[];
}

export interface EntityOrderComparison {
  /** One per entity with loaded rows, in the design's order. */
  readonly entities: readonly EntityOrders[];
  /** Loaded positions of the rows that match no entity (nor one entity's item collection). */
  readonly unmatched: readonly number[];
  /** Entities with rows but no template for the sort key compared (not in the comparison). */
  readonly withoutTemplate: readonly { readonly entityName: string; readonly positions: readonly number[] }[];
}

export interface CompareEntityOrdersOptions {
  readonly table: TableDesign;
  readonly recogniser: EntityRecogniser;
  /** The sort key attribute compared: the table's or the index's. */
  readonly sortKeyName: string;
  readonly partitionKeyName?: string;
  /** How the stored sort keys were written, to read missing fields from; default: each entity's own template. */
  readonly storedTemplate?: KeyTemplate;
  readonly direction?: ReadDirection;
  readonly slice?: OrderSlice;
}

/**
 * The loaded rows' orders, entity by entity: each row is recognised by its
 * keys (or, when only its partition key follows an entity's template and
 * just one entity's collection has it, taken as that entity), and each
 * entity's rows are compared under that entity's template for the sort key.
 *
 * @example
 * compareEntityOrders(items, { table: auditLogTable, recogniser, sortKeyName: "SK", partitionKeyName: "PK" }).entities[0].entityName // "Event"
 */
export function compareEntityOrders(items: readonly Item[], options: CompareEntityOrdersOptions): EntityOrderComparison {
  const { table, recogniser, sortKeyName } = options;
  const groups = new Map<string, { items: Item[]; positions: number[]; collectionOnly: number[] }>();
  const unmatched: number[] = [];
  items.forEach((item, index) => {
    const position = index + 1;
    let entity = recogniser.entityOf(item);
    let collectionOnly = false;
    if (!entity) {
      const collections = recogniser.collectionEntitiesOf(item).filter((candidate) => keyTemplateOf(candidate, sortKeyName) !== undefined);
      if (collections.length === 1) [entity, collectionOnly] = [collections[0], true];
    }
    if (!entity) return void unmatched.push(position);
    let group = groups.get(entity.name);
    if (!group) groups.set(entity.name, (group = { items: [], positions: [], collectionOnly: [] }));
    group.items.push(item);
    group.positions.push(position);
    if (collectionOnly) group.collectionOnly.push(position);
  });

  // The sort key's declared type in the design: an N key sorts and means numbers.
  const declaredType = keyAttributesOf(table).find((attribute) => attribute.name === sortKeyName)?.type ?? 'S';
  const entities: EntityOrders[] = [];
  const withoutTemplate: { entityName: string; positions: number[] }[] = [];
  for (const entity of table.entities) {
    const group = groups.get(entity.name);
    if (!group) continue;
    const text = keyTemplateOf(entity, sortKeyName);
    const compiled = text === undefined ? undefined : compileTemplateText(text, keyRoleOf(table, sortKeyName));
    if (text === undefined || !compiled?.ok) {
      withoutTemplate.push({ entityName: entity.name, positions: group.positions });
      continue;
    }
    const orders = compareItemOrders(group.items, {
      template: compiled.value.template,
      sortKeyName,
      positions: group.positions,
      ...(options.partitionKeyName ? { partitionKeyName: options.partitionKeyName } : {}),
      // A row recognised as the entity decodes its own fields from its stored key (unless the user says how it was written).
      storedTemplate: options.storedTemplate ?? compiled.value.template,
      ...(options.direction ? { direction: options.direction } : {}),
      ...(options.slice ? { slice: options.slice } : {}),
      declaredType,
    });
    entities.push({ entityName: entity.name, templateText: text, orders, collectionOnly: group.collectionOnly });
  }
  return { entities, unmatched, withoutTemplate };
}

/**
 * Loaded positions as a short list: runs of three or more become ranges.
 *
 * @example
 * describePositions([1, 2, 3, 4, 7]) // "1–4, 7"
 */
export function describePositions(positions: readonly number[]): string {
  const parts: string[] = [];
  for (let start = 0; start < positions.length;) {
    let end = start;
    while (end + 1 < positions.length && (positions[end + 1] as number) === (positions[end] as number) + 1) end++;
    const first = positions[start] as number;
    const last = positions[end] as number;
    if (end - start >= 2) parts.push(`${first}–${last}`);
    else for (let index = start; index <= end; index++) parts.push(String(positions[index]));
    start = end + 1;
  }
  return parts.join(', ');
}
