import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { jsonToAttributeValue, typedKeyValue } from '../design';
import { attributeValuesEqual, getOwnAttribute, itemSize, type Item } from '../expressions';
import { encodeBase64, type FieldValues } from '../keys';
import type { Collision, CompiledKeyAttribute, CompiledMigration, KeyProblem, MigrationPlan, PlanCounts, PlanEntry, RewriteEntry } from './migration.types';

/**
 * The migration plan, page by page: each stored item's old key → new key
 * (for the table and every index key the entity has), or why it stays:
 * unchanged, already in the target shape (a migration half done), can't be
 * encoded (the step-1 finding), of another entity. Collisions need every page
 * (a new key may equal a key stored on a later page), so they come with
 * {@link MigrationPlanner.finish}.
 *
 * How an item is classified:
 * 1. its key attributes decode with the current templates → encode the target
 *    templates from those field values (a field no current template has is
 *    read from the item's own S or N attribute of that name) → `unchanged`
 *    when every target value equals the stored one, else `rewrite`;
 * 2. else every target attribute decodes with its target template and
 *    re-encodes to the stored value → `alreadyMigrated`;
 * 3. else the table's partition key fits neither version → `otherEntity`
 *    (another entity sharing the table: left alone, counted);
 * 4. else `cannotEncode`, with the findings.
 */
export interface MigrationPlanner {
  /** Plans one page of stored items (in the order read). */
  addPage(items: readonly Item[]): readonly PlanEntry[];
  /** The counts so far (collisions: only those found so far: two items on one new key). */
  counts(): PlanCounts;
  /** Every entry, with collisions against all stored keys. */
  finish(): MigrationPlan;
}

export function createMigrationPlanner(migration: CompiledMigration): MigrationPlanner {
  const { spec } = migration;
  const entries: PlanEntry[] = [];
  const rewrites: RewriteEntry[] = [];
  /** Every stored item's table key → its entry. */
  const storedKeys = new Map<string, PlanEntry>();
  /** Every rewrite's new table key → the first rewrite there. */
  const newKeys = new Map<string, RewriteEntry>();
  const collisions: Collision[] = [];
  const counts = { rewrite: 0, unchanged: 0, alreadyMigrated: 0, cannotEncode: 0, collisions: 0, otherEntity: 0, bytesBefore: 0, bytesAfter: 0 };
  const tableKeyNames = [spec.partitionKey, ...(spec.sortKey ? [spec.sortKey] : [])];

  const keyOf = (item: Item): Item => {
    const key: Record<string, AttributeValue> = {};
    for (const name of tableKeyNames) {
      const value = getOwnAttribute(item, name);
      if (value) key[name] = value;
    }
    return key;
  };
  const keyString = (key: Item): string => tableKeyNames.map((name) => valueText(getOwnAttribute(key, name))).map((text) => `${text.length}:${text}`).join('');

  function planItem(item: Item): PlanEntry {
    const key = keyOf(item);
    const current = decodeCurrent(migration.attributes, item, migration.fallbackFields);
    if (current.ok) {
      const built = buildTarget(migration.attributes, item, current.values);
      if (!built.ok) return { status: 'cannotEncode', key, item, problems: built.problems };
      if (!built.changed) return { status: 'unchanged', key, item };
      const newItem = built.item;
      const newKey = keyOf(newItem);
      const sameKey = tableKeyNames.every((name) => attributeValuesEqual(getOwnAttribute(key, name) as AttributeValue, getOwnAttribute(newKey, name) as AttributeValue));
      return { status: 'rewrite', key, item, newKey, newItem, sizeBefore: itemSize(item), sizeAfter: itemSize(newItem), sameKey };
    }
    if (isInTargetShape(migration.attributes, item)) return { status: 'alreadyMigrated', key, item };
    const partition = migration.attributes.find((attribute) => attribute.name === spec.partitionKey);
    const partitionText = valueText(getOwnAttribute(item, spec.partitionKey));
    const fitsPartition = (template: CompiledKeyAttribute['currentTemplate']) => template !== undefined && template.decode(partitionText).ok;
    if (partition && !fitsPartition(partition.currentTemplate) && !fitsPartition(partition.targetTemplate)) return { status: 'otherEntity', key, item };
    return { status: 'cannotEncode', key, item, problems: current.problems };
  }

  return {
    addPage(items) {
      const page: PlanEntry[] = [];
      for (const item of items) {
        const entry = planItem(item);
        page.push(entry);
        entries.push(entry);
        storedKeys.set(keyString(entry.key), entry);
        counts[entry.status]++;
        if (entry.status === 'rewrite') {
          rewrites.push(entry);
          counts.bytesBefore += entry.sizeBefore;
          counts.bytesAfter += entry.sizeAfter;
          const newKeyText = keyString(entry.newKey);
          const first = newKeys.get(newKeyText);
          if (first) {
            collisions.push({
              kind: 'twoItems',
              newKey: entry.newKey,
              keys: [first.key, entry.key],
              message: `${describeKey(first.key)} and ${describeKey(entry.key)} both map to ${describeKey(entry.newKey)}: the second would overwrite the first. Add a tiebreaker field to the target key, or widen the field that lost digits.`,
            });
          } else newKeys.set(newKeyText, entry);
        }
      }
      counts.collisions = collisions.length;
      return page;
    },
    counts: () => ({ ...counts }),
    finish() {
      for (const entry of rewrites) {
        if (entry.sameKey) continue;
        const there = storedKeys.get(keyString(entry.newKey));
        if (there && there !== entry) {
          collisions.push({
            kind: 'existingKey',
            newKey: entry.newKey,
            keys: [entry.key, there.key],
            message: `${describeKey(entry.key)} maps to ${describeKey(entry.newKey)}, which another stored item already has: writing it would need that item moved first (or overwritten). Change the target template so old and new keys can't meet.`,
          });
        }
      }
      counts.collisions = collisions.length;
      return { spec, entries, rewrites, collisions, counts: { ...counts } };
    },
  };
}

/** Plans every page of an async stream of stored items (a Scan's pages), reporting each page as it is planned. */
export async function planMigration(
  migration: CompiledMigration,
  pages: AsyncIterable<readonly Item[]>,
  onPage?: (entries: readonly PlanEntry[], counts: PlanCounts) => void,
): Promise<MigrationPlan> {
  const planner = createMigrationPlanner(migration);
  for await (const page of pages) {
    const entries = planner.addPage(page);
    onPage?.(entries, planner.counts());
  }
  return planner.finish();
}

/** A key attribute value as template text: S as is, N as its digits, B as base64 ('' when absent or not a key type). */
export function valueText(value: AttributeValue | undefined): string {
  if (!value) return '';
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return value.N;
  if (value.B !== undefined) return encodeBase64(value.B);
  return '';
}

/** `leaderboardId = "SEASON#1", rankKey = "00000042#p1"`: a key in messages (values quoted as text). */
export function describeKey(key: Item): string {
  return Object.keys(key)
    .map((name) => `${name} = ${JSON.stringify(valueText(getOwnAttribute(key, name)))}`)
    .join(', ');
}

type Decoded = { readonly ok: true; readonly values: FieldValues } | { readonly ok: false; readonly problems: readonly KeyProblem[] };

function decodeCurrent(attributes: readonly CompiledKeyAttribute[], item: Item, fallbackFields: readonly string[]): Decoded {
  const values: Record<string, string> = {};
  for (const field of fallbackFields) {
    const own = getOwnAttribute(item, field);
    if (own?.S !== undefined) values[field] = own.S;
    else if (own?.N !== undefined) values[field] = own.N;
  }
  const problems: KeyProblem[] = [];
  for (const attribute of attributes) {
    if (!attribute.currentTemplate) continue;
    const stored = getOwnAttribute(item, attribute.name);
    const text = readKeyText(attribute, stored, problems);
    if (text === undefined) continue;
    const decoded = attribute.currentTemplate.decode(text);
    if (!decoded.ok) {
      for (const finding of decoded.findings) problems.push({ attribute: attribute.name, code: finding.code, message: `${attribute.name}: ${finding.message}`, ...(finding.field ? { field: finding.field } : {}) });
      continue;
    }
    Object.assign(values, decoded.value);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}

function readKeyText(attribute: CompiledKeyAttribute, stored: AttributeValue | undefined, problems: KeyProblem[]): string | undefined {
  const text = stored === undefined ? undefined : attribute.type === 'S' ? stored.S : attribute.type === 'N' ? stored.N : stored.B ? encodeBase64(stored.B) : undefined;
  if (text === undefined) {
    problems.push({
      attribute: attribute.name,
      code: stored === undefined ? 'keys.missingValue' : 'migrate.notAKeyValue',
      message: stored === undefined ? `${attribute.name} is missing on the item, but the current template "${attribute.current ?? ''}" reads it.` : `${attribute.name} is not a ${attribute.type} value on the item, but it is a ${attribute.type} key attribute.`,
    });
  }
  return text;
}

type Built = { readonly ok: true; readonly item: Item; readonly changed: boolean } | { readonly ok: false; readonly problems: readonly KeyProblem[] };

function buildTarget(attributes: readonly CompiledKeyAttribute[], item: Item, values: FieldValues): Built {
  const next: Record<string, AttributeValue> = { ...item };
  const problems: KeyProblem[] = [];
  let changed = false;
  for (const attribute of attributes) {
    if (!attribute.targetTemplate) {
      if (getOwnAttribute(item, attribute.name) !== undefined) {
        delete next[attribute.name];
        changed = true;
      }
      continue;
    }
    const encoded = attribute.targetTemplate.encode(values);
    if (!encoded.ok) {
      for (const finding of encoded.findings) problems.push({ attribute: attribute.name, code: finding.code, message: `${attribute.name}: ${finding.message}`, ...(finding.field ? { field: finding.field } : {}) });
      continue;
    }
    const typed = typedKeyValue(attribute, encoded.value);
    if (typeof typed === 'string') {
      problems.push({ attribute: attribute.name, code: 'migrate.notAKeyValue', message: typed });
      continue;
    }
    const value = jsonToAttributeValue(typed);
    const stored = getOwnAttribute(item, attribute.name);
    if (!stored || !attributeValuesEqual(stored, value)) {
      next[attribute.name] = value;
      changed = true;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, item: next, changed };
}

function isInTargetShape(attributes: readonly CompiledKeyAttribute[], item: Item): boolean {
  for (const attribute of attributes) {
    if (!attribute.targetTemplate) {
      if (getOwnAttribute(item, attribute.name) !== undefined) return false;
      continue;
    }
    const text = readKeyText(attribute, getOwnAttribute(item, attribute.name), []);
    if (text === undefined) return false;
    const decoded = attribute.targetTemplate.decode(text);
    if (!decoded.ok) return false;
    const again = attribute.targetTemplate.encode(decoded.value);
    // Byte-for-byte the same text: the comparison is equality, not order.
    if (!again.ok || again.value !== text) return false;
  }
  return true;
}
