import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../../engine';
import { createExplorerStore } from '../../explorerStore';
import { createItemEditorStore } from './itemEditorStore';

async function setUp() {
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
  const editor = createItemEditorStore({ explorer, canWrite: () => true });
  return { source, explorer, editor };
}

const NEW_ITEM = '{"pk": {"S": "o1"}, "sk": {"N": "1"}, "tags": {"SS": ["a", "b"]}, "big": {"NS": ["12345678901234567890123456789012345678", "1e3"]}, "raw": {"B": "/wA="}}';

describe('the item editor store', () => {
  it('offers no writes where the connection says no', async () => {
    const { explorer } = await setUp();
    const editor = createItemEditorStore({ explorer, canWrite: () => false });
    expect(editor.getState().canWrite()).toBe(false);
    editor.getState().openNew();
    expect(editor.getState().open).toBe(false);
  });

  it('prefills the key, writes a new item exactly, then refuses the same key', async () => {
    const { source, editor } = await setUp();
    editor.getState().openNew();
    expect(JSON.parse(editor.getState().text)).toEqual({ pk: { S: '' }, sk: { N: '' } });
    editor.getState().setText(NEW_ITEM);
    expect(editor.getState().respelled).toEqual([{ path: 'big[1]', typed: '1e3', stored: '1000' }]);
    expect(await editor.getState().save()).toBe(true);
    const { Item } = await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '1' } } });
    expect(Item?.tags).toEqual({ SS: ['a', 'b'] });
    expect(Item?.big?.NS).toContain('12345678901234567890123456789012345678');
    expect(Item?.raw?.B).toEqual(Uint8Array.of(0xff, 0));

    editor.getState().openNew();
    editor.getState().setText('{"pk": {"S": "o1"}, "sk": {"N": "1"}, "other": {"S": "x"}}');
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome).toMatchObject({ kind: 'keyExists', existing: { tags: { SS: ['a', 'b'] } } });
    const again = await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '1' } } });
    expect(again.Item?.other).toBeUndefined();
    editor.getState().reload();
    expect(editor.getState()).toMatchObject({ mode: 'edit', original: { pk: { S: 'o1' } } });
  });

  it('shows bad JSON with its line and column and a missing key by name', async () => {
    const { editor } = await setUp();
    editor.getState().openNew();
    editor.getState().setText('{\n  "pk": {"S": "o1"},\n  "sk": {"N": "1"\n}');
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().problems[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
    editor.getState().setText('{"pk": {"S": "o1"}}');
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().problems).toEqual([expect.objectContaining({ path: 'sk' })]);
  });

  it('writes nothing for an untouched edit, saves a change, and detects a change made behind its back', async () => {
    const { source, editor } = await setUp();
    await source.putItem({ TableName: 'Orders', Item: { pk: { S: 'o1' }, sk: { N: '1' }, tags: { SS: ['a', 'b'] }, n: { N: '5' } } });
    const read = async () => (await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '1' } } })).Item ?? {};
    let writes = 0;
    const original = source.putItem.bind(source);
    source.putItem = async (input) => {
      writes += 1;
      return original(input);
    };

    editor.getState().openEdit(await read());
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome).toEqual({ kind: 'nothingChanged' });
    expect(writes).toBe(0);

    editor.getState().openEdit(await read());
    editor.getState().setText(editor.getState().text.replace('"5"', '"6"'));
    expect(await editor.getState().save()).toBe(true);
    expect((await read()).n).toEqual({ N: '6' });

    editor.getState().openEdit(await read());
    await original({ TableName: 'Orders', Item: { ...(await read()), n: { N: '7' } } });
    editor.getState().setText(editor.getState().text.replace('"6"', '"8"'));
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome).toMatchObject({ kind: 'conflict', mine: { n: { N: '8' } }, theirs: { n: { N: '7' } } });
    expect((await read()).n).toEqual({ N: '7' });

    expect(await editor.getState().overwrite()).toBe(true);
    expect((await read()).n).toEqual({ N: '8' });
  });
});
