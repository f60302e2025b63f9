import type { AttributeTypeName, ConditionModel } from '../../expressions';
import { parsePathText } from './attributePathText';
import { isAttributeType, type BinaryEncoding } from '../../dynamo';
import { parseTypedValue, splitList, type ValueType } from './typedValue';

/**
 * The filter builder's model: rows (one condition each) in groups joined by
 * AND or OR, each group optionally negated with NOT, groups nested in groups.
 * Every text is kept as typed, so an invalid entry is never lost; turning the
 * model into a ConditionModel says which row and which input is wrong.
 */

export type FilterOperator =
  '=' | '<>' | '<' | '<=' | '>' | '>=' | 'between' | 'in' | 'begins_with' | 'contains' | 'attribute_exists' | 'attribute_not_exists' | 'attribute_type';

export const FILTER_OPERATORS: readonly FilterOperator[] = [
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  'between',
  'in',
  'begins_with',
  'contains',
  'attribute_exists',
  'attribute_not_exists',
  'attribute_type',
];

/** Operators that take a value / `size(path)` / no value at all. */
export const SIZE_OPERATORS: ReadonlySet<FilterOperator> = new Set(['=', '<>', '<', '<=', '>', '>=', 'between']);
export const VALUELESS_OPERATORS: ReadonlySet<FilterOperator> = new Set(['attribute_exists', 'attribute_not_exists']);

export interface FilterRow {
  readonly kind: 'row';
  readonly id: string;
  /** The attribute path as typed (`address.city`, `tags[0]`, `"first.name"`). */
  readonly path: string;
  readonly operator: FilterOperator;
  /** Compare `size(path)` instead of the value (comparators and BETWEEN only; the value is then a number). */
  readonly size: boolean;
  /** The value's type; for attribute_type, the type tested for. */
  readonly valueType: ValueType;
  /** The value, or BETWEEN's lower bound, or IN's comma-separated list. */
  readonly value: string;
  readonly valueHigh: string;
  /** How B (and BS) values are typed: hex or base64. */
  readonly binaryEncoding: BinaryEncoding;
}

export interface FilterGroup {
  readonly kind: 'group';
  readonly id: string;
  readonly join: 'and' | 'or';
  readonly not: boolean;
  readonly children: readonly FilterNode[];
}

export type FilterNode = FilterRow | FilterGroup;

let idCounter = 0;
/** A fresh id for a row or group (React keys, error locations). */
export function createFilterId(prefix: 'r' | 'g'): string {
  idCounter += 1;
  return `${prefix}${idCounter}`;
}

export function createFilterRow(patch: Partial<Omit<FilterRow, 'kind' | 'id'>> = {}): FilterRow {
  return {
    kind: 'row',
    id: createFilterId('r'),
    path: '',
    operator: '=',
    size: false,
    valueType: 'S',
    value: '',
    valueHigh: '',
    binaryEncoding: 'hex',
    ...patch,
  };
}

export function createFilterGroup(patch: Partial<Omit<FilterGroup, 'kind' | 'id'>> = {}): FilterGroup {
  return { kind: 'group', id: createFilterId('g'), join: 'and', not: false, children: [], ...patch };
}

/** An empty root group: no filter. */
export const EMPTY_FILTER: FilterGroup = { kind: 'group', id: 'root', join: 'and', not: false, children: [] };

/** Applies `update` to the node with `id` (anywhere in the tree); `undefined` removes it. */
export function updateFilterNode(root: FilterGroup, id: string, update: (node: FilterNode) => FilterNode | undefined): FilterGroup {
  const visit = (node: FilterNode): FilterNode | undefined => {
    if (node.id === id) return update(node);
    if (node.kind === 'row') return node;
    const children = node.children.map(visit).filter((child): child is FilterNode => child !== undefined);
    return children.length === node.children.length && children.every((child, index) => child === node.children[index]) ? node : { ...node, children };
  };
  const next = visit(root);
  return next && next.kind === 'group' ? next : root;
}

/** Adds a node at the end of the group with `groupId`. */
export function appendFilterNode(root: FilterGroup, groupId: string, node: FilterNode): FilterGroup {
  return updateFilterNode(root, groupId, (group) => (group.kind === 'group' ? { ...group, children: [...group.children, node] } : group));
}

/** Every row of the tree, depth first. */
export function listFilterRows(root: FilterNode): FilterRow[] {
  if (root.kind === 'row') return [root];
  return root.children.flatMap(listFilterRows);
}

/** Errors keyed by `filter:<rowId>:path|value|valueHigh` or `filter:<groupId>:group`. */
export type FilterErrors = Record<string, string>;

/**
 * Turns the filter model into the ConditionModel `buildExpressions` takes, or
 * collects one message per wrong input. An empty root means no filter.
 */
export function buildFilterCondition(root: FilterGroup): { condition?: ConditionModel; errors: FilterErrors } {
  const errors: FilterErrors = {};
  const visit = (node: FilterNode): ConditionModel | undefined => {
    if (node.kind === 'row') return buildRowCondition(node, errors);
    if (node.children.length === 0) {
      if (node !== root) errors[`filter:${node.id}:group`] = 'This group is empty: add a condition or remove the group.';
      return undefined;
    }
    const parts = node.children.map(visit);
    if (parts.some((part) => part === undefined)) return undefined;
    // A group inside a group of the same join and without NOT adds nothing: flatten it, so the expression reads `a AND b AND c`.
    const conditions = (parts as ConditionModel[]).flatMap((part) => (part.kind === node.join ? part.conditions : [part]));
    const joined: ConditionModel = conditions.length === 1 ? (conditions[0] as ConditionModel) : { kind: node.join, conditions };
    return node.not ? { kind: 'not', condition: joined } : joined;
  };
  const condition = visit(root);
  if (Object.keys(errors).length > 0 || !condition) return { errors };
  return { condition, errors };
}

function buildRowCondition(row: FilterRow, errors: FilterErrors): ConditionModel | undefined {
  const key = (part: 'path' | 'value' | 'valueHigh') => `filter:${row.id}:${part}`;
  const parsedPath = parsePathText(row.path);
  if (!parsedPath.ok) errors[key('path')] = parsedPath.message;
  const label = row.path.trim() || 'the value';
  const size = row.size && SIZE_OPERATORS.has(row.operator);
  const type: ValueType = size ? 'N' : row.valueType;
  const value = (text: string, part: 'value' | 'valueHigh', what = `The value for ${label}`) => {
    const parsed = parseTypedValue(type, text, size ? `size(${label})` : what, row.binaryEncoding);
    if (!parsed.ok) {
      errors[key(part)] = parsed.message;
      return undefined;
    }
    return parsed.value;
  };
  const path = parsedPath.ok ? parsedPath.path : undefined;
  switch (row.operator) {
    case 'attribute_exists':
    case 'attribute_not_exists':
      return path && { kind: row.operator, path };
    case 'attribute_type': {
      if (!isAttributeType(row.valueType)) errors[key('value')] = 'Choose the type to test for.';
      return path && isAttributeType(row.valueType) ? { kind: 'attribute_type', path, type: row.valueType as AttributeTypeName } : undefined;
    }
    case 'between': {
      const low = value(row.value, 'value', `The lower bound for ${label}`);
      const high = value(row.valueHigh, 'valueHigh', `The upper bound for ${label}`);
      return path && low && high ? { kind: 'between', path, low, high, ...(size ? { size: true } : {}) } : undefined;
    }
    case 'in': {
      const items = splitList(row.value);
      if (items.length === 0) {
        errors[key('value')] = `IN needs at least one value: list them separated by commas.`;
        return undefined;
      }
      const values = items.map((item) => parseTypedValue(row.valueType, item, `Each IN value for ${label}`, row.binaryEncoding));
      const bad = values.find((parsed) => !parsed.ok);
      if (bad && !bad.ok) {
        errors[key('value')] = bad.message;
        return undefined;
      }
      return path && { kind: 'in', path, values: values.map((parsed) => (parsed.ok ? parsed.value : { NULL: true })) };
    }
    case 'begins_with':
    case 'contains': {
      const operand = value(row.value, 'value');
      return path && operand ? { kind: row.operator, path, value: operand } : undefined;
    }
    default: {
      const operand = value(row.value, 'value');
      return path && operand ? { kind: 'compare', path, operator: row.operator, value: operand, ...(size ? { size: true } : {}) } : undefined;
    }
  }
}
