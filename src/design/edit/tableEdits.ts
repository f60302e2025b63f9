import type { Design, EntityDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { emptyTable } from '../emptyDesign';

/**
 * Edits of a design, as pure functions: each takes what to change and returns
 * `(design) => design`, the shape `designStore.updateDesign(id, change)`
 * takes. An edit that changes nothing (an unknown table, the same value)
 * returns the design it was given, so the store does not record a change.
 * Names are checked by the UI before they get here (see validateName); an
 * edit that would break a design (a duplicate name) is refused the same way.
 */
export type DesignChange = (design: Design) => Design;

/** Applies several changes in order, as one. */
export function composeChanges(...changes: readonly DesignChange[]): DesignChange {
  return (design) => changes.reduce((current, change) => change(current), design);
}

/** Replaces one table through `change`; the design is unchanged when the table is unknown or `change` returns it as is. */
export function changeTable(tableName: string, change: (table: TableDesign) => TableDesign): DesignChange {
  return (design) => {
    const index = design.tables.findIndex((table) => table.name === tableName);
    const current = design.tables[index];
    if (!current) return design;
    const next = change(current);
    if (next === current) return design;
    return { ...design, tables: design.tables.map((table, i) => (i === index ? next : table)) };
  };
}

/** Replaces one entity of a table through `change`. */
export function changeEntity(tableName: string, entityName: string, change: (entity: EntityDesign) => EntityDesign): DesignChange {
  return changeTable(tableName, (table) => {
    const index = table.entities.findIndex((entity) => entity.name === entityName);
    const current = table.entities[index];
    if (!current) return table;
    const next = change(current);
    if (next === current) return table;
    return { ...table, entities: table.entities.map((entity, i) => (i === index ? next : entity)) };
  });
}

/**
 * Why a name can't be used, or undefined when it can: not blank, and not one
 * of `taken` (the other tables, entities or indexes of the same list).
 *
 * @example
 * validateName("", [], "A table") // "A table needs a name."
 * validateName("Order", ["Order"], "An entity") // 'An entity called "Order" already exists: choose another name.'
 */
export function validateName(name: string, taken: readonly string[], what: string): string | undefined {
  if (name.trim() === '') return `${what} needs a name.`;
  if (name !== name.trim()) return `${what}'s name can't start or end with a space.`;
  if (taken.includes(name)) return `${what} called "${name}" already exists: choose another name.`;
  return undefined;
}

/** `base`, or `base2`, `base3`… whichever is not taken. */
export function freeName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base}${n}`)) n++;
  return `${base}${n}`;
}

export function setDesignName(name: string): DesignChange {
  return (design) => (design.name === name || name.trim() === '' ? design : { ...design, name });
}

export function setDesignDescription(description: string): DesignChange {
  return (design) => (design.description === description ? design : { ...design, description });
}

/** Adds an empty table keyed PK/SK (strings) under `name` (or Table<n>). */
export function addTable(name?: string): DesignChange {
  return (design) => {
    const taken = design.tables.map((table) => table.name);
    const tableName = name ?? freeName('Table', taken);
    if (validateName(tableName, taken, 'A table')) return design;
    return { ...design, tables: [...design.tables, emptyTable(tableName)] };
  };
}

export function renameTable(tableName: string, newName: string): DesignChange {
  return (design) => {
    if (tableName === newName) return design;
    if (
      validateName(
        newName,
        design.tables.map((table) => table.name),
        'A table',
      )
    )
      return design;
    return changeTable(tableName, (table) => ({ ...table, name: newName }))(design);
  };
}

/** Removes a table (the UI asks first); a design keeps at least one table. */
export function removeTable(tableName: string): DesignChange {
  return (design) => {
    if (design.tables.length <= 1 || !design.tables.some((table) => table.name === tableName)) return design;
    return { ...design, tables: design.tables.filter((table) => table.name !== tableName) };
  };
}

export function setTableDescription(tableName: string, description: string): DesignChange {
  return changeTable(tableName, (table) => (table.description === description ? table : { ...table, description }));
}

/**
 * Sets the table's partition and sort key (no sort key: undefined). A
 * renamed key attribute carries the entities' templates with it, so
 * renaming `PK` to `pk` keeps every entity's partition-key template; an LSI
 * repeats the table's partition key, so it follows too.
 */
export function setTableKeys(tableName: string, partitionKey: KeyAttributeDesign, sortKey: KeyAttributeDesign | undefined): DesignChange {
  return changeTable(tableName, (table) => {
    if (sortKey && sortKey.name === partitionKey.name) return table;
    if (sameAttribute(table.partitionKey, partitionKey) && sameAttribute(table.sortKey, sortKey)) return table;
    const renames = new Map<string, string>();
    if (table.partitionKey.name !== partitionKey.name) renames.set(table.partitionKey.name, partitionKey.name);
    if (table.sortKey && sortKey && table.sortKey.name !== sortKey.name) renames.set(table.sortKey.name, sortKey.name);
    const entities = table.entities.map((entity) => {
      const keys = renameKeys(entity.keys, renames);
      if (table.sortKey && !sortKey) delete keys[table.sortKey.name];
      return { ...entity, keys };
    });
    const indexes = table.indexes.map((index) => (index.kind === 'LSI' ? { ...index, partitionKey: [partitionKey] } : index));
    const { sortKey: _previous, ...rest } = table;
    return { ...rest, partitionKey, ...(sortKey ? { sortKey } : {}), indexes, entities };
  });
}

function sameAttribute(a: KeyAttributeDesign | undefined, b: KeyAttributeDesign | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.name === b.name && a.type === b.type);
}

/** The entity's templates with key attributes renamed (old name → new name). */
export function renameKeys(keys: Readonly<Record<string, string>>, renames: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(keys).map(([name, text]) => [renames.get(name) ?? name, text]));
}
