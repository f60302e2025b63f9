import {
  compileMigration,
  createMigrationPlanner,
  describePlanCounts,
  emitNodeMigration,
  emitPythonMigration,
  estimateWriteCost,
  existingTablePages,
  orderDiff,
  planPartitions,
  scanPages,
  serializePlanFile,
  toPlanFile,
  watchAddedAttributes,
  type MigrationPlan,
  type PlanEntry,
} from '../../migrate';
import { copyIntoItselfMessage } from './copyTarget';
import { messageOf } from './migrateOutcome';
import { CLEARED_PLAN, IDLE, type MigrateShared, type MigrateSliceApi, type MigrateStoreState } from './migrateSlice';
import type { MigrateActions, MigrateState } from './migrateStore.types';
import { migrationSpecOf } from './migrateTemplatesSlice';

/*
 * The plan slice: Preview (a consistent Scan of the explorer's table, planned
 * page by page, then the copy target's keys for collisions), the partition
 * whose order diff is shown, the write cost, and the two exports of the plan
 * (the plan file and the migration program).
 */

export type MigratePlanSlice = Pick<MigrateState, 'phase' | 'entries' | 'entryCount' | 'partitions' | 'problems'> &
  Pick<MigrateActions, 'preview' | 'choosePartition' | 'exportScript' | 'exportPlan'>;

/** The plan to verify or export: the preview's, else the stored one this tab resumed. */
export function currentPlan(get: () => MigrateStoreState, shared: MigrateShared): Pick<MigrationPlan, 'spec' | 'rewrites'> | undefined {
  return get().plan ?? shared.running?.file;
}

/** The plan slice's state and actions. */
export function createPlanSlice({ set, get, shared }: MigrateSliceApi): MigratePlanSlice {
  const { explorer } = shared.options;
  return {
    ...IDLE,
    preview: async () => {
      const { source, table } = explorer.getState();
      if (!source || !table) return set({ error: 'Choose a table in the explorer first: the migration reads the explorer’s table.' });
      const compiled = compileMigration(migrationSpecOf(get(), table));
      if (!compiled.ok) return set({ problems: compiled.problems, error: undefined });
      const targetName = compiled.value.spec.targetTableName;
      if (targetName === table.name) return set({ ...IDLE, ...CLEARED_PLAN, error: copyIntoItselfMessage(table.name) });
      const runId = ++shared.previewRun;
      set({ ...IDLE, ...CLEARED_PLAN, phase: 'previewing', resumable: get().resumable });
      const planner = createMigrationPlanner(compiled.value);
      const entries: PlanEntry[] = [];
      try {
        for await (const page of scanPages(source, table.name)) {
          if (runId !== shared.previewRun) return;
          entries.push(...planner.addPage(page));
          set({ entries, entryCount: entries.length, countsText: describePlanCounts(planner.counts()) });
        }
        // Copying: the target's items (none while it doesn't exist), so a key already taken there is a collision before Apply.
        if (targetName !== undefined) {
          for await (const page of existingTablePages(source, targetName)) {
            if (runId !== shared.previewRun) return;
            planner.addTargetPage(page);
          }
        }
      } catch (error) {
        if (runId === shared.previewRun) set({ phase: 'idle', error: `Preview stopped: ${messageOf(error)}` });
        return;
      }
      if (runId !== shared.previewRun) return;
      // Watched names: an item that gains one of the table's attributes after this read is skipped, not rewritten without it.
      const plan = watchAddedAttributes(planner.finish());
      const partitions = planPartitions(plan);
      const partition = partitions[0];
      // Every GSI and LSI of the table: each write counts in those its old or new item is in (a sparse index only holds items with its keys).
      const indexes = table.indexes.map((index) => ({
        name: index.name,
        keys: [index.keys.partitionKey.name, ...(index.keys.sortKey ? [index.keys.sortKey.name] : [])],
      }));
      set({
        phase: 'previewed',
        plan,
        entries: plan.entries,
        entryCount: plan.entries.length,
        countsText: describePlanCounts(plan.counts),
        partitions,
        partition,
        orderDiff: partition === undefined ? undefined : orderDiff(plan, partition),
        cost: estimateWriteCost(plan, indexes),
      });
    },
    choosePartition: (partition) => {
      const { plan } = get();
      if (plan) set({ partition, orderDiff: orderDiff(plan, partition) });
    },
    exportScript: (language) => {
      if (!currentPlan(get, shared)) return undefined;
      return language === 'node'
        ? { fileName: 'migrate-keys.mjs', text: emitNodeMigration(), mediaType: 'text/javascript' }
        : { fileName: 'migrate_keys.py', text: emitPythonMigration(), mediaType: 'text/x-python' };
    },
    exportPlan: () => {
      const plan = currentPlan(get, shared);
      return plan && { fileName: `${plan.spec.tableName}.migration-plan.json`, text: serializePlanFile(toPlanFile(plan)), mediaType: 'application/json' };
    },
  };
}
