import type { WorkbenchSourceDesign } from '../design.types';
import { CREDENTIALS_WARNING, SECRET_LIKE, type DocumentReader } from './documentReader';
import { elementPath, isPlainObject, memberPath } from './problemPath';

/** The design key holding a Workbench model's kept shape (see WorkbenchSourceDesign). */
export const WORKBENCH_SOURCE_KEY = 'workbenchSource';
/** The largest kept model (its items taken out, a model is small; a larger one is dropped, not kept). */
export const MAX_WORKBENCH_SOURCE_CHARS = 1024 * 1024;
/** Deeper than any Workbench model nests outside its items. */
const MAX_DEPTH = 32;

/**
 * Plain JSON data with every credential-like key dropped (a Workbench model's
 * DataAccess may hold a MySQL connection): `onDropped` gets each dropped
 * key's path. Undefined when the value nests deeper than any model does.
 *
 * @example
 * withoutCredentials({ DataAccess: { MySql: { password: "x" } } }, "model", console.log) // { DataAccess: { MySql: {} } }
 */
export function withoutCredentials(value: unknown, path: string, onDropped: (path: string) => void, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item, index) => withoutCredentials(item, elementPath(path, index), onDropped, depth + 1));
    return items.includes(undefined) ? undefined : items;
  }
  if (isPlainObject(value)) {
    const entries: [string, unknown][] = [];
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET_LIKE.test(key)) {
        onDropped(memberPath(path, key));
        continue;
      }
      const kept = withoutCredentials(inner, memberPath(path, key), onDropped, depth + 1);
      if (kept === undefined) return undefined;
      entries.push([key, kept]);
    }
    // fromEntries: a key named __proto__ stays a key (an assignment would set the prototype).
    return Object.fromEntries(entries);
  }
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}

/** An object of string lists ({"Orders": ["customer", "order"]}). */
function nameListsOf(value: unknown): boolean {
  return isPlainObject(value) && Object.values(value).every((names) => Array.isArray(names) && names.every((name) => typeof name === 'string'));
}

/**
 * Reads a design's `workbenchSource`. It only shapes a Workbench export, so
 * whatever is wrong with it drops it with a warning (the export is then
 * written from the design alone) and never stops the load.
 */
export function readWorkbenchSource(reader: DocumentReader, raw: Record<string, unknown>): WorkbenchSourceDesign | undefined {
  const value = raw[WORKBENCH_SOURCE_KEY];
  if (value === undefined) return undefined;
  const path = WORKBENCH_SOURCE_KEY;
  const drop = (why: string) => {
    reader.warn(path, `${why}; it was dropped (a NoSQL Workbench export is written from the design alone).`);
    return undefined;
  };
  if (!isPlainObject(value)) return drop('is not an object {"model": {…}, "itemFacets": {…}, "designTag": "…"}');
  for (const key of Object.keys(value))
    if (!['model', 'itemFacets', 'attributeOrder', 'designTag'].includes(key))
      reader.warn(memberPath(path, key), `unknown key "${key}" was dropped (known here: model, itemFacets, attributeOrder, designTag).`);
  const { model, itemFacets, attributeOrder, designTag } = value;
  if (!isPlainObject(model)) return drop('has no model object');
  if (typeof designTag !== 'string') return drop('has no designTag text');
  if (!nameListsOf(itemFacets)) return drop('itemFacets is not an object of facet-name lists');
  if (attributeOrder !== undefined && !(isPlainObject(attributeOrder) && Object.values(attributeOrder).every(nameListsOf)))
    return drop('attributeOrder is not an object of attribute-name lists per facet');
  if (JSON.stringify(model).length > MAX_WORKBENCH_SOURCE_CHARS) return drop(`its model is larger than ${MAX_WORKBENCH_SOURCE_CHARS / 1024 / 1024} MB`);
  const kept = withoutCredentials(model, memberPath(path, 'model'), (at) => reader.warn(at, CREDENTIALS_WARNING));
  if (!isPlainObject(kept)) return drop(`its model nests more than ${MAX_DEPTH} levels deep or holds a value that is not JSON`);
  return {
    model: kept,
    itemFacets: itemFacets as Record<string, string[]>,
    ...(attributeOrder !== undefined ? { attributeOrder: attributeOrder as Record<string, Record<string, string[]>> } : {}),
    designTag,
  };
}
