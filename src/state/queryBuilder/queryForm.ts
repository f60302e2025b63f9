import type { AttributeValue, QueryCommandInput, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import {
  buildExpressions,
  isDynamoDBError,
  prepareExpressions,
  type ExpressionModels,
  type KeySchemaInfo,
  type ResolvedPath,
  type SortKeyConditionModel,
} from '../../expressions';
import { parseDynamoNumber, type KeyTemplate, type KeyType } from '../../keys';
import { MAX_INT32, parseCount } from '../parseCount';
import { parsePathText } from './attributePathText';
import { parseBinaryText, type BinaryEncoding } from '../../dynamo';
import { reencodeBinaryText } from './binaryText';
import { buildFilterCondition, EMPTY_FILTER, listFilterRows, type FilterGroup } from './filterModel';
import { buildFieldSortCondition } from '../../design';

/** The sort-key operators a Query offers, plus "none" (the whole partition). */
export type SortOperator = 'none' | '=' | '<' | '<=' | '>' | '>=' | 'between' | 'begins_with';

/** Query's and Scan's Select; '' leaves it out (DynamoDB's default). */
export type SelectOption = '' | 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES' | 'SPECIFIC_ATTRIBUTES' | 'COUNT';

/** What the query builder holds: text as typed, so nothing the user typed is lost while it is invalid. */
export interface QueryForm {
  readonly mode: 'query' | 'scan';
  /** '' for the table itself, else an index name. */
  readonly indexName: string;
  readonly partitionValue: string;
  /** How binary (B) key values are typed: hex or base64. */
  readonly keyEncoding: BinaryEncoding;
  readonly sortOperator: SortOperator;
  /** Sort-key bounds as raw key text, or as field values the key builder's template encodes. */
  readonly sortInput: 'raw' | 'fields';
  readonly sortValue: string;
  /** Upper bound for `between`. */
  readonly sortValueHigh: string;
  /** Field values (or BETWEEN's lower bound) by template field name. */
  readonly sortFields: Readonly<Record<string, string>>;
  /** BETWEEN's upper bound, by template field name. */
  readonly sortFieldsHigh: Readonly<Record<string, string>>;
  readonly descending: boolean;
  readonly limit: string;
  readonly consistentRead: boolean;
  readonly select: SelectOption;
  readonly filter: FilterGroup;
  /** Attribute paths as typed, one per entry; empty entries are ignored. */
  readonly projection: readonly string[];
  /** Alias every attribute name with a #placeholder, not only those DynamoDB requires. */
  readonly aliasAllNames: boolean;
}

export const EMPTY_QUERY_FORM: QueryForm = {
  mode: 'query',
  indexName: '',
  partitionValue: '',
  keyEncoding: 'hex',
  sortOperator: 'none',
  sortInput: 'raw',
  sortValue: '',
  sortValueHigh: '',
  sortFields: {},
  sortFieldsHigh: {},
  descending: false,
  limit: '',
  consistentRead: false,
  select: '',
  filter: EMPTY_FILTER,
  projection: [],
  aliasAllNames: false,
};

/**
 * Which part of the builder an error belongs to, so the UI shows it there:
 * the fixed fields below, `sortField:<name>` / `sortFieldHigh:<name>` for field
 * values, `filter:<rowId>:path|value|valueHigh` for filter rows, `projection:<n>`
 * for projection paths, and `keyCondition` / `filter` / `projection` / `request`
 * for DynamoDB's validation of the whole request.
 */
export type QueryFormField =
  | 'partitionValue'
  | 'sortValue'
  | 'sortValueHigh'
  | 'limit'
  | 'indexName'
  | 'consistentRead'
  | 'select'
  | 'keyCondition'
  | 'filter'
  | 'projection'
  | 'request'
  | `sortField:${string}`
  | `sortFieldHigh:${string}`
  | `filter:${string}`
  | `projection:${number}`;

export type QueryFormErrors = Partial<Record<QueryFormField, string>>;

/** What the builder knows about the table beyond its name: keys and indexes (kind, projection). */
export interface BuilderTableInfo {
  readonly keys: KeySchemaInfo;
  readonly indexes: readonly { readonly name: string; readonly kind: 'local' | 'global'; readonly keys: KeySchemaInfo; readonly projection: string }[];
}

/** Extra inputs: the table's indexes (for Select / ConsistentRead rules) and the key builder's template (field values). */
export interface BuildContext {
  readonly table?: BuilderTableInfo;
  readonly template?: KeyTemplate;
}

export type BuiltRequest =
  | {
      readonly ok: true;
      readonly operation: 'query';
      readonly input: QueryCommandInput;
      readonly sortExplanation?: string;
      readonly sortCondition?: SortKeyConditionModel;
    }
  | { readonly ok: true; readonly operation: 'scan'; readonly input: ScanCommandInput; readonly sortExplanation?: string }
  | { readonly ok: false; readonly errors: QueryFormErrors };

/**
 * Turns typed text into a key value of the attribute's type: S as typed, N
 * checked by DynamoDB's number rules, B in the chosen encoding (hex or base64).
 */
export function parseKeyValue(text: string, type: KeyType, label: string, encoding: BinaryEncoding): { value: AttributeValue } | { error: string } {
  if (text === '') return { error: `Enter a value for ${label}: DynamoDB key values can't be empty.` };
  if (type === 'S') return { value: { S: text } };
  if (type === 'N') {
    const parsed = parseDynamoNumber(text.trim());
    return parsed.ok ? { value: { N: text.trim() } } : { error: `${label} is a number key: ${parsed.message}.` };
  }
  const binary = parseBinaryText(text, encoding);
  return binary.ok ? { value: { B: binary.bytes } } : { error: `${label} is a binary key typed as ${encoding}: ${binary.message}.` };
}

/**
 * Limit as typed: empty for none, else 1 … 2,147,483,647 read exactly (no
 * rounding), refused before sending with DynamoDB's own message — DynamoDB
 * Local answers a bigger one with InternalFailure only after its retries.
 * DynamoDB words the member as the operation does (captured in 2026, see
 * `UNECHOED_MEMBERS` in src/engine/operations/memberConstraints.ts): a Query's
 * `Value at 'Limit'` quotes no value, a Scan's `Value '0' at 'limit'` does.
 *
 * @example
 * readLimit("0", "scan") // "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1 — …"
 * readLimit("0", "query") // "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1 — …"
 */
export function readLimit(text: string, operation: 'query' | 'scan'): number | undefined | string {
  if (text.trim() === '') return undefined;
  const parsed = parseCount(text, { label: 'Limit', min: 1, max: MAX_INT32 });
  if (parsed.ok) return parsed.value;
  const fix = 'enter a whole number from 1 to 2,147,483,647, or leave Limit empty for no limit.';
  if (parsed.reason === 'notWhole') return `${parsed.message} Leave it empty for no limit.`;
  const constraint =
    parsed.reason === 'tooSmall' ? 'Member must have value greater than or equal to 1' : `Member must have value less than or equal to ${MAX_INT32}`;
  const member = operation === 'query' ? "Value at 'Limit'" : `Value '${parsed.digits}' at 'limit'`;
  return `1 validation error detected: ${member} failed to satisfy constraint: ${constraint} — ${fix}`;
}

/**
 * The form patch for typing binary keys in another encoding: the binary key
 * inputs keep their bytes, re-typed in the new encoding.
 *
 * @example
 * switchKeyEncoding({ ...EMPTY_QUERY_FORM, partitionValue: "01 02 03" }, { partitionKey: { name: "id", type: "B" } }, "base64")
 * // { keyEncoding: "base64", partitionValue: "AQID" }
 */
export function switchKeyEncoding(form: QueryForm, keys: KeySchemaInfo, keyEncoding: BinaryEncoding): Partial<QueryForm> {
  const retype = (text: string) => reencodeBinaryText(text, form.keyEncoding, keyEncoding);
  return {
    keyEncoding,
    ...(keys.partitionKey.type === 'B' ? { partitionValue: retype(form.partitionValue) } : {}),
    ...(keys.sortKey?.type === 'B' ? { sortValue: retype(form.sortValue), sortValueHigh: retype(form.sortValueHigh) } : {}),
  };
}

/** The sort-key condition from raw values. */
function buildRawSortCondition(form: QueryForm, sortKey: NonNullable<KeySchemaInfo['sortKey']>, errors: QueryFormErrors): SortKeyConditionModel | undefined {
  const low = parseKeyValue(form.sortValue, sortKey.type, sortKey.name, form.keyEncoding);
  if ('error' in low) errors.sortValue = low.error;
  if (form.sortOperator === 'between') {
    const high = parseKeyValue(form.sortValueHigh, sortKey.type, `the upper bound of ${sortKey.name}`, form.keyEncoding);
    if ('error' in high) errors.sortValueHigh = high.error;
    return 'value' in low && 'value' in high ? { operator: 'between', low: low.value, high: high.value } : undefined;
  }
  if (form.sortOperator === 'begins_with') {
    if (sortKey.type === 'N') {
      errors.sortValue = `begins_with works on string and binary keys; ${sortKey.name} is a number.`;
      return undefined;
    }
    return 'value' in low ? { operator: 'begins_with', prefix: low.value } : undefined;
  }
  return 'value' in low && form.sortOperator !== 'none' ? { operator: form.sortOperator, value: low.value } : undefined;
}

/** The sort-key condition from field values under the key builder's template. */
function buildTemplateSortCondition(
  form: QueryForm,
  sortKey: NonNullable<KeySchemaInfo['sortKey']>,
  template: KeyTemplate | undefined,
  errors: QueryFormErrors,
): { condition?: SortKeyConditionModel; explanation?: string } {
  if (!template) {
    errors.sortValue =
      'There is no key template to encode field values with: choose a Key design whose entities have a template for this sort key, or use raw values.';
    return {};
  }
  if (sortKey.type !== 'S') {
    errors.sortValue = `The entity's key template makes string keys, but ${sortKey.name} is a ${sortKey.type === 'N' ? 'number' : 'binary'} key: use raw values.`;
    return {};
  }
  const operator = form.sortOperator === 'begins_with' || form.sortOperator === 'none' ? '=' : form.sortOperator;
  const result = buildFieldSortCondition(template, operator, form.sortFields, form.sortFieldsHigh);
  if (!result.ok) {
    for (const [key, message] of Object.entries(result.errors)) {
      const field = (key.endsWith(':') ? (key.startsWith('sortFieldHigh') ? 'sortValueHigh' : 'sortValue') : key) as QueryFormField;
      errors[field] = message;
    }
    return {};
  }
  return { condition: result.condition, explanation: result.explanation };
}

const SELECT_WITH_PROJECTION: Partial<Record<SelectOption, string>> = {
  ALL_ATTRIBUTES: 'Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES',
  ALL_PROJECTED_ATTRIBUTES: 'Cannot specify the ProjectionExpression when choosing to get ALL_PROJECTED_ATTRIBUTES',
  COUNT: 'Cannot specify the ProjectionExpression when choosing to get only the Count',
};

/** Select and ConsistentRead against the index, with DynamoDB's own messages. */
function checkReadOptions(form: QueryForm, projection: readonly ResolvedPath[], table: BuilderTableInfo | undefined, errors: QueryFormErrors): void {
  const index = form.indexName ? table?.indexes.find((candidate) => candidate.name === form.indexName) : undefined;
  if (form.consistentRead && index?.kind === 'global') errors.consistentRead = 'Consistent reads are not supported on global secondary indexes';
  const hasProjection = projection.length > 0;
  if (form.select === 'SPECIFIC_ATTRIBUTES' && !hasProjection)
    errors.select = 'Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES';
  else if (form.select === 'ALL_PROJECTED_ATTRIBUTES' && !form.indexName)
    errors.select = 'ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName';
  else if (hasProjection && SELECT_WITH_PROJECTION[form.select]) errors.select = SELECT_WITH_PROJECTION[form.select];
  else if (form.select === 'ALL_ATTRIBUTES' && index?.kind === 'global' && index.projection !== 'ALL') {
    errors.select = `One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index ${index.name} because its projection type is not ALL`;
  }
}

/**
 * Builds the Query or Scan request the builder describes against a table's
 * (or index's) key schema, or says which inputs are wrong. Expressions come
 * from the shared builders (names escaped where DynamoDB requires it, values
 * as placeholders) and are checked by the same validator as the built-in
 * table, so DynamoDB's messages show before Run.
 *
 * @example
 * buildRequest("Leaderboard", { partitionKey: { name: "leaderboardId", type: "S" }, sortKey: { name: "rankKey", type: "S" } },
 *   { ...EMPTY_QUERY_FORM, partitionValue: "SEASON#2026-SPRING", descending: true })
 * // { ok: true, operation: "query", input: { TableName: "Leaderboard", KeyConditionExpression: "leaderboardId = :leaderboardId", …, ScanIndexForward: false } }
 */
export function buildRequest(tableName: string, keys: KeySchemaInfo, form: QueryForm, context: BuildContext = {}): BuiltRequest {
  const errors: QueryFormErrors = {};
  const limit = readLimit(form.limit, form.mode);
  if (typeof limit === 'string') errors.limit = limit;

  const filter = buildFilterCondition(form.filter);
  Object.assign(errors, filter.errors);
  const projection: ResolvedPath[] = [];
  form.projection.forEach((text, index) => {
    if (text.trim() === '') return;
    const parsed = parsePathText(text);
    if (parsed.ok) projection.push(parsed.path);
    else errors[`projection:${index}`] = parsed.message;
  });
  checkReadOptions(form, projection, context.table, errors);

  const models: { -readonly [K in keyof ExpressionModels]: ExpressionModels[K] } = {};
  if (filter.condition) models.filter = filter.condition;
  if (projection.length > 0) models.projection = projection;
  let sortExplanation: string | undefined;
  let sortCondition: SortKeyConditionModel | undefined;

  if (form.mode === 'query') {
    const pk = parseKeyValue(form.partitionValue, keys.partitionKey.type, keys.partitionKey.name, form.keyEncoding);
    if ('error' in pk) errors.partitionValue = pk.error;
    const sortKey = keys.sortKey;
    if (form.sortOperator !== 'none') {
      if (!sortKey) errors.sortValue = 'This table has no sort key: choose "whole partition".';
      else if (form.sortInput === 'fields') {
        const built = buildTemplateSortCondition(form, sortKey, context.template, errors);
        sortCondition = built.condition;
        sortExplanation = built.explanation;
      } else sortCondition = buildRawSortCondition(form, sortKey, errors);
    }
    if ('value' in pk) {
      models.keyCondition = {
        partitionKey: { name: keys.partitionKey.name, value: pk.value },
        ...(sortCondition && sortKey ? { sortKey: { name: sortKey.name, condition: sortCondition } } : {}),
      };
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const expressions = buildExpressions(models, { aliasAllNames: form.aliasAllNames });
  const common = {
    TableName: tableName,
    ...(form.indexName ? { IndexName: form.indexName } : {}),
    ...expressions,
    ...(typeof limit === 'number' ? { Limit: limit } : {}),
    ...(form.select ? { Select: form.select } : {}),
    ...(form.consistentRead ? { ConsistentRead: true } : {}),
  };
  const validation = validateExpressions(common, keys, context.table, form.mode);
  if (validation) return { ok: false, errors: { ...validation, ...rowsNamedBy(validation.filter, form.filter) } };
  const explained = sortExplanation !== undefined ? { sortExplanation } : {};
  if (form.mode === 'scan') return { ok: true, operation: 'scan', input: common, ...explained };
  return {
    ok: true,
    operation: 'query',
    input: { ...common, ...(form.descending ? { ScanIndexForward: false } : {}) },
    ...explained,
    ...(sortCondition ? { sortCondition } : {}),
  };
}

/**
 * DynamoDB names the key attribute a Query's filter may not use; the rows
 * that filter on it get the message too, so it shows next to their path.
 */
function rowsNamedBy(message: string | undefined, filter: FilterGroup): QueryFormErrors {
  const named = message && /Primary key attribute: (.+)$/.exec(message)?.[1];
  if (!named) return {};
  const errors: QueryFormErrors = {};
  for (const row of listFilterRows(filter)) {
    const path = parsePathText(row.path);
    if (path.ok && path.path[0] === named)
      errors[`filter:${row.id}:path`] = `${named} is a key attribute: a Query's filter can't use it — put it in the key condition instead.`;
  }
  return errors;
}

/** Runs the request's expressions through the validator; DynamoDB's message lands on the part it names. */
function validateExpressions(
  input: QueryCommandInput | ScanCommandInput,
  keys: KeySchemaInfo,
  table: BuilderTableInfo | undefined,
  mode: 'query' | 'scan',
): QueryFormErrors | undefined {
  const keyNames = (schema: KeySchemaInfo) => [schema.partitionKey.name, ...(schema.sortKey ? [schema.sortKey.name] : [])];
  const primaryKeyNames = [...new Set([...(table ? keyNames(table.keys) : []), ...keyNames(keys)])];
  try {
    prepareExpressions(input, mode === 'query' ? { keySchema: keys, primaryKeyNames, operation: 'Query' } : { operation: 'Scan' });
    return undefined;
  } catch (error) {
    if (!isDynamoDBError(error)) throw error;
    const where = error.location.expression;
    const field: QueryFormField =
      where === 'KeyConditionExpression'
        ? 'keyCondition'
        : where === 'FilterExpression'
          ? 'filter'
          : where === 'ProjectionExpression'
            ? 'projection'
            : 'request';
    return { [field]: `${error.name}: ${error.message}` };
  }
}
