import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoDB } from '/work/wt/diffql/src/engine';
const local = new DynamoDB({ endpoint: 'http://127.0.0.1:5322', region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 'k' }, maxAttempts: 1 });
const engine = createLocalDynamoDB();
for (const [name, db] of [['local', local], ['engine', engine]] as const) {
  await db.deleteTable({ TableName: 'probe' }).catch(() => {});
  await db.createTable({ TableName: 'probe', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], BillingMode: 'PAY_PER_REQUEST' });
  const show = async (label: string, f: () => Promise<unknown>) => { try { const r: any = await f(); delete r.$metadata; console.log(name, label, JSON.stringify(r)); } catch (e: any) { console.log(name, label, 'ERR', e.name, e.message); } };
  for (const rcc of ['TOTAL', 'INDEXES'] as const) {
    await show('write ' + rcc, () => db.batchExecuteStatement({ ReturnConsumedCapacity: rcc, Statements: [{ Statement: `INSERT INTO "probe" VALUE {'pk': 'a', 'sk': 1, 'x': '${'y'.repeat(2000)}'}` }, { Statement: `INSERT INTO "probe" VALUE {'pk': 'a', 'sk': 2}` }, { Statement: `UPDATE "probe" SET q = 1 WHERE pk = 'a' AND sk = 3 AND q = 7` }] }));
    await show('read ' + rcc, () => db.batchExecuteStatement({ ReturnConsumedCapacity: rcc, Statements: [{ Statement: `SELECT * FROM "probe" WHERE pk = 'a' AND sk = 1` }, { Statement: `SELECT * FROM "probe" WHERE pk = 'a' AND sk = 9` }, { Statement: `SELECT * FROM "probe" WHERE pk = 'a' AND sk = 2` }] }));
    await show('delete ' + rcc, () => db.batchExecuteStatement({ ReturnConsumedCapacity: rcc, Statements: [{ Statement: `DELETE FROM "probe" WHERE pk = 'a' AND sk = 1` }, { Statement: `DELETE FROM "probe" WHERE pk = 'a' AND sk = 2` }] }));
  }
}
process.exit(0);
