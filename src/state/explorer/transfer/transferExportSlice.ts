import { keyAttributeNamesOf } from '../../../expressions';
import { readPages, writeExport, type ExportRequest, type ExportSummary } from '../../../transfer';
import { toExplorerError } from '../explorerTypes';
import { fromTheStart, transferTarget, type TransferSliceApi } from './transferShared';
import type { TransferActions } from './transferStore.types';

/*
 * The export slice: Export… as text chunks (the current result, all its
 * pages from the first, or the whole table) and its progress in `exporting`.
 */

export type TransferExportSlice = Pick<TransferActions, 'exportChunks'>;

/** The export slice's action. */
export function createExportSlice({ set, shared }: TransferSliceApi): TransferExportSlice {
  const { explorer } = shared.options;
  return {
    exportChunks: async function* (format, scope) {
      const where = transferTarget(shared);
      if (!where) return;
      const request: ExportRequest | undefined =
        scope === 'table' ? { operation: 'scan', input: { TableName: where.table.name } } : explorer.getState().lastRequest;
      if (!request) return;
      const summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 };
      set({ exporting: { running: true, items: 0 } });
      try {
        for await (const chunk of writeExport(readPages(where.source, fromTheStart(request)), format, summary, keyAttributeNamesOf(where.table.keys))) {
          set({ exporting: { running: true, items: summary.items } });
          yield chunk;
        }
        set({ exporting: { running: false, items: summary.items, summary: { ...summary } } });
      } catch (error) {
        set({ exporting: { running: false, items: summary.items, error: toExplorerError(error) } });
        throw error;
      }
    },
  };
}
