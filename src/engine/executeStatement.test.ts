import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from './createLocalDynamoDB';

async function ordersTable() {
  const db = createLocalDynamoDB();
  await db.createTable({
    TableName: 'Orders',
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
    ],
  });
  for (const sk of [1, 2, 3, 4, 5])
    await db.executeStatement({ Statement: `INSERT INTO "Orders" VALUE {'pk': 'a', 'sk': ?}`, Parameters: [{ N: String(sk) }] });
  return db;
}

describe('ExecuteStatement', () => {
  it('pages ORDER BY sk DESC from the highest sort key, as a Query with ScanIndexForward false (DynamoDB Local sorts each ascending page instead)', async () => {
    const db = await ordersTable();
    const keys: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await db.executeStatement({ Statement: `SELECT sk FROM "Orders" WHERE pk = 'a' ORDER BY sk DESC`, Limit: 2, NextToken });
      keys.push(...(page.Items ?? []).map((item) => item.sk?.N as string));
      NextToken = page.NextToken;
    } while (NextToken);
    expect(keys).toEqual(['5', '4', '3', '2', '1']);
  });

  it('answers an INSERT of an existing key with DuplicateItemException, writing nothing', async () => {
    const db = await ordersTable();
    await expect(db.executeStatement({ Statement: `INSERT INTO "Orders" VALUE {'pk': 'a', 'sk': 1, 'x': 1}` })).rejects.toMatchObject({
      name: 'DuplicateItemException',
      message: 'Duplicate primary key exists in table',
    });
    const { Items } = await db.executeStatement({ Statement: `SELECT * FROM "Orders" WHERE pk = 'a' AND sk = 1` });
    expect(Items).toEqual([{ pk: { S: 'a' }, sk: { N: '1' } }]);
  });

  it('refuses a missing Statement with the member constraint', async () => {
    const db = await ordersTable();
    await expect(db.executeStatement({} as never)).rejects.toThrow(
      "1 validation error detected: Value null at 'statement' failed to satisfy constraint: Member must not be null",
    );
  });
});

describe('BatchExecuteStatement', () => {
  it('returns ConsumedCapacity per table when asked, summing the statements that succeeded (as BatchWriteItem and BatchGetItem do)', async () => {
    const db = await ordersTable();
    const big = 'y'.repeat(2000);
    const writes = await db.batchExecuteStatement({
      ReturnConsumedCapacity: 'INDEXES',
      Statements: [
        { Statement: `INSERT INTO "Orders" VALUE {'pk': 'b', 'sk': 1, 'x': '${big}'}` },
        { Statement: `UPDATE "Orders" SET q = 1 WHERE pk = 'a' AND sk = 2` },
        { Statement: `UPDATE "Orders" SET q = 1 WHERE pk = 'a' AND sk = 3 AND q = 7` },
      ],
    });
    // 2 units for the 2 KB item, 1 for the update; the failed condition charges nothing.
    expect(writes.ConsumedCapacity).toEqual([{ TableName: 'Orders', CapacityUnits: 3, Table: { CapacityUnits: 3 } }]);
    const reads = await db.batchExecuteStatement({
      ReturnConsumedCapacity: 'TOTAL',
      Statements: [
        { Statement: `SELECT * FROM "Orders" WHERE pk = 'b' AND sk = 1` },
        { Statement: `SELECT * FROM "Orders" WHERE pk = 'a' AND sk = 99`, ConsistentRead: true },
      ],
    });
    expect(reads.ConsumedCapacity).toEqual([{ TableName: 'Orders', CapacityUnits: 1.5 }]);
    const unasked = await db.batchExecuteStatement({ Statements: [{ Statement: `SELECT * FROM "Orders" WHERE pk = 'b' AND sk = 1` }] });
    expect(unasked.ConsumedCapacity).toBeUndefined();
  });
});

describe('PartiQL DELETE', () => {
  it('deletes nothing and succeeds when no item has the key, whatever its other conditions (Developer Guide: "SUCCESS is returned with 0 items deleted")', async () => {
    const db = await ordersTable();
    const missing = `DELETE FROM "Orders" WHERE pk = 'nobody' AND sk = 1 AND total > 5`;
    await expect(db.executeStatement({ Statement: missing })).resolves.toMatchObject({ Items: [] });
    await expect(db.executeTransaction({ TransactStatements: [{ Statement: missing }] })).resolves.toMatchObject({ Responses: [] });
    const batch = await db.batchExecuteStatement({ Statements: [{ Statement: missing }] });
    expect(batch.Responses).toEqual([{ TableName: 'Orders' }]);
    // An item that exists and fails the condition is still a ConditionalCheckFailedException.
    await expect(db.executeStatement({ Statement: `DELETE FROM "Orders" WHERE pk = 'a' AND sk = 1 AND total > 5` })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });
});

describe('PartiQL SELECT paging', () => {
  it("gives a NextToken when Limit is reached in a hash-only table's partition, as DynamoDB Local does, and the next page is empty", async () => {
    const db = createLocalDynamoDB();
    await db.createTable({
      TableName: 'Users',
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    });
    await db.putItem({ TableName: 'Users', Item: { id: { S: 'a' }, v: { N: '1' } } });
    const first = await db.executeStatement({ Statement: `SELECT * FROM "Users" WHERE id = 'a' AND v = 2`, Limit: 1 });
    expect(first.Items).toEqual([]);
    expect(first.NextToken).toBeDefined();
    const next = await db.executeStatement({ Statement: `SELECT * FROM "Users" WHERE id = 'a' AND v = 2`, Limit: 1, NextToken: first.NextToken });
    expect(next).toMatchObject({ Items: [] });
    expect(next.NextToken).toBeUndefined();
  });
});
