import type { AccessPatternDesign, TableDesign } from '../design.types';

/**
 * Pure edits of a table's access patterns: each returns a new table (the
 * designs store replaces the design with it), or the same table when
 * nothing changes, so an edit that does nothing stores nothing.
 */

/** An id not yet used by a pattern of the table, from the name ("Customer's items" → "customer-s-items"). */
export function newPatternId(table: TableDesign, name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'pattern';
  const taken = new Set(table.accessPatterns.map((pattern) => pattern.id));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** A blank pattern for the table: its first entity, the table itself, ascending, no sort condition. */
export function blankAccessPattern(table: TableDesign, name = 'New access pattern'): AccessPatternDesign {
  const entity = table.entities[0]?.name;
  return {
    id: newPatternId(table, name),
    name,
    description: '',
    entities: entity ? [entity] : [],
    partitionValues: {},
    direction: 'ascending',
    projection: [],
    consistentRead: false,
    expected: {},
  };
}

/** Adds a pattern at the end; its id is made unique in the table when it clashes. */
export function addAccessPattern(table: TableDesign, pattern: AccessPatternDesign): TableDesign {
  const id = table.accessPatterns.some((existing) => existing.id === pattern.id) ? newPatternId(table, pattern.id) : pattern.id;
  return { ...table, accessPatterns: [...table.accessPatterns, { ...pattern, id }] };
}

/** Replaces the pattern with this id (keeping its id and place); the same table when there is none. */
export function updateAccessPattern(table: TableDesign, id: string, change: (pattern: AccessPatternDesign) => AccessPatternDesign): TableDesign {
  let changed = false;
  const accessPatterns = table.accessPatterns.map((pattern) => {
    if (pattern.id !== id) return pattern;
    const next = change(pattern);
    if (next === pattern) return pattern;
    changed = true;
    return { ...next, id };
  });
  return changed ? { ...table, accessPatterns } : table;
}

export function removeAccessPattern(table: TableDesign, id: string): TableDesign {
  const accessPatterns = table.accessPatterns.filter((pattern) => pattern.id !== id);
  return accessPatterns.length === table.accessPatterns.length ? table : { ...table, accessPatterns };
}

/** A copy right after the original, named "<name> (copy)" with a fresh id. */
export function duplicateAccessPattern(table: TableDesign, id: string): TableDesign {
  const position = table.accessPatterns.findIndex((pattern) => pattern.id === id);
  const original = table.accessPatterns[position];
  if (!original) return table;
  const name = `${original.name} (copy)`;
  const copy = { ...original, id: newPatternId(table, name), name };
  return { ...table, accessPatterns: [...table.accessPatterns.slice(0, position + 1), copy, ...table.accessPatterns.slice(position + 1)] };
}
