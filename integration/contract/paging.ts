import type { AttributeValue, QueryCommandInput, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDataSource } from '../../src/engine';

type Key = Record<string, AttributeValue>;

/** One page of a Query or Scan, as the contract compares it. */
export interface Page {
  readonly Items?: Key[] | undefined;
  readonly Count?: number | undefined;
  readonly ScannedCount?: number | undefined;
  readonly LastEvaluatedKey?: Key | undefined;
  readonly ConsumedCapacity?: unknown;
}

/** Every page of a paginated read, in order. */
export interface Pages {
  readonly pages: Page[];
}

/** A guard against a side that never stops returning LastEvaluatedKey. */
const MAX_PAGES = 2000;

function pageOf(output: Page): Page {
  const { Items, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity } = output;
  return { Items, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity };
}

/** Queries page after page (ExclusiveStartKey = the last LastEvaluatedKey) until a page has no LastEvaluatedKey. */
export async function queryAllPages(db: DynamoDBDataSource, input: QueryCommandInput): Promise<Pages> {
  const pages: Page[] = [];
  let ExclusiveStartKey = input.ExclusiveStartKey;
  do {
    const page = pageOf(await db.query({ ...input, ExclusiveStartKey }));
    pages.push(page);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && pages.length < MAX_PAGES);
  if (ExclusiveStartKey) throw new Error(`Query did not end after ${MAX_PAGES} pages`);
  return { pages };
}

/** Scans page after page until a page has no LastEvaluatedKey. */
export async function scanAllPages(db: DynamoDBDataSource, input: ScanCommandInput): Promise<Pages> {
  const pages: Page[] = [];
  let ExclusiveStartKey = input.ExclusiveStartKey;
  do {
    const page = pageOf(await db.scan({ ...input, ExclusiveStartKey }));
    pages.push(page);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && pages.length < MAX_PAGES);
  if (ExclusiveStartKey) throw new Error(`Scan did not end after ${MAX_PAGES} pages`);
  return { pages };
}
