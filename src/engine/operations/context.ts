import { validationError } from '../../expressions';
import type { EngineChange } from '../localDynamoDB.types';
import { missingParameter, resourceNotFound } from '../requestErrors';
import type { TableStore } from '../storage/tableStore';
import type { EngineStreams } from '../streams/engineStreams';
import type { TableStates } from './tableStates';
import type { TransactionTokens } from './transactionTokens';

/** What every operation reads: the tables and the engine's settings. */
export interface EngineContext {
  readonly tables: Map<string, TableStore>;
  readonly region: string;
  readonly accountId: string;
  /** TransactWriteItems' ClientRequestTokens of the last 10 minutes. */
  readonly transactionTokens: TransactionTokens;
  /** The tables' streams (DynamoDB Streams). */
  readonly streams: EngineStreams;
  /** Tables in a transient status (CREATING, UPDATING, DELETING) while `transientStatusMs` lasts. */
  readonly states: TableStates;
  now(): number;
}

/**
 * A validated write, ready to commit: the change to store and apply, and the
 * operation's output. Planning happens against the current state; the engine
 * commits the change (storage hook first, then memory) before resolving.
 */
export interface WritePlan<Output> {
  readonly change: EngineChange | undefined;
  readonly output: Output;
  /** Runs once the change is stored and applied (not if storing it failed): TransactWriteItems records its token here. */
  readonly onCommitted?: () => void;
}

/**
 * The table, or ResourceNotFoundException `Requested resource not found`
 * (also while it is CREATING or DELETING, as DynamoDB answers item requests then).
 */
export function requireTable(context: EngineContext, name: string): TableStore {
  const table = findServingTable(context, name);
  if (!table) throw resourceNotFound();
  return table;
}

/** The table if it serves item requests now: not missing, CREATING or DELETING. */
export function findServingTable(context: EngineContext, name: string): TableStore | undefined {
  const table = context.tables.get(name);
  return table && !context.states.hidesItems(name) ? table : undefined;
}

/** Rejects the legacy (pre-expression) parameters, which the engine does not implement. */
export function rejectLegacyParameters(input: object, names: readonly string[], replacement: string): void {
  for (const name of names) {
    if ((input as Record<string, unknown>)[name] !== undefined) {
      throw validationError(`Keylab's built-in table supports expression parameters only: ${name} is not supported; use ${replacement}`);
    }
  }
}

/** A required top-level parameter. */
export function requireParameter<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === null) throw missingParameter(name);
  return value;
}

/** The table ARN, in DynamoDB Local's form by default. */
export function tableArn(context: EngineContext, tableName: string): string {
  return `arn:aws:dynamodb:${context.region}:${context.accountId}:table/${tableName}`;
}
