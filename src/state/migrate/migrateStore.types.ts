import type { StoreApi } from 'zustand/vanilla';
import type { DownloadFile, MigrateKeysPreparation } from '../../design';
import type { DynamoDBDataSource } from '../../engine';
import type { MigrationProgress, MigrationPlan, OrderDiff, PlanEntry, SpecProblem, VerifyReport, WriteCostEstimate } from '../../migrate';
import type { DesignStore } from '../design/designStore';
import type { DesignBindingStore } from '../design/binding';
import type { ExplorerStore } from '../explorerStore';
import type { ConfirmWrite } from '../writeAccess';
import type { MigrateAttribute } from './migrateAttributes';
import type { MigrationOutcome } from './migrateOutcome';
import type { MigrationStorage } from './migrationStorage';

/*
 * The Migrate keys store's public shape: its state, its actions and its
 * options. The store is built from slices (migrateStore.ts says which owns
 * what); every slice reads and writes this one state.
 */

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
