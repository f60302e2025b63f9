import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../engine';
import type { BuiltInTable } from '../sources';
import type { TableSummary } from './explorerStore';
import type { MessagePart } from './messageParts';
import type { NoticeStore } from './noticeStore';
import { parseCount } from './parseCount';

/** What the last Generate items did (or is doing), in words; the values it quotes are data parts. */
export interface GenerationReport {
  readonly running: boolean;
  readonly message: readonly MessagePart[];
  readonly error: boolean;
}

export interface BuiltInTableState {
  /** How the built-in table is kept, in words for the explorer's header. */
  readonly status: string;
  /** The data source the explorer uses for it, once open. */
  readonly source?: DynamoDBDataSource;
  readonly generation?: GenerationReport;
  /**
   * Set while another tab owns the stored tables: `inUse` — it did when this
   * tab opened (this tab shows none and saves nothing); `takenOver` — it took
   * them from this tab (which stopped saving). Take over ends it.
   */
  readonly elsewhere?: 'inUse' | 'takenOver';
}

/** What Generate items is asked for: the table as the explorer describes it, and the two boxes as typed. */
export interface GenerateItemsRequest {
  readonly table: Pick<TableSummary, 'name' | 'keys'>;
  readonly partition: string;
  readonly count: string;
}

export interface BuiltInTableActions {
  /** Opens the built-in table (once; later calls get the same source). */
  open(): Promise<DynamoDBDataSource>;
  /** Fills one partition of a built-in table with generated items. */
  generateItems(request: GenerateItemsRequest): Promise<void>;
  /** Takes the stored tables over from the tab that owns them, and reloads this tab with them. */
  takeOver(): Promise<void>;
}

export type BuiltInTableStore = StoreApi<BuiltInTableState & BuiltInTableActions>;

export interface BuiltInTableStoreOptions {
  /** Opens the table: IndexedDB in the browser, memory in tests. */
  readonly openBuiltInTable: () => Promise<BuiltInTable>;
  /** Where "not being saved" and recovered problems are shown. */
  readonly notices: NoticeStore;
  /** Milliseconds from any fixed point (performance.now), for "generated in 1.2 s". */
  readonly now: () => number;
}

/** The explorer's name for the built-in table. */
export const BUILT_IN_TABLE_LABEL = 'Built-in table (this browser)';

/**
 * The built-in table (Keylab's engine in this browser): opening it, how it
 * is kept, and Generate items. The explorer learns about the new items from
 * the engine's change feed (see createAppStores), not from here.
 */
export function createBuiltInTableStore(options: BuiltInTableStoreOptions): BuiltInTableStore {
  let opening: Promise<BuiltInTable> | undefined;
  return createStore<BuiltInTableState & BuiltInTableActions>()((set, get) => ({
    status: 'opening…',
    open: async () => {
      opening ??= options.openBuiltInTable().then((table) => {
        const { status } = table;
        const elsewhere = status.errorCode === 'persistence.inUse';
        set({
          source: table.source,
          status: status.persisted ? 'saved in this browser (IndexedDB)' : elsewhere ? 'open in another tab' : 'in memory only',
          ...(elsewhere ? { elsewhere: 'inUse' } : {}),
        });
        table.onTakenOver(() => set({ elsewhere: 'takenOver', status: 'open in another tab (not saving here)' }));
        const notices = options.notices.getState();
        // Another tab owning the tables has its own notice, with Take over (see `elsewhere`).
        if (!status.persisted && !elsewhere)
          notices.show('builtInTable', `The built-in table is not being saved: ${status.error ?? 'IndexedDB is unavailable'}`);
        for (const warning of status.warnings) notices.show(`builtInTable:${warning}`, warning);
        for (const note of status.notes ?? []) notices.show(`builtInTable:${note}`, note);
        return table;
      });
      return (await opening).source;
    },
    takeOver: async () => {
      if (!opening || !get().elsewhere) return;
      await (await opening).takeOver();
    },
    generateItems: async ({ table, partition, count }) => {
      // The engine's limit, read from its chunk: the store is built at start, the engine loads on first use.
      const { MAX_GENERATED_ITEMS } = await import('../sources');
      if (get().generation?.running) return;
      const parsed = parseCount(count, { label: 'Items to generate', min: 1, max: MAX_GENERATED_ITEMS });
      if (!parsed.ok) {
        set({ generation: { running: false, message: [{ data: parsed.message }], error: true } });
        return;
      }
      const partitionKey = table.keys.partitionKey;
      const howMany = parsed.value.toLocaleString('en-US');
      set({ generation: { running: true, message: [`Generating ${howMany} items…`], error: false } });
      const started = options.now();
      try {
        if (!opening) throw new Error('The built-in table is not open yet.');
        const result = await (
          await opening
        ).generateCollection({
          table: table.name,
          partitionKeyValue: partitionKey.type === 'B' ? new TextEncoder().encode(partition) : partition,
          count: parsed.value,
        });
        const seconds = ((options.now() - started) / 1000).toFixed(1);
        const message = [
          `Generated ${result.loaded.toLocaleString('en-US')} items in `,
          { data: partitionKey.name },
          ' = ',
          { data: partition },
          ` (${seconds} s).`,
        ];
        set({ generation: { running: false, message, error: false } });
      } catch (error) {
        set({
          generation: {
            running: false,
            message: error instanceof Error ? [`${error.name}: `, { data: error.message }] : [{ data: String(error) }],
            error: true,
          },
        });
      }
    },
  }));
}
