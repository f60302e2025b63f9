/**
 * The item editor against the real DynamoDB Local and the built-in engine:
 * every attribute type written through the editor's two views comes back
 * exactly (fast-check over random items: sets of 38-digit numbers, binary
 * with high bytes, deep nesting, empty strings in non-key attributes), an
 * untouched item writes nothing, a conflicting edit is detected, and a key
 * change is one transaction (a failure of either half leaves the old item).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readItem, type DynamoDBDataSource } from '../src/engine';
import type { Item } from '../src/expressions';
import { binaryToText, itemToForm, itemToText } from '../src/items';
import { createExplorerStore } from '../src/state/explorerStore';
import { createWriteConfirmationStore } from '../src/state/writeAccess';
import { createItemEditorStore } from '../src/state/explorer/itemEditor';
import { createDynamoDBLocalSide, createInProcessEngineSide, type Side } from './contract/sides';
import { uniqueTableName } from './dynamodbLocal';

const digits38 = fc.stringMatching(/^[1-9]\d{37}$/);
const bytes = fc.uint8Array({ minLength: 1, maxLength: 24 }).map((b) => (b.length > 0 ? b : Uint8Array.of(0xff)));
const highBytes = fc.uint8Array({ minLength: 1, maxLength: 8 }).map((b) => Uint8Array.from(b, (byte) => byte | 0x80));
const leaf: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.string({ unit: 'grapheme' }).map((S) => ({ S })),
  fc.oneof(digits38, fc.integer().map(String), fc.constantFrom('-0.5', '1e-130', '9.9999999999999999999999999999999999999e+125')).map((N) => ({ N })),
  fc.oneof(bytes, highBytes).map((B) => ({ B })),
  fc.boolean().map((BOOL) => ({ BOOL })),
  fc.constant({ NULL: true as const }),
  fc.uniqueArray(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }).map((SS) => ({ SS })),
  fc.uniqueArray(digits38, { minLength: 1, maxLength: 4 }).map((NS) => ({ NS })),
  fc.uniqueArray(highBytes, { minLength: 1, maxLength: 3, selector: (b) => b.join(',') }).map((BS) => ({ BS })),
);
const { value } = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
}));
/** Non-key attributes (prefixed, so none is named pk or sk), normalised as DynamoDB stores them. */
const attributes: fc.Arbitrary<Item> = fc
  .dictionary(
    fc.string({ minLength: 1 }).map((name) => `a_${name}`),
    value,
    { maxKeys: 6 },
  )
  .map((candidate) => readItem(candidate));

/** An item with its sets' members sorted, so two spellings of the same stored item compare equal (set order is not kept). */
function canonical(item: Item): unknown {
  const of = (attribute: AttributeValue): unknown => {
    if (attribute.SS) return { SS: [...attribute.SS].sort() };
    if (attribute.NS) return { NS: [...attribute.NS].sort() };
    if (attribute.BS) return { BS: attribute.BS.map((member) => binaryToText(member, 'hex')).sort() };
    if (attribute.B) return { B: binaryToText(attribute.B, 'hex') };
    if (attribute.L) return { L: attribute.L.map(of) };
    if (attribute.M) return { M: Object.fromEntries(Object.entries(attribute.M).map(([name, member]) => [name, of(member)])) };
    return attribute;
  };
  return Object.fromEntries(Object.entries(item).map(([name, member]) => [name, of(member)]));
}

const sides: { name: string; make: () => Side }[] = [
  { name: 'DynamoDB Local', make: createDynamoDBLocalSide },
  { name: 'the built-in engine', make: createInProcessEngineSide },
];

describe.each(sides)('the item editor on $name', ({ make }) => {
  let side: Side;
  let db: DynamoDBDataSource;
  const tableName = uniqueTableName('itemEditor');

  beforeAll(async () => {
    side = make();
    db = side.db;
    await db.createTable({
      TableName: tableName,
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
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
  const read = async (key: Item) => (await db.getItem({ TableName: tableName, Key: key, ConsistentRead: true })).Item;
  let nextSk = 0;

  it('writes every attribute type exactly through the text and the form, and an untouched item writes nothing (property)', async () => {
    const store = await editor();
    await fc.assert(
      fc.asyncProperty(attributes, fc.constantFrom('text' as const, 'form-base64' as const, 'form-hex' as const), async (other, view) => {
        const key = { pk: { S: 'round-trip' }, sk: { N: String((nextSk += 1)) } };
        const item: Item = { ...key, ...other };
        store.getState().openNew();
        if (view === 'text') store.getState().setText(itemToText(item));
        else {
          const encoding = view === 'form-hex' ? 'hex' : 'base64';
          store.getState().setEncoding(encoding);
          store.getState().setForm(itemToForm(item, encoding));
        }
        expect(await store.getState().save()).toBe(true);
        const stored = (await read(key)) ?? {};
        expect(canonical(stored)).toEqual(canonical(item));

        store.getState().openEdit(stored);
        expect(await store.getState().save()).toBe(false);
        expect(store.getState().outcome).toEqual({ kind: 'nothingChanged' });
        store.getState().setForm(store.getState().form);
        expect(await store.getState().save()).toBe(false);
        expect(store.getState().outcome).toEqual({ kind: 'nothingChanged' });
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('detects an edit that conflicts with a change made behind its back', async () => {
    const store = await editor();
    const key = { pk: { S: 'conflict' }, sk: { N: '1' } };
    await db.putItem({ TableName: tableName, Item: { ...key, n: { N: '1' }, tags: { SS: ['a'] } } });
    store.getState().openEdit((await read(key)) ?? {});
    await db.putItem({ TableName: tableName, Item: { ...key, n: { N: '2' }, tags: { SS: ['a'] } } });
    store.getState().setText(store.getState().text.replace('"a"', '"b"'));
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().outcome).toMatchObject({ kind: 'conflict', theirs: { n: { N: '2' } }, mine: { tags: { SS: ['b'] } } });
    expect(await read(key)).toMatchObject({ n: { N: '2' }, tags: { SS: ['a'] } });
    expect(await store.getState().overwrite()).toBe(true);
    expect(await read(key)).toMatchObject({ n: { N: '1' }, tags: { SS: ['b'] } });
  });

  it('changes a key atomically: a taken key or a conflicting old item leaves the old item, else one transaction moves it', async () => {
    const store = await editor();
    const key = (sk: string) => ({ pk: { S: 'rekey' }, sk: { N: sk } });
    await db.putItem({ TableName: tableName, Item: { ...key('1'), v: { S: 'old' } } });
    await db.putItem({ TableName: tableName, Item: { ...key('9'), v: { S: 'taken' } } });
    const moveTo = (sk: string) => store.getState().setText(store.getState().text.replace(/"N": "1"/, `"N": "${sk}"`));

    store.getState().openEdit((await read(key('1'))) ?? {});
    moveTo('9');
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().outcome).toMatchObject({ kind: 'keyExists', existing: { v: { S: 'taken' } } });
    expect(await read(key('1'))).toMatchObject({ v: { S: 'old' } });

    store.getState().openEdit((await read(key('1'))) ?? {});
    await db.putItem({ TableName: tableName, Item: { ...key('1'), v: { S: 'changed' } } });
    moveTo('2');
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().outcome?.kind).toBe('conflict');
    expect(await read(key('2'))).toBeUndefined();
    expect(await read(key('1'))).toMatchObject({ v: { S: 'changed' } });

    store.getState().reload();
    moveTo('2');
    expect(await store.getState().save()).toBe(true);
    expect(await read(key('1'))).toBeUndefined();
    expect(await read(key('2'))).toMatchObject({ v: { S: 'changed' } });
  });
});
