import { keySchemaOf, keyTemplateOf } from '../designKeys';
import type { AttributeDesign, EntityDesign, EntityExpectations, TableDesign } from '../design.types';
import { changeEntity, changeTable, validateName, type DesignChange } from './tableEdits';
import { setOwnValue } from '../../dynamo';

/**
 * Templates a new entity starts with: `NAME#{id}` for the partition key and
 * `NAME` for the sort key, so it is a valid, distinct item at once.
 * A number or binary key gets a single field (the only thing such a key can hold).
 */
export function defaultEntityKeys(table: TableDesign, entityName: string): Record<string, string> {
  const prefix = entityName.toUpperCase().replace(/[^A-Z0-9_]+/g, '_') || 'ITEM';
  const schema = keySchemaOf(table) ?? { partition: [], sort: [] };
  const keys: Record<string, string> = {};
  for (const attribute of schema.partition) setOwnValue(keys, attribute.name, attribute.type === 'S' ? `${prefix}#{id}` : '{id}');
  for (const attribute of schema.sort) setOwnValue(keys, attribute.name, attribute.type === 'S' ? prefix : '{sort}');
  return keys;
}

/** Adds an entity with default templates (see defaultEntityKeys) and no samples. */
export function addEntity(tableName: string, entityName: string, keys?: Readonly<Record<string, string>>): DesignChange {
  return changeTable(tableName, (table) => {
    if (
      validateName(
        entityName,
        table.entities.map((entity) => entity.name),
        'An entity',
      )
    )
      return table;
    const entity: EntityDesign = {
      name: entityName,
      description: '',
      keys: keys ?? defaultEntityKeys(table, entityName),
      attributes: [],
      samples: [],
      expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
    };
    return { ...table, entities: [...table.entities, entity] };
  });
}

/** Renames an entity, and every access pattern that returns it. */
export function renameEntity(tableName: string, entityName: string, newName: string): DesignChange {
  return changeTable(tableName, (table) => {
    if (entityName === newName || !table.entities.some((entity) => entity.name === entityName)) return table;
    if (
      validateName(
        newName,
        table.entities.map((entity) => entity.name),
        'An entity',
      )
    )
      return table;
    return {
      ...table,
      entities: table.entities.map((entity) => (entity.name === entityName ? { ...entity, name: newName } : entity)),
      accessPatterns: table.accessPatterns.map((pattern) =>
        pattern.entities.includes(entityName) ? { ...pattern, entities: pattern.entities.map((name) => (name === entityName ? newName : name)) } : pattern,
      ),
    };
  });
}

/** Removes an entity (the UI asks first); access patterns no longer list it. */
export function removeEntity(tableName: string, entityName: string): DesignChange {
  return changeTable(tableName, (table) => {
    if (!table.entities.some((entity) => entity.name === entityName)) return table;
    return {
      ...table,
      entities: table.entities.filter((entity) => entity.name !== entityName),
      accessPatterns: table.accessPatterns.map((pattern) =>
        pattern.entities.includes(entityName) ? { ...pattern, entities: pattern.entities.filter((name) => name !== entityName) } : pattern,
      ),
    };
  });
}

export function setEntityDescription(tableName: string, entityName: string, description: string): DesignChange {
  return changeEntity(tableName, entityName, (entity) => (entity.description === description ? entity : { ...entity, description }));
}

/**
 * Sets the template of one key attribute (`text` is valid template text:
 * the UI keeps invalid text as a draft), or removes it (`undefined`: the
 * entity leaves the indexes keyed by that attribute).
 */
export function setEntityKeyTemplate(tableName: string, entityName: string, attributeName: string, text: string | undefined): DesignChange {
  return changeEntity(tableName, entityName, (entity) => {
    if (keyTemplateOf(entity, attributeName) === text) return entity;
    const keys = { ...entity.keys };
    if (text === undefined) delete keys[attributeName];
    else setOwnValue(keys, attributeName, text);
    return { ...entity, keys };
  });
}

/** Replaces the entity's other (non-key) attributes. */
export function setEntityAttributes(tableName: string, entityName: string, attributes: readonly AttributeDesign[]): DesignChange {
  return changeEntity(tableName, entityName, (entity) => ({ ...entity, attributes }));
}

/** Changes to an entity's expectations: `itemCount` or `itemSizeBytes` set to `undefined` is cleared (an emptied field). */
export type ExpectationsChange = {
  readonly [K in keyof EntityExpectations]?: EntityExpectations[K] | (K extends 'itemCount' | 'itemSizeBytes' ? undefined : never);
};

/** Merges `expectations` into the entity's (largest values are replaced as a whole when given). */
export function setExpectations(tableName: string, entityName: string, expectations: ExpectationsChange): DesignChange {
  return changeEntity(tableName, entityName, (entity) => {
    const next: { -readonly [K in keyof ExpectationsChange]: ExpectationsChange[K] } = { ...entity.expectations, ...expectations };
    for (const key of ['itemCount', 'itemSizeBytes'] as const) if (next[key] === undefined) delete next[key];
    return { ...entity, expectations: next as EntityExpectations };
  });
}
