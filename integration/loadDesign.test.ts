import type { DynamoDB } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, SHOP_DESIGN, type Design } from '../src/design';
import { loadDesignIntoTable } from '../src/state/design/loadDesign';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';

/*
 * Load into a table against the real DynamoDB Local: the example designs'
 * tables created from toCreateTableInput, their samples written with
 * conditional writes; a second run writes nothing; an item changed in
 * between is kept as it was. Table names are made unique (DynamoDB Local is
 * shared by the whole run).
 */

let local: DynamoDB;
beforeAll(() => {
  local = createDynamoDBLocalClient();
});
afterAll(() => local.destroy());

/** The design with each table renamed to a name no other test uses. */
function uniquelyNamed(design: Design): Design {
  return { ...design, tables: design.tables.map((table) => ({ ...table, name: uniqueTableName(table.name) })) };
}

const sampleCount = (design: Design) =>
  design.tables.reduce((sum, table) => sum + table.entities.reduce((count, entity) => count + entity.samples.length, 0), 0);

describe.each([
  ['Shop', SHOP_DESIGN],
  ['AuditLog', AUDIT_LOG_DESIGN],
] as const)('loadDesignIntoTable: the %s example in DynamoDB Local', (_name, example) => {
  it('creates the tables, writes every sample, and writes nothing on a second run', async () => {
    const design = uniquelyNamed(example);
    const first = await loadDesignIntoTable(local, design);
    expect(first.tables.map((table) => table.outcome)).toEqual(design.tables.map(() => 'created'));
    expect(first.failed).toEqual([]);
    expect(first.unencodable).toEqual([]);
    expect(first.written).toHaveLength(sampleCount(design));
    for (const table of design.tables) {
      const scan = await local.scan({ TableName: table.name });
      expect(scan.Count).toBe(table.entities.reduce((count, entity) => count + entity.samples.length, 0));
      const described = await local.describeTable({ TableName: table.name });
      expect(described.Table?.TableStatus).toBe('ACTIVE');
      expect((described.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort()).toEqual(
        table.indexes
          .filter((index) => index.kind === 'GSI')
          .map((index) => index.name)
          .sort(),
      );
    }

    const again = await loadDesignIntoTable(local, design);
    expect(again.tables.map((table) => table.outcome)).toEqual(design.tables.map(() => 'existing'));
    expect(again.written).toEqual([]);
    expect(again.failed).toEqual([]);
    expect(again.alreadyExisted).toHaveLength(sampleCount(design));
  });

  it('keeps an item that was changed in the table, and restores one that was deleted', async () => {
    const design = uniquelyNamed(example);
    const first = await loadDesignIntoTable(local, design);
    const [changed, deleted] = first.written;
    const table = design.tables.find((entry) => entry.name === changed!.table)!;
    const keyNames = [table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])];
    const scan = await local.scan({ TableName: table.name });
    const keyOf = (ref: typeof changed) => {
      const item = scan.Items!.find(
        (candidate) => keyNames.map((name) => `${name} = ${Object.values(candidate[name]!)[0] as string}`).join(', ') === ref!.key,
      )!;
      return Object.fromEntries(keyNames.map((name) => [name, item[name]!]));
    };
    const changedKey = keyOf(changed);
    await local.putItem({ TableName: table.name, Item: { ...changedKey, note: { S: 'edited by hand' } } });
    await local.deleteItem({ TableName: deleted!.table, Key: keyOf(deleted) });

    const again = await loadDesignIntoTable(local, design);
    expect(again.written.map((item) => item.key)).toEqual([deleted!.key]);
    expect(again.alreadyExisted.map((item) => item.key)).toContain(changed!.key);
    const kept = await local.getItem({ TableName: table.name, Key: changedKey });
    expect(kept.Item).toEqual({ ...changedKey, note: { S: 'edited by hand' } });
  });

  it('skips a table of the same name with a different schema and writes nothing to it', async () => {
    const design = uniquelyNamed(example);
    const table = design.tables[0]!;
    await local.createTable({
      TableName: table.name,
      KeySchema: [{ AttributeName: 'other', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'other', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const report = await loadDesignIntoTable(local, design, { tables: [table.name] });
    expect(report.tables[0]).toMatchObject({ name: table.name, outcome: 'skipped' });
    expect(report.tables[0]?.reason).toContain('different schema');
    expect(report.written).toEqual([]);
    expect((await local.scan({ TableName: table.name })).Count).toBe(0);
  });
});
