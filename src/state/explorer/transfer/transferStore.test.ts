import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../../engine';
import { createExplorerStore } from '../../explorerStore';
import { createTransferStore } from './transferStore';

async function setUp(canWrite = true) {
  const source = createLocalDynamoDB();
  await source.createTable({
    TableName: 'Orders',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  const explorer = createExplorerStore();
  await explorer.getState().connect(source, 'Engine');
  await explorer.getState().selectTable('Orders');
  const transfer = createTransferStore({ explorer, canWrite: () => canWrite });
  return { source, explorer, transfer };
}

const FILE = ['{"pk": {"S": "o"}, "sk": {"N": "1"}}', '{"pk": {"S": "o"}, "sk": {"S": "bad"}}', '{"Item": {"pk": {"S": "o"}, "sk": {"N": "2"}}}', '{"pk": {"S": "o"}, "sk": {"N": "3"}}'].join('\n');

describe('the transfer store', () => {
  it('imports a file, reports the bad line, and shows the items in the grid', async () => {
    const { explorer, transfer } = await setUp();
    explorer.getState().setForm({ mode: 'query', partitionValue: 'o' });
    await explorer.getState().run();
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    const job = transfer.getState().job;
    expect(job).toMatchObject({ kind: 'import', running: false, fileName: 'f.jsonl', report: { written: 3, rejected: [{ line: 2 }] } });
    expect(explorer.getState().items.map((item) => item.sk?.N)).toEqual(['1', '2', '3']);
  });

  it('confirms a bulk delete of the ticked rows with their count and keys, then deletes exactly those', async () => {
    const { explorer, transfer, source } = await setUp();
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    explorer.getState().setForm({ mode: 'query', partitionValue: 'o' });
    await explorer.getState().run();
    const [first, , third] = explorer.getState().items;
    transfer.getState().setSelected(third!, true);
    transfer.getState().setSelected(first!, true);
    await transfer.getState().askDelete('selected');
    expect(transfer.getState().confirmation).toEqual({ scope: 'selected', counting: false, count: 2, firstKeys: ['{"pk":{"S":"o"},"sk":{"N":"1"}}', '{"pk":{"S":"o"},"sk":{"N":"3"}}'] });
    await transfer.getState().confirmDelete();
    expect(transfer.getState().job?.report).toMatchObject({ written: 2, rejected: [] });
    expect(transfer.getState().selected.size).toBe(0);
    const left = await source.scan({ TableName: 'Orders' });
    expect(left.Items?.map((item) => item.sk?.N)).toEqual(['2']);
  });

  it('counts every result of the query before deleting them all', async () => {
    const { explorer, transfer, source } = await setUp();
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    explorer.getState().setForm({ mode: 'query', partitionValue: 'o', limit: '1' });
    await explorer.getState().run();
    expect(explorer.getState().items).toHaveLength(1);
    await transfer.getState().askDelete('results');
    expect(transfer.getState().confirmation).toMatchObject({ scope: 'results', counting: false, count: 3 });
    await transfer.getState().confirmDelete();
    expect((await source.scan({ TableName: 'Orders' })).Items).toEqual([]);
  });

  it('writes nothing where the connection cannot write', async () => {
    const { transfer, source } = await setUp(false);
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    expect(transfer.getState().job).toBeUndefined();
    expect((await source.scan({ TableName: 'Orders' })).Items).toEqual([]);
  });
});
