/**
 * Evaluates a prepared ConditionExpression / FilterExpression against an item,
 * with DynamoDB's rules. Every behaviour below was checked on DynamoDB Local
 * (Scan with a FilterExpression).
 *
 * Runs once per item in a Scan or Query, so the hot path allocates nothing:
 * no closures, no arrays, no parsed numbers for normalised decimals.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { compareBytes, compareDynamoNumbers, compareUtf8 } from '../keys';
import { attributeValuesEqual, getPath, indexOfSetMember, typeOfAttributeValue } from './attributeValues';
import type { Comparator } from './ast';
import type { ConditionFunctionName, Item, PreparedCondition, PreparedOperand } from './prepared';

/**
 * True when `item` satisfies `condition`, as DynamoDB decides it:
 *
 * - `=` / `<>`: deep equality ({@link attributeValuesEqual}); different types
 *   are never `=`; a missing operand is never `=`, and always `<>` (even
 *   missing `<>` missing).
 * - `<`, `<=`, `>`, `>=`: only between two values of one scalar type — S by
 *   UTF-8 bytes, N numerically, B by unsigned bytes; anything else
 *   (a missing operand, different types, BOOL, sets, L, M) is false.
 * - `BETWEEN`: `low <= x <= high` with all three of one scalar type; false
 *   otherwise, including when low > high (only a validation error when both
 *   bounds are literal values, which the validator reports).
 * - `IN`: `=` against any listed operand.
 * - `attribute_exists` / `attribute_not_exists`: whether the path resolves.
 * - `attribute_type(path, :t)`: the value's type tag equals `:t`'s string.
 * - `begins_with(path, :p)`: S prefix of S, or byte prefix of B; else false.
 * - `contains(path, :v)`: substring (S in S), byte subsequence (B in B),
 *   membership (S in SS, N in NS numerically, B in BS), or any list element
 *   deep-equal to `:v`; false otherwise (a set is never a member of a set,
 *   and maps contain nothing).
 * - `size(path)`: S length in UTF-16 code units (`size("€𝄞")` is 3 — real
 *   DynamoDB and DynamoDB Local agree; not UTF-8 bytes), B bytes, set/L
 *   element count, M key count; for a missing path, N, BOOL or NULL it is
 *   missing, so `size(n) = :x` is false and `size(n) <> :x` true.
 *
 * @example
 * const item = { status: { S: "open" }, price: { N: "12.5" }, tags: { SS: ["red"] } };
 * evaluateCondition({
 *   kind: "and",
 *   left: { kind: "compare", operator: ">", left: { kind: "path", path: ["price"] }, right: { kind: "value", value: { N: "10" } } },
 *   right: { kind: "function", name: "contains", args: [{ kind: "path", path: ["tags"] }, { kind: "value", value: { S: "red" } }] },
 * }, item) // true
 */
export function evaluateCondition(condition: PreparedCondition, item: Item): boolean {
  switch (condition.kind) {
    case 'and':
      return evaluateCondition(condition.left, item) && evaluateCondition(condition.right, item);
    case 'or':
      return evaluateCondition(condition.left, item) || evaluateCondition(condition.right, item);
    case 'not':
      return !evaluateCondition(condition.operand, item);
    case 'compare':
      return compareOperands(condition.operator, resolveOperand(condition.left, item), resolveOperand(condition.right, item));
    case 'between':
      return isBetween(resolveOperand(condition.operand, item), resolveOperand(condition.low, item), resolveOperand(condition.high, item));
    case 'in':
      return isIn(resolveOperand(condition.operand, item), condition.list, item);
    case 'function':
      return evaluateFunction(condition.name, condition.args, item);
  }
}

/**
 * The value an operand stands for in `item`: the attribute at a path, a
 * literal value, or `size(path)` as an N; `undefined` when it does not exist.
 *
 * @example
 * resolveOperand({ kind: "size", path: ["tags"] }, { tags: { SS: ["a", "b"] } }) // { N: "2" }
 */
export function resolveOperand(operand: PreparedOperand, item: Item): AttributeValue | undefined {
  switch (operand.kind) {
    case 'path':
      return getPath(item, operand.path);
    case 'value':
      return operand.value;
    case 'size':
      return sizeOf(getPath(item, operand.path));
  }
}

/**
 * DynamoDB's `size()` of a value, as an N, or `undefined` when the value is
 * missing or has no size (N, BOOL, NULL).
 *
 * @example
 * sizeOf({ S: "€𝄞" })  // { N: "3" } — UTF-16 code units, as DynamoDB counts
 * sizeOf({ N: "12" })  // undefined
 */
export function sizeOf(value: AttributeValue | undefined): AttributeValue | undefined {
  if (value === undefined) return undefined;
  let size: number;
  if (value.S !== undefined) size = value.S.length;
  else if (value.B !== undefined) size = value.B.byteLength;
  else if (value.L !== undefined) size = value.L.length;
  else if (value.M !== undefined) size = countKeys(value.M);
  else if (value.SS !== undefined) size = value.SS.length;
  else if (value.NS !== undefined) size = value.NS.length;
  else if (value.BS !== undefined) size = value.BS.length;
  else return undefined;
  return sizeValue(size);
}

function countKeys(map: Readonly<Record<string, AttributeValue>>): number {
  let count = 0;
  for (const key in map) if (Object.hasOwn(map, key)) count++;
  return count;
}

/** `{ N: "0" }` … `{ N: "1023" }`, made once, so `size()` does not allocate for common sizes. */
const SMALL_SIZES: AttributeValue[] = [];
const SMALL_SIZE_LIMIT = 1024;

function sizeValue(size: number): AttributeValue {
  if (size >= SMALL_SIZE_LIMIT) return { N: String(size) };
  let value = SMALL_SIZES[size];
  if (value === undefined) {
    value = Object.freeze({ N: String(size) }) as AttributeValue;
    SMALL_SIZES[size] = value;
  }
  return value;
}

/**
 * Applies a comparator to two resolved operands with DynamoDB's rules (see
 * {@link evaluateCondition}).
 *
 * @example
 * compareOperands("<>", undefined, { S: "x" })    // true
 * compareOperands("<", { S: "10" }, { S: "9" })   // true (bytes)
 * compareOperands("<", { N: "10" }, { S: "9" })   // false (types differ)
 */
export function compareOperands(operator: Comparator, left: AttributeValue | undefined, right: AttributeValue | undefined): boolean {
  if (operator === '=') return left !== undefined && right !== undefined && attributeValuesEqual(left, right);
  if (operator === '<>') return left === undefined || right === undefined || !attributeValuesEqual(left, right);
  if (left === undefined || right === undefined) return false;
  const order = compareScalars(left, right);
  // NaN (not comparable) makes every one of these false.
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

/**
 * Orders two values of one scalar type — S by UTF-8 bytes, N numerically,
 * B by unsigned bytes — or returns NaN when they are not comparable
 * (different types, or not S/N/B).
 *
 * @example
 * compareScalars({ S: "€" }, { S: "𝄞" }) < 0    // true
 * Number.isNaN(compareScalars({ S: "1" }, { N: "1" })) // true
 */
export function compareScalars(left: AttributeValue, right: AttributeValue): number {
  if (left.S !== undefined) return right.S !== undefined ? compareUtf8(left.S, right.S) : NaN;
  if (left.N !== undefined) return right.N !== undefined ? compareDynamoNumbers(left.N, right.N) : NaN;
  if (left.B !== undefined) return right.B !== undefined ? compareBytes(left.B, right.B) : NaN;
  return NaN;
}

function isBetween(value: AttributeValue | undefined, low: AttributeValue | undefined, high: AttributeValue | undefined): boolean {
  if (value === undefined || low === undefined || high === undefined) return false;
  // Both comparisons must be defined: NaN >= 0 and NaN <= 0 are false.
  return compareScalars(value, low) >= 0 && compareScalars(value, high) <= 0;
}

function isIn(value: AttributeValue | undefined, list: readonly PreparedOperand[], item: Item): boolean {
  if (value === undefined) return false;
  for (let i = 0; i < list.length; i++) {
    const candidate = resolveOperand(list[i] as PreparedOperand, item);
    if (candidate !== undefined && attributeValuesEqual(value, candidate)) return true;
  }
  return false;
}

function evaluateFunction(name: ConditionFunctionName, args: readonly PreparedOperand[], item: Item): boolean {
  const subject = args[0] === undefined ? undefined : resolveOperand(args[0], item);
  switch (name) {
    case 'attribute_exists':
      return subject !== undefined;
    case 'attribute_not_exists':
      return subject === undefined;
    default:
      // The other functions compare the subject with a second operand, below.
      break;
  }
  if (subject === undefined || args[1] === undefined) return false;
  const operand = resolveOperand(args[1], item);
  if (operand === undefined) return false;
  switch (name) {
    case 'attribute_type':
      return operand.S !== undefined && typeOfAttributeValue(subject) === operand.S;
    case 'begins_with':
      return beginsWith(subject, operand);
    case 'contains':
      return contains(subject, operand);
  }
}

/**
 * DynamoDB's `begins_with`: an S that starts with an S, or a B that starts
 * with a B's bytes; false for any other pair. The empty prefix matches.
 *
 * @example
 * beginsWith({ S: "EVT#2026" }, { S: "EVT#" })               // true
 * beginsWith({ B: Uint8Array.of(1, 2) }, { B: Uint8Array.of(1) }) // true
 */
export function beginsWith(value: AttributeValue, prefix: AttributeValue): boolean {
  if (value.S !== undefined) return prefix.S !== undefined && value.S.startsWith(prefix.S);
  if (value.B !== undefined && prefix.B !== undefined) {
    const bytes = value.B;
    const start = prefix.B;
    if (start.length > bytes.length) return false;
    for (let i = 0; i < start.length; i++) if (bytes[i] !== start[i]) return false;
    return true;
  }
  return false;
}

/**
 * DynamoDB's `contains(haystack, needle)` (see {@link evaluateCondition}).
 *
 * @example
 * contains({ S: "keylab" }, { S: "yla" })                 // true
 * contains({ NS: ["1", "2.5"] }, { N: "2.50" })            // true
 * contains({ L: [{ M: { a: { N: "1" } } }] }, { M: { a: { N: "1.0" } } }) // true
 * contains({ SS: ["a"] }, { SS: ["a"] })                  // false
 */
export function contains(haystack: AttributeValue, needle: AttributeValue): boolean {
  if (haystack.S !== undefined) return needle.S !== undefined && haystack.S.includes(needle.S);
  if (haystack.SS !== undefined) return needle.S !== undefined && indexOfSetMember('SS', haystack.SS, needle.S) >= 0;
  if (haystack.NS !== undefined) return needle.N !== undefined && indexOfSetMember('NS', haystack.NS, needle.N) >= 0;
  if (haystack.BS !== undefined) return needle.B !== undefined && indexOfSetMember('BS', haystack.BS, needle.B) >= 0;
  if (haystack.B !== undefined) return needle.B !== undefined && indexOfBytes(haystack.B, needle.B) >= 0;
  if (haystack.L !== undefined) {
    const list = haystack.L;
    for (let i = 0; i < list.length; i++) if (attributeValuesEqual(list[i] as AttributeValue, needle)) return true;
  }
  return false;
}

/** The first index at which `needle` occurs in `haystack` as a contiguous byte run, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const last = haystack.length - needle.length;
  outer: for (let i = 0; i <= last; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
