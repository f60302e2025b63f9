/**
 * Wide items through the item editor's store, against real DynamoDB Local
 * and the built-in engine: an item of 155 attributes made "Invalid
 * ConditionExpression: … operator count: 301" and one of 250 "Expression size
 * has exceeded the maximum allowed size", so Save and Delete item could never
 * succeed. Now both save and delete, say beforehand how they are checked, and
 * a change made behind the editor's back is still a conflict — in an
 * attribute the write's condition compares and in one only the read before
 * the write compares.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBDataSource } from '../src/engine';
import type { Item } from '../src/expressions';
import { itemToText } from '../src/items';
import { createExplorerStore } from '../src/state/explorerStore';
import { createWriteConfirmationStore } from '../src/state/writeAccess';
import { createItemEditorStore } from '../src/state/explorer/itemEditor';
import { createDynamoDBLocalSide, createInProcessEngineSide, type Side } from './contract/sides';
import { uniqueTableName } from './dynamodbLocal';

const sides: { name: string; make: () => Side }[] = [
  { name: 'DynamoDB Local', make: createDynamoDBLocalSide },
  { name: 'the built-in engine', make: createInProcessEngineSide },
];

/** An item of `count` attributes (the key included); the names are long enough that 250 of them pass 4 KB of condition. */
function wideItem(pk: string, count: number): Item {
  const item: Record<string, AttributeValue> = { pk: { S: pk } };
  for (let i = 1; i < count; i++) item[`attribute_${String(i).padStart(3, '0')}`] = { N: String(i) };
  return item;
}

describe.each(sides)('wide items in the item editor on $name', ({ make }) => {
  let side: Side;
  let db: DynamoDBDataSource;
  const tableName = uniqueTableName('wideItems');

  beforeAll(async () => {
    side = make();
    db = side.db;
    await db.createTable({
      TableName: tableName,
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
  }, 60_000);

  afterAll(async () => {
    await db?.deleteTable({ TableName: tableName }).catch(() => undefined);
    await side?.close();
  });

  async function editor() {
    const explorer = createExplorerStore();
    await explorer.getState().connect(db, 'test');
    await explorer.getState().selectTable(tableName);
    return createItemEditorStore({ explorer, canWrite: () => true, confirmWrite: createWriteConfirmationStore().getState().confirmWrite });
  }
  const read = async (pk: string) => (await db.getItem({ TableName: tableName, Key: { pk: { S: pk } }, ConsistentRead: true })).Item;
  const withValue = (item: Item, name: string, value: AttributeValue): Item => ({ ...item, [name]: value });

  it.each([155, 250])('saves and deletes an item of %i attributes, saying how it is checked', async (count) => {
    const pk = `wide-${count}`;
    await db.putItem({ TableName: tableName, Item: wideItem(pk, count) });
    const store = await editor();
    const stored = (await read(pk)) as Item;
    store.getState().openEdit(stored);
    const wideCheck = store.getState().wideCheck;
    store.getState().setText(itemToText(withValue(stored, 'attribute_007', { S: 'edited' })));
    expect(await store.getState().save(), JSON.stringify(store.getState().outcome)).toBe(true);
    expect(wideCheck).toEqual({ checked: 150, total: count });
    expect((await read(pk))?.attribute_007).toEqual({ S: 'edited' });
    expect(Object.keys((await read(pk)) ?? {})).toHaveLength(count);

    // A key change (Put of the new key + Delete of the old one, one transaction) of the wide item.
    const moved = `${pk}-moved`;
    store.getState().openEdit((await read(pk)) as Item);
    store.getState().setText(itemToText({ ...((await read(pk)) as Item), pk: { S: moved } }));
    expect(await store.getState().save()).toBe(true);
    expect(await read(pk)).toBeUndefined();

    store.getState().askDelete((await read(moved)) as Item);
    expect(store.getState().deletion?.wideCheck).toEqual({ checked: 150, total: count });
    expect(await store.getState().confirmDelete()).toBe(true);
    expect(await read(moved)).toBeUndefined();
  });

  it.each([
    ['compares', 'attribute_003'],
    ['leaves to the read before the write', 'attribute_240'],
  ])('a change behind its back to an attribute the condition %s is a conflict, for Save and for Delete', async (_how, changed) => {
    const pk = `wide-conflict-${changed}`;
    await db.putItem({ TableName: tableName, Item: wideItem(pk, 250) });
    const store = await editor();
    const shown = (await read(pk)) as Item;
    store.getState().openEdit(shown);
    await db.putItem({ TableName: tableName, Item: withValue(shown, changed, { S: 'theirs' }) });
    store.getState().setText(itemToText(withValue(shown, 'attribute_010', { S: 'mine' })));
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().outcome).toMatchObject({ kind: 'conflict', theirs: { [changed]: { S: 'theirs' } }, mine: { attribute_010: { S: 'mine' } } });
    expect((await read(pk))?.attribute_010).toEqual({ N: '10' });

    store.getState().askDelete(shown);
    expect(await store.getState().confirmDelete()).toBe(false);
    expect(store.getState().deletion?.outcome).toMatchObject({ kind: 'conflict', theirs: { [changed]: { S: 'theirs' } } });
    expect((await read(pk))?.[changed]).toEqual({ S: 'theirs' });
  });
});
