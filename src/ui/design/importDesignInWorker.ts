import { importDesignBytes, MAX_DESIGN_BYTES, type ImportResult } from '../../design';
import { formatBytes } from '../../dynamo';

/** What Import design… is doing: reading the file, reading the design and inferring its templates, saving it. */
export type ImportPhase = 'reading' | 'inferring' | 'saving';

export interface ImportWorkerRequest {
  readonly file: File;
}

export type ImportWorkerReply =
  | { readonly kind: 'phase'; readonly phase: ImportPhase }
  | { readonly kind: 'unreadable'; readonly message: string }
  | { readonly kind: 'result'; readonly result: ImportResult };

export interface RunningImport {
  /** The outcome: the import's result, or the file's read error; never settles after `cancel()`. */
  readonly done: Promise<{ readonly result: ImportResult } | { readonly unreadable: string }>;
  /** Stops the work at once (the worker is terminated): nothing is imported. */
  cancel(): void;
}

/**
 * Imports `file` in a Web Worker (importDesign.worker.ts), reporting each
 * phase; where workers are unavailable, in this thread (after a frame, so the
 * progress shows first).
 */
export function importDesignInWorker(file: File, onPhase: (phase: ImportPhase) => void): RunningImport {
  // Refused before a byte is read (no design file of any format is larger: every one holds its samples).
  if (file.size > MAX_DESIGN_BYTES) {
    const message = `${file.name}: the document is ${formatBytes(file.size)}; a design file is at most 20 MB: split it, or keep fewer sample rows.`;
    return { done: Promise.resolve({ result: { ok: false, errors: [{ path: '', severity: 'error', message }] } }), cancel: () => {} };
  }
  if (typeof Worker === 'undefined') return importHere(file, onPhase);
  const worker = new Worker(new URL('./importDesign.worker.ts', import.meta.url), { type: 'module', name: 'Import design' });
  const done = new Promise<{ result: ImportResult } | { unreadable: string }>((resolve) => {
    worker.onmessage = (event: MessageEvent<ImportWorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'phase') onPhase(reply.phase);
      else {
        worker.terminate();
        resolve(reply.kind === 'result' ? { result: reply.result } : { unreadable: reply.message });
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({ unreadable: `the import stopped (${event.message || 'the worker failed'})` });
    };
  });
  worker.postMessage({ file } satisfies ImportWorkerRequest);
  return { done, cancel: () => worker.terminate() };
}

function importHere(file: File, onPhase: (phase: ImportPhase) => void): RunningImport {
  let cancelled = false;
  const done = (async () => {
    onPhase('reading');
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      return { unreadable: error instanceof Error ? error.message : String(error) };
    }
    onPhase('inferring');
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (cancelled) return new Promise<never>(() => {});
    return { result: importDesignBytes(bytes, file.name) };
  })();
  return { done, cancel: () => void (cancelled = true) };
}
