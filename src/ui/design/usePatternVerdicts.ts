import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Design, TableDesign } from '../../design';
import { runAccessPatterns, type PatternRunOutcome } from '../../state';
import { useAppStores } from '../stores';
import { useSettledDesign } from './useSettledDesign';

/**
 * Above this many samples in a design the overview does not run its access
 * patterns by itself on every pause in typing (each run writes every sample
 * into a fresh built-in table): it offers a button instead.
 */
export const AUTO_RUN_MAX_SAMPLES = 5_000;

type Outcomes = Readonly<Record<string, PatternRunOutcome>>;

export interface PatternVerdicts {
  /** Per table name: the outcomes by pattern id for the table as it is now; undefined while it runs (or before it ran). */
  readonly byTable: Readonly<Record<string, Outcomes | undefined>>;
  readonly running: boolean;
  /** True when the design is too large to run by itself and `run` was not asked for yet. */
  readonly waiting: boolean;
  /** Why the patterns could not be run, if they could not. */
  readonly problem: string | undefined;
  run(): void;
}

/**
 * Every access pattern's verdict for the overview: the Access patterns
 * region's own run (its store) where it is of the table as it is now, and
 * otherwise the same `runAccessPatterns` on a fresh built-in table, run when
 * typing pauses. The region's store is left alone: its verdicts still show
 * after Run access patterns, as before.
 */
export function usePatternVerdicts(designId: string, design: Design): PatternVerdicts {
  const runs = useAppStores().accessPatternRuns;
  const lastRun = useStore(runs, (state) => state.lastRun);
  const ranFor = useStore(runs, (state) => state.ranFor);
  const settled = useSettledDesign(designId, design);
  const [ran, setRan] = useState<ReadonlyMap<TableDesign, Outcomes>>(() => new Map());
  // The design (by id) whose patterns the user asked to run though it is large; asked once, it keeps running as it changes.
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const sampleCount = settled.tables.reduce((sum, table) => sum + table.entities.reduce((count, entity) => count + entity.samples.length, 0), 0);
  const allowed = sampleCount <= AUTO_RUN_MAX_SAMPLES || asked === designId;

  useEffect(() => {
    // Only once typing has paused (not at the settle's cap while it goes on): a run writes every sample into a new table.
    if (!allowed || settled !== design) return;
    const tables = settled.tables.filter((table) => table.accessPatterns.length > 0 && !ran.has(table));
    if (tables.length === 0) return;
    let cancelled = false;
    void (async () => {
      const results = new Map<TableDesign, Outcomes>();
      try {
        for (const table of tables) {
          const run = await runAccessPatterns(table);
          if (cancelled) return;
          results.set(table, run.outcomes);
        }
        setProblem(undefined);
      } catch (error) {
        // Said once, not retried until the design changes (a retry per render would loop).
        if (!cancelled) setProblem(`The access patterns could not be run: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      // Only the tables of the design as it is now are kept: the map never grows with edits.
      setRan((before) => new Map([...before, ...results].filter(([table]) => settled.tables.includes(table))));
    })();
    return () => {
      cancelled = true;
    };
  }, [settled, design, allowed, ran]);

  const byTable: Record<string, Outcomes | undefined> = {};
  for (const table of design.tables) byTable[table.name] = ranFor === table && lastRun ? lastRun.outcomes : ran.get(table);
  // Running while a table with patterns has no current outcomes (typing not settled yet, or its run not finished).
  const running = allowed && problem === undefined && design.tables.some((table) => table.accessPatterns.length > 0 && byTable[table.name] === undefined);
  return { byTable, running, waiting: !allowed, problem, run: () => setAsked(designId) };
}
