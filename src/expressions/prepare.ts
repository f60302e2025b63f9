/**
 * Validation and resolution of a request's expressions: everything DynamoDB
 * checks before it reads an item, with DynamoDB's messages, in DynamoDB's
 * order, ending in the resolved `PreparedExpressions` the evaluator runs.
 *
 * Order of checks (the first failure is reported), as observed on DynamoDB
 * Local 3.3.1 and recorded by dynalite against live DynamoDB:
 * 1. ExpressionAttributeNames / Values given without expressions; empty
 *    maps; malformed keys (names, then values); invalid values; invalid names.
 * 2. Each expression in turn — UpdateExpression, ConditionExpression,
 *    FilterExpression, ProjectionExpression, KeyConditionExpression:
 *    - the parser: size, emptiness, syntax and redundant parentheses (in
 *      reading order);
 *    - in document order: list indexes, reserved words, function names and
 *      where functions may stand;
 *    - conditions, bottom-up in document order: undefined names and values,
 *      path depth, operand counts, distinct operands, operand types, BETWEEN
 *      bounds, IN size, and the operator count as it grows past 300;
 *    - updates: repeated sections; the paths written (last action first),
 *      overlapping or conflicting; the values (last action first, each
 *      bottom-up); the depth of the paths values read;
 *    - projections: the paths (last first), then overlaps.
 * 3. Names, then values, that no expression used.
 * 4. KeyConditionExpression structure (operators, one condition per key),
 *    then the key schema (missing key, types, empty key values).
 * 5. A Query filter that names a key attribute.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { compareKeys, encodeBase64, utf8ByteLength, type KeyAttributeValue } from '../keys';
import type {
  CallNode,
  ConditionNode,
  ExpressionKind,
  OperandNode,
  PathElement,
  PathNode,
  PathValueActionNode,
  ProjectionNode,
  ResolvedPath,
  SetActionNode,
  SetValueNode,
  Span,
  UpdateNode,
  UpdateSectionNode,
} from './ast';
import { findDocumentPathClash, formatPathForMessage } from './documentPaths';
import { validationError, type DynamoDBError } from './errors';
import { sizeOf } from './evaluateCondition';
import { attributeValueType, findAttributeValueProblem } from './expressionValues';
import { MAX_ATTRIBUTE_NAME_BYTES, MAX_IN_OPERANDS, MAX_LIST_INDEX, MAX_OPERATORS, MAX_PATH_DEPTH, MAX_PLACEHOLDER_LENGTH } from './limits';
import { parseCondition, parseProjection, parseUpdate } from './parse';
import type {
  ConditionFunctionName,
  KeySchemaInfo,
  PreparedCondition,
  PreparedExpressions,
  PreparedKeyCondition,
  PreparedOperand,
  PreparedSetValue,
  PreparedSortKeyCondition,
  PreparedUpdateAction,
} from './prepared';
import { isReservedWord } from './reservedWords';

/**
 * The expression parameters of a request (absent, `undefined` and `null` all mean "not given").
 *
 * @example
 * const request: ExpressionRequest = { FilterExpression: "#s = :v", ExpressionAttributeNames: { "#s": "status" }, ExpressionAttributeValues: { ":v": { S: "open" } } };
 */
export interface ExpressionRequest {
  readonly KeyConditionExpression?: string | undefined;
  readonly FilterExpression?: string | undefined;
  readonly ConditionExpression?: string | undefined;
  readonly ProjectionExpression?: string | undefined;
  readonly UpdateExpression?: string | undefined;
  readonly ExpressionAttributeNames?: Record<string, string> | undefined;
  readonly ExpressionAttributeValues?: Record<string, AttributeValue> | undefined;
}

/**
 * The operations whose requests carry expressions (a batch or transaction item counts as its own operation).
 *
 * @example
 * prepareExpressions({ ExpressionAttributeValues: { ":v": { S: "x" } } }, { operation: "Scan" })
 * // throws "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null"
 */
export type ExpressionOperation = 'Query' | 'Scan' | 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

/**
 * What `prepareExpressions` needs to know beyond the request.
 *
 * @example
 * const options: PrepareOptions = { keySchema: { partitionKey: { name: "pk", type: "S" } }, primaryKeyNames: ["pk"], operation: "Query" };
 */
export interface PrepareOptions {
  /** The key schema a KeyConditionExpression is checked against (table or index). Without it, `keyCondition` is not returned. */
  readonly keySchema?: KeySchemaInfo;
  /** Key attributes a Query's FilterExpression may not use (the table's and the index's). */
  readonly primaryKeyNames?: readonly string[];
  /** The operation, for DynamoDB's exact message when ExpressionAttributeValues come without an expression that could use them. */
  readonly operation?: ExpressionOperation;
}

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
  const given = (kind: ExpressionKind): unknown => request[kind] ?? undefined;
  const rawNames: unknown = request.ExpressionAttributeNames ?? undefined;
  const rawValues: unknown = request.ExpressionAttributeValues ?? undefined;

  if (rawNames !== undefined && EXPRESSION_ORDER.every((kind) => given(kind) === undefined)) {
    throw validationError('ExpressionAttributeNames can only be specified when using expressions');
  }
  const valueExpressions = options.operation ? VALUE_EXPRESSIONS[options.operation] : [];
  if (rawValues !== undefined && valueExpressions.length > 0 && valueExpressions.every((kind) => given(kind) === undefined)) {
    const verb = valueExpressions.length > 1 ? 'are' : 'is';
    throw validationError(`ExpressionAttributeValues can only be specified when using expressions: ${valueExpressions.join(' and ')} ${verb} null`);
  }
  const names = checkMap(rawNames, 'ExpressionAttributeNames');
  const values = checkMap(rawValues, 'ExpressionAttributeValues');
  if (names) checkPlaceholderKeys(names, 'ExpressionAttributeNames', '#');
  if (values) checkPlaceholderKeys(values, 'ExpressionAttributeValues', ':');
  if (values) {
    for (const key of Object.keys(values)) {
      const problem = findAttributeValueProblem(values[key]);
      if (problem !== undefined) throw validationError(`ExpressionAttributeValues contains invalid value: ${problem} for key ${key}`);
    }
  }
  if (names) {
    for (const key of Object.keys(names)) {
      const problem = findAttributeNameProblem(names[key]);
      if (problem !== undefined) throw validationError(`ExpressionAttributeNames contains invalid value: ${problem} for key ${key}`);
    }
  }

  const context: Context = {
    names: names as Readonly<Record<string, string>> | undefined,
    values: values as Readonly<Record<string, AttributeValue>> | undefined,
    usedNames: new Set(),
    usedValues: new Set(),
  };
  const result: {
    -readonly [K in keyof PreparedExpressions]: PreparedExpressions[K];
  } = {};
  let keyConditionTree: ConditionNode | undefined;
  let filterTree: ConditionNode | undefined;
  for (const kind of EXPRESSION_ORDER) {
    const text = given(kind);
    if (text === undefined) continue;
    if (kind === 'UpdateExpression') {
      result.update = { actions: prepareUpdateTree(parseUpdate(text as string), new Checker(kind, text as string, context)) };
    } else if (kind === 'ProjectionExpression') {
      result.projection = prepareProjectionTree(parseProjection(text as string), new Checker(kind, text as string, context));
    } else {
      const tree = parseCondition(text as string, kind);
      const prepared = prepareConditionTree(tree, new Checker(kind, text as string, context));
      if (kind === 'ConditionExpression') result.condition = prepared;
      else if (kind === 'FilterExpression') {
        result.filter = prepared;
        filterTree = tree;
      } else keyConditionTree = tree;
    }
  }

  checkUnused(names, context.usedNames, 'ExpressionAttributeNames');
  checkUnused(values, context.usedValues, 'ExpressionAttributeValues');

  if (keyConditionTree) {
    const checker = new Checker('KeyConditionExpression', given('KeyConditionExpression') as string, context);
    const conditions = checkKeyConditionStructure(keyConditionTree, checker);
    if (options.keySchema) result.keyCondition = matchKeySchema(conditions, options.keySchema);
  }
  if (filterTree && options.primaryKeyNames && options.primaryKeyNames.length > 0) {
    checkFilterKeys(filterTree, new Checker('FilterExpression', given('FilterExpression') as string, context), options.primaryKeyNames);
  }
  return result;
}

/** The order in which DynamoDB validates the expressions of one request. */
const EXPRESSION_ORDER: readonly ExpressionKind[] = ['UpdateExpression', 'ConditionExpression', 'FilterExpression', 'ProjectionExpression', 'KeyConditionExpression'];

/** The expressions that can use ExpressionAttributeValues, per operation, as DynamoDB lists them. */
const VALUE_EXPRESSIONS: Readonly<Record<ExpressionOperation, readonly ExpressionKind[]>> = {
  Query: ['FilterExpression', 'KeyConditionExpression'],
  Scan: ['FilterExpression'],
  GetItem: [],
  PutItem: ['ConditionExpression'],
  DeleteItem: ['ConditionExpression'],
  UpdateItem: ['UpdateExpression', 'ConditionExpression'],
};

// --- Request-level checks -------------------------------------------------------------

function checkMap(raw: unknown, parameter: string): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw validationError(`${parameter} must be a map`);
  const map = raw as Record<string, unknown>;
  if (Object.keys(map).length === 0) throw validationError(`${parameter} must not be empty`);
  return map;
}

function checkPlaceholderKeys(map: Record<string, unknown>, parameter: string, prefix: '#' | ':'): void {
  for (const key of Object.keys(map)) {
    if (key.length > MAX_PLACEHOLDER_LENGTH) {
      // Sic: DynamoDB gives the size for names only.
      const size = prefix === '#' ? ` size of key: ${key.length}` : '';
      throw validationError(`${parameter} contains invalid key: The expression attribute map contains a key that is too long;${size}`);
    }
    if (!isPlaceholder(key, prefix)) throw validationError(`${parameter} contains invalid key: Syntax error; key: "${key}"`);
  }
}

/** `#` or `:` followed by one or more of `[A-Za-z0-9_]`. */
function isPlaceholder(key: string, prefix: string): boolean {
  if (key.length < 2 || key[0] !== prefix) return false;
  for (let n = 1; n < key.length; n++) {
    const c = key.charCodeAt(n);
    const ok = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
    if (!ok) return false;
  }
  return true;
}

function findAttributeNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'An attribute name must be a string';
  if (name === '') return 'Empty attribute name';
  if (utf8ByteLength(name) > MAX_ATTRIBUTE_NAME_BYTES) return `Attribute name is too large, must be less than ${MAX_ATTRIBUTE_NAME_BYTES + 1} bytes`;
  return undefined;
}

function checkUnused(map: Record<string, unknown> | undefined, used: ReadonlySet<string>, parameter: string): void {
  if (!map) return;
  const keys = Object.keys(map);
  const unused = keys.filter((key) => !used.has(key));
  if (unused.length > 0) throw validationError(`Value provided in ${parameter} unused in expressions: keys: {${inJavaHashOrder(unused, keys.length).join(', ')}}`);
}

/**
 * DynamoDB lists unused keys in the iteration order of a Java HashMap
 * holding the whole map: by bucket of the key's String.hashCode (spread as
 * HashMap does), the table growing from 16 buckets at a load factor of 0.75;
 * within a bucket, in insertion order.
 */
function inJavaHashOrder(keys: readonly string[], mapSize: number): string[] {
  let capacity = 16;
  while (mapSize > capacity * 0.75) capacity *= 2;
  const bucketOf = (key: string): number => {
    let hash = 0;
    for (let n = 0; n < key.length; n++) hash = (Math.imul(31, hash) + key.charCodeAt(n)) | 0;
    return (hash ^ (hash >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, order) => ({ key, order, bucket: bucketOf(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.order - b.order)
    .map((entry) => entry.key);
}

// --- Shared per-expression machinery -----------------------------------------------------

interface Context {
  readonly names: Readonly<Record<string, string>> | undefined;
  readonly values: Readonly<Record<string, AttributeValue>> | undefined;
  readonly usedNames: Set<string>;
  readonly usedValues: Set<string>;
}

/** One expression being checked: its kind and text (for messages) and the request's placeholders. */
class Checker {
  constructor(
    readonly kind: ExpressionKind,
    readonly text: string,
    readonly context: Context,
  ) {}

  /** `Invalid <Kind>: <message>` at `span`. */
  fail(message: string, span: Span): DynamoDBError {
    return validationError(`Invalid ${this.kind}: ${message}`, { expression: this.kind, span });
  }

  /** A message without the `Invalid <Kind>: ` prefix, still located in this expression. */
  failPlain(message: string, span: Span): DynamoDBError {
    return validationError(message, { expression: this.kind, span });
  }

  /** List indexes in range and no reserved words: the document-order checks on a path. */
  checkPathWords(path: PathNode): void {
    for (const element of path.elements) {
      if (element.kind === 'index') {
        if (element.index > MAX_LIST_INDEX) {
          const digits = this.text.slice(element.span.start + 1, element.span.end - 1).trim();
          throw this.fail(`List index is not within the allowable range; index: [${digits}]`, element.span);
        }
      } else if (element.kind === 'name' && isReservedWord(element.name)) {
        throw this.fail(`Attribute name is a reserved keyword; reserved keyword: ${element.name}`, element.span);
      }
    }
  }

  /** Resolves `#name` placeholders (marking them used) and checks the depth. */
  resolvePath(path: PathNode): ResolvedPath {
    const resolved = this.resolveNames(path);
    this.checkPathDepth(path);
    return resolved;
  }

  /** Resolves `#name` placeholders, marking them used. */
  resolveNames(path: PathNode): ResolvedPath {
    const resolved: (string | number)[] = [];
    for (const element of path.elements) resolved.push(this.resolveElement(element));
    return resolved;
  }

  /** At most 32 elements. */
  checkPathDepth(path: PathNode): void {
    if (path.elements.length > MAX_PATH_DEPTH) {
      throw this.fail(`The document path has too many nesting levels; nesting levels: ${path.elements.length}`, path.span);
    }
  }

  private resolveElement(element: PathElement): string | number {
    if (element.kind === 'name') return element.name;
    if (element.kind === 'index') return element.index;
    const names = this.context.names;
    const name = names && Object.hasOwn(names, element.ref) ? names[element.ref] : undefined;
    if (name === undefined) {
      throw this.fail(`An expression attribute name used in the document path is not defined; attribute name: ${element.ref}`, element.span);
    }
    this.context.usedNames.add(element.ref);
    return name;
  }

  /** The AttributeValue of a `:value` placeholder, marking it used. */
  resolveValue(ref: string, span: Span): AttributeValue {
    const values = this.context.values;
    const value = values && Object.hasOwn(values, ref) ? values[ref] : undefined;
    if (value === undefined) throw this.fail(`An expression attribute value used in expression is not defined; attribute value: ${ref}`, span);
    this.context.usedValues.add(ref);
    return value;
  }
}

/** An operand after resolution, with what validation needs to know about it. */
interface ResolvedOperand {
  readonly prepared: PreparedOperand;
  /** The type when it is known without an item: a value's type, or N for size(). */
  readonly staticType: string | undefined;
  readonly node: OperandNode;
}

const CONDITION_FUNCTIONS: ReadonlyMap<string, number> = new Map<ConditionFunctionName, number>([
  ['attribute_exists', 1],
  ['attribute_not_exists', 1],
  ['attribute_type', 2],
  ['begins_with', 2],
  ['contains', 2],
]);
const UPDATE_FUNCTIONS: ReadonlySet<string> = new Set(['if_not_exists', 'list_append']);
const SCALAR_TYPES: ReadonlySet<string> = new Set(['S', 'N', 'B']);
const ATTRIBUTE_TYPE_NAMES: ReadonlySet<string> = new Set(['S', 'SS', 'N', 'NS', 'B', 'BS', 'BOOL', 'NULL', 'L', 'M']);
/** As DynamoDB Local 3.3.1 lists them (dynalite's recording accepts any order). */
const ATTRIBUTE_TYPE_LIST = '{N,BS,L,B,NULL,M,S,SS,NS,BOOL}';
/** What DynamoDB names as attribute_type's operand type when it is a path (recorded by dynalite; DynamoDB Local lists internal types too). */
const ANY_ATTRIBUTE_TYPE = '{NS,SS,L,BS,N,M,B,BOOL,NULL,S}';

function operandCountMessage(name: string, count: number): string {
  return `Incorrect number of operands for operator or function; operator or function: ${name}, number of operands: ${count}`;
}

function operandTypeMessage(name: string, type: string): string {
  return `Incorrect operand type for operator or function; operator or function: ${name}, operand type: ${type}`;
}

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

// --- Conditions --------------------------------------------------------------------------

/** Work items of the iterative walks: a condition, or an operand with the place it stands in. */
type ConditionItem = { readonly condition: ConditionNode } | { readonly operand: OperandNode };

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

function prepareConditionTree(root: ConditionNode, checker: Checker): PreparedCondition {
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
        if (low.prepared.kind === 'value' && high.prepared.kind === 'value') checkBetweenBounds(low.prepared.value, high.prepared.value, checker, condition.span);
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

function tooManyOperators(checker: Checker, count: number, span: Span): DynamoDBError {
  return checker.fail(`The expression contains too many operators; operator count: ${count}`, span);
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
      if (!ATTRIBUTE_TYPE_NAMES.has(typeName)) {
        throw checker.fail(`Invalid attribute type name found; type: ${typeName}, valid types: ${ATTRIBUTE_TYPE_LIST}`, type.node.span);
      }
      break;
    }
    case 'begins_with':
      for (const arg of args) {
        if (arg.staticType !== undefined && arg.staticType !== 'S' && arg.staticType !== 'B') throw checker.fail(operandTypeMessage(name, arg.staticType), arg.node.span);
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

// --- Key conditions ----------------------------------------------------------------------

/** One condition of a key condition, after the structure checks, with the value on the right. */
interface KeyCondition {
  readonly name: string;
  readonly operator: '=' | '<' | '<=' | '>' | '>=' | 'between' | 'begins_with';
  readonly values: readonly AttributeValue[];
  readonly span: Span;
}

const FLIPPED: Readonly<Record<string, KeyCondition['operator']>> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/**
 * DynamoDB's structural rules for a KeyConditionExpression, checked
 * condition by condition in document order (these messages carry no
 * `Invalid KeyConditionExpression: ` prefix).
 */
function checkKeyConditionStructure(root: ConditionNode, checker: Checker): KeyCondition[] {
  const found: KeyCondition[] = [];
  const seen = new Set<string>();
  const stack: ConditionNode[] = [root];
  const invalidCondition = (message: string, span: Span): DynamoDBError => checker.failPlain(`Invalid condition in KeyConditionExpression: ${message}`, span);
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
      if (node.operand.kind !== 'path') throw invalidCondition('BETWEEN operator must have the key attribute as its first operand', node.span);
      operands = [node.operand, node.low, node.high];
    } else {
      const call = node as CallNode;
      if (call.args[0]?.kind !== 'path') throw invalidCondition('begins_with operator must have the key attribute as its first operand', node.span);
      operands = call.args;
    }
    let name: string | undefined;
    let nameAt = 0;
    operands.forEach((operand, n) => {
      if (operand.kind === 'path') {
        if (name !== undefined) throw invalidCondition('Multiple attribute names used in one condition', node.span);
        if (operand.elements.length > 1) throw checker.failPlain('KeyConditionExpressions cannot have conditions on nested attributes', operand.span);
        name = checker.resolvePath(operand)[0] as string;
        nameAt = n;
      } else if (operand.kind === 'call') {
        throw checker.failPlain('KeyConditionExpressions cannot contain nested operations', operand.span);
      }
    });
    if (name === undefined) throw invalidCondition('No key attribute specified', node.span);
    if (seen.has(name)) throw checker.failPlain('KeyConditionExpressions must only contain one condition per key', node.span);
    seen.add(name);
    const values = operands.filter((_, n) => n !== nameAt).map((operand) => checker.resolveValue((operand as { ref: string }).ref, operand.span));
    let operator: KeyCondition['operator'];
    if (node.kind === 'compare') operator = nameAt === 0 ? (node.operator as KeyCondition['operator']) : (FLIPPED[node.operator] as KeyCondition['operator']);
    else operator = node.kind === 'between' ? 'between' : 'begins_with';
    found.push({ name, operator, values, span: node.span });
  }
  if (found.length > 2) throw checker.failPlain('Conditions can be of length 1 or 2 only', root.span);
  return found;
}

/** Matches the conditions to the key schema, in DynamoDB's order: partition key (presence, type, operator, emptiness), then sort key. */
function matchKeySchema(conditions: readonly KeyCondition[], schema: KeySchemaInfo): PreparedKeyCondition {
  const partition = conditions.find((condition) => condition.name === schema.partitionKey.name);
  const fail = (message: string, span?: Span): DynamoDBError => validationError(message, span ? { expression: 'KeyConditionExpression', span } : { expression: 'KeyConditionExpression' });
  if (!partition) throw fail(`Query condition missed key schema element: ${schema.partitionKey.name}`);
  checkKeyValues(partition, schema.partitionKey.type, fail);
  if (partition.operator !== '=') throw fail('Query key condition not supported', partition.span);
  checkEmptyKeyValues(partition, fail);
  const partitionValue = partition.values[0] as AttributeValue;
  const other = conditions.find((condition) => condition !== partition);
  if (!other) return { partitionKey: { name: partition.name, value: partitionValue } };
  if (!schema.sortKey) throw fail('Query key condition not supported', other.span);
  if (other.name !== schema.sortKey.name) throw fail(`Query condition missed key schema element: ${schema.sortKey.name}`, other.span);
  checkKeyValues(other, schema.sortKey.type, fail);
  checkEmptyKeyValues(other, fail);
  const [first, second] = other.values as [AttributeValue, AttributeValue];
  let condition: PreparedSortKeyCondition;
  if (other.operator === 'between') condition = { operator: 'between', low: first, high: second };
  else if (other.operator === 'begins_with') condition = { operator: 'begins_with', prefix: first };
  else condition = { operator: other.operator, value: first };
  return { partitionKey: { name: partition.name, value: partitionValue }, sortKey: { name: other.name, condition } };
}

function checkKeyValues(condition: KeyCondition, type: 'S' | 'N' | 'B', fail: (message: string, span?: Span) => DynamoDBError): void {
  for (const value of condition.values) {
    if (attributeValueType(value) !== type) throw fail('One or more parameter values were invalid: Condition parameter type does not match schema type', condition.span);
  }
}

function checkEmptyKeyValues(condition: KeyCondition, fail: (message: string, span?: Span) => DynamoDBError): void {
  for (const value of condition.values) {
    const empty = value.S === '' ? 'string' : value.B !== undefined && value.B.byteLength === 0 ? 'binary' : undefined;
    if (empty) {
      throw fail(`One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${empty} value. Key: ${condition.name}`, condition.span);
    }
  }
}

/**
 * A Query filter may not read key attributes (of the table or the index
 * queried); DynamoDB names the first key, in key order, that the filter uses.
 */
function checkFilterKeys(root: ConditionNode, checker: Checker, keyNames: readonly string[]): void {
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

// --- Projection --------------------------------------------------------------------------

function prepareProjectionTree(tree: ProjectionNode, checker: Checker): ResolvedPath[] {
  for (const path of tree.paths) checker.checkPathWords(path);
  // DynamoDB resolves the paths last to first (`#x, #y` with neither defined reports `#y`).
  const paths: ResolvedPath[] = new Array<ResolvedPath>(tree.paths.length);
  for (let n = tree.paths.length - 1; n >= 0; n--) paths[n] = checker.resolvePath(tree.paths[n] as PathNode);
  const clash = findDocumentPathClash(paths);
  if (clash) throw checker.fail(clash.message, (tree.paths[clash.index] as PathNode).span);
  return paths;
}

// --- Update ------------------------------------------------------------------------------

/** Where an operand of a SET value stands: the value itself, a side of `+` / `-`, or a function argument. */
type SetPlace = 'value' | 'arithmetic' | 'argument';

const UPDATE_TYPE_NAMES: Readonly<Record<string, string>> = { S: 'STRING', N: 'NUMBER', B: 'BINARY', NULL: 'NULL', BOOL: 'BOOLEAN', L: 'LIST', M: 'MAP' };

function prepareUpdateTree(tree: UpdateNode, checker: Checker): PreparedUpdateAction[] {
  // 1. Document order: paths' words, function names and where functions stand.
  for (const section of tree.sections) {
    if (section.kind === 'SET') {
      for (const action of section.actions) {
        checker.checkPathWords(action.path);
        checkSetValueWords(action.value, checker);
      }
    } else if (section.kind === 'REMOVE') {
      for (const path of section.paths) checker.checkPathWords(path);
    } else {
      for (const action of section.actions) checker.checkPathWords(action.path);
    }
  }
  // 2. Each clause once.
  const sections = new Set<string>();
  for (const section of tree.sections) {
    if (sections.has(section.kind)) throw checker.fail(`The "${section.kind}" section can only be used once in an update expression;`, section.span);
    sections.add(section.kind);
  }
  // 3. The paths written: resolved (DynamoDB goes through the actions last to first), and no two overlapping.
  const targets: PathNode[] = [];
  for (const section of tree.sections) {
    if (section.kind === 'REMOVE') targets.push(...section.paths);
    else for (const action of section.actions) targets.push(action.path);
  }
  const paths: ResolvedPath[] = new Array<ResolvedPath>(targets.length);
  for (let n = targets.length - 1; n >= 0; n--) paths[n] = checker.resolvePath(targets[n] as PathNode);
  const clash = findDocumentPathClash(paths);
  if (clash) throw checker.fail(clash.message, (targets[clash.index] as PathNode).span);
  // 4. The values, last action first, each bottom-up; then the depth of the paths they read.
  const actions: PreparedUpdateAction[] = new Array<PreparedUpdateAction>(targets.length);
  const reads: SetValueReads = { paths: [], operators: 0 };
  let target = targets.length;
  for (let s = tree.sections.length - 1; s >= 0; s--) {
    const section = tree.sections[s] as UpdateSectionNode;
    if (section.kind === 'SET') {
      for (let n = section.actions.length - 1; n >= 0; n--) {
        const action = section.actions[n] as SetActionNode;
        target--;
        actions[target] = { kind: 'SET', path: paths[target] as ResolvedPath, value: prepareSetValue(action.value, checker, reads) };
      }
    } else if (section.kind === 'REMOVE') {
      for (let n = section.paths.length - 1; n >= 0; n--) {
        target--;
        actions[target] = { kind: 'REMOVE', path: paths[target] as ResolvedPath };
      }
    } else {
      for (let n = section.actions.length - 1; n >= 0; n--) {
        const action = section.actions[n] as PathValueActionNode;
        const value = checker.resolveValue((action.value as { ref: string }).ref, action.value.span);
        const type = attributeValueType(value);
        const allowed = type === 'SS' || type === 'NS' || type === 'BS' || (section.kind === 'ADD' && type === 'N');
        if (!allowed) {
          // DynamoDB Local 3.3.1 appends ", typeSet: ALLOWED_FOR_ADD_OPERAND"; the message recorded from DynamoDB (dynalite) has no suffix.
          throw checker.fail(`Incorrect operand type for operator or function; operator: ${section.kind}, operand type: ${UPDATE_TYPE_NAMES[type] ?? type}`, action.value.span);
        }
        target--;
        actions[target] = { kind: section.kind, path: paths[target] as ResolvedPath, value };
      }
    }
  }
  for (const path of reads.paths) checker.checkPathDepth(path);
  return actions;
}

function checkSetValueWords(value: SetValueNode, checker: Checker): void {
  const stack: { readonly node: OperandNode; readonly place: SetPlace }[] = [];
  if (value.kind === 'arithmetic') stack.push({ node: value.right, place: 'arithmetic' }, { node: value.left, place: 'arithmetic' });
  else stack.push({ node: value, place: 'value' });
  while (stack.length > 0) {
    const { node, place } = stack.pop() as { node: OperandNode; place: SetPlace };
    if (node.kind === 'path') checker.checkPathWords(node);
    else if (node.kind === 'call') {
      const name = node.name;
      if (CONDITION_FUNCTIONS.has(name) || name === 'size') throw checker.fail(`The function is not allowed in an update expression; function: ${name}`, node.span);
      if (!UPDATE_FUNCTIONS.has(name)) throw checker.fail(`Invalid function name; function: ${name}`, node.span);
      if (name === 'list_append' && place !== 'value') throw checker.fail(`The function is not allowed to be used this way in an expression; function: ${name}`, node.span);
      for (let n = node.args.length - 1; n >= 0; n--) stack.push({ node: node.args[n] as OperandNode, place: 'argument' });
    }
  }
}

/** What the SET values of one update have read so far: paths (depth-checked after all values) and operators (at most 300). */
interface SetValueReads {
  readonly paths: PathNode[];
  operators: number;
}

function countUpdateOperator(reads: SetValueReads, checker: Checker, span: Span): void {
  if (++reads.operators > MAX_OPERATORS) throw tooManyOperators(checker, reads.operators, span);
}

/**
 * A SET value, resolved bottom-up (children before their function), each
 * side of `+` / `-` in turn, counting operators as DynamoDB does.
 */
function prepareSetValue(value: SetValueNode, checker: Checker, reads: SetValueReads): PreparedSetValue {
  if (value.kind !== 'arithmetic') return prepareSetOperand(value, checker, reads).prepared;
  const left = prepareSetOperand(value.left, checker, reads);
  const right = prepareSetOperand(value.right, checker, reads);
  countUpdateOperator(reads, checker, value.span);
  for (const side of [left, right]) {
    if (side.valueType !== undefined && side.valueType !== 'N') throw checker.fail(operandTypeMessage(value.operator, side.valueType), side.node.span);
  }
  return { kind: 'arithmetic', operator: value.operator, left: left.prepared, right: right.prepared };
}

interface PreparedSetOperand {
  readonly prepared: PreparedSetValue;
  /** The type of a `:value` operand (the only type DynamoDB checks before reading the item). */
  readonly valueType: string | undefined;
  readonly node: OperandNode;
}

function prepareSetOperand(root: OperandNode, checker: Checker, reads: SetValueReads): PreparedSetOperand {
  const results: PreparedSetOperand[] = [];
  const stack: { readonly node: OperandNode; readonly done: boolean }[] = [{ node: root, done: false }];
  while (stack.length > 0) {
    const { node, done } = stack.pop() as { node: OperandNode; done: boolean };
    if (node.kind === 'path') {
      reads.paths.push(node);
      results.push({ prepared: { kind: 'path', path: checker.resolveNames(node) }, valueType: undefined, node });
      continue;
    }
    if (node.kind === 'value') {
      const value = checker.resolveValue(node.ref, node.span);
      results.push({ prepared: { kind: 'value', value }, valueType: attributeValueType(value), node });
      continue;
    }
    if (!done) {
      stack.push({ node, done: true });
      for (let n = node.args.length - 1; n >= 0; n--) stack.push({ node: node.args[n] as OperandNode, done: false });
      continue;
    }
    const args = results.splice(results.length - node.args.length, node.args.length);
    countUpdateOperator(reads, checker, node.span);
    if (args.length !== 2) throw checker.fail(operandCountMessage(node.name, args.length), node.span);
    const [first, second] = args as [PreparedSetOperand, PreparedSetOperand];
    if (node.name === 'if_not_exists') {
      if (first.prepared.kind !== 'path') throw checker.fail('Operator or function requires a document path; operator or function: if_not_exists', first.node.span);
      results.push({ prepared: { kind: 'if_not_exists', path: first.prepared.path, fallback: second.prepared }, valueType: undefined, node });
    } else {
      for (const arg of args) {
        if (arg.valueType !== undefined && arg.valueType !== 'L') throw checker.fail(operandTypeMessage('list_append', arg.valueType), arg.node.span);
      }
      results.push({ prepared: { kind: 'list_append', first: first.prepared, second: second.prepared }, valueType: undefined, node });
    }
  }
  return results[0] as PreparedSetOperand;
}
