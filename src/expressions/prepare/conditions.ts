/**
 * Step 2 for ConditionExpression, FilterExpression and KeyConditionExpression
 * (see ./index.ts): first the document-order checks (list indexes, reserved
 * words, function names and where functions stand), then, bottom-up in
 * document order, undefined names and values, path depth, operand counts,
 * distinct operands, operand types, BETWEEN bounds, IN size, and the operator
 * count as it grows past 300.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { encodeBase64, isAttributeType } from '../../dynamo';
import { compareKeys, type KeyAttributeValue } from '../../keys';
import type { CallNode, ConditionNode, OperandNode, ResolvedPath, Span } from '../ast';
import { formatPathForMessage } from '../documentPaths';
import { sizeOf } from '../evaluateCondition';
import { attributeValueType } from '../expressionValues';
import { MAX_IN_OPERANDS, MAX_OPERATORS } from '../limits';
import type { ConditionFunctionName, PreparedCondition, PreparedOperand } from '../prepared';
import { CONDITION_FUNCTIONS, operandCountMessage, operandTypeMessage, tooManyOperators, UPDATE_FUNCTIONS, type Checker } from './checker';

/** An operand after resolution, with what validation needs to know about it. */
interface ResolvedOperand {
  readonly prepared: PreparedOperand;
  /** The type when it is known without an item: a value's type, or N for size(). */
  readonly staticType: string | undefined;
  readonly node: OperandNode;
}

const SCALAR_TYPES: ReadonlySet<string> = new Set(['S', 'N', 'B']);
/** As DynamoDB Local 3.3.1 lists them (dynalite's recording accepts any order). */
const ATTRIBUTE_TYPE_LIST = '{N,BS,L,B,NULL,M,S,SS,NS,BOOL}';
/** What DynamoDB names as attribute_type's operand type when it is a path (recorded by dynalite; DynamoDB Local lists internal types too). */
const ANY_ATTRIBUTE_TYPE = '{NS,SS,L,BS,N,M,B,BOOL,NULL,S}';

function samePath(a: ResolvedPath, b: ResolvedPath): boolean {
  if (a.length !== b.length) return false;
  for (let n = 0; n < a.length; n++) if (a[n] !== b[n]) return false;
  return true;
}

/** The first operand must differ from the others when both are plain paths (`a = a` is an error, `size(a) = size(a)` is not). */
function checkDistinct(checker: Checker, operator: string, first: ResolvedOperand, others: readonly ResolvedOperand[], span: Span): void {
  if (first.prepared.kind !== 'path') return;
  for (const other of others) {
    if (other.prepared.kind === 'path' && samePath(first.prepared.path, other.prepared.path)) {
      throw checker.fail(
        `The first operand must be distinct from the remaining operands for this operator or function; operator: ${operator}, first operand: ${formatPathForMessage(first.prepared.path)}`,
        span,
      );
    }
  }
}

/** `{S:9}`: how DynamoDB shows a value in a BETWEEN message. */
function formatValueForMessage(value: AttributeValue): string {
  const type = attributeValueType(value);
  const member = (value as unknown as Record<string, unknown>)[type];
  const text = member instanceof Uint8Array ? encodeBase64(member) : String(member);
  return `{${type}:${text}}`;
}

/**
 * Walk tags, kept in an array beside the node stack (no wrapper objects in
 * the hot path): a condition or an operand, and whether its children are done.
 */
const AS_CONDITION = 0;
const AS_OPERAND = 1;
const CHILDREN_DONE = 2;

type WalkNode = ConditionNode | OperandNode;

/** Pushes `children` (conditions or operands) so that they pop in order. */
function pushChildren(nodes: WalkNode[], tags: number[], children: readonly WalkNode[], tag: number): void {
  for (let n = children.length - 1; n >= 0; n--) {
    nodes.push(children[n] as WalkNode);
    tags.push(tag);
  }
}

/** The operands a condition node reads, in document order (none for AND, OR, NOT and parentheses). */
function operandsOf(node: ConditionNode): readonly OperandNode[] {
  switch (node.kind) {
    case 'compare':
      return [node.left, node.right];
    case 'between':
      return [node.operand, node.low, node.high];
    case 'in':
      return [node.operand, ...node.list];
    case 'call':
      return node.args;
    default:
      return [];
  }
}

/** The conditions directly under a condition node, in document order. */
function conditionsOf(node: ConditionNode): readonly ConditionNode[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return [node.left, node.right];
    case 'not':
      return [node.operand];
    case 'parens':
      return [node.inner];
    default:
      return [];
  }
}

/** Document-order checks: list indexes, reserved words, function names and where functions stand. */
function checkConditionWords(root: ConditionNode, checker: Checker): void {
  const nodes: WalkNode[] = [root];
  const tags: number[] = [AS_CONDITION];
  while (nodes.length > 0) {
    const node = nodes.pop() as WalkNode;
    const tag = tags.pop() as number;
    if (tag === AS_CONDITION) {
      const condition = node as ConditionNode;
      if (condition.kind === 'call') checkConditionFunctionName(condition, 'condition', checker);
      pushChildren(nodes, tags, conditionsOf(condition), AS_CONDITION);
      pushChildren(nodes, tags, operandsOf(condition), AS_OPERAND);
    } else if (node.kind === 'path') checker.checkPathWords(node);
    else if (node.kind === 'call') {
      checkConditionFunctionName(node, 'operand', checker);
      pushChildren(nodes, tags, node.args, AS_OPERAND);
    }
  }
}

function checkConditionFunctionName(node: CallNode, place: 'condition' | 'operand', checker: Checker): void {
  const name = node.name;
  if (CONDITION_FUNCTIONS.has(name)) {
    if (place === 'operand') throw checker.fail(`The function is not allowed to be used this way in an expression; function: ${name}`, node.span);
  } else if (name === 'size') {
    if (place === 'condition') throw checker.fail(`The function is not allowed to be used this way in an expression; function: ${name}`, node.span);
  } else if (UPDATE_FUNCTIONS.has(name)) {
    throw checker.fail(`The function is not allowed in a condition expression; function: ${name}`, node.span);
  } else {
    throw checker.fail(`Invalid function name; function: ${name}`, node.span);
  }
}

/** The last `count` entries of `stack`, removed from it, in order. */
function takeLast<T>(stack: T[], count: number): T[] {
  return stack.splice(stack.length - count, count);
}

export function prepareConditionTree(root: ConditionNode, checker: Checker): PreparedCondition {
  checkConditionWords(root, checker);
  // Bottom-up, in document order: children before the node that holds them.
  const conditions: PreparedCondition[] = [];
  const operands: ResolvedOperand[] = [];
  const nodes: WalkNode[] = [root];
  const tags: number[] = [AS_CONDITION];
  // DynamoDB counts operators as it goes and stops at the first one too many.
  let operators = 0;
  while (nodes.length > 0) {
    const node = nodes.pop() as WalkNode;
    const tag = tags.pop() as number;
    if ((tag & CHILDREN_DONE) === 0 && (tag === AS_CONDITION || node.kind === 'call')) {
      nodes.push(node);
      tags.push(tag | CHILDREN_DONE);
      if (tag === AS_CONDITION) {
        pushChildren(nodes, tags, conditionsOf(node as ConditionNode), AS_CONDITION);
        pushChildren(nodes, tags, operandsOf(node as ConditionNode), AS_OPERAND);
      } else pushChildren(nodes, tags, (node as CallNode).args, AS_OPERAND);
      continue;
    }
    if ((tag & AS_OPERAND) !== 0) {
      const operand = node as OperandNode;
      operands.push(resolveConditionOperand(operand, checker, operand.kind === 'call' ? takeLast(operands, operand.args.length) : []));
      if (operand.kind === 'call' && ++operators > MAX_OPERATORS) throw tooManyOperators(checker, operators, operand.span);
      continue;
    }
    const condition = node as ConditionNode;
    if (condition.kind !== 'parens' && ++operators > MAX_OPERATORS) throw tooManyOperators(checker, operators, condition.span);
    switch (condition.kind) {
      case 'compare': {
        const right = operands.pop() as ResolvedOperand;
        const left = operands.pop() as ResolvedOperand;
        checkDistinct(checker, condition.operator, left, [right], condition.span);
        if (condition.operator !== '=' && condition.operator !== '<>') {
          checkScalar(checker, condition.operator, left);
          checkScalar(checker, condition.operator, right);
        }
        conditions.push({ kind: 'compare', operator: condition.operator, left: left.prepared, right: right.prepared });
        break;
      }
      case 'between': {
        const high = operands.pop() as ResolvedOperand;
        const low = operands.pop() as ResolvedOperand;
        const operand = operands.pop() as ResolvedOperand;
        checkScalar(checker, 'BETWEEN', operand);
        checkScalar(checker, 'BETWEEN', low);
        checkScalar(checker, 'BETWEEN', high);
        checkDistinct(checker, 'BETWEEN', operand, [low, high], condition.span);
        if (low.prepared.kind === 'value' && high.prepared.kind === 'value')
          checkBetweenBounds(low.prepared.value, high.prepared.value, checker, condition.span);
        conditions.push({ kind: 'between', operand: operand.prepared, low: low.prepared, high: high.prepared });
        break;
      }
      case 'in': {
        const list = takeLast(operands, condition.list.length);
        const operand = operands.pop() as ResolvedOperand;
        checkDistinct(checker, 'IN', operand, list, condition.span);
        if (list.length > MAX_IN_OPERANDS) {
          throw checker.fail(`The IN operator is provided with too many operands; number of operands: ${list.length}`, condition.span);
        }
        conditions.push({ kind: 'in', operand: operand.prepared, list: list.map((each) => each.prepared) });
        break;
      }
      case 'and':
      case 'or': {
        const right = conditions.pop() as PreparedCondition;
        const left = conditions.pop() as PreparedCondition;
        conditions.push({ kind: condition.kind, left, right });
        break;
      }
      case 'not':
        conditions.push({ kind: 'not', operand: conditions.pop() as PreparedCondition });
        break;
      case 'parens':
        break;
      case 'call':
        conditions.push(prepareConditionFunction(condition, takeLast(operands, condition.args.length), checker));
        break;
    }
  }
  return conditions[0] as PreparedCondition;
}

/** Comparators other than `=` / `<>`, and BETWEEN, take only S, N and B. */
function checkScalar(checker: Checker, operator: string, operand: ResolvedOperand): void {
  if (operand.staticType !== undefined && !SCALAR_TYPES.has(operand.staticType)) {
    throw checker.fail(operandTypeMessage(operator, operand.staticType), operand.node.span);
  }
}

/** Resolves a path, a value or (the only function allowed there) `size(…)`, whose argument is already resolved. */
function resolveConditionOperand(node: OperandNode, checker: Checker, args: readonly ResolvedOperand[]): ResolvedOperand {
  if (node.kind === 'path') return { prepared: { kind: 'path', path: checker.resolvePath(node) }, staticType: undefined, node };
  if (node.kind === 'value') {
    const value = checker.resolveValue(node.ref, node.span);
    return { prepared: { kind: 'value', value }, staticType: attributeValueType(value), node };
  }
  // size(): the words pass let no other function stand as an operand.
  if (args.length !== 1) throw checker.fail(operandCountMessage(node.name, args.length), node.span);
  const arg = args[0] as ResolvedOperand;
  if (arg.staticType === 'N' || arg.staticType === 'BOOL' || arg.staticType === 'NULL') {
    throw checker.fail(operandTypeMessage('size', arg.staticType), arg.node.span);
  }
  if (arg.prepared.kind === 'value') {
    // size() of a constant is a constant (S, B, sets, L, M all have a size).
    return { prepared: { kind: 'value', value: sizeOf(arg.prepared.value) as AttributeValue }, staticType: 'N', node };
  }
  return { prepared: { kind: 'size', path: (arg.prepared as { path: ResolvedPath }).path }, staticType: 'N', node };
}

function prepareConditionFunction(node: CallNode, args: readonly ResolvedOperand[], checker: Checker): PreparedCondition {
  const name = node.name as ConditionFunctionName;
  const expected = CONDITION_FUNCTIONS.get(name) as number;
  if (args.length !== expected) throw checker.fail(operandCountMessage(name, args.length), node.span);
  if (expected === 2) checkDistinct(checker, name, args[0] as ResolvedOperand, [args[1] as ResolvedOperand], node.span);
  switch (name) {
    case 'attribute_exists':
    case 'attribute_not_exists': {
      const arg = args[0] as ResolvedOperand;
      if (arg.prepared.kind !== 'path') throw checker.fail(`Operator or function requires a document path; operator or function: ${name}`, arg.node.span);
      break;
    }
    case 'attribute_type': {
      const type = args[1] as ResolvedOperand;
      if (type.prepared.kind === 'path') throw checker.fail(operandTypeMessage(name, ANY_ATTRIBUTE_TYPE), type.node.span);
      if (type.staticType !== 'S') throw checker.fail(operandTypeMessage(name, type.staticType as string), type.node.span);
      const typeName = (type.prepared as { value: { S: string } }).value.S;
      if (!isAttributeType(typeName)) {
        throw checker.fail(`Invalid attribute type name found; type: ${typeName}, valid types: ${ATTRIBUTE_TYPE_LIST}`, type.node.span);
      }
      break;
    }
    case 'begins_with':
      for (const arg of args) {
        if (arg.staticType !== undefined && arg.staticType !== 'S' && arg.staticType !== 'B')
          throw checker.fail(operandTypeMessage(name, arg.staticType), arg.node.span);
      }
      break;
    case 'contains':
      break;
  }
  return { kind: 'function', name, args: args.map((arg) => arg.prepared) };
}

function checkBetweenBounds(low: AttributeValue, high: AttributeValue, checker: Checker, span: Span): void {
  const lowType = attributeValueType(low);
  const highType = attributeValueType(high);
  const bounds = `lower bound operand: AttributeValue: ${formatValueForMessage(low)}, upper bound operand: AttributeValue: ${formatValueForMessage(high)}`;
  if (lowType !== highType) throw checker.fail(`The BETWEEN operator requires same data type for lower and upper bounds; ${bounds}`, span);
  if (compareKeys(low as KeyAttributeValue, high as KeyAttributeValue) > 0) {
    throw checker.fail(`The BETWEEN operator requires upper bound to be greater than or equal to lower bound; ${bounds}`, span);
  }
}
