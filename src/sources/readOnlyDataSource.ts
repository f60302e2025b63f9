import type { DynamoDBDataSource } from '../engine';

/** The error every write to a read-only connection throws (before anything is sent). */
export class ReadOnlyConnectionError extends Error {
  override readonly name = 'ReadOnlyConnection';
  constructor(
    readonly operation: string,
    readonly connectionLabel: string,
  ) {
    super(
      `${operation} refused: the connection ${connectionLabel} is marked Read-only. Untick "Read-only" in the connection panel and Connect again to write.`,
    );
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

/** What each data-source method does (the one classification every write guard uses: read-only connections and AWS's write confirmation). */
export const DATA_SOURCE_ACCESS = ACCESS;

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

/** Whether a call of `method` with `input` writes: by {@link ACCESS}; PartiQL calls write unless every statement is a SELECT. */
export function isWriteCall(method: Method, input: unknown): boolean {
  const access = ACCESS[method];
  return access === 'write' || (access === 'statement' && !statementsOf(input).every((statement) => SELECT.test(statement)));
}

/**
 * `source` with every write handed to `onWrite` (reads pass through
 * unchanged, with all their arguments, e.g. an abort signal): `onWrite` gets
 * the operation's wire name ("PutItem") and `send`, which makes the call on
 * `source`; it refuses by rejecting without calling `send`. The one wrapper
 * behind Read-only connections and AWS's write confirmation.
 */
export function guardWrites(source: DynamoDBDataSource, onWrite: (operation: string, send: () => Promise<unknown>) => Promise<unknown>): DynamoDBDataSource {
  const wrapper = {} as Record<Method, (...args: unknown[]) => Promise<unknown>>;
  for (const method of Object.keys(ACCESS) as Method[]) {
    const call = (args: unknown[]) => (source[method] as (...args: unknown[]) => Promise<unknown>).apply(source, args);
    wrapper[method] = (...args) => (isWriteCall(method, args[0]) ? onWrite(wireName(method), () => call(args)) : call(args));
  }
  return wrapper as unknown as DynamoDBDataSource;
}

const readOnlySources = new WeakSet<DynamoDBDataSource>();

/**
 * `source` with every write refused: each write method rejects with a
 * {@link ReadOnlyConnectionError} naming `connectionLabel` and never reaches
 * `source`; reads pass through unchanged. PartiQL calls pass only when all
 * their statements are SELECTs.
 */
export function readOnlyDataSource(source: DynamoDBDataSource, connectionLabel: string): DynamoDBDataSource {
  const readOnly = guardWrites(source, (operation) => Promise.reject(new ReadOnlyConnectionError(operation, connectionLabel)));
  readOnlySources.add(readOnly);
  return readOnly;
}

/** Whether `source` is a {@link readOnlyDataSource} (the one test for "may this connection write"). */
export function isReadOnlyDataSource(source: DynamoDBDataSource): boolean {
  return readOnlySources.has(source);
}
