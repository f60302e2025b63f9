import type { Design } from '../design.types';

/**
 * Whether a saved value has every part the screens walk (lists where lists
 * are, names where names are), so it can be shown even when its contents
 * don't pass the document rules. The design layer's guard, beside its reader
 * (readDesign): everything the reader accepts has this shape (tested), and the
 * stores ask this for what it refuses (a design saved mid-edit) rather than
 * keep a copy of the shape.
 *
 * @example
 * hasDesignShape({ name: "Shop", description: "", tables: [] }) // true
 * hasDesignShape({ name: "Shop", tables: {} })                  // false
 */
export function hasDesignShape(value: unknown): value is Design {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const isKey = (v: unknown) => isObject(v) && typeof v.name === 'string' && (v.type === 'S' || v.type === 'N' || v.type === 'B');
  const listOf = (v: unknown, check: (element: unknown) => boolean) => Array.isArray(v) && v.every(check);
  const isIndex = (v: unknown) =>
    isObject(v) && typeof v.name === 'string' && listOf(v.partitionKey, isKey) && listOf(v.sortKey, isKey) && isObject(v.projection);
  const isSample = (v: unknown) =>
    isObject(v) && typeof v.id === 'string' && isObject(v.values) && Object.values(v.values).every((text) => typeof text === 'string');
  const isEntity = (v: unknown) =>
    isObject(v) &&
    typeof v.name === 'string' &&
    isObject(v.keys) &&
    Object.values(v.keys).every((text) => typeof text === 'string') &&
    listOf(v.samples, isSample) &&
    Array.isArray(v.attributes) &&
    isObject(v.expectations);
  const isPattern = (v: unknown) =>
    isObject(v) &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    listOf(v.entities, (name) => typeof name === 'string') &&
    isObject(v.partitionValues) &&
    isObject(v.expected) &&
    Array.isArray(v.projection);
  const isTable = (v: unknown) =>
    isObject(v) &&
    typeof v.name === 'string' &&
    isKey(v.partitionKey) &&
    (v.sortKey === undefined || isKey(v.sortKey)) &&
    listOf(v.indexes, isIndex) &&
    listOf(v.entities, isEntity) &&
    listOf(v.accessPatterns, isPattern);
  return isObject(value) && typeof value.name === 'string' && typeof value.description === 'string' && listOf(value.tables, isTable);
}
