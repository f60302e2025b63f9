import type { DesignProblem, JsonAttributeValue, JsonItem } from '../design.types';

/**
 * Reads an untrusted JSON value field by field, collecting every problem
 * with its path (`DataModel[0].KeyAttributes.PartitionKey.AttributeType`)
 * instead of stopping at the first, so one import shows everything to fix.
 */
export class ShapeReader {
  readonly errors: DesignProblem[] = [];
  readonly warnings: DesignProblem[] = [];

  error(path: string, message: string): undefined {
    this.errors.push({ path, message: path ? `${path}: ${message}` : message, severity: 'error' });
    return undefined;
  }

  warn(path: string, message: string): void {
    this.warnings.push({ path, message: path ? `${path}: ${message}` : message, severity: 'warning' });
  }

  object(value: unknown, path: string, what = 'an object'): Record<string, unknown> | undefined {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return this.error(path, `${describe(value)} is not ${what}.`);
  }

  array(value: unknown, path: string, what = 'a list'): readonly unknown[] | undefined {
    if (Array.isArray(value)) return value;
    return this.error(path, `${describe(value)} is not ${what} ([…]).`);
  }

  string(value: unknown, path: string, what = 'a string'): string | undefined {
    if (typeof value === 'string' && value !== '') return value;
    return this.error(path, `${describe(value)} is not ${what}.`);
  }

  /** An optional value: absent (undefined or null) is fine, anything else is read by `read`. */
  optional<T>(value: unknown, read: (value: unknown) => T | undefined): T | undefined {
    return value === undefined || value === null ? undefined : read(value);
  }

  oneOf<T extends string>(value: unknown, path: string, choices: readonly T[]): T | undefined {
    if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
    return this.error(path, `${describe(value)} is not ${choices.slice(0, -1).join(', ')}${choices.length > 1 ? ' or ' : ''}${choices[choices.length - 1]}.`);
  }

  /** An item in DynamoDB JSON, kept exactly (numbers as text, binary as base64). */
  item(value: unknown, path: string): JsonItem | undefined {
    const object = this.object(value, path, 'an item in DynamoDB JSON ({"attr": {"S": "…"}})');
    if (!object) return undefined;
    const entries: [string, JsonAttributeValue][] = [];
    let ok = true;
    for (const [name, attribute] of Object.entries(object)) {
      const read = this.attributeValue(attribute, `${path}.${name}`);
      if (read === undefined) ok = false;
      else entries.push([name, read]);
    }
    // fromEntries: an attribute named __proto__ stays an attribute (an assignment would set the prototype).
    return ok ? Object.fromEntries(entries) : undefined;
  }

  attributeValue(value: unknown, path: string): JsonAttributeValue | undefined {
    const object = this.object(value, path, 'an attribute value in DynamoDB JSON ({"S": "…"}, {"N": "1"}, …)');
    if (!object) return undefined;
    const keys = Object.keys(object);
    if (keys.length !== 1)
      return this.error(
        path,
        `an attribute value has exactly one type key (S, N, B, BOOL, NULL, M, L, SS, NS, BS), not ${keys.length === 0 ? 'none' : keys.join(', ')}.`,
      );
    const type = keys[0]!;
    const inner = object[type];
    const at = `${path}.${type}`;
    switch (type) {
      case 'S':
        return typeof inner === 'string' ? { S: inner } : this.error(at, `${describe(inner)} is not a string.`);
      case 'N':
        if (typeof inner === 'number' && Number.isFinite(inner)) {
          this.warn(at, `the number ${inner} is written without quotes; DynamoDB JSON writes numbers as text ("${inner}"), read as such.`);
          return { N: String(inner) };
        }
        return typeof inner === 'string' ? { N: inner } : this.error(at, `${describe(inner)} is not a number written as text ("1.5").`);
      case 'B':
        return typeof inner === 'string' ? { B: inner } : this.error(at, `${describe(inner)} is not base64 text.`);
      case 'BOOL':
        return typeof inner === 'boolean' ? { BOOL: inner } : this.error(at, `${describe(inner)} is not true or false.`);
      case 'NULL':
        return inner === true ? { NULL: true } : this.error(at, `${describe(inner)} is not true (DynamoDB JSON writes null as {"NULL": true}).`);
      case 'M': {
        const map = this.item(inner, at);
        return map === undefined ? undefined : { M: map };
      }
      case 'L': {
        const list = this.array(inner, at);
        if (!list) return undefined;
        const values = list.map((entry, index) => this.attributeValue(entry, `${at}[${index}]`));
        return values.every((entry) => entry !== undefined) ? { L: values as JsonAttributeValue[] } : undefined;
      }
      case 'SS':
      case 'NS':
      case 'BS': {
        const list = this.array(inner, at);
        if (!list) return undefined;
        if (!list.every((entry) => typeof entry === 'string')) return this.error(at, 'every member of a set is written as text.');
        return { [type]: list as string[] } as unknown as JsonAttributeValue;
      }
      default:
        return this.error(path, `"${type}" is not a DynamoDB type: use S, N, B, BOOL, NULL, M, L, SS, NS or BS.`);
    }
  }
}

/** A value as an error message quotes it: short, and never the whole of a large object. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing (missing)';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 60) + '…' : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
