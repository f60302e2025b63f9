import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDataSource } from '../engine';
import { attributeValuesEqual, getOwnAttribute, type Item } from '../expressions';
import type { MigrationCheckpoint } from './checkpoint';
import type { MigrationPlan } from './migration.types';
import { compileMigration } from './migrationSpec';
import { createItemClassifier, describeKey, valueText } from './planMigration';
import { formatCount } from './planReport';

export interface VerifyReport {
  readonly ok: boolean;
  /** Rewrites expected done (all of them without a checkpoint; the checkpoint's skipped and failed are not). */
  readonly expected: number;
  readonly presentUnderNewKey: number;
  /** Expected rewrites whose new key holds nothing (or, same key, not the target values). */
  readonly missing: readonly string[];
  /** Expected rewrites whose old key still holds an item (in place): the item would be there twice. */
  readonly leftUnderOldKey: readonly string[];
  /**
   * Stored items whose keys are still in the old format and that the plan
   * does not account for (written under an old-format key after the preview,
   * say): found by classifying every scanned item as the preview did.
   */
  readonly oldFormat: readonly string[];
  /** Rewrites the checkpoint skipped or failed: left as they were, listed for a rerun. */
  readonly notMigrated: number;
  readonly text: string;
}

/**
 * Verify: reads the result table (a Scan's pages) and checks that every
 * expected rewrite is present exactly once, under its new key, that nothing
 * is left under its old key, and that no stored item's key is still in the
 * old format: every scanned item is classified as the preview classifies it,
 * and one it would rewrite, whose key no rewrite of the plan accounts for
 * (skipped, failed, not yet run, or already reported above), is named.
 */
export async function verifyMigration(
  plan: Pick<MigrationPlan, 'spec' | 'rewrites'>,
  pages: AsyncIterable<readonly Item[]>,
  checkpoint?: MigrationCheckpoint,
): Promise<VerifyReport> {
  const { spec } = plan;
  const names = [spec.partitionKey, ...(spec.sortKey ? [spec.sortKey] : [])];
  const keyString = (item: Item) =>
    names
      .map((name) => valueText(getOwnAttribute(item, name)))
      .map((text) => `${text.length}:${text}`)
      .join('');
  const compiled = compileMigration(spec);
  const classifier = compiled.ok ? createItemClassifier(compiled.value) : undefined;
  const stored = new Map<string, Item>();
  /** Scanned items the preview's rule would rewrite (their keys are in the old format), by key. */
  const raw = new Map<string, Item>();
  for await (const page of pages) {
    for (const item of page) {
      const key = keyString(item);
      stored.set(key, item);
      // A key both templates read (desc → ascending: "0000000000") is taken as migrated when the target reads it as written.
      if (classifier?.planItem(item, classifier.keyOf(item)).status === 'rewrite' && !classifier.isInTargetShape(item)) raw.set(key, item);
      else raw.delete(key);
    }
  }
  const excluded = new Set([...(checkpoint?.skipped ?? []).map((entry) => entry.index), ...(checkpoint?.failed ?? []).map((entry) => entry.index)]);
  const expectedDone = checkpoint ? new Set(checkpoint.done) : undefined;
  const missing: string[] = [];
  const leftUnderOldKey: string[] = [];
  let expected = 0;
  let present = 0;
  plan.rewrites.forEach((entry, index) => {
    // Accounted for: left as it was on purpose (skipped, failed, not run yet), or reported below.
    raw.delete(keyString(entry.key));
    raw.delete(keyString(entry.newKey));
    if (excluded.has(index) || (expectedDone && !expectedDone.has(index))) return;
    expected++;
    const there = stored.get(keyString(entry.newKey));
    const carriesTarget =
      there !== undefined &&
      spec.attributes.every((attribute) => {
        const want = getOwnAttribute(entry.newItem, attribute.name);
        const got = getOwnAttribute(there, attribute.name);
        return want === undefined ? got === undefined : got !== undefined && attributeValuesEqual(got as AttributeValue, want as AttributeValue);
      });
    if (carriesTarget) present++;
    else missing.push(`${describeKey(entry.newKey)} (from ${describeKey(entry.key)})`);
    if (!entry.sameKey && spec.targetTableName === undefined && stored.has(keyString(entry.key))) leftUnderOldKey.push(describeKey(entry.key));
  });
  const oldFormat = [...raw.values()].map(
    (item) =>
      `${describeKey(classifier?.keyOf(item) ?? item)}: its key is still in the old format and the plan does not have it (written after the preview?); Preview and Apply again to migrate it.`,
  );
  const notMigrated = excluded.size + (expectedDone ? plan.rewrites.length - expectedDone.size - excluded.size : 0);
  const ok = missing.length === 0 && leftUnderOldKey.length === 0 && oldFormat.length === 0;
  const text = ok
    ? `Verified: all ${formatCount(present)} migrated items are present once under their new keys; nothing is left under old keys${notMigrated > 0 ? `; ${formatCount(notMigrated)} not migrated (skipped or failed)` : ''}.`
    : `Verify found problems: ${formatCount(missing.length)} missing under their new keys, ${formatCount(leftUnderOldKey.length)} still under their old keys (of ${formatCount(expected)} expected), ${formatCount(oldFormat.length)} ${oldFormat.length === 1 ? 'item' : 'items'} the plan does not have still in the old key format.`;
  return { ok, expected, presentUnderNewKey: present, missing, leftUnderOldKey, oldFormat, notMigrated, text };
}

/** A table's items, page by page (a Scan, strongly consistent: a verify must see the last writes). */
export async function* scanPages(source: Pick<DynamoDBDataSource, 'scan'>, tableName: string, pageSize?: number): AsyncGenerator<readonly Item[]> {
  let start: Record<string, AttributeValue> | undefined;
  do {
    const output = await source.scan({
      TableName: tableName,
      ConsistentRead: true,
      ...(pageSize ? { Limit: pageSize } : {}),
      ...(start ? { ExclusiveStartKey: start } : {}),
    });
    yield output.Items ?? [];
    start = output.LastEvaluatedKey;
  } while (start);
}

/**
 * A table's items page by page, or no pages when the table doesn't exist
 * (a copy's target before Apply creates it holds nothing).
 */
export async function* existingTablePages(source: Pick<DynamoDBDataSource, 'scan'>, tableName: string, pageSize?: number): AsyncGenerator<readonly Item[]> {
  const pages = scanPages(source, tableName, pageSize);
  let first: IteratorResult<readonly Item[]>;
  try {
    first = await pages.next();
  } catch (error) {
    if (error instanceof Error && error.name === 'ResourceNotFoundException') return;
    throw error;
  }
  if (first.done) return;
  yield first.value;
  yield* pages;
}
