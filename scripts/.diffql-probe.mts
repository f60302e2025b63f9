import { DynamoDB } from '@aws-sdk/client-dynamodb';
const local = new DynamoDB({ endpoint: 'http://127.0.0.1:5322', region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 'k' }, maxAttempts: 1 });
const db = local;
for (const t of ['S', 'B'] as const) {
  await db.deleteTable({ TableName: 'probe' }).catch(() => {});
  await db.createTable({ TableName: 'probe', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: t }, { AttributeName: 'sk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], BillingMode: 'PAY_PER_REQUEST' });
  const v = (x: number) => (t === 'S' ? { S: String(x) } : { B: Uint8Array.from([x]) });
  await db.putItem({ TableName: 'probe', Item: { pk: v(1), sk: { S: 'a' } } });
  await db.putItem({ TableName: 'probe', Item: { pk: v(1), sk: { S: 'b' }, v: { S: '' } } });
  await db.putItem({ TableName: 'probe', Item: { pk: v(2), sk: { S: 'b' }, v: { S: '' } } });
  const show = async (label: string, f: () => Promise<unknown>) => { try { const r: any = await f(); delete r.$metadata; console.log(t, label, JSON.stringify(r)); } catch (e: any) { console.log(t, label, 'ERR', e.name, e.message); } };
  await show('IN dup', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN [?, ?]`, Parameters: [v(1), v(1)] }));
  await show('IN distinct', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN [?, ?]`, Parameters: [v(1), v(2)] }));
  await show('IN distinct order', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN [?, ?] ORDER BY sk DESC`, Parameters: [v(1), v(2)] }));
  await show('IN dup order filter', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN [?, ?] AND (v IS NOT MISSING) ORDER BY sk DESC`, Parameters: [v(1), v(1)] }));
  await show('IN dist order filter', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN [?, ?] AND (v IS NOT MISSING) ORDER BY sk DESC`, Parameters: [v(1), v(2)] }));
  await show('IN dist order', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN [?, ?] ORDER BY sk DESC`, Parameters: [v(1), v(2)] }));
  await show('IN dup order', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN [?, ?] ORDER BY sk DESC`, Parameters: [v(1), v(1)] }));
}
process.exit(0);
