import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { jsonToAttributeValue, typedKeyValue } from '../design';
import { attributeValuesEqual, getOwnAttribute, itemSize, type Item } from '../expressions';
import { encodeBase64, type CompiledKeyTemplate, type FieldValues } from '../keys';
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
  /** entries[i]'s table key as text (keyText), kept for the existing-key check in finish. */
  const storedKeyTexts: string[] = [];
  const rewrites: RewriteEntry[] = [];
  /** Every rewrite's new table key → the index (in `rewrites`) of the first rewrite there. */
  const newKeys = new Map<string, number>();
  /** The later rewrites on a new key already taken by another rewrite (twoItems collisions: rare, so kept apart). */
  const laterOnNewKey = new Map<string, number[]>();
  const collisions: Collision[] = [];
  const counts = { rewrite: 0, unchanged: 0, alreadyMigrated: 0, cannotEncode: 0, collisions: 0, otherEntity: 0, bytesBefore: 0, bytesAfter: 0 };
  const { partitionKey, sortKey } = spec;
  const partition = migration.attributes.find((attribute) => attribute.name === partitionKey);
  const readers = currentReaders(migration.attributes);

  const keyOf = (item: Item): Item => {
    const key: Record<string, AttributeValue> = {};
    const partitionValue = getOwnAttribute(item, partitionKey);
    if (partitionValue) key[partitionKey] = partitionValue;
    if (sortKey !== undefined) {
      const sortValue = getOwnAttribute(item, sortKey);
      if (sortValue) key[sortKey] = sortValue;
    }
    return key;
  };
  /** A table key as one string, for the maps: the partition text length-prefixed, so no two keys share a text. */
  const keyText = (key: Item): string => {
    const partitionText = valueText(getOwnAttribute(key, partitionKey));
    return sortKey === undefined ? partitionText : `${partitionText.length}:${partitionText}${valueText(getOwnAttribute(key, sortKey))}`;
  };

  function planItem(item: Item, key: Item, storedKeyText: string): PlanEntry {
    const current = decodeCurrent(readers, item, migration.fallbackFields);
    if (current.ok) {
      const built = buildTarget(migration.attributes, item, current.values);
      if (!built.ok) return { status: 'cannotEncode', key, item, problems: built.problems };
      if (!built.changed) return { status: 'unchanged', key, item };
      const newItem = built.item;
      const newKey = keyOf(newItem);
      const sameKey = keyText(newKey) === storedKeyText;
      return { status: 'rewrite', key, item, newKey, newItem, sizeBefore: itemSize(item), sizeAfter: itemSize(newItem), sameKey };
    }
    if (isInTargetShape(migration.attributes, item)) return { status: 'alreadyMigrated', key, item };
    const partitionText = valueText(getOwnAttribute(item, partitionKey));
    const fitsPartition = (template: CompiledKeyAttribute['currentTemplate']) => template !== undefined && template.decode(partitionText).ok;
    if (partition && !fitsPartition(partition.currentTemplate) && !fitsPartition(partition.targetTemplate)) return { status: 'otherEntity', key, item };
    return { status: 'cannotEncode', key, item, problems: current.problems };
  }

  const twoItems = (first: RewriteEntry, entry: RewriteEntry): Collision => ({
    kind: 'twoItems',
    newKey: entry.newKey,
    keys: [first.key, entry.key],
    message: `${describeKey(first.key)} and ${describeKey(entry.key)} both map to ${describeKey(entry.newKey)}: the second would overwrite the first. Add a tiebreaker field to the target key, or widen the field that lost digits.`,
  });
  const existingKey = (entry: RewriteEntry, there: PlanEntry): Collision => ({
    kind: 'existingKey',
    newKey: entry.newKey,
    keys: [entry.key, there.key],
    message: `${describeKey(entry.key)} maps to ${describeKey(entry.newKey)}, which another stored item already has: writing it would need that item moved first (or overwritten). Change the target template so old and new keys can't meet.`,
  });

  return {
    addPage(items) {
      const page: PlanEntry[] = [];
      for (const item of items) {
        const key = keyOf(item);
        const storedKeyText = keyText(key);
        const entry = planItem(item, key, storedKeyText);
        page.push(entry);
        entries.push(entry);
        storedKeyTexts.push(storedKeyText);
        counts[entry.status]++;
        if (entry.status === 'rewrite') {
          const index = rewrites.push(entry) - 1;
          counts.bytesBefore += entry.sizeBefore;
          counts.bytesAfter += entry.sizeAfter;
          const newKeyText = entry.sameKey ? storedKeyText : keyText(entry.newKey);
          const first = newKeys.get(newKeyText);
          if (first === undefined) newKeys.set(newKeyText, index);
          else {
            collisions.push(twoItems(rewrites[first] as RewriteEntry, entry));
            const later = laterOnNewKey.get(newKeyText);
            if (later) later.push(index);
            else laterOnNewKey.set(newKeyText, [index]);
          }
        }
      }
      counts.collisions = collisions.length;
      return page;
    },
    counts: () => ({ ...counts }),
    finish() {
      // Each stored key looked up among the new keys (one map of the new keys, not a second one of every stored key).
      // The same key read twice (a scan over a changing table): the last read counts.
      const storedOnNewKey = new Map<string, number>();
      for (let i = 0; i < storedKeyTexts.length; i++) if (newKeys.has(storedKeyTexts[i] as string)) storedOnNewKey.set(storedKeyTexts[i] as string, i);
      const found: { readonly index: number; readonly collision: Collision }[] = [];
      for (const [text, storedAt] of storedOnNewKey) {
        const there = entries[storedAt] as PlanEntry;
        for (const index of [newKeys.get(text) as number, ...(laterOnNewKey.get(text) ?? [])]) {
          const entry = rewrites[index] as RewriteEntry;
          if (!entry.sameKey && entry !== there) found.push({ index, collision: existingKey(entry, there) });
        }
      }
      // In rewrite order, as the rewrites are applied.
      found.sort((a, b) => a.index - b.index);
      for (const { collision } of found) collisions.push(collision);
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

/** A key attribute read with its current template; `decode` memoised for partition keys (a partition's many items share one value). */
interface CurrentReader {
  readonly attribute: CompiledKeyAttribute;
  readonly decode: CompiledKeyTemplate['decode'];
}

/** Partition key values seen at once, at most (the memo starts over beyond: memory stays bounded on a table of many partitions). */
const PARTITION_MEMO_SIZE = 4096;

function currentReaders(attributes: readonly CompiledKeyAttribute[]): readonly CurrentReader[] {
  const readers: CurrentReader[] = [];
  for (const attribute of attributes) {
    const template = attribute.currentTemplate;
    if (!template) continue;
    if (attribute.role !== 'partition') {
      readers.push({ attribute, decode: (text) => template.decode(text) });
      continue;
    }
    const memo = new Map<string, ReturnType<CompiledKeyTemplate['decode']>>();
    readers.push({
      attribute,
      decode(text) {
        let decoded = memo.get(text);
        if (decoded === undefined) {
          if (memo.size >= PARTITION_MEMO_SIZE) memo.clear();
          decoded = template.decode(text);
          memo.set(text, decoded);
        }
        return decoded;
      },
    });
  }
  return readers;
}

function decodeCurrent(readers: readonly CurrentReader[], item: Item, fallbackFields: readonly string[]): Decoded {
  const values: Record<string, string> = {};
  for (const field of fallbackFields) {
    const own = getOwnAttribute(item, field);
    if (own?.S !== undefined) values[field] = own.S;
    else if (own?.N !== undefined) values[field] = own.N;
  }
  let problems: KeyProblem[] | undefined;
  for (const { attribute, decode } of readers) {
    const stored = getOwnAttribute(item, attribute.name);
    const text = readKeyText(attribute, stored, (problems ??= []));
    if (text === undefined) continue;
    const decoded = decode(text);
    if (!decoded.ok) {
      for (const finding of decoded.findings) problems.push({ attribute: attribute.name, code: finding.code, message: `${attribute.name}: ${finding.message}`, ...(finding.field ? { field: finding.field } : {}) });
      continue;
    }
    Object.assign(values, decoded.value);
  }
  return problems !== undefined && problems.length > 0 ? { ok: false, problems } : { ok: true, values };
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
  let problems: KeyProblem[] | undefined;
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
      for (const finding of encoded.findings) (problems ??= []).push({ attribute: attribute.name, code: finding.code, message: `${attribute.name}: ${finding.message}`, ...(finding.field ? { field: finding.field } : {}) });
      continue;
    }
    const typed = typedKeyValue(attribute, encoded.value);
    if (typeof typed === 'string') {
      (problems ??= []).push({ attribute: attribute.name, code: 'migrate.notAKeyValue', message: typed });
      continue;
    }
    const value = jsonToAttributeValue(typed);
    const stored = getOwnAttribute(item, attribute.name);
    if (!stored || !attributeValuesEqual(stored, value)) {
      next[attribute.name] = value;
      changed = true;
    }
  }
  return problems !== undefined ? { ok: false, problems } : { ok: true, item: next, changed };
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
