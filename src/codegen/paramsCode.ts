import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { CodeValue } from './codeTree';
import { isAttributeValueMapParam, type EmittedParam, type RequestParams } from './requestParams';

/**
 * The request parameters as a code tree, AttributeValue maps written by
 * `writeMap` (DynamoDB JSON for the low-level clients, native values for the
 * DocumentClient).
 */
export function buildParamsCode(
  params: RequestParams,
  writeMap: (map: Record<string, AttributeValue>) => CodeValue,
  omit: readonly EmittedParam[] = [],
): { [key: string]: CodeValue } {
  const out: { [key: string]: CodeValue } = {};
  for (const [name, value] of params) {
    if (omit.includes(name)) continue;
    out[name] = isAttributeValueMapParam(name) ? writeMap(value as Record<string, AttributeValue>) : (value as CodeValue);
  }
  return out;
}
