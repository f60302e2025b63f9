import type { AttributeValue, QueryCommandInput, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import { buildExpressions, type KeySchemaInfo, type SortKeyConditionModel } from '../expressions';
import { decodeBase64, parseDynamoNumber, type KeyType } from '../keys';

/** The sort-key operators a Query offers, plus "none" (the whole partition). */
export type SortOperator = 'none' | '=' | '<' | '<=' | '>' | '>=' | 'between' | 'begins_with';

/** What the query form holds: text as typed, so nothing the user typed is lost while it is invalid. */
export interface QueryForm {
  readonly mode: 'query' | 'scan';
  /** '' for the table itself, else an index name. */
  readonly indexName: string;
  readonly partitionValue: string;
  readonly sortOperator: SortOperator;
  readonly sortValue: string;
  /** Upper bound for `between`. */
  readonly sortValueHigh: string;
  readonly descending: boolean;
  readonly limit: string;
}

export const EMPTY_QUERY_FORM: QueryForm = {
  mode: 'query',
  indexName: '',
  partitionValue: '',
  sortOperator: 'none',
  sortValue: '',
  sortValueHigh: '',
  descending: false,
  limit: '',
};

/** Which form field an error belongs to, so the UI shows it there. */
export type QueryFormField = 'partitionValue' | 'sortValue' | 'sortValueHigh' | 'limit' | 'indexName';

export type QueryFormErrors = Partial<Record<QueryFormField, string>>;

export type BuiltRequest =
  | { readonly ok: true; readonly operation: 'query'; readonly input: QueryCommandInput }
  | { readonly ok: true; readonly operation: 'scan'; readonly input: ScanCommandInput }
  | { readonly ok: false; readonly errors: QueryFormErrors };

/**
 * Turns typed text into a key value of the attribute's type: S as typed, N
 * checked by DynamoDB's number rules, B from base64.
 */
export function parseKeyValue(text: string, type: KeyType, label: string): { value: AttributeValue } | { error: string } {
  if (text === '') return { error: `Enter a value for ${label}: DynamoDB key values can't be empty.` };
  if (type === 'S') return { value: { S: text } };
  if (type === 'N') {
    const parsed = parseDynamoNumber(text.trim());
    return parsed.ok ? { value: { N: text.trim() } } : { error: `${label} is a number key: ${parsed.message}.` };
  }
  const binary = decodeBase64(text.replace(/\s+/g, ''));
  return binary ? { value: { B: binary } } : { error: `${label} is a binary key: enter its bytes as base64 (e.g. AQID for 01 02 03).` };
}

/**
 * Builds the Query or Scan request the form describes against a table's (or
 * index's) key schema, or says which fields are wrong. Expressions come from
 * the shared builders, so names are escaped and values are placeholders.
 *
 * @example
 * buildRequest("Leaderboard", { partitionKey: { name: "leaderboardId", type: "S" }, sortKey: { name: "rankKey", type: "S" } },
 *   { ...EMPTY_QUERY_FORM, partitionValue: "SEASON#2026-SPRING", descending: true })
 * // { ok: true, operation: "query", input: { TableName: "Leaderboard", KeyConditionExpression: "leaderboardId = :leaderboardId", …, ScanIndexForward: false } }
 */
export function buildRequest(tableName: string, keys: KeySchemaInfo, form: QueryForm): BuiltRequest {
  const errors: QueryFormErrors = {};
  let limit: number | undefined;
  if (form.limit.trim() !== '') {
    const value = Number(form.limit.trim());
    if (!Number.isInteger(value) || value < 1) errors.limit = 'Limit must be a whole number of at least 1, or empty for no limit.';
    else limit = value;
  }
  const common = { TableName: tableName, ...(form.indexName ? { IndexName: form.indexName } : {}), ...(limit !== undefined ? { Limit: limit } : {}) };
  if (form.mode === 'scan') {
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, operation: 'scan', input: common };
  }

  const pk = parseKeyValue(form.partitionValue, keys.partitionKey.type, keys.partitionKey.name);
  if ('error' in pk) errors.partitionValue = pk.error;
  let sortCondition: SortKeyConditionModel | undefined;
  const sortKey = keys.sortKey;
  if (form.sortOperator !== 'none') {
    if (!sortKey) {
      errors.sortValue = 'This table has no sort key: choose "whole partition".';
    } else {
      const low = parseKeyValue(form.sortValue, sortKey.type, sortKey.name);
      if ('error' in low) errors.sortValue = low.error;
      if (form.sortOperator === 'between') {
        const high = parseKeyValue(form.sortValueHigh, sortKey.type, `the upper bound of ${sortKey.name}`);
        if ('error' in high) errors.sortValueHigh = high.error;
        if ('value' in low && 'value' in high) sortCondition = { operator: 'between', low: low.value, high: high.value };
      } else if (form.sortOperator === 'begins_with') {
        if (sortKey.type === 'N') errors.sortValue = `begins_with works on string and binary keys; ${sortKey.name} is a number.`;
        else if ('value' in low) sortCondition = { operator: 'begins_with', prefix: low.value };
      } else if ('value' in low) {
        sortCondition = { operator: form.sortOperator, value: low.value };
      }
    }
  }
  if (Object.keys(errors).length > 0 || !('value' in pk)) return { ok: false, errors };
  const expressions = buildExpressions({
    keyCondition: {
      partitionKey: { name: keys.partitionKey.name, value: pk.value },
      ...(sortCondition && sortKey ? { sortKey: { name: sortKey.name, condition: sortCondition } } : {}),
    },
  });
  return {
    ok: true,
    operation: 'query',
    input: { ...common, ...expressions, ...(form.descending ? { ScanIndexForward: false } : {}) },
  };
}
