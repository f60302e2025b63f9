/**
 * Validation and resolution of a request's expressions: everything DynamoDB
 * checks before it reads an item, with DynamoDB's messages, in DynamoDB's
 * order, ending in the resolved `PreparedExpressions` the evaluator runs.
 * This file runs the steps in order; each step lives in its own module
 * (named after the step below).
 *
 * Order of checks (the first failure is reported), as observed on DynamoDB
 * Local 3.3.1 and recorded by dynalite against live DynamoDB:
 * 1. ExpressionAttributeNames / Values given without expressions; empty
 *    maps; malformed keys (names, then values); invalid values; invalid names.
 *    (./requestChecks.ts)
 * 2. Each expression in turn — UpdateExpression, ConditionExpression,
 *    FilterExpression, ProjectionExpression, KeyConditionExpression — with
 *    one `Checker` per expression (./checker.ts):
 *    - the parser: size, emptiness, syntax and redundant parentheses (in
 *      reading order);
 *    - in document order: list indexes, reserved words, function names and
 *      where functions may stand;
 *    - conditions (./conditions.ts), bottom-up in document order: undefined
 *      names and values, path depth, operand counts, distinct operands,
 *      operand types, BETWEEN bounds, IN size, and the operator count as it
 *      grows past 300;
 *    - updates (./update.ts): repeated sections; the paths written (last
 *      action first), overlapping or conflicting; the values (last action
 *      first, each bottom-up); the depth of the paths values read;
 *    - projections (./projection.ts): the paths (last first), then overlaps.
 * 3. Names, then values, that no expression used (./requestChecks.ts).
 * 4. KeyConditionExpression structure (operators, one condition per key),
 *    then the key schema (missing key, types, empty key values)
 *    (./keyConditions.ts).
 * 5. A Query filter that names a key attribute (./keyConditions.ts).
 */
import type { ConditionNode } from '../ast';
import { validationError } from '../errors';
import type { PreparedExpressions } from '../prepared';
import { Checker, type Context } from './checker';
import { prepareConditionTree } from './conditions';
import { checkFilterKeys, checkKeyConditionStructure, matchKeySchema } from './keyConditions';
import { parsedExpression } from './parseCache';
import { prepareProjectionTree } from './projection';
import { checkRequestMaps, checkUnused, EXPRESSION_ORDER, type ExpressionRequest, type PrepareOptions } from './requestChecks';
import { prepareUpdateTree } from './update';

export type { ExpressionOperation, ExpressionRequest, PrepareOptions } from './requestChecks';

/**
 * Validates a request's expressions together (unused names and values are
 * request-wide) and resolves them: `#name` placeholders become attribute
 * names, `:value` placeholders their AttributeValues. Throws a
 * `DynamoDBError` named `ValidationException` with DynamoDB's message for
 * anything DynamoDB rejects before reading data (see the module comment for
 * the order); its `location` names the expression and the span at fault.
 *
 * @example
 * prepareExpressions(
 *   { KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", FilterExpression: "#st <> :done",
 *     ExpressionAttributeNames: { "#st": "status" },
 *     ExpressionAttributeValues: { ":p": { S: "u1" }, ":s": { S: "EVT#" }, ":done": { S: "done" } } },
 *   { keySchema: { partitionKey: { name: "pk", type: "S" }, sortKey: { name: "sk", type: "S" } }, primaryKeyNames: ["pk", "sk"] },
 * )
 * // { keyCondition: { partitionKey: { name: "pk", value: { S: "u1" } },
 * //                   sortKey: { name: "sk", condition: { operator: "begins_with", prefix: { S: "EVT#" } } } },
 * //   filter: { kind: "compare", operator: "<>", left: { kind: "path", path: ["status"] }, right: { kind: "value", value: { S: "done" } } } }
 * prepareExpressions({ FilterExpression: "name = :n", ExpressionAttributeValues: { ":n": { S: "x" } } })
 * // throws "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: name"
 */
export function prepareExpressions(request: ExpressionRequest, options: PrepareOptions = {}): PreparedExpressions {
  if (typeof request !== 'object' || request === null) throw validationError('The request must be an object');

  // 1. The placeholder maps.
  const { names, values } = checkRequestMaps(request, options.operation);

  // 2. Each expression in turn.
  const context: Context = { names, values, usedNames: new Set(), usedValues: new Set() };
  const result: {
    -readonly [K in keyof PreparedExpressions]: PreparedExpressions[K];
  } = {};
  let keyConditionTree: ConditionNode | undefined;
  let filterTree: ConditionNode | undefined;
  for (const kind of EXPRESSION_ORDER) {
    const text = request[kind] ?? undefined;
    if (text === undefined) continue;
    if (kind === 'UpdateExpression') {
      result.update = { actions: prepareUpdateTree(parsedExpression(kind, text as string), new Checker(kind, text as string, context)) };
    } else if (kind === 'ProjectionExpression') {
      result.projection = prepareProjectionTree(parsedExpression(kind, text as string), new Checker(kind, text as string, context));
    } else {
      const tree = parsedExpression(kind, text as string);
      const prepared = prepareConditionTree(tree, new Checker(kind, text as string, context));
      if (kind === 'ConditionExpression') result.condition = prepared;
      else if (kind === 'FilterExpression') {
        result.filter = prepared;
        filterTree = tree;
      } else keyConditionTree = tree;
    }
  }

  // 3. Names, then values, that no expression used.
  checkUnused(names, context.usedNames, 'ExpressionAttributeNames');
  checkUnused(values, context.usedValues, 'ExpressionAttributeValues');

  // 4. The key condition's structure, then the key schema.
  if (keyConditionTree) {
    const checker = new Checker('KeyConditionExpression', (request.KeyConditionExpression ?? undefined) as string, context);
    const conditions = checkKeyConditionStructure(keyConditionTree, checker, options.keySchema);
    if (options.keySchema) result.keyCondition = matchKeySchema(conditions, options.keySchema);
  }
  // 5. A Query filter on a key attribute.
  if (filterTree && options.primaryKeyNames && options.primaryKeyNames.length > 0) {
    checkFilterKeys(filterTree, new Checker('FilterExpression', (request.FilterExpression ?? undefined) as string, context), options.primaryKeyNames);
  }
  return result;
}
