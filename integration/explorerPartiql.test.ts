import type { DynamoDB } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExplorerStore } from '../src/state/explorerStore';
import { createWriteConfirmationStore } from '../src/state/writeAccess';
import { createPartiqlStore } from '../src/state/explorer/partiql';
import { createTableDetailsStore } from '../src/state/explorer/tableDetails';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';

/*
 * The explorer's PartiQL and table-details stores against the real DynamoDB
 * Local, without React: ExecuteStatement with parameters and NextToken pages,
 * DynamoDB's refusal kept as its own message, TTL and tags (or why not),
 * and Add index followed with DescribeTable until the index is ACTIVE.
 */
let local: DynamoDB;
let tableName: string;
const TIMES = ['2026-06-21', '2026-06-22', '2026-06-23', '2026-06-24', '2026-06-25'];

beforeAll(async () => {
  local = createDynamoDBLocalClient();
  tableName = uniqueTableName('Matches');
  await local.createTable({
    TableName: tableName,
    AttributeDefinitions: [
      { AttributeName: 'game', AttributeType: 'S' },
      { AttributeName: 'at', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'game', KeyType: 'HASH' },
      { AttributeName: 'at', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
  });
  await local.updateTimeToLive({ TableName: tableName, TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' } });
  for (const [index, at] of TIMES.entries())
    await local.putItem({ TableName: tableName, Item: { game: { S: 'G#1' }, at: { S: at }, team: { S: index % 2 ? 'red' : 'blue' } } });
});
afterAll(() => local.destroy());

async function explorerOn() {
  const explorer = createExplorerStore();
  await explorer.getState().connect(local, 'DynamoDB Local');
  await explorer.getState().selectTable(tableName);
  return explorer;
}

describe('the PartiQL store on DynamoDB Local', () => {
  it('runs a SELECT with a parameter and follows NextToken page by page, in DynamoDB’s order', async () => {
    const explorer = await explorerOn();
    const partiql = createPartiqlStore({ explorer, confirmWrite: createWriteConfirmationStore().getState().confirmWrite });
    expect(partiql.getState().statement).toBe(`SELECT * FROM "${tableName}" WHERE "game" = ?`);
    partiql.getState().setParameters('[{"S": "G#1"}]');
    partiql.getState().setLimit('2');
    await partiql.getState().run();
    expect(partiql.getState().runError).toBeUndefined();
    expect(partiql.getState().items.map((item) => item.at?.S)).toEqual(TIMES.slice(0, 2));
    expect(partiql.getState().keyTable?.name).toBe(tableName);
    while (partiql.getState().pages.at(-1)?.nextToken) await partiql.getState().nextPage();
    expect(partiql.getState().items.map((item) => item.at?.S)).toEqual(TIMES);
    expect(partiql.getState().pages.map((page) => page.itemCount)).toEqual([2, 2, 1]);
    partiql.getState().dispose();
  });

  it('keeps DynamoDB’s refusal of a statement as its name and message', async () => {
    const explorer = await explorerOn();
    const partiql = createPartiqlStore({ explorer, confirmWrite: createWriteConfirmationStore().getState().confirmWrite });
    partiql.getState().setStatement(`SELEC * FROM "${tableName}"`);
    partiql.getState().setParameters('');
    await partiql.getState().run();
    expect(partiql.getState().runError).toEqual({
      name: 'ValidationException',
      message: `Statement wasn't well formed, can't be processed: SELEC * FROM "${tableName}"`,
    });
    expect(partiql.getState().items).toEqual([]);
    partiql.getState().dispose();
  });
});

describe('the table details store on DynamoDB Local', () => {
  it('reads TTL; says why tags are not available; streams come with DescribeTable', async () => {
    const explorer = await explorerOn();
    const details = createTableDetailsStore({
      explorer,
      canAddIndex: () => true,
      wait: async () => undefined,
      confirmWrite: createWriteConfirmationStore().getState().confirmWrite,
    });
    await details.getState().reload();
    expect(details.getState().timeToLive).toEqual({ state: 'read', value: { status: 'ENABLED', attributeName: 'expiresAt' } });
    expect(details.getState().tags).toEqual({ state: 'unavailable', why: 'Tagging is not currently supported in DynamoDB Local.' });
    expect(explorer.getState().table?.stream).toMatchObject({
      enabled: true,
      viewType: 'KEYS_ONLY',
      latestArn: expect.stringContaining(`table/${tableName}/stream/`),
    });
    details.getState().dispose();
  });

  it('adds an index with UpdateTable and follows it until ACTIVE; a refusal is DynamoDB’s own message', async () => {
    const explorer = await explorerOn();
    const details = createTableDetailsStore({
      explorer,
      canAddIndex: () => true,
      wait: () => new Promise((resolve) => setTimeout(resolve, 200)),
      confirmWrite: createWriteConfirmationStore().getState().confirmWrite,
    });
    details.getState().openAddIndex();
    details.getState().setAddIndexForm({ indexName: 'byTeam', partitionKeyName: 'team', sortKeyName: 'at' });
    expect(await details.getState().submitAddIndex()).toBe(true);
    const index = explorer.getState().table?.indexes.find((candidate) => candidate.name === 'byTeam');
    expect(index).toMatchObject({ kind: 'global', status: 'ACTIVE', keys: { partitionKey: { name: 'team', type: 'S' }, sortKey: { name: 'at', type: 'S' } } });
    expect(details.getState().creatingIndex).toBeUndefined();
    const query = await local.query({
      TableName: tableName,
      IndexName: 'byTeam',
      KeyConditionExpression: 'team = :t',
      ExpressionAttributeValues: { ':t': { S: 'red' } },
    });
    expect(query.Items?.map((item) => item.at?.S)).toEqual([TIMES[1], TIMES[3]]);

    // Checked here first: the same name again.
    details.getState().openAddIndex();
    details.getState().setAddIndexForm({ indexName: 'byTeam', partitionKeyName: 'team' });
    expect(await details.getState().submitAddIndex()).toBe(false);
    expect(details.getState().addIndex.errors.indexName).toBe(`${tableName} already has an index named byTeam: choose another name.`);
    // DynamoDB has the last word: an index someone else added meanwhile (the explorer's description is older).
    await local.updateTable({
      TableName: tableName,
      AttributeDefinitions: [{ AttributeName: 'team', AttributeType: 'S' }],
      GlobalSecondaryIndexUpdates: [
        { Create: { IndexName: 'byTeamOnly', KeySchema: [{ AttributeName: 'team', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } } },
      ],
    });
    details.getState().setAddIndexForm({ indexName: 'byTeamOnly' });
    expect(await details.getState().submitAddIndex()).toBe(false);
    // Still being built ("ResourceInUseException: … Index is being created.") or built by now ("… already exists").
    expect(details.getState().addIndex.refusal?.message).toMatch(
      /^(Attempt to change a resource which is still in use: Index is being created\.|Attempting to create an index which already exists)$/,
    );
    details.getState().dispose();
  });
});
