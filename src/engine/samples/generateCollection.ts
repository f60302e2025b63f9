import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { validationError, type Item } from '../../expressions';
import type { LocalDynamoDB } from '../localDynamoDB.types';
import { createSeededRandom } from './seededRandom';

/** The most items {@link generateCollection} makes in one call. */
export const MAX_GENERATED_ITEMS = 1_000_000;

/** Digits of a generated string sort key: enough for index 999,999, and the same for every count, so keys line up. */
const SORT_KEY_DIGITS = String(MAX_GENERATED_ITEMS - 1).length;

/**
 * Makes the non-key attributes of generated item `index` (0-based). `random`
 * is the generator's seeded source, so a template that draws from it stays
 * deterministic. Key attributes it sets are overwritten.
 */
export type ItemTemplate = (index: number, random: () => number) => Item;

/** Options of {@link generateCollection}. */
export interface GenerateCollectionOptions {
  /** The table (it must exist). */
  readonly table: string;
  /** The collection's partition key value: a string for S, a number (or numeric string) for N, bytes for B. */
  readonly partitionKeyValue: string | number | Uint8Array;
  /** How many items: 1 to {@link MAX_GENERATED_ITEMS}. */
  readonly count: number;
  /** Seed of the random values. Default 1: the same options always make the same items. */
  readonly seed?: number;
  /** Non-key attributes. Default {@link defaultItemTemplate}. */
  readonly template?: ItemTemplate;
  /** For a string sort key: text before the zero-padded index (`ITEM#` → `ITEM#000042`). Default none. */
  readonly sortKeyPrefix?: string;
}

/** What {@link generateCollection} wrote. */
export interface GenerateCollectionResult {
  readonly loaded: number;
  /** The first and last sort key values written (absent for a table without a sort key). */
  readonly firstSortKey?: AttributeValue;
  readonly lastSortKey?: AttributeValue;
}

const WORDS = ['amber', 'birch', 'cobalt', 'dune', 'ember', 'fjord', 'granite', 'harbor', 'iris', 'juniper', 'kelp', 'lumen'];
const BASE_EPOCH_SECONDS = 1719100800;

/**
 * The default attributes of a generated item: its index, a random score and
 * label, and a timestamp a minute apart per item.
 *
 * @example
 * defaultItemTemplate(0, () => 0.5) // { n: { N: "0" }, score: { N: "500000" }, label: { S: "granite-500" }, ts: { N: "1719100800" } }
 */
export function defaultItemTemplate(index: number, random: () => number): Item {
  const draw = Math.floor(random() * 1_000_000);
  return {
    n: { N: String(index) },
    score: { N: String(draw) },
    label: { S: `${WORDS[draw % WORDS.length] as string}-${draw % 1000}` },
    ts: { N: String(BASE_EPOCH_SECONDS + index * 60) },
  };
}

/**
 * Fills one item collection with `count` generated items, for scale demos
 * (a million items in one partition), through the engine's bulk path
 * (`loadItems`: one change, one storage write, one sort-free build).
 *
 * Sort keys are made in key order, so the engine never sorts: for S,
 * `sortKeyPrefix` plus the index zero-padded to 6 digits (`000000` …
 * `999999`); for N, the index; for B, the index as 4 big-endian bytes. Items
 * are produced lazily from a generator (no array of a million inputs), and
 * deterministically from `seed`. Items already in the collection with the
 * same keys are replaced.
 *
 * Rejects with a ValidationException for a count out of range, a table
 * without a sort key (a collection of one item), or a partition key value of
 * the wrong type; with ResourceNotFoundException for a missing table.
 *
 * @example
 * await generateCollection(engine, { table: "Leaderboard", partitionKeyValue: "SEASON#GENERATED", count: 100_000, sortKeyPrefix: "RUN#" });
 */
export async function generateCollection(engine: LocalDynamoDB, options: GenerateCollectionOptions): Promise<GenerateCollectionResult> {
  const { table, count, seed = 1, template = defaultItemTemplate, sortKeyPrefix = '' } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATED_ITEMS) {
    throw validationError(`The number of items to generate must be a whole number from 1 to 1,000,000; got ${count}`);
  }
  const { Table } = await engine.describeTable({ TableName: table });
  const keyNames = new Map((Table?.KeySchema ?? []).map((key) => [key.KeyType, key.AttributeName as string]));
  const typeOf = (name: string | undefined) =>
    Table?.AttributeDefinitions?.find((definition) => definition.AttributeName === name)?.AttributeType as 'S' | 'N' | 'B';
  const partitionName = keyNames.get('HASH') as string;
  const sortName = keyNames.get('RANGE');
  const partitionKey = partitionKeyOf(options.partitionKeyValue, partitionName, typeOf(partitionName));
  if (sortName === undefined && count > 1) {
    throw validationError(`Table ${table} has no sort key, so an item collection holds one item: generate 1 item, not ${count}`);
  }
  const sortKeyOf = sortName === undefined ? undefined : sortKeyMaker(typeOf(sortName), sortKeyPrefix);

  const random = createSeededRandom(seed);
  function* items(): Generator<Item> {
    for (let index = 0; index < count; index++) {
      const item = template(index, random);
      item[partitionName] = partitionKey;
      if (sortName !== undefined && sortKeyOf) item[sortName] = sortKeyOf(index);
      yield item;
    }
  }
  const { loaded } = await engine.loadItems(table, items());
  if (!sortKeyOf) return { loaded };
  return { loaded, firstSortKey: sortKeyOf(0), lastSortKey: sortKeyOf(count - 1) };
}

function partitionKeyOf(value: string | number | Uint8Array, name: string, type: 'S' | 'N' | 'B'): AttributeValue {
  if (type === 'S' && typeof value === 'string') return { S: value };
  if (type === 'N' && (typeof value === 'number' || typeof value === 'string')) return { N: String(value) };
  if (type === 'B' && value instanceof Uint8Array) return { B: value };
  const wanted = type === 'S' ? 'a string' : type === 'N' ? 'a number' : 'bytes';
  throw validationError(`The partition key ${name} is of type ${type}: give ${wanted} as the collection's partition key value`);
}

/** Sort key values in key order for index 0, 1, 2, … */
function sortKeyMaker(type: 'S' | 'N' | 'B', prefix: string): (index: number) => AttributeValue {
  if (type === 'N') return (index) => ({ N: String(index) });
  if (type === 'B') return (index) => ({ B: Uint8Array.of(index >>> 24, (index >>> 16) & 0xff, (index >>> 8) & 0xff, index & 0xff) });
  return (index) => ({ S: prefix + String(index).padStart(SORT_KEY_DIGITS, '0') });
}
