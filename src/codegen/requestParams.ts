import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { isLegacyQueryScanParameter, isQueryScanParameter, QUERY_SCAN_PARAMETERS, type QueryScanParameter } from '../expressions';
import type { CodegenErrorCode } from '../errors';
import type { CodegenRequest } from './codegen.types';

/**
 * The request parameters emitters write: every Query/Scan parameter, in the
 * order people usually write them. Legacy parameters would change the result
 * if dropped, so emission is refused for them, as for any unknown one.
 */
export const EMITTED_PARAMS = QUERY_SCAN_PARAMETERS;

export type EmittedParam = QueryScanParameter;

/** The request as ordered [name, value] pairs; values are the SDK's own (AttributeValue maps, numbers, booleans). */
export type RequestParams = ReadonlyArray<readonly [EmittedParam, unknown]>;

export type ParamsResult = { ok: true; params: RequestParams } | { ok: false; error: CodegenErrorCode; reason: string };

/**
 * Checks a request and lists its parameters in emission order, or says why no
 * faithful code can be written for it.
 *
 * @example
 * collectParams({ operation: 'scan', input: { TableName: 'Orders', Limit: 10 } })
 * // { ok: true, params: [['TableName', 'Orders'], ['Limit', 10]] }
 */
export function collectParams(request: CodegenRequest): ParamsResult {
  if (request.operation !== 'query' && request.operation !== 'scan') {
    return {
      ok: false,
      error: 'codegen.unsupportedOperation',
      reason: `Copy as writes Query and Scan requests; got "${String((request as { operation: unknown }).operation)}".`,
    };
  }
  const input = request.input as unknown as Record<string, unknown>;
  if (typeof input.TableName !== 'string' || input.TableName === '') {
    return { ok: false, error: 'codegen.missingTableName', reason: 'The request has no table name.' };
  }
  if (request.operation === 'query' && typeof input.KeyConditionExpression !== 'string') {
    return { ok: false, error: 'codegen.missingKeyCondition', reason: 'A Query needs a KeyConditionExpression: choose a partition key value first.' };
  }
  for (const name of Object.keys(input)) {
    if (input[name] === undefined) continue;
    if (isLegacyQueryScanParameter(name)) {
      return { ok: false, error: 'codegen.legacyParameter', reason: `${name} is a legacy parameter; Copy as writes expression-based requests only.` };
    }
    if (!isQueryScanParameter(name)) {
      return { ok: false, error: 'codegen.unknownParameter', reason: `Copy as does not know the parameter ${name}, so it can't promise the same result.` };
    }
  }
  const params: Array<readonly [EmittedParam, unknown]> = [];
  for (const name of EMITTED_PARAMS) {
    const value = input[name];
    if (value === undefined) continue;
    if (name === 'ScanIndexForward' && value === true) continue; // the default: only noise in a snippet
    if (name === 'ConsistentRead' && value === false) continue;
    params.push([name, value]);
  }
  return { ok: true, params };
}

/** The value of one parameter, if present. */
export function paramValue(params: RequestParams, name: EmittedParam): unknown {
  return params.find(([key]) => key === name)?.[1];
}

/** Every AttributeValue the request carries (ExpressionAttributeValues and ExclusiveStartKey). */
export function requestAttributeValues(params: RequestParams): AttributeValue[] {
  return params
    .filter(([name]) => name === 'ExpressionAttributeValues' || name === 'ExclusiveStartKey')
    .flatMap(([, value]) => Object.values(value as Record<string, AttributeValue>));
}

/** Parameters whose value is a name → AttributeValue map. */
export function isAttributeValueMapParam(name: EmittedParam): boolean {
  return name === 'ExpressionAttributeValues' || name === 'ExclusiveStartKey';
}

/** Operation names as each SDK spells them. */
export function commandName(operation: CodegenRequest['operation']): 'QueryCommand' | 'ScanCommand' {
  return operation === 'query' ? 'QueryCommand' : 'ScanCommand';
}
