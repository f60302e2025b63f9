import { resourceNotFound } from '../requestErrors';

/**
 * DynamoDB's order of checks, for every operation:
 *
 * 1. the body's shape (SerializationException: a member of the wrong JSON type);
 * 2. the member constraints, all reported together (`2 validation errors detected: …`);
 * 3. the checks that need no table: the expressions parsed and checked against
 *    the placeholder maps, AttributeValues, throughput bounds, …;
 * 4. the table lookup (ResourceNotFoundException);
 * 5. the checks against the table: key schema, index names, key types.
 *
 * So a Query whose KeyConditionExpression has BETWEEN bounds of two types is a
 * ValidationException even when its table does not exist (architect/dynalite's
 * recordings of live DynamoDB; nubo-db/dynamodb-conformance tier 3).
 *
 * Most operations run step 3 before they look the table up. Where one check
 * of step 3 runs inside a pass that also needs the table (a Query's key
 * condition is prepared against the key schema), the operation hands that
 * pass, without the table's facts, to this: it runs only when the table is
 * missing, so a request to an existing table is prepared once, as before
 * (`findServingTable(context, name) ?? missingTableAfterChecks(() => …)`: the Query hot
 * path allocates nothing more).
 */
export function missingTableAfterChecks(tableIndependentChecks: () => void): never {
  tableIndependentChecks();
  throw resourceNotFound();
}
