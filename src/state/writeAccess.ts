import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../engine';
import { openWriteGrant, writeTargetOf, type WriteTarget } from '../sources/confirmingDataSource';
import { isReadOnlyDataSource } from '../sources/readOnlyDataSource';

export type { WriteTarget };
/** Whether a data-source call writes (readOnlyDataSource's classification; PartiQL unless all SELECTs): what asks confirmWrite. */
export { isWriteCall } from '../sources/readOnlyDataSource';

/**
 * May the explorer write to `source`? The one test every write control uses
 * (Create/Delete table, Add/Delete index, the item editor, bulk delete,
 * import): false with no source and on a connection marked Read-only, whose
 * data source refuses writes anyway.
 */
/** How to write through a connection marked Read-only, as every refusal and note says it. */
export const READ_ONLY_HOW_TO_WRITE = 'untick “Read-only” in the Table explorer’s connection panel and Connect again';

export function canWriteSource(source: DynamoDBDataSource | undefined): boolean {
  return source !== undefined && !isReadOnlyDataSource(source);
}

/**
 * The confirmation rule: a write to `source` needs the extra confirmation
 * when `source` is an AWS connection's data source that is not Read-only
 * (the connection store builds it with confirmingDataSource); the built-in
 * table, DynamoDB Local and custom endpoints never ask.
 */
export function writeConfirmationTarget(source: DynamoDBDataSource | undefined): WriteTarget | undefined {
  return writeTargetOf(source);
}

/** What confirmWrite did: the job's result when it ran, or that the user said no (nothing was sent). */
export type Confirmed<T> = { readonly confirmed: true; readonly result: T } | { readonly confirmed: false };

/**
 * Runs the write job `write` on `source` once the user agreed to `action`
 * (asked only on AWS). The job writes through `writer`, the only handle of an
 * AWS source that sends writes, and only until the job settles: a long job
 * (an import, a migration) asks once, and a write that skips this is
 * refused by the source itself ("… was sent to AWS without the write
 * confirmation"). Elsewhere `writer` is `source` and the job runs at once.
 */
export type ConfirmWrite = <T>(source: DynamoDBDataSource, action: string, write: (writer: DynamoDBDataSource) => Promise<T>) => Promise<Confirmed<T>>;

/** A write waiting for the user's answer. */
export interface PendingWrite extends WriteTarget {
  /** What will be done, in words ("Create table Orders"). */
  readonly action: string;
}

export interface WriteConfirmationState {
  readonly pending?: PendingWrite;
  /** Asks before a write to AWS (see {@link ConfirmWrite}); a second question cancels the first (it resolves as declined). */
  readonly confirmWrite: ConfirmWrite;
  /** The user's answer to the pending confirmation. */
  answer(confirmed: boolean): void;
}

export type WriteConfirmationStore = StoreApi<WriteConfirmationState>;

/**
 * Runs `write` through a grant on `source`, ended when the job settles. Only
 * for a write the user already confirmed in a question that named the AWS
 * region and endpoint ({@link writeConfirmationTarget}): Load into a table's
 * own confirmation (the Design tab, where the explorer's dialog is not shown).
 * Every other write path asks with confirmWrite.
 */
export async function runConfirmedWrite<T>(source: DynamoDBDataSource, write: (writer: DynamoDBDataSource) => Promise<T>): Promise<Confirmed<T>> {
  const grant = openWriteGrant(source);
  try {
    return { confirmed: true, result: await write(grant.source) };
  } finally {
    grant.end();
  }
}

/** The extra confirmation before writes to AWS: one dialog (WriteConfirmation.tsx) for every write path. */
export function createWriteConfirmationStore(): WriteConfirmationStore {
  let settle: ((confirmed: boolean) => void) | undefined;
  const ask = (pending: PendingWrite) => {
    settle?.(false);
    return new Promise<boolean>((resolve) => {
      settle = resolve;
      store.setState({ pending });
    });
  };
  const store = createStore<WriteConfirmationState>()((set) => ({
    confirmWrite: async (source, action, write) => {
      const target = writeConfirmationTarget(source);
      if (target && !(await ask({ action, ...target }))) return { confirmed: false };
      return runConfirmedWrite(source, write);
    },
    answer: (confirmed) => {
      const resolve = settle;
      settle = undefined;
      set({ pending: undefined });
      resolve?.(confirmed);
    },
  }));
  return store;
}
