import { toWireJsonValue } from '../dynamo';
import { DynamoDBError, validationError } from '../expressions';

/** A table or index name's constraints: the pattern, then the lengths, in DynamoDB's wording. */
const NAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
const NAME_MIN_LENGTH = 3;
const NAME_MAX_LENGTH = 255;
const NAME_CONSTRAINTS = [
  `Member must have length less than or equal to ${NAME_MAX_LENGTH}`,
  `Member must have length greater than or equal to ${NAME_MIN_LENGTH}`,
  'Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+',
];

/**
 * DynamoDB's request-shape errors: every violated member constraint is
 * collected and reported in one ValidationException,
 * `2 validation errors detected: Value 'a;' at 'tableName' failed to satisfy
 * constraint: …; Value …`. DynamoDB checks these before it looks at any
 * table, so a bad Limit on a missing table is a ValidationException, not a
 * ResourceNotFoundException.
 */
export class ConstraintErrors {
  private readonly errors: string[] = [];
  /** Map-wide constraints already reported (once per map, whatever number of entries break them). */
  private readonly reported = new Set<string>();

  /** Records that `value` at `path` (DynamoDB's lower-camel member path) breaks `constraint`. */
  add(value: unknown, path: string, constraint: string): void {
    const shown = value === null || value === undefined ? 'null' : `'${formatValue(value)}'`;
    this.errors.push(`Value ${shown} at '${path}' failed to satisfy constraint: ${constraint}`);
  }

  /**
   * Records a violation in DynamoDB's newer form, which echoes no value and
   * spells the member path as the API does: `Value at 'Limit' failed to
   * satisfy constraint: …` (see memberConstraints.ts, UNECHOED_MEMBERS).
   */
  addUnechoed(path: string, constraint: string): void {
    this.errors.push(`Value at '${path}' failed to satisfy constraint: ${constraint}`);
  }

  /** A required member is missing. */
  requireValue(value: unknown, path: string): boolean {
    if (value !== undefined && value !== null) return true;
    this.add(value, path, 'Member must not be null');
    return false;
  }

  /** A table or index name: `[a-zA-Z0-9_.-]+`, 3..255 characters. */
  checkName(name: unknown, path: string, required = true): void {
    if (name === undefined || name === null) {
      if (required) this.add(name, path, 'Member must not be null');
      return;
    }
    const text = String(name);
    if (!NAME_PATTERN.test(text)) this.add(text, path, 'Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+');
    if (text.length < NAME_MIN_LENGTH) this.add(text, path, `Member must have length greater than or equal to ${NAME_MIN_LENGTH}`);
    if (text.length > NAME_MAX_LENGTH) this.add(text, path, `Member must have length less than or equal to ${NAME_MAX_LENGTH}`);
  }

  /** True when `name` is a valid table or index name. */
  static isValidName(name: string): boolean {
    return NAME_PATTERN.test(name) && name.length >= NAME_MIN_LENGTH && name.length <= NAME_MAX_LENGTH;
  }

  /** A map keyed by table names has a bad key: reported once for the map, the map echoed as JSON (nubo-db/dynamodb-conformance's capture). */
  addMapKeys(map: Readonly<Record<string, unknown>>, path: string): void {
    const constraint = `Map keys must satisfy constraint: [${NAME_CONSTRAINTS.join(', ')}]`;
    if (this.reported.has(`${path}\u0000${constraint}`)) return;
    this.reported.add(`${path}\u0000${constraint}`);
    this.errors.push(`Value '${JSON.stringify(toWireJsonValue(map))}' at '${path}' failed to satisfy constraint: ${constraint}`);
  }

  /**
   * A value of a map (BatchWriteItem's list of requests for one table) has the
   * wrong length: reported once for the map, echoed in Java's map form
   * `{table=[…]}` as DynamoDB does.
   */
  checkMapValueLength(map: Readonly<Record<string, unknown>>, path: string, value: unknown, min: number, max?: number): void {
    const length = Array.isArray(value) ? value.length : 0;
    if (length >= min && (max === undefined || length <= max)) return;
    const bounds = [
      ...(max === undefined ? [] : [`Member must have length less than or equal to ${max}`]),
      `Member must have length greater than or equal to ${min}`,
    ];
    const constraint = `Map value must satisfy constraint: [${bounds.join(', ')}]`;
    if (this.reported.has(`${path}\u0000${constraint}`)) return;
    this.reported.add(`${path}\u0000${constraint}`);
    const shown = Object.entries(map).map(([name, entries]) => `${name}=${formatValue(entries)}`);
    this.errors.push(`Value '{${shown.join(', ')}}' at '${path}' failed to satisfy constraint: ${constraint}`);
  }

  /** The number of entries of a list or map; `unechoedMax` reports a too long one at that path in the newer form ({@link addUnechoed}). */
  checkLength(value: unknown, path: string, min: number, max?: number, unechoedMax?: string): void {
    if (value === undefined || value === null || typeof value !== 'object') return;
    const length = Array.isArray(value) ? value.length : Object.keys(value).length;
    if (length < min) this.add(value, path, `Member must have length greater than or equal to ${min}`);
    if (max !== undefined && length > max) {
      const constraint = `Member must have length less than or equal to ${max}`;
      if (unechoedMax === undefined) this.add(value, path, constraint);
      else this.addUnechoed(unechoedMax, constraint);
    }
  }

  /** An enum member. */
  checkEnum(value: unknown, path: string, allowed: readonly string[]): void {
    if (value === undefined || value === null) return;
    if (!allowed.includes(String(value))) this.add(value, path, `Member must satisfy enum value set: [${allowed.join(', ')}]`);
  }

  /** An integer member with bounds; `unechoed` reports it at that path in the newer form ({@link addUnechoed}). */
  checkRange(value: number | undefined, path: string, min?: number, max?: number, unechoed?: string): void {
    if (value === undefined || value === null) return;
    const add = (constraint: string) => (unechoed === undefined ? this.add(value, path, constraint) : this.addUnechoed(unechoed, constraint));
    if (min !== undefined && !(value >= min)) add(`Member must have value greater than or equal to ${min}`);
    if (max !== undefined && !(value <= max)) add(`Member must have value less than or equal to ${max}`);
  }

  /** Throws the collected errors, if any. */
  throwIfAny(): void {
    if (this.errors.length === 0) return;
    const count = this.errors.length;
    throw validationError(`${count} validation error${count > 1 ? 's' : ''} detected: ${this.errors.join('; ')}`);
  }
}

/** A value as DynamoDB's messages echo it: lists as `[a, b]`, structures and maps as their JSON, scalars as text. */
function formatValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(toWireJsonValue(value));
  return String(value);
}

/**
 * `ResourceNotFoundException: Requested resource not found` — real DynamoDB's
 * text (DynamoDB Local says `Cannot do operations on a non-existent table`).
 */
export function resourceNotFound(): DynamoDBError {
  return new DynamoDBError('ResourceNotFoundException', 'Requested resource not found');
}

/**
 * An empty TableName, for the operations whose TableName also accepts the
 * table's ARN (1..1024 characters, API reference): DynamoDB's first layer
 * refuses the empty string alone and stops there, `1 validation error
 * detected: Value '' at 'tableName' failed to satisfy constraint: Member must
 * have length greater than or equal to 1` (nubo-db/dynamodb-conformance
 * records that an invalid ReturnValues beside it is not reported). Other bad
 * names go through {@link ConstraintErrors.checkName} with the rest.
 */
export function refuseEmptyTableName(name: unknown): void {
  if (name !== '') return;
  const errors = new ConstraintErrors();
  errors.add('', 'tableName', 'Member must have length greater than or equal to 1');
  errors.throwIfAny();
}

/** A required parameter of an operation is missing: `The parameter 'TableName' is required but was not present in the request`. */
export function missingParameter(name: string): DynamoDBError {
  return validationError(`The parameter '${name}' is required but was not present in the request`);
}
