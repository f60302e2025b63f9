/*
 * DynamoDB's capacity units, the one rule the engine bills with (ConsumedCapacity) and the design
 * review estimates with. Source: the DynamoDB Developer Guide, "Read/write capacity mode" and
 * "DynamoDB item sizes and formats": a read unit is one strongly consistent read of up to 4 KB per
 * second (an eventually consistent read costs half), a write unit one write of up to 1 KB; sizes are
 * rounded up, and every request costs at least one unit (half for an eventually consistent read).
 */

/** One read unit reads up to 4 KB. */
export const READ_UNIT_BYTES = 4096;
/** One write unit writes up to 1 KB. */
export const WRITE_UNIT_BYTES = 1024;

/**
 * Read units for reading `bytes` (one item, or the sum of a Query or Scan page's items): the bytes
 * rounded up to 4 KB, at least one unit; half for an eventually consistent read.
 *
 * @example
 * readCapacityUnits(0, true)     // 1
 * readCapacityUnits(4097, true)  // 2
 * readCapacityUnits(4097, false) // 1
 * readCapacityUnits(100, false)  // 0.5
 */
export function readCapacityUnits(bytes: number, consistent: boolean): number {
  const units = Math.max(1, Math.ceil(bytes / READ_UNIT_BYTES));
  return consistent ? units : units / 2;
}

/**
 * Write units for writing an item of `bytes` (for a write that replaces or deletes an item: the larger of
 * the old and the new item): the bytes rounded up to 1 KB, at least one unit.
 *
 * @example
 * writeCapacityUnits(0)    // 1
 * writeCapacityUnits(1025) // 2
 */
export function writeCapacityUnits(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / WRITE_UNIT_BYTES));
}
