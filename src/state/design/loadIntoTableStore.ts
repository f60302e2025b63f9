import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Design } from '../../design';
import type { DynamoDBDataSource } from '../../engine';
import { canWriteSource, READ_ONLY_HOW_TO_WRITE, runConfirmedWrite, writeConfirmationTarget } from '../writeAccess';
import { describeLoadPlan, formatLoadReport, loadDesignIntoTable, type LoadProgress, type LoadReport } from './loadDesign';

/** Where Load into a table writes: the built-in table, or what the explorer is connected to. */
export type LoadTarget = 'builtIn' | 'connection';

/**
 * Why a load could not start, for code that reacts to it (the message says it in words):
 * READ_ONLY_TARGET: the explorer's connection is marked Read-only, so it refuses writes.
 */
export type LoadIntoTableErrorCode = 'READ_ONLY_TARGET';

/** The explorer's current remote connection, when there is one. */
export interface RemoteLoadTarget {
  readonly source: DynamoDBDataSource;
  /** Where it is, in words, without secrets ("DynamoDB Local http://localhost:8000 · us-east-1 · key keylab"). */
  readonly where: string;
}

export interface LoadIntoTableState {
  readonly target: LoadTarget;
  /** The question asked before writing anywhere but the built-in table. */
  readonly confirmation?: string;
  readonly running: boolean;
  readonly progress?: LoadProgress;
  readonly report?: LoadReport;
  /** The report as text (what the panel shows). */
  readonly reportText?: string;
  /** Where the last report's tables are, for Browse in the explorer. */
  readonly loadedInto?: LoadTarget;
  /** A load that could not start (the built-in table did not open, the connection went away or is Read-only). */
  readonly error?: string;
  /** The error's code, when it has one (see {@link LoadIntoTableErrorCode}). */
  readonly errorCode?: LoadIntoTableErrorCode;
}

export interface LoadIntoTableActions {
  setTarget(target: LoadTarget): void;
  /** Loads into the built-in table at once; for the connection, asks first (see `confirmation`). */
  request(design: Design): Promise<void>;
  /** Goes ahead with the load the confirmation asked about. */
  confirm(): Promise<void>;
  cancel(): void;
}

export type LoadIntoTableStore = StoreApi<LoadIntoTableState & LoadIntoTableActions>;

export interface LoadIntoTableDeps {
  /** Opens the built-in table (once) and gives its data source. */
  readonly openBuiltIn: () => Promise<DynamoDBDataSource>;
  /** The explorer's remote connection now, or undefined when it shows the built-in table or nothing. */
  readonly remoteTarget: () => RemoteLoadTarget | undefined;
  /** For tests: no waiting between retries. */
  readonly sleep?: (milliseconds: number) => Promise<void>;
}

/**
 * Load into a table, as the Design tab runs it: the target, the
 * confirmation before writing to DynamoDB Local or AWS, progress and the
 * report. The remote target is read again at confirm time, so the load
 * goes where the question said or not at all.
 */
export function createLoadIntoTableStore(deps: LoadIntoTableDeps): LoadIntoTableStore {
  let pending: { design: Design; source: DynamoDBDataSource } | undefined;
  return createStore<LoadIntoTableState & LoadIntoTableActions>()((set, get) => {
    const run = async (design: Design, target: LoadTarget, source: DynamoDBDataSource | (() => Promise<DynamoDBDataSource>)) => {
      set({ running: true, confirmation: undefined, error: undefined, errorCode: undefined, report: undefined, reportText: undefined, progress: undefined });
      try {
        const resolved = typeof source === 'function' ? await source() : source;
        const report = await loadDesignIntoTable(resolved, design, {
          onProgress: (progress) => set({ progress }),
          ...(deps.sleep ? { sleep: deps.sleep } : {}),
        });
        set({ running: false, report, reportText: formatLoadReport(report), loadedInto: target });
      } catch (error) {
        set({ running: false, error: `Load into a table failed: ${error instanceof Error ? error.message : String(error)}` });
      }
    };
    return {
      target: 'builtIn',
      running: false,
      setTarget: (target) => {
        pending = undefined;
        set({ target, confirmation: undefined, error: undefined, errorCode: undefined });
      },
      request: async (design) => {
        if (get().running) return;
        if (get().target === 'builtIn') return run(design, 'builtIn', deps.openBuiltIn);
        const remote = deps.remoteTarget();
        if (!remote) {
          set({
            errorCode: undefined,
            error:
              'The explorer is not connected to DynamoDB Local, an endpoint or AWS: connect in the Table explorer tab first, or load into the built-in table.',
          });
          return;
        }
        // A Read-only connection refuses every write: say so (and how to change it) before asking anything.
        if (!canWriteSource(remote.source)) {
          pending = undefined;
          set({ confirmation: undefined, errorCode: 'READ_ONLY_TARGET', error: readOnlyTargetMessage(remote.where) });
          return;
        }
        pending = { design, source: remote.source };
        // On AWS this question is the write confirmation (as the explorer's "Write to AWS?"): it names the region and the endpoint.
        const aws = writeConfirmationTarget(remote.source);
        const onAws = aws ? ` (AWS region ${aws.region}, endpoint ${aws.endpoint}: this changes real data in that account and may cost money)` : '';
        set({ confirmation: `${describeLoadPlan(design)} in ${remote.where}${onAws}?`, error: undefined, errorCode: undefined });
      },
      confirm: async () => {
        const asked = pending;
        pending = undefined;
        if (!asked) return;
        // The connection may have changed while the question was open: never write somewhere else.
        if (deps.remoteTarget()?.source !== asked.source) {
          set({
            confirmation: undefined,
            error: 'The explorer’s connection changed since you were asked; nothing was written. Choose Load into a table again.',
          });
          return;
        }
        // The question above was the confirmation: on AWS the load writes through its grant (runConfirmedWrite), elsewhere to the source itself.
        await runConfirmedWrite(asked.source, (writer) => run(asked.design, 'connection', writer));
      },
      cancel: () => {
        pending = undefined;
        set({ confirmation: undefined });
      },
    };
  });
}

/** What READ_ONLY_TARGET says: what was refused, why, and how to load there after all. */
export function readOnlyTargetMessage(where: string): string {
  return `Nothing was loaded: the explorer’s connection (${where}) is marked Read-only, so it refuses writes. To load there, ${READ_ONLY_HOW_TO_WRITE}; or load into the built-in table.`;
}
