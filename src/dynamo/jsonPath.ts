/**
 * Paths into JSON, as messages print them: `Items[3].tags.L[2]`, with names
 * that are not identifiers quoted (`attributes["first name"]`); and what a JSON
 * value is, for "must be a string, not a number".
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The path of a member of the object at `base`.
 *
 * @example
 * memberPath("Items[3]", "tags")       // "Items[3].tags"
 * memberPath("Item", "first name")     // 'Item["first name"]'
 */
export function memberPath(base: string, key: string): string {
  if (IDENTIFIER.test(key)) return base ? `${base}.${key}` : key;
  return `${base}[${JSON.stringify(key)}]`;
}

/**
 * The path of an element of the array at `base`.
 *
 * @example
 * elementPath("tags.L", 2) // "tags.L[2]"
 */
export function elementPath(base: string, index: number): string {
  return `${base}[${index}]`;
}

/**
 * What a JSON value is, for messages.
 *
 * @example
 * describeJsonType(12)    // "the number 12"
 * describeJsonType([])    // "a list"
 */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  // JSON.parse reads 1e400 as Infinity: say so, rather than print a number the file never wrote.
  if (typeof value === 'number')
    return Number.isFinite(value) ? `the number ${String(value)}` : `a number too large for JSON to hold (such as 1e400, read as ${String(value)})`;
  if (typeof value === 'boolean') return String(value);
  return typeof value;
}

/** Whether a JSON value is an object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
