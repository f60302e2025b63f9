import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoDB } from '/work/wt/diffql/src/engine';
const local = new DynamoDB({ endpoint: 'http://127.0.0.1:5322', region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 'k' }, maxAttempts: 1 });
for (const [name, db] of [['local', local], ['engine', createLocalDynamoDB()]] as const) {
  await db.deleteTable({ TableName: 'probe' }).catch(() => {});
  await db.createTable({ TableName: 'probe', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST' });
  await db.putItem({ TableName: 'probe', Item: { pk: { S: 'a' }, v: { N: '1' } } });
  const show = async (label: string, f: () => Promise<unknown>) => { try { const r: any = await f(); delete r.$metadata; if (r.NextToken) r.NextToken = JSON.parse(Buffer.from(r.NextToken, 'base64').toString()).opIndexToExclusiveNextKey; console.log(name, label, JSON.stringify(r)); } catch (e: any) { console.log(name, label, 'ERR', e.name, e.message); } };
  await show('sel limit1', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk = 'a'`, Limit: 1 }));
  await show('sel limit1 filter rejects', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk = 'a' AND v = 2`, Limit: 1 }));
  await show('sel limit1 filter keeps', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk = 'a' AND v = 1`, Limit: 1 }));
  await show('sel limit1 IN', () => db.executeStatement({ Statement: `SELECT * FROM "probe" WHERE pk IN ['a', 'b']`, Limit: 1 }));
  await show('query limit1 filter rejects', () => db.query({ TableName: 'probe', KeyConditionExpression: 'pk = :a', FilterExpression: 'v = :two', ExpressionAttributeValues: { ':a': { S: 'a' }, ':two': { N: '2' } }, Limit: 1 }));
  await show('query limit1', () => db.query({ TableName: 'probe', KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': { S: 'a' } }, Limit: 1 }));
}
process.exit(0);
