import type { DynamoDBDataSource } from '../engine';

/** The error every write to a read-only connection throws (before anything is sent). */
export class ReadOnlyConnectionError extends Error {
  override readonly name = 'ReadOnlyConnection';
  constructor(
    readonly operation: string,
    readonly connectionLabel: string,
  ) {
    super(`${operation} refused: the connection ${connectionLabel} is marked Read-only. Untick "Read-only" in the connection panel and Connect again to write.`);
  }
}

type Method = keyof DynamoDBDataSource;

/**
 * Every data-source method, by what it does. A `Record` over the interface's
 * keys: a method added to DynamoDBDataSource does not typecheck here until it
 * is classed, so no new write can slip through the wrapper unnoticed.
 * PartiQL calls are reads only when every statement is a SELECT.
 */
const ACCESS: Readonly<Record<Method, 'read' | 'write' | 'statement'>> = {
  createTable: 'write',
  deleteTable: 'write',
  describeTable: 'read',
  listTables: 'read',
  putItem: 'write',
  getItem: 'read',
  deleteItem: 'write',
  updateItem: 'write',
  batchWriteItem: 'write',
  batchGetItem: 'read',
  query: 'read',
  scan: 'read',
  transactWriteItems: 'write',
  transactGetItems: 'read',
  updateTable: 'write',
  executeStatement: 'statement',
  batchExecuteStatement: 'statement',
  executeTransaction: 'statement',
  updateTimeToLive: 'write',
  describeTimeToLive: 'read',
  tagResource: 'write',
  untagResource: 'write',
  listTagsOfResource: 'read',
};

/** The data-source methods that change data or tables (PartiQL's ExecuteStatement & co. only for non-SELECT statements). */
export const WRITE_METHODS: readonly Method[] = (Object.keys(ACCESS) as Method[]).filter((method) => ACCESS[method] === 'write');

/** The wire name of a method (putItem → PutItem), for messages. */
const wireName = (method: string) => method.charAt(0).toUpperCase() + method.slice(1);

const SELECT = /^\s*select\b/i;

/** The PartiQL statements a call carries (ExecuteStatement: one; BatchExecuteStatement/ExecuteTransaction: a list). */
function statementsOf(input: unknown): string[] {
  const value = input as { Statement?: unknown; Statements?: unknown; TransactStatements?: unknown } | undefined;
  const list = value?.Statements ?? value?.TransactStatements;
  if (Array.isArray(list)) return list.map((entry) => String((entry as { Statement?: unknown } | undefined)?.Statement ?? ''));
  return [String(value?.Statement ?? '')];
}

const readOnlySources = new WeakSet<DynamoDBDataSource>();

/**
 * `source` with every write refused: each write method rejects with a
 * {@link ReadOnlyConnectionError} naming `connectionLabel` and never reaches
 * `source`; reads pass through unchanged. PartiQL calls pass only when all
 * their statements are SELECTs.
 */
export function readOnlyDataSource(source: DynamoDBDataSource, connectionLabel: string): DynamoDBDataSource {
  const wrapper = {} as Record<Method, (input: unknown) => Promise<unknown>>;
  for (const method of Object.keys(ACCESS) as Method[]) {
    const call = (input: unknown) => (source[method] as (input: unknown) => Promise<unknown>).call(source, input);
    const refuse = () => Promise.reject(new ReadOnlyConnectionError(wireName(method), connectionLabel));
    wrapper[method] =
      ACCESS[method] === 'read'
        ? call
        : ACCESS[method] === 'write'
          ? refuse
          : (input) => (statementsOf(input).every((statement) => SELECT.test(statement)) ? call(input) : refuse());
  }
  const readOnly = wrapper as unknown as DynamoDBDataSource;
  readOnlySources.add(readOnly);
  return readOnly;
}

/** Whether `source` is a {@link readOnlyDataSource} (the one test for "may this connection write"). */
export function isReadOnlyDataSource(source: DynamoDBDataSource): boolean {
  return readOnlySources.has(source);
}
