/**
 * Records keyed by names from outside (attribute names, key attribute names, template field names) read
 * and written by own property only. DynamoDB allows any name, `__proto__`, `constructor` and `toString`
 * included; a plain `record[name]` finds `Object.prototype` or its methods for those when the record does
 * not have them, and a plain `record['__proto__'] = value` sets the prototype instead of an entry.
 */

/**
 * `record[key]` if `key` is the record's own property, else `undefined`.
 *
 * @example
 * ownValue({ PK: 'A#{id}' }, 'PK')          // 'A#{id}'
 * ownValue({ PK: 'A#{id}' }, 'constructor') // undefined (not Object)
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Sets `record[key]` as an own, enumerable property, also for the key `__proto__` (which a plain
 * assignment would treat as the prototype).
 *
 * @example
 * const keys = {}; setOwnValue(keys, '__proto__', 'A#{id}'); Object.keys(keys) // ['__proto__']
 */
export function setOwnValue<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
