import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { decodeBase64, encodeBase64 } from '../../dynamo';
import { validationError, type Item } from '../../expressions';

/**
 * ExecuteStatement's NextToken, in DynamoDB Local's layout: base64 of
 * `{"creationTime": …, "opIndexToExclusiveNextKey": {"0": <key>}, "version": "V1"}`,
 * where the op index says which of the statement's Queries (one per IN value)
 * to resume and the key is that Query's LastEvaluatedKey (key attributes
 * only: S, N or B, binary in base64).
 */

export interface StatementPosition {
  /** Which of the statement's reads to resume (0 for a single Query or a Scan). */
  readonly op: number;
  /** The ExclusiveStartKey to resume that read after. */
  readonly key: Item;
}

export function encodeNextToken(position: StatementPosition, nowMs: number): string {
  const key: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(position.key)) key[name] = value.B !== undefined ? { B: encodeBase64(value.B) } : value;
  const json = JSON.stringify({ creationTime: nowMs / 1000, opIndexToExclusiveNextKey: { [position.op]: key }, version: 'V1' });
  return encodeBase64(new TextEncoder().encode(json));
}

/** The position a NextToken holds; `Invalid NextToken` for anything else. */
export function decodeNextToken(token: string): StatementPosition {
  const invalid = validationError('Invalid NextToken');
  const bytes = decodeBase64(token);
  if (!bytes) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw invalid;
  }
  const keys = (parsed as { opIndexToExclusiveNextKey?: unknown } | null)?.opIndexToExclusiveNextKey;
  if (typeof keys !== 'object' || keys === null) throw invalid;
  const entries = Object.entries(keys);
  const [op, rawKey] = entries[0] ?? [];
  if (entries.length !== 1 || !/^[0-9]+$/.test(op ?? '') || typeof rawKey !== 'object' || rawKey === null) throw invalid;
  const key: Item = {};
  for (const [name, value] of Object.entries(rawKey as Record<string, Record<string, unknown>>)) {
    let attribute: AttributeValue;
    if (typeof value?.S === 'string') attribute = { S: value.S };
    else if (typeof value?.N === 'string') attribute = { N: value.N };
    else if (typeof value?.B === 'string' && decodeBase64(value.B)) attribute = { B: decodeBase64(value.B) as Uint8Array };
    else throw invalid;
    Object.defineProperty(key, name, { value: attribute, enumerable: true, writable: true, configurable: true });
  }
  return { op: Number(op), key };
}
