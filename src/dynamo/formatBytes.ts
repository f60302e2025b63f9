/** One kilobyte as DynamoDB counts it (item sizes, capacity units): 1024 bytes. */
const KB = 1024;

/**
 * A byte count for people, in DynamoDB's units (1 KB = 1024 bytes): whole bytes below 1 KB,
 * then KB, MB and GB with one decimal.
 *
 * @example
 * formatBytes(512)        // "512 B"
 * formatBytes(409_600)    // "400.0 KB"
 * formatBytes(5 * 2 ** 20) // "5.0 MB"
 * formatBytes(10 * 2 ** 30) // "10.0 GB"
 */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${Math.round(bytes)} B`;
  if (bytes < KB ** 2) return `${(bytes / KB).toFixed(1)} KB`;
  if (bytes < KB ** 3) return `${(bytes / KB ** 2).toFixed(1)} MB`;
  return `${(bytes / KB ** 3).toFixed(1)} GB`;
}
