import type { Item, KeySchemaInfo } from '../../expressions';
import type { StreamViewType } from './streamSetting';

/** How long DynamoDB Streams keeps a record: 24 hours. */
export const STREAM_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * One stream record as the engine keeps (and persists) it. Images are the
 * engine's stored items, shared, never modified; only those the stream's
 * view type shows are kept.
 */
export interface StreamRecordEntry {
  /** The stream it belongs to (a table has a new stream each time one is enabled). */
  readonly streamArn: string;
  /** Increasing over the whole engine, in write order. */
  readonly sequence: number;
  readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The stream's view type (kept per record so a persisted record names its stream fully). */
  readonly viewType: StreamViewType;
  /** The item's table key. */
  readonly keys: Item;
  readonly newImage?: Item;
  readonly oldImage?: Item;
  /** Keys plus the images shown, as DynamoDB counts item sizes. */
  readonly sizeBytes: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** A deletion by the TTL sweep: the record names DynamoDB's service as the writer (userIdentity). */
  readonly byService?: true;
}

/** What a stream is: the table's setting when it was enabled. */
export interface StreamIdentity {
  readonly arn: string;
  readonly tableName: string;
  readonly label: string;
  readonly viewType: StreamViewType;
  readonly keys: KeySchemaInfo;
  /** Epoch ms (from the label). */
  readonly createdAt: number;
}

/**
 * One stream: a single shard (as DynamoDB Local serves it) holding the
 * records of the last 24 hours in sequence order. Records are appended at
 * the end and trimmed from the front.
 */
export class StreamLog {
  /** Oldest first; `records[head]` is the oldest kept. */
  private records: StreamRecordEntry[] = [];
  private head = 0;
  /** The lowest sequence number still readable (everything below it is trimmed or never was). */
  private horizon: number;
  /** Set when the stream was disabled (or its table deleted): the shard is closed. */
  private closed: { readonly at: number; readonly lastSequence: number } | undefined;

  constructor(
    readonly identity: StreamIdentity,
    /** The sequence number the shard starts at (the engine's next one when it opened). */
    readonly startingSequence: number,
  ) {
    this.horizon = startingSequence;
  }

  /** `shardId-<20-digit creation ms>-<8 hex>`, DynamoDB Local's form. */
  get shardId(): string {
    return `shardId-${String(this.identity.createdAt).padStart(20, '0')}-${hash8(this.identity.arn)}`;
  }

  get isOpen(): boolean {
    return this.closed === undefined;
  }

  /** When the shard was closed (epoch ms). */
  get closedAt(): number | undefined {
    return this.closed?.at;
  }

  /** The closed shard's last sequence number (its EndingSequenceNumber). */
  get endingSequence(): number | undefined {
    return this.closed?.lastSequence;
  }

  /** The lowest sequence number a reader can still get. */
  get trimHorizon(): number {
    return this.horizon;
  }

  get size(): number {
    return this.records.length - this.head;
  }

  append(record: StreamRecordEntry): void {
    this.records.push(record);
  }

  /** Closes the shard: no more records; `lastSequence` is the engine's last sequence number so far. */
  close(at: number, lastSequence: number): void {
    if (this.closed) return;
    const last = this.records.length > this.head ? (this.records[this.records.length - 1] as StreamRecordEntry).sequence : lastSequence;
    this.closed = { at, lastSequence: Math.max(last, this.startingSequence - 1) };
  }

  /** Drops the records created before `before` (epoch ms). */
  trim(before: number): void {
    let head = this.head;
    while (head < this.records.length && (this.records[head] as StreamRecordEntry).createdAt < before) head++;
    if (head === this.head) return;
    this.horizon = (this.records[head - 1] as StreamRecordEntry).sequence + 1;
    this.head = head;
    // Compact once the dropped front outweighs what is kept, so trimming stays amortised O(1).
    if (this.head > 1024 && this.head * 2 > this.records.length) {
      this.records = this.records.slice(this.head);
      this.head = 0;
    }
  }

  /** Up to `limit` records with a sequence number at or above `from`, oldest first. */
  read(from: number, limit: number): StreamRecordEntry[] {
    let low = this.head;
    let high = this.records.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.records[middle] as StreamRecordEntry).sequence < from) low = middle + 1;
      else high = middle;
    }
    return this.records.slice(low, Math.min(low + limit, this.records.length));
  }

  /** Every kept record, oldest first (for a persistence adapter). */
  all(): StreamRecordEntry[] {
    return this.records.slice(this.head);
  }
}

/** 8 hex digits of FNV-1a over `text`: a stable, short tag (not a security measure). */
export function hash8(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
