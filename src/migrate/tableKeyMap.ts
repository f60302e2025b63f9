/**
 * Table keys (partition text, sort text) → a value, without building one
 * string per key: the texts are the stored strings themselves, so a plan of
 * a million items adds no key strings of its own to the heap (and hashes
 * flat strings, not ropes). A partition holding one key costs one small
 * object; a Map only from its second key on.
 */
export class TableKeyMap<T> {
  private readonly partitions = new Map<string, PartitionKeys<T>>();

  get(partition: string, sort: string): T | undefined {
    const keys = this.partitions.get(partition);
    if (keys === undefined) return undefined;
    return keys.firstSort === sort ? keys.firstValue : keys.more?.get(sort);
  }

  has(partition: string, sort: string): boolean {
    const keys = this.partitions.get(partition);
    if (keys === undefined) return false;
    return keys.firstSort === sort || (keys.more?.has(sort) ?? false);
  }

  set(partition: string, sort: string, value: T): void {
    const keys = this.partitions.get(partition);
    if (keys === undefined) this.partitions.set(partition, { firstSort: sort, firstValue: value });
    else if (keys.firstSort === sort) keys.firstValue = value;
    else (keys.more ??= new Map()).set(sort, value);
  }
}

interface PartitionKeys<T> {
  readonly firstSort: string;
  firstValue: T;
  more?: Map<string, T>;
}
