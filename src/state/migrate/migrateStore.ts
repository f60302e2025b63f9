import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { findEntity, type DownloadFile, type MigrateKeysPreparation } from '../../design';
import type { DynamoDBDataSource } from '../../engine';
import {
  applyMigration,
  compileMigration,
  createMigrationPlanner,
  describePlanCounts,
  emitNodeMigration,
  emitPythonMigration,
  emptyCheckpoint,
  estimateWriteCost,
  existingTablePages,
  formatCount,
  MIGRATION_PROGRAM,
  orderDiff,
  parseCheckpoint,
  parsePlanFile,
  planPartitions,
  scanPages,
  serializePlanFile,
  toPlanFile,
  verifyMigration,
  watchAddedAttributes,
  type MigrationCheckpoint,
  type MigrationKeyAttribute,
  type MigrationPlan,
  type MigrationPlanFile,
  type MigrationProgress,
  type MigrationSpec,
  type OrderDiff,
  type PlanEntry,
  type SpecProblem,
  type VerifyReport,
  type WriteCostEstimate,
} from '../../migrate';
import type { DesignStore } from '../design/designStore';
import { resolveDesignBinding, type DesignBindingStore } from '../design/binding';
import type { ExplorerStore } from '../explorerStore';
import type { TableSummary } from '../explorer/explorerTypes';
import type { ConfirmWrite } from '../writeAccess';
import { designMigrateAttributes, tableMigrateAttributes, type MigrateAttribute } from './migrateAttributes';
import { checkCopyTarget, copyIntoItselfMessage, waitUntilActive, type CopyTarget } from './copyTarget';
import { applyBlockedReason, messageOf, outcomeOf, pausedMessage, progressOf, type MigrationOutcome } from './migrateOutcome';

export { applyBlockedReason, pausedMessage, type MigrationOutcome } from './migrateOutcome';
import type { MigrationStorage } from './migrationStorage';

export interface TemplatePair {
  readonly current: string;
  readonly target: string;
}

export type MigratePhase = 'idle' | 'previewing' | 'previewed' | 'applying' | 'verifying';

export interface MigrateState {
  /** The entities of the design bound to the explorer's table (empty: no design, raw `{attribute}` templates). */
  readonly entityNames: readonly string[];
  readonly entityName?: string;
  readonly designName?: string;
  readonly attributes: readonly MigrateAttribute[];
  readonly templates: Readonly<Record<string, TemplatePair>>;
  /** Copy into this table (blue/green) instead of rewriting in place; '' rewrites in place. */
  readonly copyInto: string;
  /** Template problems, by "current template for <attribute>" / "target template for <attribute>" (the step-1 messages). */
  readonly problems: readonly SpecProblem[];
  readonly phase: MigratePhase;
  /**
   * The preview's entries so far (scan order). While previewing this is one
   * array growing page by page (copying it per page is quadratic at a million
   * items), so subscribers watch `entryCount`, which changes with every page.
   */
  readonly entries: readonly PlanEntry[];
  readonly entryCount: number;
  readonly countsText?: string;
  readonly plan?: MigrationPlan;
  readonly partitions: readonly string[];
  readonly partition?: string;
  readonly orderDiff?: OrderDiff;
  readonly cost?: WriteCostEstimate;
  /** Apply's confirmation, naming the endpoint and the counts, while it waits for an answer. */
  readonly confirmation?: string;
  readonly progress?: MigrationProgress;
  readonly outcome?: MigrationOutcome;
  /** A stored migration of this table that stopped before the end (a reload, a cancel): Resume continues it. */
  readonly resumable?: { readonly done: number; readonly total: number };
  readonly verifyReport?: VerifyReport;
  readonly error?: string;
  /** Prepared from a structural diff (Compare designs): what was filled in, or what it waits for. */
  readonly prepared?: string;
}

export interface MigrateActions {
  selectEntity(name: string): void;
  /**
   * Fills in a table-key template change from a structural diff: the entity and
   * its current and target templates, for the diff's table. When the explorer
   * shows another table, it chooses that one (if the connection has it) and
   * fills them in once it is shown.
   */
  prepare(preparation: MigrateKeysPreparation): void;
  setTemplate(attribute: string, side: keyof TemplatePair, text: string): void;
  setCopyInto(tableName: string): void;
  /** Streams the plan page by page (a consistent Scan of the explorer's table). */
  preview(): Promise<void>;
  choosePartition(partition: string): void;
  /** Whether Apply and Resume are offered: false on a Read-only connection (reads the explorer's source now; re-ask when it changes). */
  canWrite(): boolean;
  /** Asks for the confirmation (refused with a reason while collisions exist or on a Read-only connection). */
  requestApply(): Promise<void>;
  answerApply(confirmed: boolean): Promise<void>;
  cancel(): void;
  resume(): Promise<void>;
  verify(): Promise<void>;
  exportScript(language: 'node' | 'python'): DownloadFile | undefined;
  exportPlan(): DownloadFile | undefined;
  dispose(): void;
}

export type MigrateStore = StoreApi<MigrateState & MigrateActions>;

export interface MigrateStoreOptions {
  /** The explorer: its data source, label ("Built-in table (this browser)") and chosen table are the migration's. */
  readonly explorer: ExplorerStore;
  readonly designs: DesignStore;
  readonly designBindings: DesignBindingStore;
  /** The explorer's write rule (canWriteSource: false on a Read-only connection). */
  readonly canWrite: (source: DynamoDBDataSource | undefined) => boolean;
  /** The explorer's write confirmation (writeAccess.ts; asks on AWS): Apply and Resume write (CreateTable of a copy target, every transaction) through the writer it grants. */
  readonly confirmWrite: ConfirmWrite;
  readonly storage: MigrationStorage;
  /** Rewrites in flight at once (default: the command's, MIGRATION_PROGRAM.concurrency). */
  readonly concurrency?: number;
  /** Rewrites per transaction, for the explorer's source (default REMOTE_GROUP_SIZE; see applyMigration's groupSize). */
  readonly groupSize?: number | ((source: DynamoDBDataSource | undefined) => number);
}

/**
 * Rewrites per TransactWriteItems in the browser: a browser keeps at most six
 * connections to the app server, and every request crosses its proxy, so one
 * request per item left the apply at a fraction of the command's rate
 * (bench:migrate's browser row). 10 rewrites are 20 actions (DynamoDB allows 100).
 */
export const REMOTE_GROUP_SIZE = 10;

/** How often Apply's progress is shown, at most. */
const PROGRESS_EVERY_MS = 100;

const IDLE: Pick<MigrateState, 'phase' | 'entries' | 'entryCount' | 'partitions' | 'problems'> = { phase: 'idle', entries: [], entryCount: 0, partitions: [], problems: [] };
const CLEARED_PLAN = { plan: undefined, countsText: undefined, partition: undefined, orderDiff: undefined, cost: undefined, confirmation: undefined, progress: undefined, outcome: undefined, verifyReport: undefined, error: undefined };

/** The Migrate keys screen's store: plan, apply (resumable from IndexedDB), verify and export, over the explorer's table. */
export function createMigrateStore(options: MigrateStoreOptions): MigrateStore {
  const { explorer, storage } = options;
  let previewRun = 0;
  let abort: AbortController | undefined;
  /** The plan being applied or resumed (from the preview, or read back from storage). */
  let running: { file: MigrationPlanFile; key: string; checkpoint: MigrationCheckpoint } | undefined;
  /** Copy into a table that doesn't exist yet: the CreateTable Apply sends first (set by requestApply's check). */
  let createTarget: CreateTableCommandInput | undefined;
  /** Set by the store's initializer below: looks for a stored, unfinished migration of the explorer's table. */
  let findStored: () => Promise<void> = () => Promise.resolve();
  /** A preparation waiting for its table to be the explorer's (see prepare). */
  let pending: MigrateKeysPreparation | undefined;
  /** Set by the store's initializer below: fills a pending preparation in when the explorer shows its table. */
  let applyPending: () => boolean = () => false;

  const store = createStore<MigrateState & MigrateActions>()((set, get) => {
    const storageKey = () => {
      const { sourceLabel, table } = explorer.getState();
      return table ? `${sourceLabel}\u0000${table.name}` : undefined;
    };

    const specOf = (table: TableSummary): MigrationSpec => {
      const { attributes, templates, copyInto } = get();
      const keyAttributes: MigrationKeyAttribute[] = attributes.flatMap((attribute) => {
        const pair = templates[attribute.name];
        const current = pair?.current.trim() ?? '';
        const target = pair?.target.trim() ?? '';
        if (!current && !target) return [];
        return [{ name: attribute.name, type: attribute.type, role: attribute.role, ...(current ? { current } : {}), ...(target ? { target } : {}) }];
      });
      return {
        tableName: table.name,
        ...(copyInto.trim() ? { targetTableName: copyInto.trim() } : {}),
        partitionKey: table.keys.partitionKey.name,
        ...(table.keys.sortKey ? { sortKey: table.keys.sortKey.name } : {}),
        attributes: keyAttributes,
      };
    };

    /** The attributes and templates for the explorer's table and the chosen entity of its bound design. */
    const loadTemplates = (entityName?: string) => {
      const { table } = explorer.getState();
      if (!table) return set({ entityNames: [], entityName: undefined, designName: undefined, attributes: [], templates: {}, ...IDLE, ...CLEARED_PLAN });
      const binding = resolveDesignBinding(options.designs.getState().designs, options.designBindings.getState().choices[table.name], table);
      const entity = binding ? (findEntity(binding.table, entityName ?? '') ?? binding.table.entities[0]) : undefined;
      let attributes: MigrateAttribute[];
      const templates: Record<string, TemplatePair> = {};
      if (binding && entity) {
        attributes = designMigrateAttributes(binding.table, (name) => entity.keys[name] !== undefined);
        for (const attribute of attributes) templates[attribute.name] = { current: entity.keys[attribute.name] ?? '', target: entity.keys[attribute.name] ?? '' };
      } else {
        // No design: the stored values read "raw", each as one field named like its attribute.
        attributes = tableMigrateAttributes(table);
        for (const attribute of attributes) templates[attribute.name] = { current: `{${attribute.name}}`, target: `{${attribute.name}}` };
      }
      set({ entityNames: binding?.table.entities.map((candidate) => candidate.name) ?? [], entityName: entity?.name, designName: binding?.designName, attributes, templates, ...IDLE, ...CLEARED_PLAN });
    };

    applyPending = () => {
      const { table } = explorer.getState();
      if (!pending || !table || table.name !== pending.table) return false;
      const preparation = pending;
      pending = undefined;
      loadTemplates(preparation.entity);
      const templates = { ...get().templates };
      // Keys the design no longer has are read (their fields) and written back as they are.
      const read = (preparation.readFrom ?? []).filter((extra) => !get().attributes.some((attribute) => attribute.name === extra.name));
      const attributes = [...get().attributes, ...read.map(({ name, type, role }) => ({ name, type, role, uses: [] }))];
      for (const extra of read) templates[extra.name] = { current: extra.template, target: extra.template };
      for (const attribute of attributes) {
        const pair = preparation.templates[attribute.name];
        if (pair) templates[attribute.name] = pair;
      }
      const purpose = preparation.purpose ?? `the structural diff of ${preparation.designName}`;
      set({ attributes, templates, prepared: `Prepared from ${purpose}: entity ${preparation.entity} of table ${preparation.table}, with its current and target templates. Preview reads every stored item.` });
      return true;
    };

    /** A stored migration of this table that has not finished: offer Resume and show its templates again. */
    findStored = async () => {
      const key = storageKey();
      if (!key) return;
      const stored = await storage.load(key).catch(() => undefined);
      if (!stored || key !== storageKey()) return;
      const planFile = parsePlanFile(stored.planText, 'the stored plan');
      if (!planFile.ok) return;
      const checkpoint = parseCheckpoint(stored.checkpointText, planFile.file.planId, 'the stored checkpoint');
      if (!checkpoint.ok) return;
      running = { file: planFile.file, key, checkpoint: checkpoint.checkpoint };
      const { done, skipped, failed, total } = checkpoint.checkpoint;
      set({ outcome: outcomeOf(checkpoint.checkpoint, false, planFile.file), templates: { ...get().templates, ...stored.templates }, ...(stored.entityName ? { entityName: stored.entityName } : {}) });
      if (done.length + skipped.length + failed.length < total) set({ resumable: { done: done.length, total } });
    };

    const run = async (writer: DynamoDBDataSource, file: MigrationPlanFile, key: string, checkpoint: MigrationCheckpoint) => {
      const controller = new AbortController();
      abort = controller;
      running = { file, key, checkpoint };
      const { templates, entityName } = get();
      // Only the checkpoint from here on (the plan is stored once, below).
      const saveCheckpoint = async (next: MigrationCheckpoint) => {
        if (running) running.checkpoint = next;
        await storage.saveCheckpoint(key, JSON.stringify(next));
      };
      set({ phase: 'applying', resumable: undefined, outcome: undefined, verifyReport: undefined, error: undefined, progress: progressOf(checkpoint) });
      let shownAt = 0;
      try {
        // The plan is stored before the first write: a reload at any moment finds it.
        await storage.save(key, { planText: serializePlanFile(file), checkpointText: JSON.stringify(checkpoint), templates, ...(entityName ? { entityName } : {}) });
        const result = await applyMigration({
          source: writer,
          plan: file,
          planId: file.planId,
          checkpoint,
          concurrency: options.concurrency ?? MIGRATION_PROGRAM.concurrency,
          groupSize: typeof options.groupSize === 'function' ? options.groupSize(explorer.getState().source) : (options.groupSize ?? REMOTE_GROUP_SIZE),
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
          ...(result.paused !== undefined ? { error: pausedMessage(explorer.getState().sourceLabel, result.paused, done.length, total) } : {}),
        });
      } catch (error) {
        set({ phase: get().plan ? 'previewed' : 'idle', error: `Apply stopped: ${messageOf(error)}. Resume continues from the last checkpoint.`, resumable: { done: running.checkpoint.done.length, total: file.rewrites.length } });
      } finally {
        abort = undefined;
      }
    };

    /** The plan to verify or export: the preview's, else the stored one this tab resumed. */
    const currentPlan = (): Pick<MigrationPlan, 'spec' | 'rewrites'> | undefined => get().plan ?? running?.file;

    return {
      entityNames: [],
      attributes: [],
      templates: {},
      copyInto: '',
      ...IDLE,
      selectEntity: (name) => loadTemplates(name),
      prepare: (preparation) => {
        pending = preparation;
        if (applyPending()) return;
        set({ prepared: `Prepared for table ${preparation.table} (entity ${preparation.entity}): its templates are filled in once table ${preparation.table} is chosen. If this connection has no table ${preparation.table}, load the design into one first (Design tab, Load into a table).` });
        followPending();
      },
      setTemplate: (attribute, side, text) => {
        const pair = get().templates[attribute] ?? { current: '', target: '' };
        const where = `${side} template for ${attribute}`;
        set({ templates: { ...get().templates, [attribute]: { ...pair, [side]: text } }, problems: get().problems.filter((problem) => problem.where !== where) });
      },
      setCopyInto: (tableName) => set({ copyInto: tableName }),
      preview: async () => {
        const { source, table } = explorer.getState();
        if (!source || !table) return set({ error: 'Choose a table in the explorer first: the migration reads the explorer’s table.' });
        const compiled = compileMigration(specOf(table));
        if (!compiled.ok) return set({ problems: compiled.problems, error: undefined });
        const targetName = compiled.value.spec.targetTableName;
        if (targetName === table.name) return set({ ...IDLE, ...CLEARED_PLAN, error: copyIntoItselfMessage(table.name) });
        const runId = ++previewRun;
        set({ ...IDLE, ...CLEARED_PLAN, phase: 'previewing', resumable: get().resumable });
        const planner = createMigrationPlanner(compiled.value);
        const entries: PlanEntry[] = [];
        try {
          for await (const page of scanPages(source, table.name)) {
            if (runId !== previewRun) return;
            entries.push(...planner.addPage(page));
            set({ entries, entryCount: entries.length, countsText: describePlanCounts(planner.counts()) });
          }
          // Copying: the target's items (none while it doesn't exist), so a key already taken there is a collision before Apply.
          if (targetName !== undefined) {
            for await (const page of existingTablePages(source, targetName)) {
              if (runId !== previewRun) return;
              planner.addTargetPage(page);
            }
          }
        } catch (error) {
          if (runId === previewRun) set({ phase: 'idle', error: `Preview stopped: ${messageOf(error)}` });
          return;
        }
        if (runId !== previewRun) return;
        // Watched names: an item that gains one of the table's attributes after this read is skipped, not rewritten without it.
        const plan = watchAddedAttributes(planner.finish());
        const partitions = planPartitions(plan);
        const partition = partitions[0];
        // Every GSI and LSI of the table: each write counts in those its old or new item is in (a sparse index only holds items with its keys).
        const indexes = table.indexes.map((index) => ({ name: index.name, keys: [index.keys.partitionKey.name, ...(index.keys.sortKey ? [index.keys.sortKey.name] : [])] }));
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
      canWrite: () => options.canWrite(explorer.getState().source),
      requestApply: async () => {
        const { plan, countsText } = get();
        const { source, sourceLabel, table } = explorer.getState();
        if (!plan || !table || !source) return set({ error: 'Preview the migration first: Apply writes what the preview shows.' });
        if (!options.canWrite(source)) return set({ error: 'This connection is Read-only: Preview, Verify and Export work, Apply does not. Connect without Read-only to apply.' });
        const blocked = applyBlockedReason(plan);
        if (blocked) return set({ error: blocked });
        createTarget = undefined;
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
          if (target.kind === 'create') createTarget = target.input;
          into = `copying into table ${targetName}, ${target.description}. Table ${plan.spec.tableName} is left untouched.`;
        }
        set({ error: undefined, confirmation: `Migrate keys of table ${table.name} on ${sourceLabel}, ${into} ${countsText ?? describePlanCounts(plan.counts)}. ${formatCount(plan.rewrites.length)} items will be written, each in one conditional transaction.` });
      },
      answerApply: async (confirmed) => {
        const { plan } = get();
        set({ confirmation: undefined });
        const key = storageKey();
        const { source } = explorer.getState();
        if (!confirmed || !plan || !key || !source) return;
        await options.confirmWrite(source, `Migrate keys of ${formatCount(plan.rewrites.length)} items in table ${plan.spec.tableName}${plan.spec.targetTableName ? ` into table ${plan.spec.targetTableName}` : ''}`, async (writer) => {
          if (createTarget) {
            const input = createTarget;
            createTarget = undefined;
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
          await run(writer, file, key, emptyCheckpoint(file.planId, file.rewrites.length));
        });
      },
      cancel: () => abort?.abort(),
      resume: async () => {
        const key = storageKey();
        if (!key || abort) return;
        const stored = await storage.load(key);
        const planFile = stored && parsePlanFile(stored.planText, 'the stored plan');
        if (!stored || !planFile?.ok) return set({ resumable: undefined, error: 'No stored migration of this table to resume: Preview and Apply again.' });
        const checkpoint = parseCheckpoint(stored.checkpointText, planFile.file.planId, 'the stored checkpoint');
        if (!checkpoint.ok) return set({ resumable: undefined, error: checkpoint.message });
        const { source } = explorer.getState();
        if (!source || !options.canWrite(source)) return set({ error: 'This connection is Read-only: Resume writes, so it needs a connection without Read-only.' });
        await options.confirmWrite(source, `Resume the key migration of table ${planFile.file.spec.tableName}`, (writer) => run(writer, planFile.file, key, checkpoint.checkpoint));
      },
      verify: async () => {
        const plan = currentPlan();
        const { source } = explorer.getState();
        if (!plan || !source) return set({ error: 'Preview (or Resume) a migration first: Verify checks its planned keys.' });
        set({ phase: 'verifying', error: undefined });
        try {
          const checkpoint = running?.checkpoint;
          const verifyReport = await verifyMigration(plan, scanPages(source, plan.spec.targetTableName ?? plan.spec.tableName), checkpoint);
          set({ verifyReport, phase: get().plan ? 'previewed' : 'idle' });
        } catch (error) {
          set({ phase: get().plan ? 'previewed' : 'idle', error: `Verify stopped: ${messageOf(error)}` });
        }
      },
      exportScript: (language) => {
        if (!currentPlan()) return undefined;
        return language === 'node'
          ? { fileName: 'migrate-keys.mjs', text: emitNodeMigration(), mediaType: 'text/javascript' }
          : { fileName: 'migrate_keys.py', text: emitPythonMigration(), mediaType: 'text/x-python' };
      },
      exportPlan: () => {
        const plan = currentPlan();
        return plan && { fileName: `${plan.spec.tableName}.migration-plan.json`, text: serializePlanFile(toPlanFile(plan)), mediaType: 'application/json' };
      },
      dispose: () => {
        unsubscribe();
        abort?.abort();
      },
    };
  });

  // A preparation's table: chosen in the explorer once its list has it (once per preparation).
  let choosing: MigrateKeysPreparation | undefined;
  const followPending = () => {
    const { table, tableNames, selectTable } = explorer.getState();
    if (!pending || abort || table?.name === pending.table || choosing === pending || !tableNames.includes(pending.table)) return;
    choosing = pending;
    void selectTable(pending.table);
  };

  // Follow the explorer's table: its key schema, its bound design, and any stored migration of it.
  let shownTable: string | undefined;
  const follow = () => {
    followPending();
    const { table, sourceLabel } = explorer.getState();
    const shown = table ? `${sourceLabel}\u0000${table.name}` : undefined;
    if (shown === shownTable || abort) return;
    shownTable = shown;
    previewRun++;
    running = undefined;
    store.getState().selectEntity('');
    if (!applyPending() && !pending) store.setState({ prepared: undefined });
    void findStored();
  };
  const unsubscribe = explorer.subscribe(follow);
  follow();
  return store;
}
