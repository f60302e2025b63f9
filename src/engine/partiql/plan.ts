import type { AttributeValue, ConditionCheck, DeleteItemCommandInput, PutItemCommandInput, UpdateItemCommandInput } from '@aws-sdk/client-dynamodb';
import { typeOfAttributeValue, validationError, type Item, type KeySchemaInfo, type PreparedSortKeyCondition } from '../../expressions';
import { compareKeys, type KeyAttributeValue } from '../../keys';
import type { PartiqlDelete, PartiqlExists, PartiqlExpression, PartiqlInsert, PartiqlPath, PartiqlSelect, PartiqlUpdate } from './ast';
import { conjunctsOf, ExpressionWriter, joinConjuncts, outputNameOf } from './translate';

/**
 * What a PartiQL statement asks of a table, in the engine's own request
 * shapes: a SELECT becomes a Query when its WHERE pins the partition key
 * (`pk = v`, or `pk IN [...]`: one Query per value) and a Scan otherwise, as
 * DynamoDB plans it; INSERT, UPDATE, DELETE and EXISTS become PutItem,
 * UpdateItem, DeleteItem and ConditionCheck requests with the WHERE's other
 * conditions as the ConditionExpression. Pure: the caller gives the key schema.
 */

/** The expressions of a plan, as prepareExpressions takes them. */
export interface PlanExpressions {
  readonly FilterExpression?: string;
  readonly ProjectionExpression?: string;
  readonly ExpressionAttributeNames?: Record<string, string>;
  readonly ExpressionAttributeValues?: Record<string, AttributeValue>;
}

export interface SelectPlan {
  readonly tableName: string;
  readonly indexName: string | undefined;
  /** The partition key values to query, in key order, each once; undefined for a Scan. */
  readonly partitions: readonly AttributeValue[] | undefined;
  readonly sortKey: PreparedSortKeyCondition | undefined;
  /** ORDER BY the sort key DESC. */
  readonly descending: boolean;
  /** The rest of the WHERE as a FilterExpression, and the select list as a ProjectionExpression. */
  readonly expressions: PlanExpressions;
  /** The select list's output names (`m.x` → `x`), in order; undefined for `*`. */
  readonly outputNames: readonly string[] | undefined;
}

/** `Key attribute's data type should match its data type in table's schema: Key sk`. */
function keyTypeMismatch(name: string) {
  return validationError(`Key attribute's data type should match its data type in table's schema: Key ${name}`);
}

function isBarePath(expression: PartiqlExpression | undefined, name: string): expression is PartiqlPath {
  return expression?.kind === 'path' && expression.name === name && expression.steps.length === 0;
}

/** `name = v` or `v = name`: v. */
function equalityWith(expression: PartiqlExpression, name: string): AttributeValue | undefined {
  if (expression.kind !== 'compare' || expression.operator !== '=') return undefined;
  if (isBarePath(expression.left, name) && expression.right.kind === 'value') return expression.right.value;
  if (isBarePath(expression.right, name) && expression.left.kind === 'value') return expression.left.value;
  return undefined;
}

function checkKeyType(value: AttributeValue, attribute: { readonly name: string; readonly type: string }): void {
  if (typeOfAttributeValue(value) !== attribute.type) throw keyTypeMismatch(attribute.name);
}

const FLIPPED = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const;

/** The first conjunct that is a sort-key condition a Query can use, with its index. */
function findSortKeyCondition(
  conjuncts: readonly PartiqlExpression[],
  sortKey: NonNullable<KeySchemaInfo['sortKey']>,
): { condition: PreparedSortKeyCondition; index: number } | undefined {
  for (const [index, conjunct] of conjuncts.entries()) {
    if (conjunct.kind === 'compare' && conjunct.operator !== '<>') {
      const forward = isBarePath(conjunct.left, sortKey.name) && conjunct.right.kind === 'value';
      const backward = isBarePath(conjunct.right, sortKey.name) && conjunct.left.kind === 'value';
      if (!forward && !backward) continue;
      const value = (forward ? conjunct.right : conjunct.left) as { value: AttributeValue };
      checkKeyType(value.value, sortKey);
      return { condition: { operator: forward ? conjunct.operator : FLIPPED[conjunct.operator], value: value.value }, index };
    }
    if (conjunct.kind === 'between' && isBarePath(conjunct.operand, sortKey.name) && conjunct.low.kind === 'value' && conjunct.high.kind === 'value') {
      checkKeyType(conjunct.low.value, sortKey);
      checkKeyType(conjunct.high.value, sortKey);
      // A BETWEEN with its bounds reversed matches nothing; the filter says so, as DynamoDB's validator words it.
      if (compareKeys(conjunct.low.value as KeyAttributeValue, conjunct.high.value as KeyAttributeValue) > 0) continue;
      return { condition: { operator: 'between', low: conjunct.low.value, high: conjunct.high.value }, index };
    }
    if (conjunct.kind === 'call' && conjunct.name === 'begins_with' && sortKey.type !== 'N') {
      const [operand, prefix] = conjunct.args;
      if (conjunct.args.length === 2 && isBarePath(operand, sortKey.name) && prefix?.kind === 'value' && typeOfAttributeValue(prefix.value) === sortKey.type) {
        return { condition: { operator: 'begins_with', prefix: prefix.value }, index };
      }
    }
  }
  return undefined;
}

/** Plans a SELECT on a table or index with key schema `keys`. */
export function planSelect(select: PartiqlSelect, keys: KeySchemaInfo): SelectPlan {
  const conjuncts = conjunctsOf(select.where);
  const partitionKey = keys.partitionKey;
  let partitions: AttributeValue[] | undefined;
  let used = new Set<number>();
  for (const [index, conjunct] of conjuncts.entries()) {
    const value = equalityWith(conjunct, partitionKey.name);
    if (value) partitions = [value];
    else if (conjunct.kind === 'in' && isBarePath(conjunct.operand, partitionKey.name) && conjunct.list.every((item) => item.kind === 'value')) {
      partitions = conjunct.list.map((item) => (item as { value: AttributeValue }).value);
    } else continue;
    used = new Set([index]);
    break;
  }
  let sortKey: PreparedSortKeyCondition | undefined;
  if (partitions) {
    for (const value of partitions) checkKeyType(value, partitionKey);
    // DynamoDB Local queries IN's partitions in key order, each once.
    partitions = [...partitions].sort((a, b) => compareKeys(a as KeyAttributeValue, b as KeyAttributeValue));
    partitions = partitions.filter((value, i) => i === 0 || compareKeys(value as KeyAttributeValue, partitions?.[i - 1] as KeyAttributeValue) !== 0);
    const found = keys.sortKey
      ? findSortKeyCondition(
          conjuncts.filter((_, i) => !used.has(i)),
          keys.sortKey,
        )
      : undefined;
    if (found) {
      sortKey = found.condition;
      const remaining = conjuncts.map((_, i) => i).filter((i) => !used.has(i));
      used.add(remaining[found.index] as number);
    }
  }

  let descending = false;
  if (select.orderBy.length > 0) {
    if (!select.where) throw validationError('Must have WHERE clause in the statement when using ORDER BY clause.');
    if (!partitions) throw validationError('Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.');
    for (const order of select.orderBy) {
      if (order.name !== partitionKey.name && order.name !== keys.sortKey?.name) {
        throw validationError(`Variable reference ${order.name} in ORDER BY clause must be part of the primary key`);
      }
    }
    descending = select.orderBy.find((order) => order.name === keys.sortKey?.name)?.descending ?? false;
  }

  const { expressions, outputNames } = selectExpressions(joinConjuncts(conjuncts.filter((_, i) => !used.has(i))), select.projection);
  return { tableName: select.target.tableName, indexName: select.target.indexName, partitions, sortKey, descending, expressions, outputNames };
}

/** A SELECT's remaining conditions as a FilterExpression and its select list as a ProjectionExpression. */
function selectExpressions(filter: PartiqlExpression | undefined, projection: readonly PartiqlPath[] | undefined) {
  const writer = new ExpressionWriter();
  const expressions: { -readonly [K in keyof PlanExpressions]: PlanExpressions[K] } = {};
  if (filter) expressions.FilterExpression = writer.condition(filter);
  let outputNames: string[] | undefined;
  if (projection) {
    outputNames = projection.map(outputNameOf);
    const duplicate = outputNames.find((name, i) => outputNames?.indexOf(name) !== i);
    if (duplicate !== undefined) throw validationError(`Duplicate identifiers in select clause: ${duplicate}`);
    expressions.ProjectionExpression = projection.map((path) => writer.path(path)).join(', ');
  }
  Object.assign(expressions, writer.parameters());
  return { expressions: expressions as PlanExpressions, outputNames };
}

/** The table's key from the WHERE's equalities, and the other conditions; undefined unless every key attribute has one. */
function keyFromWhere(where: PartiqlExpression | undefined, keys: KeySchemaInfo): { key: Item; rest: PartiqlExpression[] } | undefined {
  const conjuncts = conjunctsOf(where);
  const key: Item = {};
  const used = new Set<number>();
  for (const attribute of [keys.partitionKey, keys.sortKey]) {
    if (!attribute) continue;
    const index = conjuncts.findIndex((conjunct, i) => !used.has(i) && equalityWith(conjunct, attribute.name) !== undefined);
    if (index < 0) return undefined;
    const value = equalityWith(conjuncts[index] as PartiqlExpression, attribute.name) as AttributeValue;
    checkKeyType(value, attribute);
    Object.defineProperty(key, attribute.name, { value, enumerable: true, writable: true, configurable: true });
    used.add(index);
  }
  return { key, rest: conjuncts.filter((_, i) => !used.has(i)) };
}

function requireKeyFromWhere(where: PartiqlExpression | undefined, keys: KeySchemaInfo) {
  const found = keyFromWhere(where, keys);
  if (!found) throw validationError('Where clause does not contain a mandatory equality on all key attributes');
  return found;
}

/** `attribute_exists(pk)` AND the other conditions, written by `writer`. */
function existsAnd(writer: ExpressionWriter, keys: KeySchemaInfo, rest: readonly PartiqlExpression[]): string {
  const exists: PartiqlExpression = { kind: 'call', name: 'attribute_exists', args: [{ kind: 'path', name: keys.partitionKey.name, steps: [] }] };
  return writer.condition(joinConjuncts([exists, ...rest]) as PartiqlExpression);
}

/**
 * INSERT: the item must have the table's key attributes, of their types, and
 * must not exist yet (the caller turns the failed condition into
 * DuplicateItemException).
 */
export function planInsert(insert: PartiqlInsert, keys: KeySchemaInfo): PutItemCommandInput {
  for (const attribute of [keys.partitionKey, keys.sortKey]) {
    if (!attribute) continue;
    const value = Object.hasOwn(insert.item, attribute.name) ? insert.item[attribute.name] : undefined;
    if (!value) throw validationError(`Key attribute should be present in the item: Key ${attribute.name}`);
    checkKeyType(value, attribute);
  }
  const writer = new ExpressionWriter();
  const ConditionExpression = `attribute_not_exists(${writer.name(keys.partitionKey.name)})`;
  return { TableName: insert.tableName, Item: insert.item, ConditionExpression, ...writer.parameters() };
}

/** UPDATE: the item must exist (UPDATE never creates one) and meet the WHERE's other conditions. */
export function planUpdate(update: PartiqlUpdate, keys: KeySchemaInfo): UpdateItemCommandInput {
  const { key, rest } = requireKeyFromWhere(update.where, keys);
  const writer = new ExpressionWriter();
  const UpdateExpression = writer.update(update.actions);
  const ConditionExpression = existsAnd(writer, keys, rest);
  const input: UpdateItemCommandInput = { TableName: update.tableName, Key: key, UpdateExpression, ConditionExpression, ...writer.parameters() };
  if (update.returning) input.ReturnValues = update.returning;
  return input;
}

/** DELETE: deleting an item that does not exist succeeds, unless the WHERE has other conditions. */
export function planDelete(statement: PartiqlDelete, keys: KeySchemaInfo): DeleteItemCommandInput {
  const { key, rest } = requireKeyFromWhere(statement.where, keys);
  const input: DeleteItemCommandInput = { TableName: statement.tableName, Key: key };
  const condition = joinConjuncts(rest);
  if (condition) {
    // The Developer Guide (PartiQL DELETE): with no item of that key, "SUCCESS is returned with 0 items deleted";
    // the WHERE's other conditions apply to an item that exists.
    const missing: PartiqlExpression = { kind: 'is', operand: { kind: 'path', name: keys.partitionKey.name, steps: [] }, test: 'MISSING', negated: false };
    const writer = new ExpressionWriter();
    input.ConditionExpression = writer.condition({ kind: 'or', left: missing, right: condition });
    Object.assign(input, writer.parameters());
  }
  if (statement.returning) input.ReturnValues = statement.returning;
  return input;
}

/** EXISTS(SELECT … WHERE key AND conditions): a ConditionCheck that the item exists and meets them. */
export function planExists(exists: PartiqlExists, keys: KeySchemaInfo): ConditionCheck | undefined {
  const found = keyFromWhere(exists.select.where, keys);
  if (!found) return undefined;
  const writer = new ExpressionWriter();
  const ConditionExpression = existsAnd(writer, keys, found.rest);
  return { TableName: exists.select.target.tableName, Key: found.key, ConditionExpression, ...writer.parameters() };
}

/** A SELECT of one item by its full key (BatchExecuteStatement, ExecuteTransaction), or undefined when it is not one. */
export interface GetPlan {
  readonly tableName: string;
  readonly key: Item;
  /** The WHERE's other conditions, as a FilterExpression, and the select list. */
  readonly expressions: PlanExpressions;
  readonly outputNames: readonly string[] | undefined;
}

export function planGet(select: PartiqlSelect, keys: KeySchemaInfo): GetPlan | undefined {
  if (select.target.indexName !== undefined) return undefined;
  const found = keyFromWhere(select.where, keys);
  if (!found) return undefined;
  const { expressions, outputNames } = selectExpressions(joinConjuncts(found.rest), select.projection);
  return { tableName: select.target.tableName, key: found.key, expressions, outputNames };
}
