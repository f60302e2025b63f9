import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { jsonToAttributeValue, typedKeyValue } from '../design';
import { attributeValueSize, attributeValuesEqual, getOwnAttribute, itemSize, type Item } from '../expressions';
import { encodeBase64 } from '../dynamo';
import { utf8ByteLength, type CompiledKeyTemplate, type FieldValues } from '../keys';
import type {
  Collision,
  CompiledKeyAttribute,
  CompiledMigration,
  CopiedStatus,
  CopyEntry,
  KeyProblem,
  MigrationPlan,
  PlanCounts,
  PlanEntry,
  RewriteEntry,
  WriteEntry,
} from './migration.types';
import { TableKeyMap } from './tableKeyMap';

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
 *
 * Copy into a new table: every source item is also a write (a CopyEntry for
 * all but the rewrites), so the new table is whole; collisions are two writes
 * on one new key, or a new key the target already holds with another item.
 *
 * Speed (a million items in a few seconds): per item, only the sort key's
 * codecs run (partition keys, shared by many items, are memoised both ways),
 * the new size is the old one plus the changed attributes' difference, and
 * the collision maps are keyed by the stored strings themselves.
 */
export interface MigrationPlanner {
  /** Plans one page of stored items (in the order read). */
  addPage(items: readonly Item[]): readonly PlanEntry[];
  /**
   * Copy mode: one page of the items already in the target table (none when
   * it is missing or empty). finish checks each against the writes' new keys:
   * the same item there is a copy done before; a different one a collision.
   */
  addTargetPage(items: readonly Item[]): void;
  /** The counts so far (collisions: only those found so far: two items on one new key). */
  counts(): PlanCounts;
  /** Every entry, with collisions against all stored keys (in place) or the target's items (copying). */
  finish(): MigrationPlan;
}

/** Which copy count an item copied as it is adds to. */
const COPY_COUNT = {
  unchanged: 'copyUnchanged',
  alreadyMigrated: 'copyUnchanged',
  otherEntity: 'copyOtherEntity',
  cannotEncode: 'copyCannotEncode',
} as const satisfies Record<CopiedStatus, keyof PlanCounts>;

const equalItems = (a: Item, b: Item) => attributeValuesEqual({ M: a as Record<string, AttributeValue> }, { M: b as Record<string, AttributeValue> });

/** One stored item's fate under a migration (the planner's per-item rule, also Verify's rescan). */
export interface ItemClassifier {
  /** The item's table key. */
  keyOf(item: Item): Item;
  /** What the plan does with the item stored under `key` (see MigrationPlanner for the rule). */
  planItem(item: Item, key: Item): PlanEntry;
  /** Every target attribute decodes with its target template and re-encodes to the stored value (or is absent from a sparse index). */
  isInTargetShape(item: Item): boolean;
}

export function createItemClassifier(migration: CompiledMigration): ItemClassifier {
  const { partitionKey, sortKey } = migration.spec;
  const partition = migration.attributes.find((attribute) => attribute.name === partitionKey);
  const tableKeys = new Set([partitionKey, ...(sortKey === undefined ? [] : [sortKey])]);
  const readers = currentReaders(migration.attributes, tableKeys);
  const writers = targetWriters(migration.attributes, tableKeys);

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
  const partitionTextOf = (key: Item) => valueText(getOwnAttribute(key, partitionKey));
  const sortTextOf = (key: Item) => (sortKey === undefined ? '' : valueText(getOwnAttribute(key, sortKey)));
  const fitsPartition = (template: CompiledKeyTemplate | undefined, text: string) => template !== undefined && template.decode(text).ok;

  function planItem(item: Item, key: Item): PlanEntry {
    const current = decodeCurrent(readers, item, migration.fallbackFields);
    if (current.ok) {
      const built = buildTarget(writers, item, current.values);
      if (!built.ok) return { status: 'cannotEncode', key, item, problems: built.problems };
      if (built.item === item) return { status: 'unchanged', key, item };
      const newItem = built.item;
      const newKey = keyOf(newItem);
      const sameKey = partitionTextOf(newKey) === partitionTextOf(key) && sortTextOf(newKey) === sortTextOf(key);
      const sizeBefore = itemSize(item);
      return { status: 'rewrite', key, item, newKey, newItem, sizeBefore, sizeAfter: sizeBefore + built.sizeChange, sameKey };
    }
    if (isInTargetShape(migration.attributes, tableKeys, item)) return { status: 'alreadyMigrated', key, item };
    const partitionText = valueText(getOwnAttribute(item, partitionKey));
    if (partition && !fitsPartition(partition.currentTemplate, partitionText) && !fitsPartition(partition.targetTemplate, partitionText))
      return { status: 'otherEntity', key, item };
    return { status: 'cannotEncode', key, item, problems: current.problems };
  }
  return { keyOf, planItem, isInTargetShape: (item) => isInTargetShape(migration.attributes, tableKeys, item) };
}

export function createMigrationPlanner(migration: CompiledMigration): MigrationPlanner {
  const { spec } = migration;
  /** Copy into a new table: every source item is written there, rewritten or as it is, so the new table is whole. */
  const copying = spec.targetTableName !== undefined;
  const entries: PlanEntry[] = [];
  const rewrites: WriteEntry[] = [];
  /** Every write's new table key → the index (in `rewrites`) of the first write there. */
  const newKeys = new TableKeyMap<number>();
  /** The later writes on a new key already taken by another write (twoItems collisions: rare, so kept apart). */
  const laterOnNewKey = new Map<number, number[]>();
  /** Copying: the target table's items, checked against the new keys by finish. */
  const targetItems: Item[] = [];
  const collisions: Collision[] = [];
  const counts = {
    rewrite: 0,
    unchanged: 0,
    alreadyMigrated: 0,
    cannotEncode: 0,
    collisions: 0,
    otherEntity: 0,
    bytesBefore: 0,
    bytesAfter: 0,
    copying,
    copyUnchanged: 0,
    copyOtherEntity: 0,
    copyCannotEncode: 0,
    alreadyInTarget: 0,
  };
  const { partitionKey, sortKey } = spec;
  const { keyOf, planItem } = createItemClassifier(migration);
  /** A key's two texts for the maps ('' for a table without a sort key). */
  const partitionTextOf = (key: Item) => valueText(getOwnAttribute(key, partitionKey));
  const sortTextOf = (key: Item) => (sortKey === undefined ? '' : valueText(getOwnAttribute(key, sortKey)));

  const copyOf = (entry: Exclude<PlanEntry, RewriteEntry>): CopyEntry => {
    const size = itemSize(entry.item);
    return {
      status: 'copy',
      copied: entry.status,
      key: entry.key,
      item: entry.item,
      newKey: entry.key,
      newItem: entry.item,
      sizeBefore: size,
      sizeAfter: size,
      sameKey: true,
    };
  };

  const twoItems = (first: WriteEntry, entry: WriteEntry): Collision => ({
    kind: 'twoItems',
    newKey: entry.newKey,
    keys: [first.key, entry.key],
    message: copying
      ? `${describeKey(first.key)} and ${describeKey(entry.key)} would both be written to ${describeKey(entry.newKey)} in table ${spec.targetTableName ?? ''}: the second would be refused (nothing is overwritten), so the new table would miss it. Add a tiebreaker field to the target key, or widen the field that lost digits.`
      : `${describeKey(first.key)} and ${describeKey(entry.key)} both map to ${describeKey(entry.newKey)}: the second would overwrite the first. Add a tiebreaker field to the target key, or widen the field that lost digits.`,
  });
  const existingKey = (entry: WriteEntry, there: PlanEntry): Collision => ({
    kind: 'existingKey',
    newKey: entry.newKey,
    keys: [entry.key, there.key],
    message: `${describeKey(entry.key)} maps to ${describeKey(entry.newKey)}, which another stored item already has: writing it would need that item moved first (or overwritten). Change the target template so old and new keys can't meet.`,
  });
  const inTarget = (entry: WriteEntry, there: Item): Collision => ({
    kind: 'inTarget',
    newKey: entry.newKey,
    keys: [entry.key, keyOf(there)],
    message: `${describeKey(entry.key)} would be written to ${describeKey(entry.newKey)} in table ${spec.targetTableName ?? ''}, which already holds a different item there: it would be refused (nothing is overwritten). Copy into an empty or new table, or delete that item from ${spec.targetTableName ?? ''} first.`,
  });

  /** Registers a write's new key; a key another write already has is a twoItems collision. */
  const addWrite = (entry: WriteEntry) => {
    const index = rewrites.push(entry) - 1;
    const newPartition = partitionTextOf(entry.newKey);
    const newSort = sortTextOf(entry.newKey);
    const first = newKeys.get(newPartition, newSort);
    if (first === undefined) newKeys.set(newPartition, newSort, index);
    else {
      collisions.push(twoItems(rewrites[first] as WriteEntry, entry));
      const later = laterOnNewKey.get(first);
      if (later) later.push(index);
      else laterOnNewKey.set(first, [index]);
    }
  };
  /** The writes on one new key (the first, then any later ones: collisions). */
  const writesAt = (first: number): readonly number[] => {
    const later = laterOnNewKey.get(first);
    return later === undefined ? [first] : [first, ...later];
  };

  return {
    addPage(items) {
      const page: PlanEntry[] = new Array(items.length);
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as Item;
        const entry = planItem(item, keyOf(item));
        page[i] = entry;
        entries.push(entry);
        counts[entry.status]++;
        if (entry.status === 'rewrite') {
          counts.bytesBefore += entry.sizeBefore;
          counts.bytesAfter += entry.sizeAfter;
          addWrite(entry);
        } else if (copying) {
          counts[COPY_COUNT[entry.status]]++;
          addWrite(copyOf(entry));
        }
      }
      counts.collisions = collisions.length;
      return page;
    },
    addTargetPage(items) {
      for (const item of items) targetItems.push(item);
    },
    counts: () => ({ ...counts }),
    finish() {
      const found: { readonly index: number; readonly collision: Collision }[] = [];
      if (copying) {
        // Only the target's items can meet a write there (the source's old keys are not in the new table).
        for (const there of targetItems) {
          const first = newKeys.get(partitionTextOf(there), sortTextOf(there));
          if (first === undefined) continue;
          for (const index of writesAt(first)) {
            const entry = rewrites[index] as WriteEntry;
            if (equalItems(entry.newItem, there)) counts.alreadyInTarget++;
            else found.push({ index, collision: inTarget(entry, there) });
          }
        }
      } else {
        // Each stored key looked up among the new keys (one map of the new keys, not a second one of every stored key).
        // The same key read twice (a scan over a changing table): the last read counts.
        const storedOnNewKey = new Map<number, number>();
        for (let i = 0; i < entries.length; i++) {
          const { key } = entries[i] as PlanEntry;
          const first = newKeys.get(partitionTextOf(key), sortTextOf(key));
          if (first !== undefined) storedOnNewKey.set(first, i);
        }
        for (const [first, storedAt] of storedOnNewKey) {
          const there = entries[storedAt] as PlanEntry;
          for (const index of writesAt(first)) {
            const entry = rewrites[index] as WriteEntry;
            if (!entry.sameKey && entry !== there) found.push({ index, collision: existingKey(entry, there) });
          }
        }
      }
      // In write order, as the writes are applied.
      found.sort((a, b) => a.index - b.index);
      for (const { collision } of found) collisions.push(collision);
      counts.collisions = collisions.length;
      return { spec, entries, rewrites, collisions, counts: { ...counts } };
    },
  };
}

/**
 * Plans every page of an async stream of stored items (a Scan's pages),
 * reporting each page as it is planned. Copying, `targetPages` are the
 * target table's items (omit them when it is missing: it has none).
 */
export async function planMigration(
  migration: CompiledMigration,
  pages: AsyncIterable<readonly Item[]>,
  onPage?: (entries: readonly PlanEntry[], counts: PlanCounts) => void,
  targetPages?: AsyncIterable<readonly Item[]>,
): Promise<MigrationPlan> {
  const planner = createMigrationPlanner(migration);
  for await (const page of pages) {
    const entries = planner.addPage(page);
    onPage?.(entries, planner.counts());
  }
  if (targetPages) for await (const page of targetPages) planner.addTargetPage(page);
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

/**
 * Sparse indexes: an item without an index key attribute (one that is not
 * a table key and that the current version reads) is simply not in that index.
 * It is no problem for the item, and the attribute stays absent in the
 * target, so the item stays out of the index while its other keys migrate.
 */
const notInIndex = (attribute: CompiledKeyAttribute, tableKeys: ReadonlySet<string>, stored: AttributeValue | undefined): boolean =>
  stored === undefined && attribute.current !== undefined && !tableKeys.has(attribute.name);

/** A key attribute read with its current template; `decode` memoised for partition keys (a partition's many items share one value). */
interface CurrentReader {
  readonly attribute: CompiledKeyAttribute;
  readonly decode: CompiledKeyTemplate['decode'];
  /** Keys the table (never absent on an item), not only an index. */
  readonly tableKey: boolean;
}

/** A key attribute written with its target template (none: the attribute is dropped); `encode` memoised for partition keys, as `decode` is. */
interface TargetWriter {
  readonly attribute: CompiledKeyAttribute;
  readonly encode?: CompiledKeyTemplate['encode'];
  /** The attribute name's UTF-8 bytes (its part of an item's size). */
  readonly nameBytes: number;
  /** An index key the current version reads: absent on an item, it stays absent (see notInIndex). */
  readonly sparse: boolean;
}

/** Partition key values seen at once, at most (the memo starts over beyond: memory stays bounded on a table of many partitions). */
const PARTITION_MEMO_SIZE = 4096;

/** `run` memoised by the text `keyOf` gives for its argument (bounded, see PARTITION_MEMO_SIZE). */
function boundedMemo<A, T>(keyOf: (argument: A) => string, run: (argument: A) => T): (argument: A) => T {
  const memo = new Map<string, T>();
  return (argument) => {
    const key = keyOf(argument);
    let result = memo.get(key);
    if (result === undefined) {
      if (memo.size >= PARTITION_MEMO_SIZE) memo.clear();
      result = run(argument);
      memo.set(key, result);
    }
    return result;
  };
}

function currentReaders(attributes: readonly CompiledKeyAttribute[], tableKeys: ReadonlySet<string>): readonly CurrentReader[] {
  const readers: CurrentReader[] = [];
  for (const attribute of attributes) {
    const template = attribute.currentTemplate;
    if (!template) continue;
    const decode = (text: string) => template.decode(text);
    readers.push({
      attribute,
      tableKey: tableKeys.has(attribute.name),
      decode: attribute.role === 'partition' ? boundedMemo((text: string) => text, decode) : decode,
    });
  }
  return readers;
}

function targetWriters(attributes: readonly CompiledKeyAttribute[], tableKeys: ReadonlySet<string>): readonly TargetWriter[] {
  return attributes.map((attribute): TargetWriter => {
    const template = attribute.targetTemplate;
    const nameBytes = utf8ByteLength(attribute.name);
    const sparse = attribute.current !== undefined && !tableKeys.has(attribute.name);
    if (!template) return { attribute, nameBytes, sparse };
    const encode = (values: FieldValues) => template.encode(values);
    if (attribute.role !== 'partition') return { attribute, encode, nameBytes, sparse };
    // A key depends only on its own fields' values ('' and absent alike: both are "no value"); those, length-prefixed, key the memo.
    const names = template.fields.map((field) => field.name);
    const fieldsText = (values: FieldValues): string => {
      if (names.length === 1) return values[names[0] as string] ?? '';
      let text = '';
      for (const name of names) {
        const value = values[name] ?? '';
        text += `${value.length}:${value}`;
      }
      return text;
    };
    return { attribute, encode: boundedMemo(fieldsText, encode), nameBytes, sparse };
  });
}

function decodeCurrent(readers: readonly CurrentReader[], item: Item, fallbackFields: readonly string[]): Decoded {
  const values: Record<string, string> = {};
  for (const field of fallbackFields) {
    const own = getOwnAttribute(item, field);
    if (own?.S !== undefined) values[field] = own.S;
    else if (own?.N !== undefined) values[field] = own.N;
  }
  let problems: KeyProblem[] | undefined;
  for (const { attribute, decode, tableKey } of readers) {
    const stored = getOwnAttribute(item, attribute.name);
    // Not in this index (sparse): nothing to read, and nothing wrong.
    if (stored === undefined && !tableKey) continue;
    const text = readKeyText(attribute, stored, (problems ??= []));
    if (text === undefined) continue;
    const decoded = decode(text);
    if (!decoded.ok) {
      for (const finding of decoded.findings) problems.push(problemOf(attribute, finding));
      continue;
    }
    Object.assign(values, decoded.value);
  }
  return problems !== undefined && problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}

const problemOf = (
  attribute: CompiledKeyAttribute,
  finding: { readonly code: KeyProblem['code']; readonly message: string; readonly field?: string },
): KeyProblem => ({
  attribute: attribute.name,
  code: finding.code,
  message: `${attribute.name}: ${finding.message}`,
  ...(finding.field ? { field: finding.field } : {}),
});

function readKeyText(attribute: CompiledKeyAttribute, stored: AttributeValue | undefined, problems: KeyProblem[]): string | undefined {
  const text =
    stored === undefined ? undefined : attribute.type === 'S' ? stored.S : attribute.type === 'N' ? stored.N : stored.B ? encodeBase64(stored.B) : undefined;
  if (text === undefined) {
    problems.push({
      attribute: attribute.name,
      code: stored === undefined ? 'keys.missingValue' : 'migrate.notAKeyValue',
      message:
        stored === undefined
          ? `${attribute.name} is missing on the item, but the current template "${attribute.current ?? ''}" reads it.`
          : `${attribute.name} is not a ${attribute.type} value on the item, but it is a ${attribute.type} key attribute.`,
    });
  }
  return text;
}

/** The target item (`item` itself when nothing changes) and its size minus the stored one's, in bytes. */
type Built = { readonly ok: true; readonly item: Item; readonly sizeChange: number } | { readonly ok: false; readonly problems: readonly KeyProblem[] };

function buildTarget(writers: readonly TargetWriter[], item: Item, values: FieldValues): Built {
  /** A copy of the item, made at the first change (an unchanged item costs no copy). */
  let next: Record<string, AttributeValue> | undefined;
  let problems: KeyProblem[] | undefined;
  let sizeChange = 0;
  for (const { attribute, encode, nameBytes, sparse } of writers) {
    const stored = getOwnAttribute(item, attribute.name);
    // Not in this index: it stays out of it (an absent index key is never added).
    if (sparse && stored === undefined) continue;
    if (!encode) {
      if (stored !== undefined) {
        // Its value in the item built so far: its size is what the change takes away.
        const before = next === undefined ? stored : getOwnAttribute(next, attribute.name);
        next ??= { ...item };
        delete next[attribute.name];
        if (before !== undefined) sizeChange -= nameBytes + attributeValueSize(before);
      }
      continue;
    }
    const encoded = encode(values);
    if (!encoded.ok) {
      for (const finding of encoded.findings) (problems ??= []).push(problemOf(attribute, finding));
      continue;
    }
    let value: AttributeValue;
    if (attribute.type === 'S' && encoded.value.length > 0) {
      // A string key's value is its text (what typedKeyValue gives): compared before an object is built for it.
      if (stored?.S === encoded.value) continue;
      value = { S: encoded.value };
    } else {
      const typed = typedKeyValue(attribute, encoded.value);
      if (typeof typed === 'string') {
        (problems ??= []).push({ attribute: attribute.name, code: 'migrate.notAKeyValue', message: typed });
        continue;
      }
      value = jsonToAttributeValue(typed);
      if (stored && attributeValuesEqual(stored, value)) continue;
    }
    const before = next === undefined ? stored : getOwnAttribute(next, attribute.name);
    next ??= { ...item };
    next[attribute.name] = value;
    sizeChange += attributeValueSize(value) - (before === undefined ? -nameBytes : attributeValueSize(before));
  }
  return problems !== undefined ? { ok: false, problems } : { ok: true, item: next ?? item, sizeChange };
}

function isInTargetShape(attributes: readonly CompiledKeyAttribute[], tableKeys: ReadonlySet<string>, item: Item): boolean {
  for (const attribute of attributes) {
    const stored = getOwnAttribute(item, attribute.name);
    if (!attribute.targetTemplate) {
      if (stored !== undefined) return false;
      continue;
    }
    if (notInIndex(attribute, tableKeys, stored)) continue;
    const text = readKeyText(attribute, stored, []);
    if (text === undefined) return false;
    const decoded = attribute.targetTemplate.decode(text);
    if (!decoded.ok) return false;
    const again = attribute.targetTemplate.encode(decoded.value);
    // Byte-for-byte the same text: the comparison is equality, not order.
    if (!again.ok || again.value !== text) return false;
  }
  return true;
}
