import { compileTemplateText, isEntityInIndex, keyRoleOf, type TableDesign, keyTemplateOf } from '../../../design';
import type { KeyTemplate } from '../../../keys';
import type { DesignBinding } from './designBinding';

/** One entity's template for a key attribute, as the query builder encodes bounds with it. */
export interface EntityKeyTemplate {
  readonly entityName: string;
  readonly templateText: string;
  readonly template: KeyTemplate;
}

/**
 * The entities of a design table that have a (valid) template for a key
 * attribute, read through the table or one of its indexes (an entity not in
 * a sparse index is left out), in the design's order.
 *
 * @example
 * entityKeyTemplates(shopTable, "SK").map((entry) => entry.entityName) // ["Customer", "Order", "Address"]
 */
export function entityKeyTemplates(table: TableDesign, attributeName: string, indexName?: string): readonly EntityKeyTemplate[] {
  const found: EntityKeyTemplate[] = [];
  for (const entity of table.entities) {
    const text = keyTemplateOf(entity, attributeName);
    if (text === undefined || !isEntityInIndex(table, entity, indexName)) continue;
    const compiled = compileTemplateText(text, keyRoleOf(table, attributeName));
    if (compiled.ok) found.push({ entityName: entity.name, templateText: text, template: compiled.value.template });
  }
  return found;
}

/** Where the query builder's field-value template comes from: the bound design, one entity of it. */
export interface KeyTemplateSource {
  readonly designName: string;
  readonly tableName: string;
  readonly entityName: string;
  readonly templateText: string;
  /** Every entity with a template for the sort key (the builder offers a choice when there are several). */
  readonly entityNames: readonly string[];
}

/**
 * The template the query builder encodes sort-key bounds with: the chosen
 * entity's (or the first one's) template for the sort key of the table or
 * index, from the bound design; undefined without a binding or a template.
 */
export function sortKeyTemplateOf(
  binding: DesignBinding | undefined,
  sortKeyName: string | undefined,
  indexName: string | undefined,
  entityName: string | undefined,
): { readonly template: KeyTemplate; readonly source: KeyTemplateSource } | undefined {
  if (!binding || !sortKeyName) return undefined;
  // An index the design does not have has no templates.
  if (indexName && !binding.table.indexes.some((index) => index.name === indexName)) return undefined;
  const templates = entityKeyTemplates(binding.table, sortKeyName, indexName || undefined);
  const chosen = templates.find((entry) => entry.entityName === entityName) ?? templates[0];
  if (!chosen) return undefined;
  return {
    template: chosen.template,
    source: {
      designName: binding.designName,
      tableName: binding.table.name,
      entityName: chosen.entityName,
      templateText: chosen.templateText,
      entityNames: templates.map((entry) => entry.entityName),
    },
  };
}
