/**
 * Builders for prepared expressions in the evaluator's tests, so a case reads
 * close to the expression it stands for: `compare(path('a.b[0]'), '=', value({ N: '1' }))`
 * for `a.b[0] = :v`. Test-only; the parser produces these shapes in the app.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Comparator, ResolvedPath } from './ast';
import type { ConditionFunctionName, PreparedCondition, PreparedOperand, PreparedSetValue, PreparedUpdate, PreparedUpdateAction } from './prepared';

/**
 * `"a.b[0].c"` → `["a", "b", 0, "c"]` (names may not contain `.` or `[` here).
 *
 * @example
 * resolvedPath("l[1][0].x") // ["l", 1, 0, "x"]
 */
export function resolvedPath(text: string): ResolvedPath {
  const steps: (string | number)[] = [];
  for (const part of text.split('.')) {
    const bracket = part.indexOf('[');
    steps.push(bracket < 0 ? part : part.slice(0, bracket));
    if (bracket >= 0) for (const match of part.slice(bracket).matchAll(/\[(\d+)\]/g)) steps.push(Number(match[1]));
  }
  return steps;
}

/** A path operand. @example path("a.b") */
export function path(text: string): PreparedOperand {
  return { kind: 'path', path: resolvedPath(text) };
}

/** A value operand. @example value({ N: "1" }) */
export function value(attributeValue: AttributeValue): PreparedOperand {
  return { kind: 'value', value: attributeValue };
}

/** `size(path)`. @example size("tags") */
export function size(text: string): PreparedOperand {
  return { kind: 'size', path: resolvedPath(text) };
}

/** `left op right`. @example compare(path("a"), "<", value({ N: "1" })) */
export function compare(left: PreparedOperand, operator: Comparator, right: PreparedOperand): PreparedCondition {
  return { kind: 'compare', operator, left, right };
}

/** `operand BETWEEN low AND high`. */
export function between(operand: PreparedOperand, low: PreparedOperand, high: PreparedOperand): PreparedCondition {
  return { kind: 'between', operand, low, high };
}

/** `operand IN (…list)`. */
export function isIn(operand: PreparedOperand, ...list: PreparedOperand[]): PreparedCondition {
  return { kind: 'in', operand, list };
}

/** A condition function call. @example call("begins_with", path("sk"), value({ S: "EVT#" })) */
export function call(name: ConditionFunctionName, ...args: PreparedOperand[]): PreparedCondition {
  return { kind: 'function', name, args };
}

/** `left AND right`. */
export function and(left: PreparedCondition, right: PreparedCondition): PreparedCondition {
  return { kind: 'and', left, right };
}

/** `left OR right`. */
export function or(left: PreparedCondition, right: PreparedCondition): PreparedCondition {
  return { kind: 'or', left, right };
}

/** `NOT operand`. */
export function not(operand: PreparedCondition): PreparedCondition {
  return { kind: 'not', operand };
}

/** `SET path = value`. */
export function set(target: string, setValue: PreparedSetValue): PreparedUpdateAction {
  return { kind: 'SET', path: resolvedPath(target), value: setValue };
}

/** `REMOVE path`. */
export function remove(target: string): PreparedUpdateAction {
  return { kind: 'REMOVE', path: resolvedPath(target) };
}

/** `ADD path :value`. */
export function add(target: string, attributeValue: AttributeValue): PreparedUpdateAction {
  return { kind: 'ADD', path: resolvedPath(target), value: attributeValue };
}

/** `DELETE path :value`. */
export function del(target: string, attributeValue: AttributeValue): PreparedUpdateAction {
  return { kind: 'DELETE', path: resolvedPath(target), value: attributeValue };
}

/** `if_not_exists(path, fallback)`. */
export function ifNotExists(target: string, fallback: PreparedSetValue): PreparedSetValue {
  return { kind: 'if_not_exists', path: resolvedPath(target), fallback };
}

/** `list_append(first, second)`. */
export function listAppend(first: PreparedSetValue, second: PreparedSetValue): PreparedSetValue {
  return { kind: 'list_append', first, second };
}

/** `left + right` / `left - right`. */
export function arithmetic(left: PreparedSetValue, operator: '+' | '-', right: PreparedSetValue): PreparedSetValue {
  return { kind: 'arithmetic', operator, left, right };
}

/** An update of the given actions, in order. */
export function update(...actions: PreparedUpdateAction[]): PreparedUpdate {
  return { actions };
}

/** Deeply freezes a value (Uint8Arrays excepted: typed arrays with elements cannot be frozen), so a mutation throws. */
export function deepFreeze<T>(input: T): T {
  if (typeof input !== 'object' || input === null || ArrayBuffer.isView(input)) return input;
  for (const key of Object.keys(input)) deepFreeze((input as Record<string, unknown>)[key]);
  return Object.freeze(input);
}
