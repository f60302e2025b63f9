/**
 * Helpers for the prepareExpressions tests (imported by `*.test.ts` only).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { catchDynamoDBError } from '../expressionTestUtils';
import type { KeySchemaInfo } from '../prepared';
import { prepareExpressions, type ExpressionRequest, type PrepareOptions } from './index';

/** The message of the ValidationException prepareExpressions throws for this request. */
export const messageOf = (request: ExpressionRequest, options?: PrepareOptions): string =>
  catchDynamoDBError(() => prepareExpressions(request, options)).message;
export const S = (value: string): AttributeValue => ({ S: value });
export const N = (value: string): AttributeValue => ({ N: value });
/** The message for a request with just this FilterExpression (and its placeholders). */
export const filterMessage = (text: string, values?: Record<string, AttributeValue>, names?: Record<string, string>): string =>
  messageOf({ FilterExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names });

export const RANGE_S: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } };
export const RANGE_N: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } };
export const RANGE_B: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'B' } };
export const HASH_ONLY: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' } };
