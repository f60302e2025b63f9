import type { CreateTableCommandInput, KeySchemaElement, TableDescription } from '@aws-sdk/client-dynamodb';
import { waitUntilTableActive } from '../../dynamo';
import type { DynamoDBDataSource } from '../../engine';

/**
 * What "Copy into a new table" (blue/green) needs before its first write:
 * the target table exists with the source's table key (its items are put
 * there unchanged but for the new key values), or Apply creates it first.
 */
export type CopyTarget =
  /** description: what the confirmation says about the target ("a new table: Apply first creates it with …"). */
  | { readonly kind: 'exists'; readonly description: string }
  | { readonly kind: 'create'; readonly input: CreateTableCommandInput; readonly description: string }
  | { readonly kind: 'refused'; readonly message: string };

type Source = Pick<DynamoDBDataSource, 'describeTable'>;

/** Copy mode's refusal when the target is the source itself (Preview says it before reading anything). */
export const copyIntoItselfMessage = (tableName: string) =>
  `Copy into another table: ${tableName} is the table being migrated (leave "Copy into table" empty to rewrite it in place).`;

/** Reads both tables (DescribeTable) and says whether the copy can go into `targetName` as it is, after creating it, or not at all. */
export async function checkCopyTarget(source: Source, sourceName: string, targetName: string): Promise<CopyTarget> {
  if (targetName === sourceName) return { kind: 'refused', message: copyIntoItselfMessage(sourceName) };
  const described = await source.describeTable({ TableName: sourceName });
  const from = described.Table;
  if (!from) return { kind: 'refused', message: `Could not read table ${sourceName}'s key schema (DescribeTable returned no table).` };
  let to: TableDescription | undefined;
  try {
    to = (await source.describeTable({ TableName: targetName })).Table;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ResourceNotFoundException')) throw error;
  }
  if (!to) {
    const input = createTableLike(from, targetName);
    return {
      kind: 'create',
      input,
      description: `a new table: Apply first creates it with ${sourceName}'s key (${keyText(from)})${indexText(from)}, billed on demand (streams, TTL and tags are not copied)`,
    };
  }
  if (keyText(to) !== keyText(from)) {
    return {
      kind: 'refused',
      message: `Table ${targetName}'s key (${keyText(to)}) differs from ${sourceName}'s (${keyText(from)}): the copies keep ${sourceName}'s key attributes. Choose a table with the same key, or a new name (Apply then creates it).`,
    };
  }
  return {
    kind: 'exists',
    description:
      'an existing table with the same key (the preview read its items: one already there as planned is not written again, a different one is a collision; nothing there is overwritten)',
  };
}

/** The source's key schema, attribute definitions and indexes under a new name, on demand. */
export function createTableLike(from: TableDescription, name: string): CreateTableCommandInput {
  return {
    TableName: name,
    AttributeDefinitions: from.AttributeDefinitions ?? [],
    KeySchema: from.KeySchema ?? [],
    BillingMode: 'PAY_PER_REQUEST',
    ...(from.GlobalSecondaryIndexes?.length
      ? {
          GlobalSecondaryIndexes: from.GlobalSecondaryIndexes.map((index) => ({
            IndexName: index.IndexName,
            KeySchema: index.KeySchema,
            Projection: index.Projection,
          })),
        }
      : {}),
    ...(from.LocalSecondaryIndexes?.length
      ? {
          LocalSecondaryIndexes: from.LocalSecondaryIndexes.map((index) => ({
            IndexName: index.IndexName,
            KeySchema: index.KeySchema,
            Projection: index.Projection,
          })),
        }
      : {}),
  };
}

/** Waits (polling DescribeTable) until the new table and its indexes are ACTIVE: AWS takes a while, the local ones don't. */
export async function waitUntilActive(
  source: Source,
  name: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  attempts = 600,
): Promise<void> {
  if (await waitUntilTableActive(source, name, { sleep, attempts })) return;
  throw new Error(`Table ${name} was created but is not ACTIVE after ${attempts} s; Apply again once it is (nothing was written).`);
}

/** "leaderboardId S partition, rankKey S sort". */
function keyText(table: TableDescription): string {
  const types = new Map((table.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName, definition.AttributeType]));
  return schemaText(table.KeySchema ?? [], types);
}

function schemaText(schema: readonly KeySchemaElement[], types: ReadonlyMap<string | undefined, string | undefined>): string {
  return schema
    .map((element) => `${element.AttributeName ?? '?'} ${types.get(element.AttributeName) ?? '?'} ${element.KeyType === 'HASH' ? 'partition' : 'sort'}`)
    .join(', ');
}

/** " and indexes byPlayer (playerId, ts)", or "" without indexes. */
function indexText(table: TableDescription): string {
  const indexes = [...(table.GlobalSecondaryIndexes ?? []), ...(table.LocalSecondaryIndexes ?? [])];
  if (indexes.length === 0) return '';
  const listed = indexes.map((index) => `${index.IndexName ?? '?'} (${(index.KeySchema ?? []).map((element) => element.AttributeName).join(', ')})`).join(', ');
  return ` and ${indexes.length === 1 ? 'index' : 'indexes'} ${listed}`;
}
