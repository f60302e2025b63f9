/**
 * Steps 4 and 5 of preparing a request (see ./index.ts): the structure of a
 * KeyConditionExpression (operators, one condition per key), then the key
 * schema (missing key, types, empty key values); and a Query filter that
 * names a key attribute.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { CallNode, ConditionNode, OperandNode, Span } from '../ast';
import { validationError, type DynamoDBError } from '../errors';
import { attributeValueType } from '../expressionValues';
import type { KeyConditionModel } from '../keyCondition';
import { isMultiAttributeKeySchema } from '../keySchema';
import type { KeySchemaInfo } from '../prepared';
import type { Checker } from './checker';
import { matchMultiAttributeKeySchema, sortConditionOf } from './multiAttributeKeyConditions';

/** Work items of the filter walk: a condition, or an operand. */
type ConditionItem = { readonly condition: ConditionNode } | { readonly operand: OperandNode };

/** One condition of a key condition, after the structure checks, with the value on the right. */
export interface KeyCondition {
  readonly name: string;
  readonly operator: '=' | '<' | '<=' | '>' | '>=' | 'between' | 'begins_with';
  readonly values: readonly AttributeValue[];
  readonly span: Span;
}

const FLIPPED: Readonly<Record<string, KeyCondition['operator']>> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/**
 * DynamoDB's structural rules for a KeyConditionExpression, checked
 * condition by condition in document order (these messages carry no
 * `Invalid KeyConditionExpression: ` prefix). `schema`, when given, lifts the
 * two-condition limit for multi-attribute keys (matchKeySchema counts those).
 */
export function checkKeyConditionStructure(root: ConditionNode, checker: Checker, schema?: KeySchemaInfo): KeyCondition[] {
  const found: KeyCondition[] = [];
  const seen = new Set<string>();
  const stack: ConditionNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as ConditionNode;
    if (node.kind === 'and') {
      stack.push(node.right, node.left);
      continue;
    }
    if (node.kind === 'parens') {
      stack.push(node.inner);
      continue;
    }
    let invalid: string | undefined;
    if (node.kind === 'or' || node.kind === 'not' || node.kind === 'in') invalid = node.kind.toUpperCase();
    else if (node.kind === 'compare' && node.operator === '<>') invalid = '<>';
    else if (node.kind === 'call' && node.name !== 'begins_with') invalid = node.name;
    if (invalid !== undefined) throw checker.failPlain(`Invalid operator used in KeyConditionExpression: ${invalid}`, node.span);

    let operands: readonly OperandNode[];
    if (node.kind === 'compare') operands = [node.left, node.right];
    else if (node.kind === 'between') {
      if (node.operand.kind !== 'path') throw invalidCondition(checker, 'BETWEEN operator must have the key attribute as its first operand', node.span);
      operands = [node.operand, node.low, node.high];
    } else {
      const call = node as CallNode;
      if (call.args[0]?.kind !== 'path') throw invalidCondition(checker, 'begins_with operator must have the key attribute as its first operand', node.span);
      operands = call.args;
    }
    let name: string | undefined;
    let nameAt = 0;
    for (let n = 0; n < operands.length; n++) {
      const operand = operands[n] as OperandNode;
      if (operand.kind === 'path') {
        if (name !== undefined) throw invalidCondition(checker, 'Multiple attribute names used in one condition', node.span);
        if (operand.elements.length > 1) throw checker.failPlain('KeyConditionExpressions cannot have conditions on nested attributes', operand.span);
        name = checker.resolvePath(operand)[0] as string;
        nameAt = n;
      } else if (operand.kind === 'call') {
        throw checker.failPlain('KeyConditionExpressions cannot contain nested operations', operand.span);
      }
    }
    if (name === undefined) throw invalidCondition(checker, 'No key attribute specified', node.span);
    if (seen.has(name)) throw checker.failPlain('KeyConditionExpressions must only contain one condition per key', node.span);
    seen.add(name);
    const values: AttributeValue[] = [];
    for (let n = 0; n < operands.length; n++) {
      const operand = operands[n] as OperandNode;
      if (n !== nameAt) values.push(checker.resolveValue((operand as { ref: string }).ref, operand.span));
    }
    let operator: KeyCondition['operator'];
    if (node.kind === 'compare') operator = nameAt === 0 ? (node.operator as KeyCondition['operator']) : (FLIPPED[node.operator] as KeyCondition['operator']);
    else operator = node.kind === 'between' ? 'between' : 'begins_with';
    found.push({ name, operator, values, span: node.span });
  }
  if (found.length > 2 && !(schema && isMultiAttributeKeySchema(schema))) throw checker.failPlain('Conditions can be of length 1 or 2 only', root.span);
  return found;
}

function invalidCondition(checker: Checker, message: string, span: Span): DynamoDBError {
  return checker.failPlain(`Invalid condition in KeyConditionExpression: ${message}`, span);
}

/** A key schema mismatch, located in the KeyConditionExpression. */
function fail(message: string, span?: Span): DynamoDBError {
  return validationError(message, span ? { expression: 'KeyConditionExpression', span } : { expression: 'KeyConditionExpression' });
}

/** Matches the conditions to the key schema, in DynamoDB's order: partition key (presence, type, operator, emptiness), then sort key. */
export function matchKeySchema(conditions: readonly KeyCondition[], schema: KeySchemaInfo): KeyConditionModel {
  if (isMultiAttributeKeySchema(schema)) return matchMultiAttributeKeySchema(conditions, schema, fail);
  // Loops, not find(): this runs on every Query.
  let partition: KeyCondition | undefined;
  for (const condition of conditions) {
    if (condition.name === schema.partitionKey.name) {
      partition = condition;
      break;
    }
  }
  if (!partition) throw fail(`Query condition missed key schema element: ${schema.partitionKey.name}`);
  checkKeyValues(partition, schema.partitionKey.type, fail);
  if (partition.operator !== '=') throw fail('Query key condition not supported', partition.span);
  checkEmptyKeyValues(partition, fail);
  const partitionValue = partition.values[0] as AttributeValue;
  let other: KeyCondition | undefined;
  for (const condition of conditions) {
    if (condition !== partition) {
      other = condition;
      break;
    }
  }
  if (!other) return { partitionKey: { name: partition.name, value: partitionValue } };
  if (!schema.sortKey) throw fail('Query key condition not supported', other.span);
  if (other.name !== schema.sortKey.name) throw fail(`Query condition missed key schema element: ${schema.sortKey.name}`, other.span);
  checkKeyValues(other, schema.sortKey.type, fail);
  checkEmptyKeyValues(other, fail);
  return { partitionKey: { name: partition.name, value: partitionValue }, sortKey: { name: other.name, condition: sortConditionOf(other) } };
}

export function checkKeyValues(condition: KeyCondition, type: 'S' | 'N' | 'B', fail: (message: string, span?: Span) => DynamoDBError): void {
  for (const value of condition.values) {
    if (attributeValueType(value) !== type)
      throw fail('One or more parameter values were invalid: Condition parameter type does not match schema type', condition.span);
  }
}

export function checkEmptyKeyValues(condition: KeyCondition, fail: (message: string, span?: Span) => DynamoDBError): void {
  for (const value of condition.values) {
    const empty = value.S === '' ? 'string' : value.B !== undefined && value.B.byteLength === 0 ? 'binary' : undefined;
    if (empty) {
      throw fail(
        `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${empty} value. Key: ${condition.name}`,
        condition.span,
      );
    }
  }
}

/**
 * A Query filter may not read key attributes (of the table or the index
 * queried); DynamoDB names the first key, in key order, that the filter uses.
 */
export function checkFilterKeys(root: ConditionNode, checker: Checker, keyNames: readonly string[]): void {
  const keys = new Set(keyNames);
  const used = new Map<string, Span>();
  const stack: ConditionItem[] = [{ condition: root }];
  while (stack.length > 0) {
    const item = stack.pop() as ConditionItem;
    let operands: readonly OperandNode[] = [];
    if ('condition' in item) {
      const node = item.condition;
      switch (node.kind) {
        case 'and':
        case 'or':
          stack.push({ condition: node.right }, { condition: node.left });
          break;
        case 'not':
          stack.push({ condition: node.operand });
          break;
        case 'parens':
          stack.push({ condition: node.inner });
          break;
        case 'compare':
          operands = [node.left, node.right];
          break;
        case 'between':
          operands = [node.operand, node.low, node.high];
          break;
        case 'in':
          operands = [node.operand, ...node.list];
          break;
        case 'call':
          operands = node.args;
          break;
      }
    } else if (item.operand.kind === 'path') {
      const head = checker.resolvePath(item.operand)[0] as string;
      if (keys.has(head) && !used.has(head)) used.set(head, item.operand.span);
    } else if (item.operand.kind === 'call') operands = item.operand.args;
    for (let n = operands.length - 1; n >= 0; n--) stack.push({ operand: operands[n] as OperandNode });
  }
  for (const key of keyNames) {
    const span = used.get(key);
    if (span) throw checker.failPlain(`Filter Expression can only contain non-primary key attributes: Primary key attribute: ${key}`, span);
  }
}
