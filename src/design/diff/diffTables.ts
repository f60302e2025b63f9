import type { IndexDesign, TableDesign } from '../design.types';
import { describeIndex, describeIndexKey, describeProjection, describeTableKey, makeChange, sameJson } from './change';
import type { StructuralChange } from './diff.types';
import { HOW } from './verdicts';

/** A table of each design, matched by name, or by a look of being renamed. */
export interface TablePair {
  readonly before?: TableDesign;
  readonly after?: TableDesign;
}

/**
 * The tables of both designs, paired: by name first, then a removed and an
 * added table with the same key schema and at least half the same entities
 * (or indexes, for tables without entities) look renamed.
 */
export function pairTables(before: readonly TableDesign[], after: readonly TableDesign[]): TablePair[] {
  const afterNames = new Set(after.map((table) => table.name));
  const beforeNames = new Set(before.map((table) => table.name));
  const removed = before.filter((table) => !afterNames.has(table.name));
  const pairs: TablePair[] = [];
  for (const table of after) {
    const old = before.find((candidate) => candidate.name === table.name);
    if (old) {
      pairs.push({ before: old, after: table });
      continue;
    }
    const renamed = beforeNames.has(table.name) ? undefined : removed.find((candidate) => looksRenamed(candidate, table));
    if (renamed) removed.splice(removed.indexOf(renamed), 1);
    pairs.push(renamed ? { before: renamed, after: table } : { after: table });
  }
  return [...pairs, ...removed.map((table) => ({ before: table }))];
}

function looksRenamed(before: TableDesign, after: TableDesign): boolean {
  if (!sameJson(before.partitionKey, after.partitionKey) || !sameJson(before.sortKey, after.sortKey)) return false;
  const overlap = (a: readonly string[], b: readonly string[]) => {
    if (a.length === 0 && b.length === 0) return true;
    const shared = a.filter((name) => b.includes(name)).length;
    return shared > 0 && shared * 2 >= Math.max(a.length, b.length);
  };
  const entitiesOf = (table: TableDesign) => table.entities.map((entity) => entity.name);
  const indexesOf = (table: TableDesign) => table.indexes.map((index) => index.name);
  return before.entities.length + after.entities.length > 0 ? overlap(entitiesOf(before), entitiesOf(after)) : overlap(indexesOf(before), indexesOf(after));
}

/** Table-level changes: added, removed, renamed, key schema, billing and capacity, and every index. */
export function diffTable({ before, after }: TablePair): StructuralChange[] {
  if (!before && after)
    return [
      makeChange({
        table: after.name,
        area: 'table',
        action: 'added',
        subject: `table ${after.name}`,
        after: describeTableKey(after),
        verdict: 'newTable',
        how: HOW.tableAdded,
      }),
    ];
  if (before && !after)
    return [
      makeChange({
        table: before.name,
        area: 'table',
        action: 'removed',
        subject: `table ${before.name}`,
        before: describeTableKey(before),
        verdict: 'deleteTable',
        how: HOW.tableRemoved,
      }),
    ];
  if (!before || !after) return [];
  const table = after.name;
  const changes: StructuralChange[] = [];
  if (before.name !== after.name) {
    changes.push(
      makeChange({
        table,
        area: 'table',
        action: 'renamed',
        subject: `table ${before.name} → ${after.name} (looks renamed)`,
        before: before.name,
        after: after.name,
        verdict: 'newTableAndMigration',
        how: HOW.tableRenamed,
      }),
    );
  }
  if (!sameJson(before.partitionKey, after.partitionKey) || !sameJson(before.sortKey ?? null, after.sortKey ?? null)) {
    changes.push(
      makeChange({
        table,
        area: 'keySchema',
        action: 'changed',
        subject: 'table key attributes',
        before: describeTableKey(before),
        after: describeTableKey(after),
        verdict: 'newTableAndMigration',
        how: HOW.keySchema,
      }),
    );
  }
  if (before.billingMode !== after.billingMode) {
    changes.push(
      makeChange({
        table,
        area: 'billing',
        action: 'changed',
        subject: 'billing mode',
        before: before.billingMode,
        after: after.billingMode,
        verdict: 'inPlace',
        how: HOW.billingMode,
      }),
    );
  } else if (!sameJson(before.provisioned ?? null, after.provisioned ?? null)) {
    const capacity = (t: TableDesign) => (t.provisioned ? `${t.provisioned.readCapacityUnits} RCU, ${t.provisioned.writeCapacityUnits} WCU` : 'none');
    changes.push(
      makeChange({
        table,
        area: 'billing',
        action: 'changed',
        subject: 'provisioned capacity',
        before: capacity(before),
        after: capacity(after),
        verdict: 'inPlace',
        how: HOW.capacity,
      }),
    );
  }
  changes.push(...diffIndexes(table, before.indexes, after.indexes));
  return changes;
}

function diffIndexes(table: string, before: readonly IndexDesign[], after: readonly IndexDesign[]): StructuralChange[] {
  const changes: StructuralChange[] = [];
  for (const index of after) {
    const old = before.find((candidate) => candidate.name === index.name);
    const subject = `index ${index.name}`;
    if (!old) {
      changes.push(
        makeChange({
          table,
          area: 'index',
          action: 'added',
          subject,
          after: describeIndex(index),
          verdict: index.kind === 'GSI' ? 'inPlace' : 'newTableAndMigration',
          how: index.kind === 'GSI' ? HOW.gsiAdded : HOW.lsi,
        }),
      );
      continue;
    }
    if (old.kind !== index.kind) {
      changes.push(
        makeChange({
          table,
          area: 'index',
          action: 'changed',
          subject,
          before: describeIndex(old),
          after: describeIndex(index),
          verdict: 'newTableAndMigration',
          how: HOW.kindChanged,
        }),
      );
      continue;
    }
    const lsi = index.kind === 'LSI';
    if (!sameJson(old.partitionKey, index.partitionKey) || !sameJson(old.sortKey, index.sortKey)) {
      changes.push(
        makeChange({
          table,
          area: 'index',
          action: 'changed',
          subject: `${subject} keys`,
          before: describeIndexKey(old),
          after: describeIndexKey(index),
          verdict: lsi ? 'newTableAndMigration' : 'newIndexAndBackfill',
          how: lsi ? HOW.lsi : HOW.gsiChanged,
        }),
      );
    }
    if (old.projection.type !== index.projection.type || !sameJson([...old.projection.attributes].sort(), [...index.projection.attributes].sort())) {
      changes.push(
        makeChange({
          table,
          area: 'index',
          action: 'changed',
          subject: `${subject} projection`,
          before: describeProjection(old),
          after: describeProjection(index),
          verdict: lsi ? 'newTableAndMigration' : 'newIndexAndBackfill',
          how: lsi ? HOW.lsi : HOW.gsiChanged,
        }),
      );
    }
  }
  for (const old of before) {
    if (after.some((candidate) => candidate.name === old.name)) continue;
    const gsi = old.kind === 'GSI';
    changes.push(
      makeChange({
        table,
        area: 'index',
        action: 'removed',
        subject: `index ${old.name}`,
        before: describeIndex(old),
        verdict: gsi ? 'inPlace' : 'newTableAndMigration',
        how: gsi ? HOW.gsiRemoved : HOW.lsi,
      }),
    );
  }
  return changes;
}
