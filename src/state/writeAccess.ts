import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../engine';
import { isReadOnlyDataSource } from '../sources/readOnlyDataSource';
import type { ConnectedConnection } from './connectionStore';

/**
 * May the explorer write to `source`? The one test every write control uses
 * (Create/Delete table, Add/Delete index, the item editor, bulk delete,
 * import): false with no source and on a connection marked Read-only, whose
 * data source refuses writes anyway.
 */
export function canWriteSource(source: DynamoDBDataSource | undefined): boolean {
  return source !== undefined && !isReadOnlyDataSource(source);
}

/** Where a write that needs the extra confirmation would go. */
export interface WriteTarget {
  readonly region: string;
  readonly endpoint: string;
}

/**
 * The confirmation rule: a write to `source` needs the extra confirmation
 * when `source` is the client of an AWS connection that is not read-only
 * (the built-in table, DynamoDB Local and custom endpoints never ask).
 */
export function writeConfirmationTarget(source: DynamoDBDataSource | undefined, connected: ConnectedConnection | undefined): WriteTarget | undefined {
  if (!source || !connected || connected.source !== source || connected.kind !== 'aws' || connected.readOnly) return undefined;
  return { region: connected.region ?? '', endpoint: connected.endpoint ?? '' };
}

/** A write waiting for the user's answer. */
export interface PendingWrite extends WriteTarget {
  /** What will be done, in words ("Create table Orders"). */
  readonly action: string;
}

export interface WriteConfirmationState {
  readonly pending?: PendingWrite;
  /**
   * Asks before `action` when the explorer's connection needs it (AWS, not
   * read-only): resolves true at once when no confirmation is needed, else
   * when the user confirms; false when they cancel (or another write asks).
   * Every write path calls this right before sending.
   */
  confirmWrite(action: string): Promise<boolean>;
  /** The user's answer to the pending confirmation. */
  answer(confirmed: boolean): void;
}

export type WriteConfirmationStore = StoreApi<WriteConfirmationState>;

export interface WriteConfirmationOptions {
  /** The explorer's data source now. */
  readonly source: () => DynamoDBDataSource | undefined;
  /** The connection store's last Connect. */
  readonly connected: () => ConnectedConnection | undefined;
}

/** The extra confirmation before writes to AWS: one dialog (WriteConfirmation.tsx) for every write path. */
export function createWriteConfirmationStore(options: WriteConfirmationOptions): WriteConfirmationStore {
  let settle: ((confirmed: boolean) => void) | undefined;
  return createStore<WriteConfirmationState>()((set) => ({
    confirmWrite: (action) => {
      const target = writeConfirmationTarget(options.source(), options.connected());
      if (!target) return Promise.resolve(true);
      settle?.(false);
      return new Promise<boolean>((resolve) => {
        settle = resolve;
        set({ pending: { action, ...target } });
      });
    },
    answer: (confirmed) => {
      const resolve = settle;
      settle = undefined;
      set({ pending: undefined });
      resolve?.(confirmed);
    },
  }));
}
