import { checkKeySchemaFit, formatOfFileName, importFile, type KeySchemaMismatch, type TransferReport } from '../../../transfer';
import { canReopen, openChunks, pauseGateOf, runJob, transferTarget, type TransferSliceApi } from './transferShared';
import type { TransferActions } from './transferStore.types';

/*
 * The import slice: Import… (the file's first items checked against the
 * table's key schema first; a mismatch waits for Import anyway), and the
 * import itself, which Resume import runs again from a stopped report.
 */

export type TransferImportSlice = Pick<TransferActions, 'startImport' | 'importAnyway'>;

/** Imports the last file; `previous` (a stopped run's report) resumes it: its settled lines are skipped, its failures kept. */
export async function runImport(api: TransferSliceApi, previous?: TransferReport): Promise<void> {
  const { get, shared } = api;
  const { confirmWrite, concurrency } = shared.options;
  const where = transferTarget(shared);
  const importing = shared.lastImport;
  if (!where || !importing || !get().canWrite()) return;
  await confirmWrite(where.source, `${previous ? 'Resume importing' : 'Import'} ${importing.file.name} into ${where.table.name}`, (writer) =>
    runJob(
      api,
      'import',
      async (signal, onProgress) => {
        const report = await importFile(openChunks(importing.file), importing.format, {
          target: writer,
          tableName: where.table.name,
          keys: where.table.keys,
          signal,
          onProgress,
          totalBytes: importing.file.size,
          gate: () => pauseGateOf(shared),
          ...(previous ? { resume: previous.checkpoint } : {}),
          ...(concurrency ? { concurrency } : {}),
        });
        // The checkpoint keeps every earlier rejection: the resumed report lists them already.
        return previous ? { ...report, retries: previous.retries + report.retries } : report;
      },
      importing.file.name,
    ),
  );
}

/** The import slice's actions. */
export function createImportSlice(api: TransferSliceApi): TransferImportSlice {
  const { set, get, shared } = api;
  return {
    startImport: async (file, format) => {
      const where = transferTarget(shared);
      if (!where || !get().canWrite()) return;
      const chosen = format ?? formatOfFileName(file.name);
      shared.lastImport = { file, format: chosen };
      if (canReopen(file)) {
        let keyMismatch: KeySchemaMismatch | undefined;
        try {
          keyMismatch = await checkKeySchemaFit(openChunks(file), chosen, where.table.keys);
        } catch {
          // A file that can't be read: the import itself reports it.
        }
        if (keyMismatch) {
          set({ job: { kind: 'import', fileName: file.name, running: false, keyMismatch }, confirmation: undefined });
          return;
        }
      }
      await runImport(api);
    },
    importAnyway: async () => {
      if (!get().job?.keyMismatch || !shared.lastImport) return;
      await runImport(api);
    },
  };
}
