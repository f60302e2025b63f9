import { templateFields } from '../../keys';
import { compileTemplateText, findEntity, keyRoleOf, keySchemaOf, keyTemplateOf } from '../designKeys';
import type { TableDesign } from '../design.types';

/** The template fields a pattern's editor asks for, from its first entity's templates for the table or index. */
export interface PatternFields {
  /** Every field of the partition key's template(s), left to right (each needs a value). */
  readonly partition: readonly string[];
  /** The fields of the sort key's template(s), left to right (a prefix of them may be given). */
  readonly sort: readonly string[];
  /** What a result can be ordered by: every template field of the entity, then its attributes. */
  readonly orderBy: readonly string[];
}

/**
 * @example
 * patternFields(shop, "Order")          // { partition: ["customerId"], sort: ["at", "orderId"], orderBy: ["customerId", "at", "orderId", "status", "total"] }
 * patternFields(shop, "Order", "GSI1")  // { partition: ["status"], sort: ["at", "orderId"], … }
 */
export function patternFields(table: TableDesign, entityName: string | undefined, indexName?: string): PatternFields {
  const entity = entityName === undefined ? undefined : findEntity(table, entityName);
  const schema = keySchemaOf(table, indexName);
  if (!entity || !schema) return { partition: [], sort: [], orderBy: [] };
  const fieldsOf = (attribute: string) => {
    const text = keyTemplateOf(entity, attribute);
    if (text === undefined) return [];
    const compiled = compileTemplateText(text, keyRoleOf(table, attribute));
    return compiled.ok ? templateFields(compiled.value.template).map((field) => field.name) : [];
  };
  const unique = (names: readonly string[]) => [...new Set(names)];
  return {
    partition: unique(schema.partition.flatMap((attribute) => fieldsOf(attribute.name))),
    sort: unique(schema.sort.flatMap((attribute) => fieldsOf(attribute.name))),
    orderBy: unique([...Object.keys(entity.keys).flatMap(fieldsOf), ...entity.attributes.map((attribute) => attribute.name)]),
  };
}
