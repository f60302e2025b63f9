import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { KeySchemaInfo } from '../../expressions';
import { formatHexBytes } from '../../keys';

/**
 * What every loaded row said about one partition's string sort keys: whether
 * they are all digits, and which widths they come in. Gathered from every
 * page loaded since the table was chosen — not from the rows on screen — so a
 * Run that returns fewer rows (or none) does not make a warning disappear.
 */
export interface SortKeyEvidence {
  /** Rows seen with a string sort key. */
  readonly count: number;
  readonly allDigits: boolean;
  /** Distinct key lengths, ascending (at most {@link MAX_WIDTHS}). */
  readonly widths: readonly number[];
  /** A few distinct keys, covering different widths first. */
  readonly examples: readonly string[];
}

/** Evidence by index and partition (see {@link sortKeyEvidenceKey}). */
export type SortKeyEvidenceMap = Readonly<Record<string, SortKeyEvidence>>;

const MAX_EXAMPLES = 4;
const MAX_WIDTHS = 32;
/** A Scan over many partitions stops adding new ones here; the ones already seen keep learning. */
const MAX_PARTITIONS = 10_000;

/** A partition key value as text: S and N as stored, B as hex. */
export function partitionText(value: AttributeValue | undefined): string | undefined {
  if (!value) return undefined;
  if (value.S !== undefined) return `S:${value.S}`;
  if (value.N !== undefined) return `N:${value.N}`;
  if (value.B !== undefined) return `B:${formatHexBytes(value.B)}`;
  return undefined;
}

/** Where one index's partition keeps its evidence ('' = the table itself). */
export function sortKeyEvidenceKey(indexName: string, partition: string): string {
  return `${indexName}\u0000${partition}`;
}

function learn(previous: SortKeyEvidence | undefined, key: string): SortKeyEvidence {
  const evidence = previous ?? { count: 0, allDigits: true, widths: [], examples: [] };
  const newWidth = !evidence.widths.includes(key.length);
  const widths = newWidth && evidence.widths.length < MAX_WIDTHS ? [...evidence.widths, key.length].sort((a, b) => a - b) : evidence.widths;
  let examples = evidence.examples;
  if (!examples.includes(key)) {
    if (examples.length < MAX_EXAMPLES) examples = [...examples, key];
    else if (newWidth && new Set(examples.map((example) => example.length)).size < examples.length) {
      // Show the widths: replace an example whose width another one already shows.
      const index = examples.findIndex((example, i) => examples.some((other, j) => j !== i && other.length === example.length));
      examples = examples.map((example, i) => (i === index ? key : example));
    }
  }
  return { count: evidence.count + 1, allDigits: evidence.allDigits && /^\d+$/.test(key), widths, examples };
}

/**
 * Adds a page's rows to the evidence of the index they were read from.
 *
 * @example
 * addSortKeyEvidence({}, [{ PK: { S: "a" }, SK: { S: "10" } }, { PK: { S: "a" }, SK: { S: "9" } }], { partitionKey: { name: "PK", type: "S" }, sortKey: { name: "SK", type: "S" } }, "")
 * // { "\u0000S:a": { count: 2, allDigits: true, widths: [1, 2], examples: ["10", "9"] } }
 */
export function addSortKeyEvidence(
  evidence: SortKeyEvidenceMap,
  items: readonly Record<string, AttributeValue>[],
  keys: KeySchemaInfo,
  indexName: string,
): SortKeyEvidenceMap {
  const sortKey = keys.sortKey;
  if (!sortKey || sortKey.type !== 'S' || items.length === 0) return evidence;
  const next: Record<string, SortKeyEvidence> = { ...evidence };
  let partitions = Object.keys(next).length;
  for (const item of items) {
    const key = item[sortKey.name]?.S;
    const partition = partitionText(item[keys.partitionKey.name]);
    if (key === undefined || partition === undefined) continue;
    const slot = sortKeyEvidenceKey(indexName, partition);
    const previous = next[slot];
    if (!previous) {
      if (partitions >= MAX_PARTITIONS) continue;
      partitions++;
    }
    next[slot] = learn(previous, key);
  }
  return next;
}
