import type { ListTablesCommandInput, ListTablesCommandOutput } from '@aws-sdk/client-dynamodb';
import { compareUtf8 } from '../../keys';
import { ConstraintErrors } from '../requestErrors';
import { type EngineContext } from './context';

const DEFAULT_LIMIT = 100;

/**
 * ListTables: names in ascending order, a page of at most `Limit` (1..100)
 * names after `ExclusiveStartTableName` (which need not exist), and
 * `LastEvaluatedTableName` only when more names follow.
 */
export function listTables(context: EngineContext, input: ListTablesCommandInput): ListTablesCommandOutput {
  const errors = new ConstraintErrors();
  errors.checkName(input.ExclusiveStartTableName, 'exclusiveStartTableName', false);
  errors.checkRange(input.Limit, 'limit', 1, 100);
  errors.throwIfAny();
  const limit = input.Limit ?? DEFAULT_LIMIT;
  const start = input.ExclusiveStartTableName;
  // A table being deleted is still listed until it is gone (TableStates.deletingTables).
  const names = [...context.tables.keys(), ...context.states.deletingTables()]
    .sort(compareUtf8)
    .filter((name) => start === undefined || compareUtf8(name, start) > 0);
  const page = names.slice(0, limit);
  const output: ListTablesCommandOutput = { TableNames: page, $metadata: {} };
  if (names.length > limit) output.LastEvaluatedTableName = page[page.length - 1];
  return output;
}
