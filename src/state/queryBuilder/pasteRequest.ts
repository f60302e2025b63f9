import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  isDynamoDBError,
  isLegacyQueryScanParameter,
  LEGACY_QUERY_SCAN_PARAMETERS,
  PARALLEL_SCAN_PARAMETERS,
  parseCondition,
  parseProjection,
  QUERY_SCAN_PARAMETERS,
  type Comparator,
  type ConditionNode,
  type KeySchemaInfo,
  type OperandNode,
  type PathNode,
  type QueryScanParameter,
  type ResolvedPath,
} from '../../expressions';
import { locateJsonError } from '../../design';
import { EMPTY_QUERY_FORM, type QueryForm, type SelectOption, type SortOperator } from './queryForm';
import { printPathText } from './attributePathText';
import { createFilterGroup, createFilterRow, EMPTY_FILTER, type FilterGroup, type FilterNode, type FilterOperator } from './filterModel';
import { printTypedValue, readDynamoJsonValue, VALUE_TYPES, type ValueType } from './typedValue';

/**
 * "Paste request": the JSON of a Query or Scan input, as the SDK takes it or
 * as the CLI's `--cli-input-json` does, read back into the builder. The
 * expressions are parsed with the same parser as the validator and mapped
 * back to the builder's model; whatever can't be represented is named, part
 * by part, instead of being silently dropped.
 */

export interface PastedRequest {
  readonly tableName?: string;
  /** The whole builder state the request describes (unrelated inputs reset). */
  readonly form: QueryForm;
  /** What could not be read, each naming the part (field, expression text). Empty when everything was. */
  readonly problems: readonly string[];
  /** Things read with an assumption or left out on purpose (ExclusiveStartKey, DocumentClient values). */
  readonly notes: readonly string[];
}

export type PasteResult = { readonly ok: true; readonly request: PastedRequest } | { readonly ok: false; readonly problems: readonly string[] };

/** What the builder reads: every Query/Scan parameter but parallel scan's. */
const KNOWN_FIELDS: readonly string[] = QUERY_SCAN_PARAMETERS.filter((name) => !PARALLEL_SCAN_PARAMETERS.includes(name));
const SELECTS: readonly SelectOption[] = ['ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES', 'COUNT'];

/**
 * Where a JSON syntax error is, as "line L, column C", from the position the
 * engine reports (V8: "… in JSON at position 17" / "(line 2 column 5)").
 */
export function describeJsonError(text: string, error: unknown): string {
  const { where, reason } = locateJsonError(text, error);
  const at = where ? ` at line ${where.line}, column ${where.column}${where.endsEarly ? ' (the text ends too early)' : ''}` : '';
  return `This is not valid JSON${at}: ${reason}.`;
}

/** The TableName of pasted JSON, if it parses (to select the table before mapping keys). */
export function peekTableName(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    const name = (parsed as { TableName?: unknown } | null)?.TableName;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

class Reader {
  readonly problems: string[] = [];
  readonly notes: string[] = [];
  constructor(
    readonly names: Readonly<Record<string, string>>,
    readonly values: Readonly<Record<string, AttributeValue>>,
  ) {}

  path(node: OperandNode, where: string): ResolvedPath | undefined {
    if (node.kind !== 'path') return undefined;
    return this.pathOf(node, where);
  }

  pathOf(node: PathNode, where: string): ResolvedPath | undefined {
    const path: (string | number)[] = [];
    for (const element of node.elements) {
      if (element.kind === 'index') path.push(element.index);
      else if (element.kind === 'name') path.push(element.name);
      else {
        const name = this.names[element.ref];
        if (name === undefined) {
          this.problems.push(`${where}: ${element.ref} is not defined in ExpressionAttributeNames.`);
          return undefined;
        }
        path.push(name);
      }
    }
    return path;
  }

  value(node: OperandNode, where: string): AttributeValue | undefined {
    if (node.kind !== 'value') return undefined;
    const value = this.values[node.ref];
    if (value === undefined) this.problems.push(`${where}: ${node.ref} is not defined in ExpressionAttributeValues.`);
    return value;
  }
}

const FLIPPED: Readonly<Record<Comparator, Comparator>> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

function unwrap(node: ConditionNode): ConditionNode {
  let current = node;
  while (current.kind === 'parens') current = current.inner;
  return current;
}

/** The operands of a chain of one kind (`a AND b AND (c AND d)`), left to right. */
function flatten(node: ConditionNode, kind: 'and' | 'or'): ConditionNode[] {
  const inner = unwrap(node);
  if (inner.kind !== kind) return [inner];
  return [...flatten(inner.left, kind), ...flatten(inner.right, kind)];
}

/** Maps a filter AST to the builder's groups and rows; parts it can't show are named in `reader.problems`. */
function readFilter(root: ConditionNode, text: string, reader: Reader): FilterGroup {
  const quote = (node: ConditionNode | OperandNode) => `"${text.slice(node.span.start, node.span.end)}"`;
  const cannot = (node: ConditionNode, why: string) => {
    reader.problems.push(`FilterExpression: the builder can't show ${quote(node)} (${why}); it was left out, so the filter differs from the pasted one.`);
  };
  const group = (node: ConditionNode, not: boolean, id?: string): FilterGroup => {
    const inner = unwrap(node);
    const join = inner.kind === 'or' ? 'or' : 'and';
    const children = flatten(inner, join)
      .map(readNode)
      .filter((child): child is FilterNode => child !== undefined);
    const made = createFilterGroup({ join, not, children });
    return id ? { ...made, id } : made;
  };
  const readNode = (node: ConditionNode): FilterNode | undefined => {
    const inner = unwrap(node);
    if (inner.kind === 'and' || inner.kind === 'or') return group(inner, false);
    if (inner.kind === 'not') return group(inner.operand, true);
    return readRow(inner);
  };
  const target = (operand: OperandNode): { path?: ResolvedPath; size: boolean } => {
    if (operand.kind === 'call' && operand.name === 'size' && operand.args.length === 1 && operand.args[0]?.kind === 'path') {
      return { path: reader.pathOf(operand.args[0], 'FilterExpression'), size: true };
    }
    return { path: reader.path(operand, 'FilterExpression'), size: false };
  };
  const row = (path: ResolvedPath, operator: FilterOperator, size: boolean, value?: AttributeValue, high?: AttributeValue): FilterNode => {
    const printed = value ? printTypedValue(value) : undefined;
    return createFilterRow({
      path: printPathText(path),
      operator,
      size,
      valueType: printed?.type ?? 'S',
      value: printed?.text ?? '',
      valueHigh: high ? printTypedValue(high).text : '',
      binaryEncoding: 'base64',
    });
  };
  const readRow = (node: ConditionNode): FilterNode | undefined => {
    switch (node.kind) {
      case 'compare': {
        let { left, right } = node;
        let operator = node.operator;
        if (left.kind === 'value' && right.kind !== 'value') {
          [left, right] = [right, left];
          operator = FLIPPED[operator];
        }
        const { path, size } = target(left);
        if (!path || right.kind !== 'value') return void cannot(node, 'a row compares one attribute with one value');
        const value = reader.value(right, 'FilterExpression');
        return value && row(path, operator, size, value);
      }
      case 'between': {
        const { path, size } = target(node.operand);
        if (!path || node.low.kind !== 'value' || node.high.kind !== 'value') return void cannot(node, 'BETWEEN takes an attribute and two values here');
        const low = reader.value(node.low, 'FilterExpression');
        const high = reader.value(node.high, 'FilterExpression');
        if (low && high && Object.keys(low)[0] !== Object.keys(high)[0]) return void cannot(node, 'the two bounds have different types');
        return low && high && row(path, 'between', size, low, high);
      }
      case 'in': {
        const path = reader.path(node.operand, 'FilterExpression');
        if (!path || node.list.some((item) => item.kind !== 'value')) return void cannot(node, 'IN takes an attribute and a list of values here');
        const values = node.list.map((item) => reader.value(item, 'FilterExpression'));
        if (values.some((value) => value === undefined)) return undefined;
        const printed = (values as AttributeValue[]).map(printTypedValue);
        const type = printed[0]?.type ?? 'S';
        if (printed.some((item) => item.type !== type)) return void cannot(node, 'its values have different types');
        if (!['S', 'N', 'B'].includes(type)) return void cannot(node, 'the builder lists S, N and B values for IN');
        return createFilterRow({
          path: printPathText(path),
          operator: 'in',
          valueType: type,
          value: joinForIn(printed.map((item) => item.text)),
          binaryEncoding: 'base64',
        });
      }
      case 'call': {
        const [first, second] = node.args;
        const path = first ? reader.path(first, 'FilterExpression') : undefined;
        if (node.name === 'attribute_exists' || node.name === 'attribute_not_exists') {
          return path ? row(path, node.name, false) : void cannot(node, 'it needs an attribute path');
        }
        if (node.name === 'begins_with' || node.name === 'contains' || node.name === 'attribute_type') {
          if (!path || !second || second.kind !== 'value') return void cannot(node, `${node.name} takes an attribute and a value here`);
          const value = reader.value(second, 'FilterExpression');
          if (!value) return undefined;
          if (node.name !== 'attribute_type') return row(path, node.name, false, value);
          const type = value.S;
          if (type === undefined || !VALUE_TYPES.includes(type as ValueType))
            return void cannot(node, 'attribute_type needs one of S, SS, N, NS, B, BS, BOOL, NULL, L, M');
          return createFilterRow({ path: printPathText(path), operator: 'attribute_type', valueType: type as ValueType });
        }
        return void cannot(node, `${node.name} is not a condition`);
      }
      default:
        return void cannot(node, 'unexpected part');
    }
  };
  return group(root, false, EMPTY_FILTER.id);
}

function joinForIn(items: readonly string[]): string {
  return items.map((item) => (/[,"]|^\s|\s$|^$/.test(item) ? `"${item.replaceAll('"', '""')}"` : item)).join(', ');
}

const SORT_OPERATORS: readonly Comparator[] = ['=', '<', '<=', '>', '>='];

/** Maps a key condition to partition value + sort operator/values (raw). */
function readKeyCondition(text: string, node: ConditionNode, reader: Reader, keys: KeySchemaInfo | undefined): Partial<QueryForm> {
  const parts = flatten(node, 'and');
  const quote = (part: ConditionNode) => `"${text.slice(part.span.start, part.span.end)}"`;
  const form: { -readonly [K in keyof QueryForm]?: QueryForm[K] } = {};
  type Part = { name: string; part: ConditionNode };
  const named: Part[] = [];
  for (const part of parts) {
    const operand =
      part.kind === 'compare'
        ? part.left.kind === 'path'
          ? part.left
          : part.right
        : part.kind === 'between'
          ? part.operand
          : part.kind === 'call'
            ? part.args[0]
            : undefined;
    const path = operand ? reader.path(operand, 'KeyConditionExpression') : undefined;
    if (!path || path.length !== 1 || typeof path[0] !== 'string') {
      reader.problems.push(`KeyConditionExpression: the builder can't show ${quote(part)}: a key condition compares a key attribute with values.`);
      continue;
    }
    named.push({ name: path[0], part });
  }
  const isEquality = (entry: Part) => entry.part.kind === 'compare' && entry.part.operator === '=';
  const pkEntry = named.find((entry) => entry.name === keys?.partitionKey.name && isEquality(entry)) ?? (keys ? undefined : named.find(isEquality));
  if (!pkEntry) {
    reader.problems.push(`KeyConditionExpression: no "${keys?.partitionKey.name ?? 'partition key'} = :value" part was found; enter the partition key value.`);
  } else {
    const compare = pkEntry.part as Extract<ConditionNode, { kind: 'compare' }>;
    const value = reader.value(compare.right.kind === 'value' ? compare.right : compare.left, 'KeyConditionExpression');
    if (value) form.partitionValue = printTypedValue(value).text;
  }
  const rest = named.filter((entry) => entry !== pkEntry);
  if (rest.length > 1)
    reader.problems.push(`KeyConditionExpression: ${rest.map((entry) => quote(entry.part)).join(' and ')} — a key condition has one sort-key part at most.`);
  const sort = rest[0];
  if (sort) {
    if (keys?.sortKey && sort.name !== keys.sortKey.name) {
      reader.notes.push(`KeyConditionExpression names ${sort.name}, but the sort key here is ${keys.sortKey.name}; Run will say so.`);
    }
    const part = sort.part;
    const text = (operand: OperandNode) => {
      const value = reader.value(operand, 'KeyConditionExpression');
      return value ? printTypedValue(value).text : '';
    };
    if (part.kind === 'compare' && SORT_OPERATORS.includes(part.operator)) {
      const flipped = part.left.kind === 'value';
      form.sortOperator = (flipped ? FLIPPED[part.operator] : part.operator) as SortOperator;
      form.sortValue = text(flipped ? part.left : part.right);
    } else if (part.kind === 'between') {
      form.sortOperator = 'between';
      form.sortValue = text(part.low);
      form.sortValueHigh = text(part.high);
    } else if (part.kind === 'call' && part.name === 'begins_with' && part.args[1]) {
      form.sortOperator = 'begins_with';
      form.sortValue = text(part.args[1]);
    } else {
      reader.problems.push(`KeyConditionExpression: the builder can't show ${quote(part)}: a sort-key condition is =, <, <=, >, >=, BETWEEN or begins_with.`);
    }
  }
  return form;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Values as the DocumentClient takes them ("x", 5, true) become AttributeValues; the note says so. */
function readValues(raw: unknown, notes: string[], problems: string[]): Record<string, AttributeValue> {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) {
    problems.push('ExpressionAttributeValues must be an object of ":placeholder": value.');
    return {};
  }
  const values: Record<string, AttributeValue> = {};
  const native: string[] = [];
  for (const [ref, value] of Object.entries(raw)) {
    if (isPlainObject(value) && Object.keys(value).length === 1) {
      const read = readDynamoJsonValue(value, `ExpressionAttributeValues ${ref}`);
      if (read.ok) values[ref] = read.value;
      else problems.push(...read.problems);
      continue;
    }
    const plain: AttributeValue | undefined =
      typeof value === 'string'
        ? { S: value }
        : typeof value === 'number'
          ? { N: String(value) }
          : typeof value === 'boolean'
            ? { BOOL: value }
            : value === null
              ? { NULL: true }
              : undefined;
    if (plain) {
      values[ref] = plain;
      native.push(ref);
    } else problems.push(`ExpressionAttributeValues ${ref}: write it as DynamoDB JSON, e.g. {"S": "text"} or {"N": "42"}.`);
  }
  if (native.length > 0)
    notes.push(`${native.join(', ')} ${native.length === 1 ? 'is a plain value' : 'are plain values'} (DocumentClient style), read as S / N / BOOL / NULL.`);
  return values;
}

/**
 * Reads a pasted Query or Scan request into the builder's model.
 *
 * @example
 * readPastedRequest('{"TableName":"AuditLog","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"ACTOR#u_8814"}},"ScanIndexForward":false}')
 * // { ok: true, request: { tableName: "AuditLog", form: { mode: "query", partitionValue: "ACTOR#u_8814", descending: true, … }, problems: [], notes: [] } }
 */
export function readPastedRequest(text: string, keys?: KeySchemaInfo): PasteResult {
  if (text.trim() === '')
    return { ok: false, problems: ['Paste the JSON of a Query or Scan request (as the SDK or `aws dynamodb query --cli-input-json` takes it).'] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [describeJsonError(text, error)] };
  }
  if (!isPlainObject(parsed)) return { ok: false, problems: ['The request must be a JSON object such as {"TableName": "…", "KeyConditionExpression": "…"}.'] };
  const problems: string[] = [];
  const notes: string[] = [];
  for (const field of Object.keys(parsed)) {
    if (KNOWN_FIELDS.includes(field)) continue;
    if (isLegacyQueryScanParameter(field))
      problems.push(`${field} is a legacy parameter, which the builder doesn't read: write it as ${LEGACY_QUERY_SCAN_PARAMETERS[field]}.`);
    else if (PARALLEL_SCAN_PARAMETERS.includes(field as QueryScanParameter))
      problems.push(`${field} (parallel scan) is not supported by the builder; it was left out.`);
    else problems.push(`Unknown field "${field}": a Query or Scan takes ${KNOWN_FIELDS.join(', ')}.`);
  }
  const string = (field: string): string | undefined => {
    const value = parsed[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      problems.push(`${field} must be a string.`);
      return undefined;
    }
    return value;
  };
  const namesRaw = parsed.ExpressionAttributeNames;
  const names: Record<string, string> = {};
  if (namesRaw !== undefined) {
    if (!isPlainObject(namesRaw)) problems.push('ExpressionAttributeNames must be an object of "#placeholder": "name".');
    else {
      for (const [ref, name] of Object.entries(namesRaw)) {
        if (typeof name === 'string') names[ref] = name;
        else problems.push(`ExpressionAttributeNames ${ref} must be a string.`);
      }
    }
  }
  const reader = new Reader(names, readValues(parsed.ExpressionAttributeValues, notes, problems));
  // Pasted JSON carries bytes as base64, and the builder keeps them as pasted.
  let form: { -readonly [K in keyof QueryForm]: QueryForm[K] } = { ...EMPTY_QUERY_FORM, keyEncoding: 'base64' };
  const tableName = string('TableName');
  const indexName = string('IndexName');
  if (indexName) form.indexName = indexName;

  const keyText = string('KeyConditionExpression');
  form.mode = keyText !== undefined ? 'query' : 'scan';
  const parse = <T>(kind: string, run: () => T): T | undefined => {
    try {
      return run();
    } catch (error) {
      if (!isDynamoDBError(error)) throw error;
      problems.push(`${kind}: ${error.message}`);
      return undefined;
    }
  };
  if (keyText !== undefined) {
    const node = parse('KeyConditionExpression', () => parseCondition(keyText, 'KeyConditionExpression'));
    if (node) form = { ...form, ...readKeyCondition(keyText, node, reader, keys) };
  }
  const filterText = string('FilterExpression');
  if (filterText !== undefined) {
    const node = parse('FilterExpression', () => parseCondition(filterText, 'FilterExpression'));
    if (node) form.filter = readFilter(node, filterText, reader);
  }
  const projectionText = string('ProjectionExpression');
  if (projectionText !== undefined) {
    const node = parse('ProjectionExpression', () => parseProjection(projectionText));
    if (node)
      form.projection = node.paths
        .map((path) => reader.pathOf(path, 'ProjectionExpression'))
        .filter((path): path is ResolvedPath => path !== undefined)
        .map(printPathText);
  }
  const limit = parsed.Limit;
  if (limit !== undefined) {
    if (typeof limit === 'number' && Number.isInteger(limit) && limit >= 1) form.limit = String(limit);
    else problems.push(`Limit must be a whole number of at least 1 (got ${JSON.stringify(limit)}).`);
  }
  const flag = (field: string): boolean | undefined => {
    const value = parsed[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') problems.push(`${field} must be true or false (got ${JSON.stringify(value)}).`);
    return value === true;
  };
  if (flag('ScanIndexForward') === false && parsed.ScanIndexForward === false) form.descending = true;
  if (flag('ConsistentRead')) form.consistentRead = true;
  const select = parsed.Select;
  if (select !== undefined) {
    if (SELECTS.includes(select as SelectOption)) form.select = select as SelectOption;
    else problems.push(`Select must be one of ${SELECTS.join(', ')} (got ${JSON.stringify(select)}).`);
  }
  if (parsed.ExclusiveStartKey !== undefined) notes.push('ExclusiveStartKey was left out: Run starts at the first page (Load more continues from there).');
  if (form.mode === 'scan' && parsed.ScanIndexForward !== undefined) notes.push('ScanIndexForward applies to a Query only; a Scan ignores it.');
  problems.push(...reader.problems);
  notes.push(...reader.notes);
  return { ok: true, request: { ...(tableName !== undefined ? { tableName } : {}), form, problems, notes } };
}
