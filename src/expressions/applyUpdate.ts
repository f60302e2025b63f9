/**
 * Applies a prepared UpdateExpression to an item, as UpdateItem does. Every
 * behaviour below was checked on DynamoDB Local (UpdateItem with
 * ReturnValues ALL_NEW), and the number limits against real DynamoDB reports.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  getOwnAttribute,
  getPath,
  indexOfSetMember,
  normalizeAttributeValue,
  setMemberKey,
  setOwnAttribute,
  sortSetMembers,
  type SetType,
} from './attributeValues';
import type { ResolvedPath } from './ast';
import { isDynamoDBError, validationError, type DynamoDBError } from './errors';
import { sizeOf } from './evaluateCondition';
import { addNumbers, canonicalizeNumber, subtractNumbers } from './numberArithmetic';
import type { Item, PreparedSetValue, PreparedUpdate, PreparedUpdateAction } from './prepared';

/** DynamoDB's message for a path whose parent does not exist or is not a map (name) / list (index). */
export const INVALID_DOCUMENT_PATH_MESSAGE = 'The document path provided in the update expression is invalid for update';
/** DynamoDB's message for `+`/`-` on a non-number, list_append on a non-list, ADD/DELETE on the wrong type. */
export const INCORRECT_OPERAND_TYPE_MESSAGE = 'An operand in the update expression has an incorrect data type';
/** DynamoDB's message for a SET right-hand side that reads a missing attribute. */
export const MISSING_ATTRIBUTE_MESSAGE = 'The provided expression refers to an attribute that does not exist in the item';

type Change = { readonly kind: 'put'; readonly value: AttributeValue } | { readonly kind: 'remove' };

interface ChangeNode {
  change?: Change;
  children?: Map<string | number, ChangeNode>;
}

const REMOVE: Change = { kind: 'remove' };

/**
 * The item after `update`, as DynamoDB computes it. Never mutates `item`: the
 * result is a new item that shares unchanged values with it.
 *
 * Semantics (all verified on DynamoDB Local):
 *
 * - Every right-hand side, and every path, refers to the ORIGINAL item:
 *   `SET a = :v, b = a` copies the old `a`; `REMOVE l[0], l[2]` removes the
 *   original elements 0 and 2; `REMOVE l[0] SET l[1] = :v` replaces the
 *   original element 1.
 * - SET on a list index past the end appends; several such SETs append in
 *   index order. SET (or ADD) whose parent is missing, or is not a map (for
 *   a name) / list (for an index), fails with "The document path provided
 *   in the update expression is invalid for update". So does REMOVE or
 *   DELETE through a missing parent — but removing a missing attribute, or
 *   a list index past the end, is a no-op.
 * - `+` / `-` need numbers: a missing operand fails with "The provided
 *   expression refers to an attribute that does not exist in the item", a
 *   non-number with "An operand in the update expression has an incorrect
 *   data type" (operands checked left to right). Results are exact and
 *   normalised (`1.50 + 1` is `2.5`); see `addNumbers` for the limits.
 * - `if_not_exists(path, v)` is the value at `path` if it exists, else `v`
 *   (`v` is evaluated either way: a fallback path that is missing fails even
 *   when `path` exists);
 *   `list_append(a, b)` concatenates two lists (missing → the "does not
 *   exist" error, non-list → the "incorrect data type" error).
 * - ADD: to a number (missing counts as 0), or union into a set of the same
 *   type (missing → the set); anything else fails with the "incorrect data
 *   type" error. DELETE: removes members from a set of the same type
 *   (numbers compared numerically); a set left empty is removed; a missing
 *   attribute is a no-op.
 * - Errors: the first failing action, in action order; within an action,
 *   its path first, then its value (SET right-hand side, ADD/DELETE types).
 *   When several actions fail, DynamoDB Local reports one chosen by an
 *   internal per-attribute order (it follows Java HashMap iteration of the
 *   top-level names, not the expression's order); Keylab keeps action order.
 * - Overlapping paths (`SET a = :v REMOVE a.b`) or conflicting ones
 *   (`a[0]` and `a.b`) fail with DynamoDB's "Two document paths …" message;
 *   the validator reports this first, so here it is only a safety net.
 *
 * Numbers written by SET and ADD are normalised (`{ N: "1.50" }` is stored
 * as `1.5`), as DynamoDB stores every number; DynamoDB Local keeps SET values
 * and arithmetic results as written (`1.50 + 1` → `2.50`).
 *
 * @example
 * applyUpdate({ actions: [
 *   { kind: "SET", path: ["count"], value: { kind: "arithmetic", operator: "+",
 *     left: { kind: "if_not_exists", path: ["count"], fallback: { kind: "value", value: { N: "0" } } },
 *     right: { kind: "value", value: { N: "1" } } } },
 *   { kind: "REMOVE", path: ["tmp"] },
 * ] }, { id: { S: "a" }, tmp: { S: "x" } })
 * // { id: { S: "a" }, count: { N: "1" } }
 */
export function applyUpdate(update: PreparedUpdate, item: Item): Item {
  try {
    const actions = update.actions;
    const overlap = findPathOverlap(actions.map((action) => action.path));
    if (overlap) throw updateError(`Invalid UpdateExpression: ${overlap.message}`);

    const root: ChangeNode = {};
    for (const action of actions) {
      const change = planChange(action, item);
      if (change) insertChange(root, action.path, change);
    }
    return rebuildMap(item, root);
  } catch (error) {
    // Number errors come from numberArithmetic without a location: point them at the update too.
    if (isDynamoDBError(error) && error.location.expression === undefined) throw updateError(error.message);
    throw error;
  }
}

/**
 * The value a SET right-hand side computes against `item` (the original
 * item), with DynamoDB's errors (see {@link applyUpdate}).
 *
 * @example
 * evaluateSetValue({ kind: "list_append", first: { kind: "path", path: ["l"] }, second: { kind: "value", value: { L: [{ S: "z" }] } } },
 *   { l: { L: [{ S: "a" }] } }) // { L: [{ S: "a" }, { S: "z" }] }
 */
export function evaluateSetValue(value: PreparedSetValue, item: Item): AttributeValue {
  switch (value.kind) {
    case 'value':
      return normalizeAttributeValue(value.value);
    case 'path':
      return existing(getPath(item, value.path));
    case 'size':
      return existing(sizeOf(getPath(item, value.path)));
    case 'if_not_exists': {
      // The fallback is evaluated even when unused: a missing fallback path fails (DynamoDB Local).
      const fallback = evaluateSetValue(value.fallback, item);
      return getPath(item, value.path) ?? fallback;
    }
    case 'list_append': {
      const first = evaluateSetValue(value.first, item);
      if (first.L === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
      const second = evaluateSetValue(value.second, item);
      if (second.L === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
      return { L: [...first.L, ...second.L] };
    }
    case 'arithmetic': {
      const left = evaluateSetValue(value.left, item);
      if (left.N === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
      const right = evaluateSetValue(value.right, item);
      if (right.N === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
      return { N: value.operator === '+' ? addNumbers(left.N, right.N) : subtractNumbers(left.N, right.N) };
    }
  }
}

function existing(value: AttributeValue | undefined): AttributeValue {
  if (value === undefined) throw updateError(MISSING_ATTRIBUTE_MESSAGE);
  return value;
}

/**
 * Resolves the action's target in the original item, then works out what
 * changes there (undefined: nothing) — so an action reports a bad path before
 * a bad value, as DynamoDB does (`SET x.y = nope` with `x` missing: the path
 * error).
 */
function planChange(action: PreparedUpdateAction, item: Item): Change | undefined {
  const path = action.path;
  const key = path[path.length - 1];
  let current: AttributeValue | undefined;
  if (path.length === 1) {
    if (typeof key !== 'string') throw updateError(INVALID_DOCUMENT_PATH_MESSAGE);
    current = getOwnAttribute(item, key);
  } else {
    const parent = getPath(item, path.slice(0, -1));
    if (typeof key === 'number' && parent?.L !== undefined) current = parent.L[key];
    else if (typeof key === 'string' && parent?.M !== undefined) current = getOwnAttribute(parent.M, key);
    else throw updateError(INVALID_DOCUMENT_PATH_MESSAGE);
  }
  switch (action.kind) {
    case 'SET':
      return { kind: 'put', value: evaluateSetValue(action.value, item) };
    case 'REMOVE':
      return current === undefined ? undefined : REMOVE;
    case 'ADD':
      return { kind: 'put', value: addValue(current, action.value) };
    case 'DELETE': {
      const rest = deleteMembers(current, action.value);
      if (rest === current) return undefined;
      return rest === undefined ? REMOVE : { kind: 'put', value: rest };
    }
  }
}

/**
 * DynamoDB's `ADD path :value` on the current value (`undefined` when the
 * attribute is missing): number addition, missing counting as 0, or set
 * union; anything else fails with the "incorrect data type" error.
 *
 * @example
 * addValue({ N: "10" }, { N: "-10.5" })          // { N: "-0.5" }
 * addValue({ NS: ["1", "2.5"] }, { NS: ["1.0", "3"] }) // { NS: ["1", "2.5", "3"] }
 * addValue(undefined, { SS: ["a"] })             // { SS: ["a"] }
 */
export function addValue(current: AttributeValue | undefined, value: AttributeValue): AttributeValue {
  if (value.N !== undefined) {
    if (current === undefined) return { N: canonicalizeNumber(value.N) };
    if (current.N === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
    return { N: addNumbers(current.N, value.N) };
  }
  const type = setTypeOf(value);
  if (type === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
  const additions = membersOf(value, type);
  if (current === undefined)
    return setValue(type, sortSetMembers(type, type === 'NS' ? additions.map((member) => canonicalizeNumber(member as string)) : [...additions]));
  const members = current[type] as readonly (string | Uint8Array)[] | undefined;
  if (members === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
  const union = [...members];
  const present = members.length > 16 ? new Set(members.map((member) => setMemberKey(type, member))) : undefined;
  for (const member of additions) {
    const isPresent = present ? present.has(setMemberKey(type, member)) : indexOfSetMember(type, members, member) >= 0;
    if (!isPresent) union.push(type === 'NS' ? canonicalizeNumber(member as string) : member);
  }
  // Sorted, as DynamoDB Local keeps sets (sortSetMembers).
  return union.length === members.length ? current : setValue(type, sortSetMembers(type, union));
}

/**
 * DynamoDB's `DELETE path :set` on the current value: the set without the
 * given members; `undefined` when none is left (the attribute is removed);
 * `current` itself when it is missing or nothing was removed. A current value
 * that is not a set of the same type fails with the "incorrect data type"
 * error.
 *
 * @example
 * deleteMembers({ SS: ["x", "y"] }, { SS: ["y", "q"] }) // { SS: ["x"] }
 * deleteMembers({ NS: ["1"] }, { NS: ["1.00"] })        // undefined
 */
export function deleteMembers(current: AttributeValue | undefined, value: AttributeValue): AttributeValue | undefined {
  const type = setTypeOf(value);
  if (type === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
  if (current === undefined) return undefined;
  const members = current[type] as readonly (string | Uint8Array)[] | undefined;
  if (members === undefined) throw updateError(INCORRECT_OPERAND_TYPE_MESSAGE);
  const removals = membersOf(value, type);
  const removed = removals.length > 16 ? new Set(removals.map((member) => setMemberKey(type, member))) : undefined;
  const rest = members.filter((member) => (removed ? !removed.has(setMemberKey(type, member)) : indexOfSetMember(type, removals, member) < 0));
  if (rest.length === members.length) return current;
  return rest.length === 0 ? undefined : setValue(type, rest);
}

function setTypeOf(value: AttributeValue): SetType | undefined {
  if (value.SS !== undefined) return 'SS';
  if (value.NS !== undefined) return 'NS';
  if (value.BS !== undefined) return 'BS';
  return undefined;
}

function membersOf(value: AttributeValue, type: SetType): readonly (string | Uint8Array)[] {
  return value[type] as readonly (string | Uint8Array)[];
}

function setValue(type: SetType, members: (string | Uint8Array)[]): AttributeValue {
  if (type === 'BS') return { BS: members as Uint8Array[] };
  return type === 'SS' ? { SS: members as string[] } : { NS: members as string[] };
}

function insertChange(root: ChangeNode, path: ResolvedPath, change: Change): void {
  let node = root;
  for (const step of path) {
    node.children ??= new Map();
    let child = node.children.get(step);
    if (child === undefined) {
      child = {};
      node.children.set(step, child);
    }
    node = child;
  }
  node.change = change;
}

function rebuildMap(map: Readonly<Record<string, AttributeValue>>, node: ChangeNode): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = { ...map };
  for (const [key, child] of node.children ?? []) {
    const name = key as string;
    if (child.change?.kind === 'remove') delete out[name];
    else if (child.change) setOwnAttribute(out, name, child.change.value);
    else setOwnAttribute(out, name, rebuildValue(getOwnAttribute(map, name), child));
  }
  return out;
}

function rebuildList(list: readonly AttributeValue[], node: ChangeNode): AttributeValue[] {
  const children = node.children ?? new Map<string | number, ChangeNode>();
  const out: AttributeValue[] = [];
  for (let index = 0; index < list.length; index++) {
    const element = list[index] as AttributeValue;
    const child = children.get(index);
    if (child === undefined) out.push(element);
    else if (child.change?.kind === 'put') out.push(child.change.value);
    else if (child.change === undefined) out.push(rebuildValue(element, child));
    // else: removed
  }
  const appended = [...children.keys()].filter((index) => (index as number) >= list.length) as number[];
  appended.sort((a, b) => a - b);
  for (const index of appended) {
    const change = children.get(index)?.change;
    if (change?.kind === 'put') out.push(change.value);
  }
  return out;
}

function rebuildValue(value: AttributeValue | undefined, node: ChangeNode): AttributeValue {
  if (value?.M !== undefined) return { M: rebuildMap(value.M, node) };
  if (value?.L !== undefined) return { L: rebuildList(value.L, node) };
  // planChange resolved every parent in the original item, so this cannot happen.
  throw new Error('applyUpdate: a change below a value that is neither a map nor a list');
}

/**
 * The first pair of paths that DynamoDB refuses to use together in one
 * expression, with its message (without the `Invalid UpdateExpression: `
 * prefix): paths "overlap" when one is a prefix of the other or they are
 * equal (`a` and `a.b`), and "conflict" when, after a common prefix, one
 * steps into a list and the other into a map (`a[0]` and `a.b`). Paths are
 * compared in order; the earlier one is "path one".
 *
 * @example
 * findPathOverlap([["a", "b"], ["c"], ["a"]])?.message
 * // "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"
 */
export function findPathOverlap(
  paths: readonly ResolvedPath[],
): { readonly kind: 'overlap' | 'conflict'; readonly first: ResolvedPath; readonly second: ResolvedPath; readonly message: string } | undefined {
  for (let j = 1; j < paths.length; j++) {
    const second = paths[j] as ResolvedPath;
    for (let i = 0; i < j; i++) {
      const first = paths[i] as ResolvedPath;
      const kind = relatePaths(first, second);
      if (kind !== undefined) {
        const verb = kind === 'overlap' ? 'overlap' : 'conflict';
        const message = `Two document paths ${verb} with each other; must remove or rewrite one of these paths; path one: ${formatDocumentPath(first)}, path two: ${formatDocumentPath(second)}`;
        return { kind, first, second, message };
      }
    }
  }
  return undefined;
}

function relatePaths(a: ResolvedPath, b: ResolvedPath): 'overlap' | 'conflict' | undefined {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a[i] === b[i]) continue;
    return typeof a[i] === typeof b[i] ? undefined : 'conflict';
  }
  return 'overlap';
}

/**
 * A resolved path the way DynamoDB prints it in messages: names as they are,
 * indexes in brackets.
 *
 * @example
 * formatDocumentPath(["a", 0, "b"]) // "[a, [0], b]"
 */
export function formatDocumentPath(path: ResolvedPath): string {
  return `[${path.map((step) => (typeof step === 'number' ? `[${step}]` : step)).join(', ')}]`;
}

function updateError(message: string): DynamoDBError {
  return validationError(message, { expression: 'UpdateExpression' });
}
