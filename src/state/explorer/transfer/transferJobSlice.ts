import { releasePause, type TransferSliceApi } from './transferShared';
import { runImport } from './transferImportSlice';
import type { TransferActions } from './transferStore.types';

/*
 * The job slice: what the user does to the running (or stopped) import or
 * delete — Pause, Resume (a paused job, or a stopped import where it
 * stopped), Cancel and dismissing its report — and whether the connection
 * takes writes at all.
 */

export type TransferJobSlice = Pick<TransferActions, 'canWrite' | 'pause' | 'resume' | 'cancel' | 'dismissReport'>;

/** The job slice's actions. */
export function createJobSlice(api: TransferSliceApi): TransferJobSlice {
  const { set, get, shared } = api;
  return {
    canWrite: () => shared.options.canWrite(),
    pause: () => {
      if (!get().job?.running || shared.pauseGate) return;
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      shared.pauseGate = { promise, release };
      set((state) => (state.job ? { job: { ...state.job, paused: true } } : {}));
    },
    resume: async () => {
      const job = get().job;
      if (shared.pauseGate) {
        releasePause(shared);
        if (job) set({ job: { ...job, paused: false } });
        return;
      }
      if (job?.resumable && job.report) await runImport(api, job.report);
    },
    cancel: () => {
      shared.controller?.abort();
      releasePause(shared);
    },
    dismissReport: () => set({ job: undefined }),
  };
}
