import type { DynamoDBDataSource } from '../../engine';
import {
  applyMigration,
  describePlanCounts,
  emptyCheckpoint,
  formatCount,
  MIGRATION_PROGRAM,
  parseCheckpoint,
  parsePlanFile,
  scanPages,
  serializePlanFile,
  toPlanFile,
  verifyMigration,
  type MigrationCheckpoint,
  type MigrationPlanFile,
} from '../../migrate';
import { checkCopyTarget, waitUntilActive, type CopyTarget } from './copyTarget';
import { applyBlockedReason, messageOf, outcomeOf, pausedMessage, progressOf } from './migrateOutcome';
import { currentPlan } from './migratePlanSlice';
import { storageKeyOf, type MigrateSliceApi } from './migrateSlice';
import type { MigrateActions } from './migrateStore.types';

/*
 * The run slice: Apply (its confirmation, the copy target's CreateTable, then
 * every rewrite through applyMigration with its checkpoint stored as it
 * goes), Cancel, Resume of a stored migration (this tab's, or one a reload
 * left), and Verify of the planned keys.
 */

/**
 * Rewrites per TransactWriteItems in the browser: a browser keeps at most six
 * connections to the app server, and every request crosses its proxy, so one
 * request per item left the apply at a fraction of the command's rate
 * (bench:migrate's browser row). 10 rewrites are 20 actions (DynamoDB allows 100).
 */
export const REMOTE_GROUP_SIZE = 10;

/** How often Apply's progress is shown, at most. */
const PROGRESS_EVERY_MS = 100;

export type MigrateRunSlice = Pick<MigrateActions, 'canWrite' | 'requestApply' | 'answerApply' | 'cancel' | 'resume' | 'verify'>;

/** A stored migration of the explorer's table that has not finished: offer Resume and show its templates again. */
export async function findStoredMigration({ set, get, shared }: MigrateSliceApi): Promise<void> {
  const key = storageKeyOf(shared);
  if (!key) return;
  const stored = await shared.options.storage.load(key).catch(() => undefined);
  if (!stored || key !== storageKeyOf(shared)) return;
  const planFile = parsePlanFile(stored.planText, 'the stored plan');
  if (!planFile.ok) return;
  const checkpoint = parseCheckpoint(stored.checkpointText, planFile.file.planId, 'the stored checkpoint');
  if (!checkpoint.ok) return;
  shared.running = { file: planFile.file, key, checkpoint: checkpoint.checkpoint };
  const { done, skipped, failed, total } = checkpoint.checkpoint;
  set({
    outcome: outcomeOf(checkpoint.checkpoint, false, planFile.file),
    templates: { ...get().templates, ...stored.templates },
    ...(stored.entityName ? { entityName: stored.entityName } : {}),
  });
  if (done.length + skipped.length + failed.length < total) set({ resumable: { done: done.length, total } });
}

/** Applies `file` from `checkpoint` through `writer`, storing the plan first and the checkpoint as it goes. */
async function runMigration(
  { set, get, shared }: MigrateSliceApi,
  writer: DynamoDBDataSource,
  file: MigrationPlanFile,
  key: string,
  checkpoint: MigrationCheckpoint,
): Promise<void> {
  const { options } = shared;
  const controller = new AbortController();
  shared.abort = controller;
  const running = { file, key, checkpoint };
  shared.running = running;
  const { templates, entityName } = get();
  // Only the checkpoint from here on (the plan is stored once, below).
  const saveCheckpoint = async (next: MigrationCheckpoint) => {
    if (shared.running) shared.running.checkpoint = next;
    await options.storage.saveCheckpoint(key, JSON.stringify(next));
  };
  set({ phase: 'applying', resumable: undefined, outcome: undefined, verifyReport: undefined, error: undefined, progress: progressOf(checkpoint) });
  let shownAt = 0;
  try {
    // The plan is stored before the first write: a reload at any moment finds it.
    await options.storage.save(key, {
      planText: serializePlanFile(file),
      checkpointText: JSON.stringify(checkpoint),
      templates,
      ...(entityName ? { entityName } : {}),
    });
    const result = await applyMigration({
      source: writer,
      plan: file,
      planId: file.planId,
      checkpoint,
      concurrency: options.concurrency ?? MIGRATION_PROGRAM.concurrency,
      groupSize: typeof options.groupSize === 'function' ? options.groupSize(options.explorer.getState().source) : (options.groupSize ?? REMOTE_GROUP_SIZE),
      signal: controller.signal,
      saveCheckpoint,
      // A few times a second, not per item: each update renders the progress (the last one is set below).
      onProgress: (progress) => {
        const now = Date.now();
        if (now - shownAt < PROGRESS_EVERY_MS) return;
        shownAt = now;
        set({ progress });
      },
    });
    const { done, skipped, failed, total } = result.checkpoint;
    const finished = done.length + skipped.length + failed.length >= total;
    set({
      phase: get().plan ? 'previewed' : 'idle',
      progress: result.progress,
      outcome: { ...outcomeOf(result.checkpoint, result.cancelled, file), ...(result.paused !== undefined ? { paused: true } : {}) },
      ...(finished ? {} : { resumable: { done: done.length, total } }),
      ...(result.paused !== undefined ? { error: pausedMessage(options.explorer.getState().sourceLabel, result.paused, done.length, total) } : {}),
    });
  } catch (error) {
    // The last checkpoint saved (saveCheckpoint keeps it on shared.running).
    set({
      phase: get().plan ? 'previewed' : 'idle',
      error: `Apply stopped: ${messageOf(error)}. Resume continues from the last checkpoint.`,
      resumable: { done: (shared.running ?? running).checkpoint.done.length, total: file.rewrites.length },
    });
  } finally {
    shared.abort = undefined;
  }
}

/** The run slice's actions. */
export function createRunSlice(api: MigrateSliceApi): MigrateRunSlice {
  const { set, get, shared } = api;
  const { options } = shared;
  const { explorer, storage } = options;
  return {
    canWrite: () => options.canWrite(explorer.getState().source),
    requestApply: async () => {
      const { plan, countsText } = get();
      const { source, sourceLabel, table } = explorer.getState();
      if (!plan || !table || !source) return set({ error: 'Preview the migration first: Apply writes what the preview shows.' });
      if (!options.canWrite(source))
        return set({ error: 'This connection is Read-only: Preview, Verify and Export work, Apply does not. Connect without Read-only to apply.' });
      const blocked = applyBlockedReason(plan);
      if (blocked) return set({ error: blocked });
      shared.createTarget = undefined;
      let into = 'rewriting in place.';
      const targetName = plan.spec.targetTableName;
      if (targetName !== undefined) {
        let target: CopyTarget;
        try {
          target = await checkCopyTarget(source, plan.spec.tableName, targetName);
        } catch (error) {
          return set({ error: `Could not check table ${targetName}: ${messageOf(error)}` });
        }
        if (target.kind === 'refused') return set({ error: target.message });
        if (target.kind === 'create') shared.createTarget = target.input;
        into = `copying into table ${targetName}, ${target.description}. Table ${plan.spec.tableName} is left untouched.`;
      }
      set({
        error: undefined,
        confirmation: `Migrate keys of table ${table.name} on ${sourceLabel}, ${into} ${countsText ?? describePlanCounts(plan.counts)}. ${formatCount(plan.rewrites.length)} items will be written, each in one conditional transaction.`,
      });
    },
    answerApply: async (confirmed) => {
      const { plan } = get();
      set({ confirmation: undefined });
      const key = storageKeyOf(shared);
      const { source } = explorer.getState();
      if (!confirmed || !plan || !key || !source) return;
      await options.confirmWrite(
        source,
        `Migrate keys of ${formatCount(plan.rewrites.length)} items in table ${plan.spec.tableName}${plan.spec.targetTableName ? ` into table ${plan.spec.targetTableName}` : ''}`,
        async (writer) => {
          if (shared.createTarget) {
            const input = shared.createTarget;
            shared.createTarget = undefined;
            try {
              await writer.createTable(input);
              await waitUntilActive(source, input.TableName ?? '');
            } catch (error) {
              return set({ error: `Could not create table ${input.TableName ?? ''}: ${messageOf(error)}. Nothing was written.` });
            }
            // The new table shows in the explorer's list (to browse the copies).
            void explorer.getState().refreshTables();
          }
          const file = toPlanFile(plan);
          await runMigration(api, writer, file, key, emptyCheckpoint(file.planId, file.rewrites.length));
        },
      );
    },
    cancel: () => shared.abort?.abort(),
    resume: async () => {
      const key = storageKeyOf(shared);
      if (!key || shared.abort) return;
      const stored = await storage.load(key);
      const planFile = stored && parsePlanFile(stored.planText, 'the stored plan');
      if (!stored || !planFile?.ok) return set({ resumable: undefined, error: 'No stored migration of this table to resume: Preview and Apply again.' });
      const checkpoint = parseCheckpoint(stored.checkpointText, planFile.file.planId, 'the stored checkpoint');
      if (!checkpoint.ok) return set({ resumable: undefined, error: checkpoint.message });
      const { source } = explorer.getState();
      if (!source || !options.canWrite(source))
        return set({ error: 'This connection is Read-only: Resume writes, so it needs a connection without Read-only.' });
      await options.confirmWrite(source, `Resume the key migration of table ${planFile.file.spec.tableName}`, (writer) =>
        runMigration(api, writer, planFile.file, key, checkpoint.checkpoint),
      );
    },
    verify: async () => {
      const plan = currentPlan(get, shared);
      const { source } = explorer.getState();
      if (!plan || !source) return set({ error: 'Preview (or Resume) a migration first: Verify checks its planned keys.' });
      set({ phase: 'verifying', error: undefined });
      try {
        const checkpoint = shared.running?.checkpoint;
        const verifyReport = await verifyMigration(plan, scanPages(source, plan.spec.targetTableName ?? plan.spec.tableName), checkpoint);
        set({ verifyReport, phase: get().plan ? 'previewed' : 'idle' });
      } catch (error) {
        set({ phase: get().plan ? 'previewed' : 'idle', error: `Verify stopped: ${messageOf(error)}` });
      }
    },
  };
}
