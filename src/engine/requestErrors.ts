import { DynamoDBError, validationError } from '../expressions';

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

  /** Records that `value` at `path` (DynamoDB's lower-camel member path) breaks `constraint`. */
  add(value: unknown, path: string, constraint: string): void {
    const shown = value === null || value === undefined ? 'null' : `'${formatValue(value)}'`;
    this.errors.push(`Value ${shown} at '${path}' failed to satisfy constraint: ${constraint}`);
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
    if (!/^[a-zA-Z0-9_.-]+$/.test(text)) this.add(text, path, 'Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+');
    if (text.length < 3) this.add(text, path, 'Member must have length greater than or equal to 3');
    if (text.length > 255) this.add(text, path, 'Member must have length less than or equal to 255');
  }

  /** An enum member. */
  checkEnum(value: unknown, path: string, allowed: readonly string[]): void {
    if (value === undefined || value === null) return;
    if (!allowed.includes(String(value))) this.add(value, path, `Member must satisfy enum value set: [${allowed.join(', ')}]`);
  }

  /** An integer member with bounds. */
  checkRange(value: number | undefined, path: string, min?: number, max?: number): void {
    if (value === undefined || value === null) return;
    if (min !== undefined && !(value >= min)) this.add(value, path, `Member must have value greater than or equal to ${min}`);
    if (max !== undefined && !(value <= max)) this.add(value, path, `Member must have value less than or equal to ${max}`);
  }

  /** Throws the collected errors, if any. */
  throwIfAny(): void {
    if (this.errors.length === 0) return;
    const count = this.errors.length;
    throw validationError(`${count} validation error${count > 1 ? 's' : ''} detected: ${this.errors.join('; ')}`);
  }
}

function formatValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return String(value);
}

/**
 * `ResourceNotFoundException: Requested resource not found` — real DynamoDB's
 * text (DynamoDB Local says `Cannot do operations on a non-existent table`).
 */
export function resourceNotFound(): DynamoDBError {
  return new DynamoDBError('ResourceNotFoundException', 'Requested resource not found');
}

/** A required parameter of an operation is missing: `The parameter 'TableName' is required but was not present in the request`. */
export function missingParameter(name: string): DynamoDBError {
  return validationError(`The parameter '${name}' is required but was not present in the request`);
}
