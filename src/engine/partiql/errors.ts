import { validationError, type DynamoDBError } from '../../expressions';

/** The prefix of every PartiQL syntax error, DynamoDB's own text. */
export const MALFORMED_STATEMENT = "Statement wasn't well formed, can't be processed: ";

/**
 * A syntax error: DynamoDB's prefix, then what is wrong and where (line:column,
 * 1-based) — DynamoDB Local only repeats the statement after the prefix.
 */
export function statementError(statement: string, problem: string, offset: number): DynamoDBError {
  const before = statement.slice(0, offset).split('\n');
  const line = before.length;
  const column = (before[before.length - 1] ?? '').length + 1;
  return validationError(`${MALFORMED_STATEMENT}${problem} at ${line}:${column}`);
}
