import { buildSampleItem, keyAttributesOf, keyTemplateOf } from '../designKeys';
import type { EntityDesign, JsonAttributeValue, JsonItem, TableDesign } from '../design.types';
import { positionOfSampleId } from './entityFromItems';

export interface BuiltTableItem {
  readonly entity: EntityDesign;
  readonly item: JsonItem;
}

/**
 * Every sample of a table as the item it is: the keys its templates encode
 * first (table keys, then index keys, as models usually write them), then
 * its other attributes in their own order. The order is the
 * imported model's item order when every sample came from one (ids
 * `item-<n>`), else entity by entity. Samples whose keys cannot be built are
 * left out (a design check reports them; an export never writes a broken key).
 */
export function tableItems(table: TableDesign): BuiltTableItem[] {
  const keyOrder = keyAttributesOf(table).map((attribute) => attribute.name);
  const built: (BuiltTableItem & { readonly position: number | undefined })[] = [];
  for (const entity of table.entities) {
    for (const sample of entity.samples) {
      const result = buildSampleItem(table, entity, sample);
      if (!result.ok) continue;
      const templated = keyOrder.filter((name) => keyTemplateOf(entity, name) !== undefined);
      built.push({ entity, item: keysFirst(result.item, templated), position: positionOfSampleId(sample.id) });
    }
  }
  const positions = built.map((entry) => entry.position);
  const imported = positions.every((position) => position !== undefined) && new Set(positions).size === positions.length;
  if (imported) built.sort((a, b) => a.position! - b.position!);
  return built.map(({ entity, item }) => ({ entity, item }));
}

function keysFirst(item: JsonItem, keyOrder: readonly string[]): JsonItem {
  // Own names only, built with fromEntries: an attribute named constructor or __proto__ is an attribute (an assignment would set the prototype).
  const first = keyOrder.filter((name) => Object.hasOwn(item, name) && item[name] !== undefined);
  const rest = Object.entries(item).filter(([name]) => !first.includes(name));
  return Object.fromEntries([...first.map((name): [string, JsonAttributeValue] => [name, item[name] as JsonAttributeValue]), ...rest]);
}
