import type { Design } from '../design.types';
import type { StructuralChange, StructuralDiff, TableChanges } from './diff.types';
import { diffEntities } from './diffEntities';
import { diffFindings } from './diffFindings';
import { diffPatterns } from './diffPatterns';
import { diffTable, pairTables } from './diffTables';
import { VERDICT_LABELS, VERDICT_RANK } from './verdicts';

/**
 * Everything that changed from `before` to `after`, as a reviewer reads it:
 * tables (added, removed, renamed-looking), key attributes and types, billing,
 * indexes (keys, projections, LSI vs GSI), per entity its key templates (with
 * the stored items that move, in DynamoDB's order), attributes and sample
 * counts, access patterns, and review findings added or resolved. Each change
 * says what DynamoDB can do about it (in place, a new index and backfill, a
 * new table and a migration, …). Pure: no I/O.
 *
 * @example
 * diffDesigns(design, { ...design, tables: [withGsiKeyChanged] }).changes[0].verdictLabel
 * // "new index and backfill"
 */
export function diffDesigns(before: Design, after: Design): StructuralDiff {
  const pairs = pairTables(before.tables, after.tables);
  const renamed = new Map(
    pairs.flatMap((pair) => (pair.before && pair.after && pair.before.name !== pair.after.name ? [[pair.before.name, pair.after.name] as const] : [])),
  );
  const changes: StructuralChange[] = [];
  for (const pair of pairs) {
    changes.push(...diffTable(pair));
    if (pair.before && pair.after) changes.push(...diffEntities(after.name, pair.before, pair.after), ...diffPatterns(pair.before, pair.after));
  }
  const findings = diffFindings(before, after, renamed);
  changes.push(...findings.changes);
  const order = [...pairs.map((pair) => (pair.after ?? pair.before)?.name ?? '')];
  const tables: TableChanges[] = [];
  for (const change of changes) {
    let group = tables.find((entry) => entry.table === change.table);
    if (!group) {
      group = { table: change.table, changes: [] };
      tables.push(group);
    }
    (group.changes as StructuralChange[]).push(change);
  }
  // Tables in the new design's order (removed ones after); within one, the most work first (stable).
  const rankOf = (table: string) => (order.includes(table) ? order.indexOf(table) : order.length);
  tables.sort((a, b) => rankOf(a.table) - rankOf(b.table));
  for (const group of tables) (group.changes as StructuralChange[]).sort((a, b) => VERDICT_RANK[a.verdict] - VERDICT_RANK[b.verdict]);
  const ordered = tables.flatMap((group) => group.changes);
  return { changes: ordered, tables, summary: summarize(ordered), decidedFindings: findings.decided, staleDecisions: findings.staleDecisions };
}

function summarize(changes: readonly StructuralChange[]): string {
  if (changes.length === 0) return 'No changes.';
  const counts = new Map<string, number>();
  // By verdict, the most work first; findings by what happened to them ("2 new findings", "1 finding resolved").
  for (const change of [...changes].sort((a, b) => VERDICT_RANK[a.verdict] - VERDICT_RANK[b.verdict])) {
    const label = change.verdict === 'review' ? (change.action === 'added' ? 'new finding' : 'finding resolved') : VERDICT_LABELS[change.verdict];
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const parts = [...counts].map(([label, count]) => `${label} (${count})`);
  return `${changes.length === 1 ? '1 change' : `${changes.length} changes`}: ${parts.join(', ')}.`;
}
