/**
 * Shared helpers for the engine's tests: tables, items and error matchers.
 * Test-only (imported by *.test.ts files).
 */
import type { AttributeValue, CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { expect } from 'vitest';
import type { Item } from '../expressions';
import { createLocalDynamoDB } from './createLocalDynamoDB';
import type { LocalDynamoDB, LocalDynamoDBOptions } from './localDynamoDB.types';

/** A fixed clock so CreationDateTime is stable. */
export const FIXED_NOW = Date.UTC(2026, 5, 23, 10, 0, 0);

/** An engine with a fixed clock. */
export function createEngine(options: LocalDynamoDBOptions = {}): LocalDynamoDB {
  return createLocalDynamoDB({ clock: () => FIXED_NOW, ...options });
}

type KeyTypeName = 'S' | 'N' | 'B';

/** A CreateTable input: `keys` as [name, type] pairs, HASH first. */
export function tableInput(
  TableName: string,
  keys: [string, KeyTypeName][],
  extra: Partial<CreateTableCommandInput> & { extraDefinitions?: [string, KeyTypeName][] } = {},
): CreateTableCommandInput {
  const { extraDefinitions = [], ...rest } = extra;
  return {
    TableName,
    KeySchema: keys.map(([AttributeName], i) => ({ AttributeName, KeyType: i === 0 ? 'HASH' : 'RANGE' })),
    AttributeDefinitions: [...keys, ...extraDefinitions].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    BillingMode: 'PAY_PER_REQUEST',
    ...rest,
  };
}

/** KeySchema elements from names, HASH first. */
export function keySchema(...names: string[]) {
  return names.map((AttributeName, i) => ({ AttributeName, KeyType: i === 0 ? ('HASH' as const) : ('RANGE' as const) }));
}

/** `{ S: value }`. */
export const S = (value: string): AttributeValue => ({ S: value });
/** `{ N: value }`. */
export const N = (value: string | number): AttributeValue => ({ N: String(value) });
/** `{ B: bytes }`. */
export const B = (...bytes: number[]): AttributeValue => ({ B: Uint8Array.from(bytes) });

/** Asserts that `promise` rejects with a DynamoDB-shaped error of this name and message. */
export async function expectError(promise: Promise<unknown>, name: string, message: string | RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected ${name}`).toBeInstanceOf(Error);
  expect((error as Error).name).toBe(name);
  if (typeof message === 'string') expect((error as Error).message).toBe(message);
  else expect((error as Error).message).toMatch(message);
}

/** The values of one attribute across items (S, N or the hex of B). */
export function valuesOf(items: readonly Item[] | undefined, name: string): (string | undefined)[] {
  return (items ?? []).map((item) => {
    const value = item[name];
    if (!value) return undefined;
    if (value.S !== undefined) return value.S;
    if (value.N !== undefined) return value.N;
    if (value.B !== undefined) return [...value.B].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return JSON.stringify(value);
  });
}
