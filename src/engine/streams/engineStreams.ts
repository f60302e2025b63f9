import { attributeValuesEqual, getOwnAttribute, itemSize, type Item } from '../../expressions';
import type { ItemWrite } from '../localDynamoDB.types';
import { keyIdentity } from '../schema/checkKeys';
import type { StreamSetting, TableDefinition } from '../schema/tableDefinition';
import { STREAM_RETENTION_MS, StreamLog, type StreamRecordEntry } from './streamLog';
import { streamLabelTime } from './streamSetting';

/** The current item of a key, as the engine stores it. */
export type CurrentItem = (tableName: string, key: Item) => Item | undefined;

/**
 * Every stream of the engine: one per table that has one enabled, plus the
 * closed streams of the last 24 hours (disabled, replaced, or of a deleted
 * table — still readable, as DynamoDB keeps them). Sequence numbers increase
 * over the whole engine, as DynamoDB Local's do.
 */
export class EngineStreams {
  /** By ARN, in creation order (ListStreams' order). */
  private readonly streams = new Map<string, StreamLog>();
  /** Each table's enabled stream. */
  private readonly current = new Map<string, StreamLog>();
  private nextSequence = 1;

  constructor(
    private readonly tableArn: (tableName: string) => string,
    private readonly now: () => number,
  ) {}

  /** The ARN of a table's stream with this label. */
  streamArn(tableName: string, label: string): string {
    return `${this.tableArn(tableName)}/stream/${label}`;
  }

  /** True while no table has a stream enabled: writes then cost nothing extra. */
  get idle(): boolean {
    return this.current.size === 0;
  }

  /** The sequence number the next record will get (a LATEST iterator's position). */
  get latestSequence(): number {
    return this.nextSequence;
  }

  get(arn: string): StreamLog | undefined {
    this.trim();
    return this.streams.get(arn);
  }

  /** Every stream, in creation order (the table's, if named). */
  list(tableName?: string): StreamLog[] {
    this.trim();
    const all = [...this.streams.values()];
    return tableName === undefined ? all : all.filter((log) => log.identity.tableName === tableName);
  }

  /** A table's definition is new or changed: opens, closes or replaces its stream to match. */
  tableDefined(definition: TableDefinition): void {
    const setting = definition.stream;
    const open = this.current.get(definition.name);
    if (open && (!setting?.enabled || open.identity.label !== setting.label)) this.closeCurrent(definition.name);
    if (setting?.enabled && !this.current.has(definition.name)) this.open(definition, setting, this.nextSequence);
  }

  /** A table was deleted: its stream closes (and stays readable for 24 hours). */
  tableDeleted(tableName: string): void {
    this.closeCurrent(tableName);
  }

  /**
   * The records a change's writes make, numbered in write order; undefined
   * when none does. `current` reads the items as they are before the change.
   * No record for a write that changes nothing (an identical put, a delete of
   * a missing item), as DynamoDB does.
   */
  recordsFor(writes: readonly ItemWrite[], current: CurrentItem, byService: (write: ItemWrite) => boolean): StreamRecordEntry[] | undefined {
    if (this.idle) return undefined;
    let records: StreamRecordEntry[] | undefined;
    /** Items written earlier in this change (a bulk load may write one key twice). */
    let written: Map<string, Item | undefined> | undefined;
    const createdAt = this.now();
    for (const write of writes) {
      const log = this.current.get(write.tableName);
      if (!log) continue;
      const keys = log.identity.keys;
      written ??= new Map();
      const identity = `${write.tableName}\u0000${keyIdentity(write.key, keys)}`;
      const before = written.has(identity) ? written.get(identity) : current(write.tableName, write.key);
      written.set(identity, write.item);
      const after = write.item;
      if (!before && !after) continue;
      if (before && after && itemsEqual(before, after)) continue;
      const viewType = log.identity.viewType;
      const newImage = after && (viewType === 'NEW_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES') ? after : undefined;
      const oldImage = before && (viewType === 'OLD_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES') ? before : undefined;
      const record: StreamRecordEntry = {
        streamArn: log.identity.arn,
        sequence: this.nextSequence++,
        eventName: !before ? 'INSERT' : after ? 'MODIFY' : 'REMOVE',
        viewType,
        keys: write.key,
        ...(newImage ? { newImage } : {}),
        ...(oldImage ? { oldImage } : {}),
        sizeBytes: itemSize(write.key) + (newImage ? itemSize(newImage) : 0) + (oldImage ? itemSize(oldImage) : 0),
        createdAt,
        ...(byService(write) ? { byService: true as const } : {}),
      };
      (records ??= []).push(record);
    }
    return records;
  }

  /** Appends committed records to their streams. */
  append(records: readonly StreamRecordEntry[]): void {
    for (const record of records) this.streams.get(record.streamArn)?.append(record);
  }

  /**
   * Puts a restored table's stream records back (persistence): records of
   * the table's enabled stream go back into it, those of its earlier streams
   * into closed streams. Records older than 24 hours are dropped.
   */
  restore(definition: TableDefinition, records: readonly StreamRecordEntry[]): void {
    const before = this.now() - STREAM_RETENTION_MS;
    const kept = records.filter((record) => record.createdAt >= before).sort((a, b) => a.sequence - b.sequence);
    for (const record of kept) if (record.sequence >= this.nextSequence) this.nextSequence = record.sequence + 1;
    const setting = definition.stream;
    const currentArn = setting?.enabled ? this.streamArn(definition.name, setting.label) : undefined;
    this.closeCurrent(definition.name);
    for (const record of kept) {
      let log = this.streams.get(record.streamArn);
      if (!log || log.identity.tableName !== definition.name) {
        const label = record.streamArn.slice(record.streamArn.lastIndexOf('/') + 1);
        log = this.createLog(definition, { enabled: true, viewType: record.viewType, label }, record.sequence);
      }
      log.append(record);
    }
    for (const log of this.streams.values()) {
      if (log.identity.tableName === definition.name && log.identity.arn !== currentArn) log.close(this.now(), this.nextSequence - 1);
    }
    const restored = currentArn === undefined ? undefined : this.streams.get(currentArn);
    if (restored) this.current.set(definition.name, restored);
    else this.tableDefined(definition);
  }

  /** The kept records of a table's streams, oldest first (what a persistence adapter compacts to). */
  recordsOf(tableName: string): StreamRecordEntry[] {
    return this.list(tableName)
      .flatMap((log) => log.all())
      .sort((a, b) => a.sequence - b.sequence);
  }

  private open(definition: TableDefinition, setting: StreamSetting, startingSequence: number): StreamLog {
    const log = this.createLog(definition, setting, startingSequence);
    this.current.set(definition.name, log);
    return log;
  }

  private createLog(definition: TableDefinition, setting: StreamSetting, startingSequence: number): StreamLog {
    const arn = this.streamArn(definition.name, setting.label);
    const log = new StreamLog(
      { arn, tableName: definition.name, label: setting.label, viewType: setting.viewType, keys: definition.keys, createdAt: streamLabelTime(setting.label) },
      startingSequence,
    );
    // A stream re-opened under an ARN it had (a table re-created in the same millisecond) starts afresh.
    this.streams.delete(arn);
    this.streams.set(arn, log);
    return log;
  }

  private closeCurrent(tableName: string): void {
    this.current.get(tableName)?.close(this.now(), this.nextSequence - 1);
    this.current.delete(tableName);
  }

  /** Drops records older than 24 hours, and closed streams closed that long ago. */
  private trim(): void {
    const before = this.now() - STREAM_RETENTION_MS;
    for (const [arn, log] of this.streams) {
      log.trim(before);
      if (!log.isOpen && (log.closedAt as number) < before) this.streams.delete(arn);
    }
  }
}

/** Same attributes, each equal by DynamoDB's `=` (the write changes nothing). */
function itemsEqual(a: Item, b: Item): boolean {
  let count = 0;
  for (const name in a) {
    if (!Object.hasOwn(a, name)) continue;
    count++;
    const other = getOwnAttribute(b, name);
    if (!other || !attributeValuesEqual(getOwnAttribute(a, name) as never, other)) return false;
  }
  for (const name in b) if (Object.hasOwn(b, name)) count--;
  return count === 0;
}
