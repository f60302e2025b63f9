import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoDB } from '/work/wt/diffql/src/engine';
const local = new DynamoDB({ endpoint: 'http://127.0.0.1:5322', region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 'k' }, maxAttempts: 1 });
const engine = createLocalDynamoDB();
const probes: [string, (db: any) => Promise<unknown>][] = JSON.parse('[]');
for (const [name, db] of [['local', local], ['engine', engine]] as const) {
  await db.deleteTable({ TableName: 'probe' }).catch(() => {});
  await db.createTable({ TableName: 'probe', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], BillingMode: 'PAY_PER_REQUEST' });
  await db.putItem({ TableName: 'probe', Item: { pk: { S: 'a' }, sk: { N: '1' }, f: { N: '3' } } });
  const show = async (label: string, f: () => Promise<unknown>) => { try { const r: any = await f(); delete r.$metadata; console.log(name, label, JSON.stringify(r)); } catch (e: any) { console.log(name, label, 'ERR', e.name, e.message, JSON.stringify(e.CancellationReasons ?? '')); } };
  const T = (...s: string[]) => () => db.executeTransaction({ TransactStatements: s.map((Statement) => ({ Statement })) });
  await show('stmt delete missing cond', () => db.executeStatement({ Statement: `DELETE FROM "probe" WHERE pk = 'zz' AND sk = 1 AND v IS NOT MISSING` }));
  await show('stmt delete missing cond f<1', () => db.executeStatement({ Statement: `DELETE FROM "probe" WHERE pk = 'zz' AND sk = 1 AND f < 1` }));
  await show('stmt delete missing cond f IS MISSING', () => db.executeStatement({ Statement: `DELETE FROM "probe" WHERE pk = 'zz' AND sk = 1 AND f IS MISSING` }));
  await show('tx delete missing cond', T(`DELETE FROM "probe" WHERE pk = 'zz' AND sk = 1 AND v IS NOT MISSING`));
  await show('tx delete missing nocond', T(`DELETE FROM "probe" WHERE pk = 'zz' AND sk = 1`));
  await show('tx delete existing cond fails', T(`DELETE FROM "probe" WHERE pk = 'a' AND sk = 1 AND f > 5`));
  await show('tx update missing', T(`UPDATE "probe" SET f = 1 WHERE pk = 'zz' AND sk = 1`));
  await show('tx update missing cond', T(`UPDATE "probe" SET f = 1 WHERE pk = 'zz' AND sk = 1 AND f IS MISSING`));
  await show('stmt update missing cond', () => db.executeStatement({ Statement: `UPDATE "probe" SET f = 1 WHERE pk = 'zz' AND sk = 1 AND f IS MISSING` }));
  await show('tx exists missing', T(`EXISTS(SELECT * FROM "probe" WHERE pk = 'zz' AND sk = 1 AND f IS MISSING)`));
  await show('batch delete missing cond', () => db.batchExecuteStatement({ Statements: [{ Statement: `DELETE FROM "probe" WHERE pk = 'zz' AND sk = 1 AND v IS NOT MISSING` }] }));
}
process.exit(0);
