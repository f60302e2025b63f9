/**
 * Step 2 for UpdateExpression (see ./index.ts): document-order words;
 * repeated sections; the paths written (last action first), overlapping or
 * conflicting; the values (last action first, each bottom-up); the depth of
 * the paths values read.
 */
import type { OperandNode, PathNode, PathValueActionNode, ResolvedPath, SetActionNode, SetValueNode, Span, UpdateNode, UpdateSectionNode } from '../ast';
import { findDocumentPathClash } from '../documentPaths';
import { attributeValueType } from '../expressionValues';
import { MAX_OPERATORS } from '../limits';
import type { PreparedSetValue, PreparedUpdateAction } from '../prepared';
import { CONDITION_FUNCTIONS, operandCountMessage, operandTypeMessage, tooManyOperators, UPDATE_FUNCTIONS, type Checker } from './checker';

/** Where an operand of a SET value stands: the value itself, a side of `+` / `-`, or a function argument. */
type SetPlace = 'value' | 'arithmetic' | 'argument';

const UPDATE_TYPE_NAMES: Readonly<Record<string, string>> = { S: 'STRING', N: 'NUMBER', B: 'BINARY', NULL: 'NULL', BOOL: 'BOOLEAN', L: 'LIST', M: 'MAP' };

export function prepareUpdateTree(tree: UpdateNode, checker: Checker): PreparedUpdateAction[] {
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
          throw checker.fail(
            `Incorrect operand type for operator or function; operator: ${section.kind}, operand type: ${UPDATE_TYPE_NAMES[type] ?? type}`,
            action.value.span,
          );
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
      if (CONDITION_FUNCTIONS.has(name) || name === 'size')
        throw checker.fail(`The function is not allowed in an update expression; function: ${name}`, node.span);
      if (!UPDATE_FUNCTIONS.has(name)) throw checker.fail(`Invalid function name; function: ${name}`, node.span);
      if (name === 'list_append' && place !== 'value')
        throw checker.fail(`The function is not allowed to be used this way in an expression; function: ${name}`, node.span);
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
      if (first.prepared.kind !== 'path')
        throw checker.fail('Operator or function requires a document path; operator or function: if_not_exists', first.node.span);
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
