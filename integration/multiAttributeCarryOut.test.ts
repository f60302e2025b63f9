import type { DynamoDB } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPatternRequest, type Design } from '../src/design';
import { leaderboardWithConcatenatedGsi } from '../src/design/multiAttribute/multiAttribute.fixtures';
import { createExplorerStore } from '../src/state/explorerStore';
import { createTableDetailsStore } from '../src/state/explorer/tableDetails/tableDetailsStore';
import { createDesignStore } from '../src/state/design/designStore';
import { loadDesignIntoTable } from '../src/state/design/loadDesign';
import { createMultiAttributeConversionStore } from '../src/state/design/multiAttributeConversionStore';
import { answeredWriteConfirmation } from '../src/state/testing/writeConfirmations';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { expectOk } from '../src/errors/testing';

/*
 * The Design tab's multi-attribute conversion carried out on the real
 * DynamoDB Local: the items already carry the typed attributes, so the
 * carry-out is UpdateTable alone, sent by the explorer's Add index (the one
 * UpdateTable path) with the converted GSI's multi-attribute KeySchema.
 * DynamoDB Local backfills it from the stored items, and the converted
 * design's access patterns, as Keylab builds their Query, return what they
 * expect on it.
 */

let local: DynamoDB;
beforeAll(() => {
  local = createDynamoDBLocalClient();
});
afterAll(() => local.destroy());

/** The Leaderboard variant (concatenated byPlayer) whose Run items also carry playerId (S) and ts (N), under a table name no other test uses. */
function runsCarryingTypedAttributes(): Design {
  const design = leaderboardWithConcatenatedGsi();
  return {
    ...design,
    tables: design.tables.map((table) => ({
      ...table,
      name: uniqueTableName('SeasonRuns'),
      entities: table.entities.map((entity) => ({
        ...entity,
        attributes: [...entity.attributes, { name: 'playerId', type: 'S' as const }, { name: 'ts', type: 'N' as const }],
        samples: entity.samples.map((sample) => ({
          ...sample,
          attributes: { ...sample.attributes, playerId: { S: sample.values.playerId! }, ts: { N: sample.values.ts! } },
        })),
      })),
    })),
  };
}

describe('a multi-attribute conversion on DynamoDB Local', () => {
  it('UpdateTable through Add index creates the typed GSI, DynamoDB Local backfills it, and the converted patterns pass on it', async () => {
    const design = runsCarryingTypedAttributes();
    const tableName = design.tables[0]!.name;
    try {
      const loaded = await loadDesignIntoTable(local, design);
      expect(loaded.failed).toEqual([]);
      expect(loaded.written).toHaveLength(12);

      const designs = createDesignStore();
      const designId = designs.getState().addDesign(design);
      const conversion = createMultiAttributeConversionStore({ designs });
      conversion.getState().open(designId, tableName, 'byPlayer');
      conversion.getState().setNewIndexName('byPlayerTyped');
      expect(conversion.getState().apply()).toBe(true);
      const carryOut = conversion.getState().applied!.carryOut;
      expect(carryOut.kind).toBe('updateTable');

      const explorer = createExplorerStore();
      await explorer.getState().connect(local, 'DynamoDB Local');
      await explorer.getState().selectTable(tableName);
      const details = createTableDetailsStore({ explorer, canAddIndex: () => true, confirmWrite: answeredWriteConfirmation().confirmWrite });
      details.getState().prepareAddIndex(tableName, carryOut.addIndex);
      expect(details.getState().addIndex.open).toBe(true);
      // Resolves once DescribeTable shows the index ACTIVE and no longer backfilling.
      expect(await details.getState().submitAddIndex()).toBe(true);
      details.getState().dispose();

      const { Table } = await local.describeTable({ TableName: tableName });
      expect(Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === 'byPlayerTyped')).toMatchObject({
        IndexStatus: 'ACTIVE',
        KeySchema: [
          { AttributeName: 'playerId', KeyType: 'HASH' },
          { AttributeName: 'ts', KeyType: 'RANGE' },
          { AttributeName: 'score', KeyType: 'RANGE' },
        ],
      });
      const typed = await local.query({
        TableName: tableName,
        IndexName: 'byPlayerTyped',
        KeyConditionExpression: 'playerId = :p',
        ExpressionAttributeValues: { ':p': { S: 'p_1024' } },
      });
      expect(typed.Items?.map((item) => [item.ts?.N, item.score?.N])).toEqual([
        ['1719730800', '128'],
        ['1719741600', '9'],
      ]);

      const converted = designs.getState().designs.find((saved) => saved.id === designId)!.design.tables[0]!;
      const onIndex = converted.accessPatterns.filter((pattern) => pattern.index === 'byPlayerTyped');
      expect(onIndex.map((pattern) => pattern.id)).toEqual(['player-runs', 'player-runs-range', 'player-run-at']);
      for (const pattern of onIndex) {
        const built = buildPatternRequest(converted, pattern);
        expectOk(built, pattern.name);
        const output = await local.query(built.request);
        expect(output.Items?.length, pattern.name).toBe(pattern.expected.count);
      }
    } finally {
      await local.deleteTable({ TableName: tableName }).catch(() => undefined);
    }
  }, 120_000);
});
