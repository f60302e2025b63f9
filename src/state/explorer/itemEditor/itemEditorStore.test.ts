import { describe, expect, it } from 'vitest';
import { toCreateTableInput, LEADERBOARD_DESIGN, type TableDesign } from '../../../design';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../../engine';
import { createExplorerStore, type ExplorerStore } from '../../explorerStore';
import type { ConfirmWrite } from '../../writeAccess';
import { answeredWriteConfirmation, asAwsSource } from '../../testing/writeConfirmations';
import { parseKeyValue } from '../../queryBuilder/queryForm';
import { createItemEditorStore, type ItemEditorStore } from './itemEditorStore';

async function setUp() {
  const source = createLocalDynamoDB();
  await source.createTable({
    TableName: 'Orders',
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
  const explorer = createExplorerStore();
  await explorer.getState().connect(source, 'Engine');
  await explorer.getState().selectTable('Orders');
  const editor = createItemEditorStore({ explorer, canWrite: () => true, confirmWrite: answeredWriteConfirmation().confirmWrite });
  return { source, explorer, editor };
}

const NEW_ITEM =
  '{"pk": {"S": "o1"}, "sk": {"N": "1"}, "tags": {"SS": ["a", "b"]}, "big": {"NS": ["12345678901234567890123456789012345678", "1e3"]}, "raw": {"B": "/wA="}}';

describe('the item editor store', () => {
  it('offers no writes where the connection says no', async () => {
    const { explorer } = await setUp();
    const editor = createItemEditorStore({ explorer, canWrite: () => false, confirmWrite: answeredWriteConfirmation().confirmWrite });
    expect(editor.getState().canWrite()).toBe(false);
    editor.getState().openNew();
    expect(editor.getState().open).toBe(false);
  });

  it('asks the write confirmation on AWS before every item write (new, edit, key change, duplicate, overwrite, delete), and sends nothing on No', async () => {
    const { source, explorer } = await setUp();
    await explorer.getState().connect(asAwsSource(source), 'AWS eu-west-1');
    await explorer.getState().selectTable('Orders');
    const confirmation = answeredWriteConfirmation(false);
    const editor = createItemEditorStore({ explorer, canWrite: () => true, confirmWrite: confirmation.confirmWrite });
    const key = { pk: { S: 'o1' }, sk: { N: '1' } };
    const stored = async (at = key) => (await source.getItem({ TableName: 'Orders', Key: at, ConsistentRead: true })).Item;
    editor.getState().openNew();
    editor.getState().setText(JSON.stringify({ ...key, note: { S: 'x' } }));
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState()).toMatchObject({ open: true, saving: false });
    expect(await stored()).toBeUndefined();
    confirmation.answer = true;
    expect(await editor.getState().save()).toBe(true);
    const original = (await stored())!;

    confirmation.answer = false;
    // Edit, key change and Duplicate: declined, the stored item is as it was and no other key appears.
    editor.getState().openEdit(original);
    editor.getState().setText(JSON.stringify({ ...key, note: { S: 'edited' } }));
    expect(await editor.getState().save()).toBe(false);
    editor.getState().openEdit(original);
    editor.getState().setText(JSON.stringify({ pk: { S: 'o1' }, sk: { N: '2' }, note: { S: 'x' } }));
    expect(await editor.getState().save()).toBe(false);
    editor.getState().openDuplicate(original);
    editor.getState().setText(JSON.stringify({ pk: { S: 'o1' }, sk: { N: '3' }, note: { S: 'x' } }));
    expect(await editor.getState().save()).toBe(false);
    expect((await source.scan({ TableName: 'Orders' })).Items).toEqual([original]);

    // Overwrite after a conflict: declined, theirs stays.
    confirmation.answer = true;
    editor.getState().openEdit(original);
    await source.putItem({ TableName: 'Orders', Item: { ...key, note: { S: 'theirs' } } });
    editor.getState().setText(JSON.stringify({ ...key, note: { S: 'mine' } }));
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome?.kind).toBe('conflict');
    confirmation.answer = false;
    expect(await editor.getState().overwrite()).toBe(false);
    expect((await stored())?.note).toEqual({ S: 'theirs' });

    editor.getState().askDelete((await stored())!);
    expect(await editor.getState().confirmDelete()).toBe(false);
    expect(editor.getState().deletion).toMatchObject({ sending: false });
    expect(await stored()).toBeDefined();
    expect(confirmation.asked).toEqual([
      'Put a new item into Orders',
      'Put a new item into Orders',
      'Save an edited item of Orders',
      'Save an edited item of Orders',
      'Put a new item into Orders',
      'Save an edited item of Orders',
      'Overwrite the changed item of Orders',
      'Delete an item of Orders',
    ]);
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
    // The refusal belonged to the new item: the item opened for editing starts without it.
    expect(editor.getState().outcome).toBeUndefined();
    editor.getState().close();
    editor.getState().openNew();
    expect(editor.getState().original).toBeUndefined();
  });

  it('takes plain document JSON, showing the DynamoDB types it becomes before saving, and keeps DynamoDB JSON as it was', async () => {
    const { source, editor } = await setUp();
    editor.getState().openNew();
    editor.getState().setText('{"pk": "d1", "sk": 2, "score": 10, "tags": ["a", 1], "ok": true, "none": null, "address": {"__proto__": "x"}}');
    expect(JSON.parse(editor.getState().documentTypes ?? '')).toEqual({
      pk: { S: 'd1' },
      sk: { N: '2' },
      score: { N: '10' },
      tags: { L: [{ S: 'a' }, { N: '1' }] },
      ok: { BOOL: true },
      none: { NULL: true },
      address: { M: JSON.parse('{"__proto__": {"S": "x"}}') },
    });
    expect(editor.getState().form.map((entry) => `${entry.name}:${entry.value.type}`)).toEqual([
      'pk:S',
      'sk:N',
      'score:N',
      'tags:L',
      'ok:BOOL',
      'none:NULL',
      'address:M',
    ]);
    expect(await editor.getState().save()).toBe(true);
    const { Item } = await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'd1' }, sk: { N: '2' } } });
    expect(Item?.score).toEqual({ N: '10' });
    expect(Object.getOwnPropertyDescriptor(Item?.address?.M, '__proto__')?.value).toEqual({ S: 'x' });

    // DynamoDB JSON stays DynamoDB JSON (no types shown), and a number plain JSON can't keep is refused with its fix.
    editor.getState().openNew();
    editor.getState().setText('{"pk": {"S": "d2"}, "sk": {"N": "1"}, "m": {"M": {}}}');
    expect(editor.getState().documentTypes).toBeUndefined();
    editor.getState().setText('{"pk": "d3", "sk": 12345678901234567890123}');
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().problems).toEqual([{ path: 'sk', message: expect.stringContaining('{"N": "12345678901234567890123"}') }]);
  });

  it('shows a right-to-left override in the text as an escape, and saves the value unchanged', async () => {
    const { source, editor } = await setUp();
    await source.putItem({ TableName: 'Orders', Item: { pk: { S: 'o9' }, sk: { N: '1' }, file: { S: '05\u202Egnp.exe' } } });
    const { Item } = await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o9' }, sk: { N: '1' } } });
    editor.getState().openEdit(Item ?? {});
    expect(editor.getState().text).not.toContain('\u202E');
    expect(editor.getState().text).toContain('"05\\u202egnp.exe"');
    editor.getState().setText(editor.getState().text.replace('"N": "1"\n  },\n  "file"', '"N": "1"\n  },\n  "note": {"S": "n"},\n  "file"'));
    expect(await editor.getState().save()).toBe(true);
    const after = await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o9' }, sk: { N: '1' } } });
    expect(after.Item?.file).toEqual({ S: '05\u202Egnp.exe' });
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

describe('the item editor store: form view, key change, delete', () => {
  it('keeps the form and the DynamoDB JSON in sync both ways, binary in base64 or hex', async () => {
    const { editor } = await setUp();
    editor.getState().openNew();
    editor.getState().setText(NEW_ITEM);
    expect(editor.getState().form.find((entry) => entry.name === 'raw')?.value).toEqual({ type: 'B', text: '/wA=' });
    editor.getState().setEncoding('hex');
    expect(editor.getState().form.find((entry) => entry.name === 'raw')?.value).toEqual({ type: 'B', text: 'ff00' });
    const form = editor.getState().form.map((entry) => (entry.name === 'raw' ? { ...entry, value: { type: 'B' as const, text: 'ff01' } } : entry));
    editor.getState().setForm(form);
    expect(JSON.parse(editor.getState().text).raw).toEqual({ B: '/wE=' });
    editor.getState().setText('{"pk": ');
    expect(editor.getState().formReadable).toBe(false);
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().problems[0]).toMatchObject({ line: 1 });
  });

  it('takes binary typed as the query builder takes it (0x, ":", "_", "-", spaces) and saves those bytes', async () => {
    const { editor, source } = await setUp();
    editor.getState().openNew();
    editor.getState().setText('{"pk": {"S": "o1"}, "sk": {"N": "1"}, "raw": {"B": ""}}');
    editor.getState().setEncoding('hex');
    for (const typed of ['0x01:02:ff', '01_02_FF', '01-02-ff', '0X01 02 ff']) {
      const builder = parseKeyValue(typed, 'B', 'id', 'hex');
      expect(builder, typed).toEqual({ value: { B: Uint8Array.of(1, 2, 0xff) } });
      editor
        .getState()
        .setForm(editor.getState().form.map((entry) => (entry.name === 'raw' ? { ...entry, value: { type: 'B' as const, text: typed } } : entry)));
      expect(JSON.parse(editor.getState().text).raw, typed).toEqual({ B: 'AQL/' });
    }
    expect(await editor.getState().save()).toBe(true);
    expect((await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '1' } } })).Item?.raw).toEqual({ B: Uint8Array.of(1, 2, 0xff) });
    // What neither takes, the editor refuses with the same words, naming the character and where it is.
    editor
      .getState()
      .setForm(editor.getState().form.map((entry) => (entry.name === 'raw' ? { ...entry, value: { type: 'B' as const, text: '01:0g' } } : entry)));
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().problems).toEqual([{ path: 'raw', message: expect.stringMatching(/^"g" is not a hex digit \(character 5 of the text\)/) }]);
    expect(parseKeyValue('01:0g', 'B', 'id', 'hex')).toEqual({ error: expect.stringContaining('"g" is not a hex digit (character 5 of the text)') });
  });

  it("refuses an empty set with DynamoDB's message, from either view", async () => {
    const { editor } = await setUp();
    editor.getState().openNew();
    editor.getState().setForm([
      { name: 'pk', value: { type: 'S', text: 'o1' } },
      { name: 'sk', value: { type: 'N', text: '1' } },
      { name: 'tags', value: { type: 'SS', members: [] } },
    ]);
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().problems).toEqual([{ path: 'tags', message: 'One or more parameter values were invalid: An string set  may not be empty' }]);
  });

  it('changes a key in ONE TransactWriteItems: the old item stays when either half fails', async () => {
    const { source, editor } = await setUp();
    const key = (sk: string) => ({ pk: { S: 'o1' }, sk: { N: sk } });
    await source.putItem({ TableName: 'Orders', Item: { ...key('1'), n: { N: '5' } } });
    await source.putItem({ TableName: 'Orders', Item: { ...key('3'), taken: { BOOL: true } } });
    const calls: string[] = [];
    for (const method of ['putItem', 'deleteItem', 'transactWriteItems'] as const) {
      const original = source[method].bind(source) as (input: never) => Promise<unknown>;
      (source as unknown as Record<string, unknown>)[method] = (input: never) => {
        calls.push(method);
        return original(input);
      };
    }
    const read = async (sk: string) => (await source.getItem({ TableName: 'Orders', Key: key(sk) })).Item;

    editor.getState().openEdit((await read('1')) ?? {});
    editor.getState().setText(editor.getState().text.replace('"1"', '"3"'));
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome).toMatchObject({ kind: 'keyExists', existing: { taken: { BOOL: true } } });
    expect(await read('1')).toMatchObject({ n: { N: '5' } });

    editor.getState().openEdit((await read('1')) ?? {});
    await source.putItem({ TableName: 'Orders', Item: { ...key('1'), n: { N: '6' } } });
    editor.getState().setText(editor.getState().text.replace('"1"', '"2"'));
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome).toMatchObject({ kind: 'conflict', theirs: { n: { N: '6' } } });
    expect(await read('2')).toBeUndefined();

    editor.getState().reload();
    expect(editor.getState().outcome).toBeUndefined();
    editor.getState().setText(editor.getState().text.replace('"1"', '"2"'));
    calls.length = 0;
    expect(await editor.getState().save()).toBe(true);
    expect(calls).toEqual(['transactWriteItems']);
    expect(await read('1')).toBeUndefined();
    expect(await read('2')).toMatchObject({ n: { N: '6' } });
  });

  it('deletes an item only while it is unchanged, after a confirmation showing its key', async () => {
    const { source, editor } = await setUp();
    const key = { pk: { S: 'o1' }, sk: { N: '1' } };
    await source.putItem({ TableName: 'Orders', Item: { ...key, n: { N: '5' } } });
    const item = (await source.getItem({ TableName: 'Orders', Key: key })).Item ?? {};
    editor.getState().askDelete(item);
    expect(editor.getState().deletion?.key).toEqual(key);
    await source.putItem({ TableName: 'Orders', Item: { ...key, n: { N: '6' } } });
    expect(await editor.getState().confirmDelete()).toBe(false);
    expect(editor.getState().deletion?.outcome).toMatchObject({ kind: 'conflict', theirs: { n: { N: '6' } } });
    editor.getState().askDelete((await source.getItem({ TableName: 'Orders', Key: key })).Item ?? {});
    expect(await editor.getState().confirmDelete()).toBe(true);
    expect(editor.getState().deletion).toBeUndefined();
    expect((await source.getItem({ TableName: 'Orders', Key: key })).Item).toBeUndefined();
  });

  it('keeps an attribute someone else added meanwhile (the edit is an UpdateItem of what changed, not a Put)', async () => {
    const { source, editor } = await setUp();
    const key = { pk: { S: 'o1' }, sk: { N: '1' } };
    await source.putItem({ TableName: 'Orders', Item: { ...key, n: { N: '5' }, gone: { S: 'x' } } });
    editor.getState().openEdit((await source.getItem({ TableName: 'Orders', Key: key })).Item ?? {});
    await source.updateItem({ TableName: 'Orders', Key: key, UpdateExpression: 'SET added = :a', ExpressionAttributeValues: { ':a': { S: 'theirs' } } });
    editor.getState().setText(JSON.stringify({ ...key, n: { N: '6' } }));
    expect(await editor.getState().save()).toBe(true);
    expect((await source.getItem({ TableName: 'Orders', Key: key })).Item).toEqual({ ...key, n: { N: '6' }, added: { S: 'theirs' } });
  });

  it('duplicates an item as a new one: its key is refused until changed', async () => {
    const { source, editor } = await setUp();
    await source.putItem({ TableName: 'Orders', Item: { pk: { S: 'o1' }, sk: { N: '1' }, tags: { SS: ['a'] } } });
    editor.getState().openDuplicate((await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '1' } } })).Item ?? {});
    expect(editor.getState().mode).toBe('new');
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome?.kind).toBe('keyExists');
    editor.getState().setText(editor.getState().text.replace('"1"', '"2"'));
    expect(await editor.getState().save()).toBe(true);
    expect((await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '2' } } })).Item?.tags).toEqual({ SS: ['a'] });
  });
});

describe('the item editor store: the query run after a write', () => {
  /** A confirmation that lets the user do `meanwhile` (switch table or connection) while it is open, then says yes. */
  const confirmingAfter =
    (explorer: ExplorerStore, meanwhile: () => Promise<void>): ConfirmWrite =>
    async (source, _action, write) => {
      await meanwhile();
      // A Scan, so a run would show: what the re-run must not do on another table.
      explorer.getState().setForm({ mode: 'scan' });
      return { confirmed: true, result: await write(source) };
    };

  async function withOtherTable() {
    const setup = await setUp();
    await setup.source.createTable({
      TableName: 'Other',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await setup.explorer.getState().refreshTables();
    await setup.explorer.getState().selectTable('Orders');
    setup.explorer.getState().setForm({ mode: 'scan' });
    return setup;
  }
  const newItem = (editor: ItemEditorStore) => {
    editor.getState().openNew();
    editor.getState().setText('{"pk": {"S": "o1"}, "sk": {"N": "1"}}');
  };

  it("runs the explorer's query again when the same connection and table are still shown", async () => {
    const { explorer } = await withOtherTable();
    const editor = createItemEditorStore({ explorer, canWrite: () => true, confirmWrite: confirmingAfter(explorer, async () => undefined) });
    const runs = explorer.getState().runCount;
    newItem(editor);
    expect(await editor.getState().save()).toBe(true);
    expect(explorer.getState().runCount).toBe(runs + 1);
    expect(explorer.getState().items).toHaveLength(1);
  });

  it('does not run it when the user picked another table while the save was asked or sent', async () => {
    const { source, explorer } = await withOtherTable();
    const editor = createItemEditorStore({
      explorer,
      canWrite: () => true,
      confirmWrite: confirmingAfter(explorer, () => explorer.getState().selectTable('Other')),
    });
    const runs = explorer.getState().runCount;
    newItem(editor);
    expect(await editor.getState().save()).toBe(true);
    expect((await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '1' } } })).Item).toBeDefined();
    expect(explorer.getState()).toMatchObject({ selectedTable: 'Other', runCount: runs, pages: [] });
  });

  it('does not run it when the user connected elsewhere meanwhile (a table of the same name there included), nor after a delete', async () => {
    const { source, explorer } = await withOtherTable();
    const elsewhere = createLocalDynamoDB();
    await elsewhere.createTable({
      TableName: 'Orders',
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
    let target: DynamoDBDataSource = elsewhere;
    const editor = createItemEditorStore({
      explorer,
      canWrite: () => true,
      confirmWrite: confirmingAfter(explorer, () => explorer.getState().connect(target, 'Elsewhere')),
    });
    const runs = explorer.getState().runCount;
    newItem(editor);
    expect(await editor.getState().save()).toBe(true);
    expect(explorer.getState()).toMatchObject({ sourceLabel: 'Elsewhere', selectedTable: 'Orders', runCount: runs });

    target = source;
    await explorer.getState().connect(source, 'Engine');
    await explorer.getState().selectTable('Orders');
    target = elsewhere;
    const before = explorer.getState().runCount;
    editor.getState().askDelete({ pk: { S: 'o1' }, sk: { N: '1' } });
    expect(await editor.getState().confirmDelete()).toBe(true);
    expect((await source.getItem({ TableName: 'Orders', Key: { pk: { S: 'o1' }, sk: { N: '1' } } })).Item).toBeUndefined();
    expect(explorer.getState()).toMatchObject({ sourceLabel: 'Elsewhere', runCount: before });
  });
});

describe('the item editor store: keys from the design', () => {
  async function leaderboard(versionAttribute?: string) {
    const source = createLocalDynamoDB();
    const design = LEADERBOARD_DESIGN.tables[0] as TableDesign;
    const table: TableDesign = versionAttribute ? { ...design, entities: design.entities.map((entity) => ({ ...entity, versionAttribute })) } : design;
    await source.createTable(toCreateTableInput(table));
    const explorer = createExplorerStore();
    await explorer.getState().connect(source, 'Engine');
    await explorer.getState().selectTable('Leaderboard');
    explorer.getState().setDesignBinding({ designId: 'd1', designName: 'Leaderboard', table, automatic: true });
    return { source, explorer, editor: createItemEditorStore({ explorer, canWrite: () => true, confirmWrite: answeredWriteConfirmation().confirmWrite }) };
  }

  it("fills the key attributes from the entity's template fields, and says when a value does not fit", async () => {
    const { source, editor } = await leaderboard();
    editor.getState().openNew();
    expect(editor.getState().designKeys).toMatchObject({ entityName: 'Run', fields: ['season', 'score', 'ts', 'playerId'] });
    for (const [field, value] of Object.entries({ season: '2026-SUMMER', score: '1500', ts: '1719100800', playerId: 'p_8842' }))
      editor.getState().setFieldValue(field, value);
    expect(editor.getState().designKeys?.encoded).toMatchObject({
      rankKey: { S: '0000001500#0000001719100800#p_8842' },
      leaderboardId: { S: 'SEASON#2026-SUMMER' },
    });
    expect(JSON.parse(editor.getState().text)).toMatchObject({ rankKey: { S: '0000001500#0000001719100800#p_8842' }, ts: { N: '1719100800' } });
    expect(await editor.getState().save()).toBe(true);
    expect(
      (
        await source.getItem({
          TableName: 'Leaderboard',
          Key: { leaderboardId: { S: 'SEASON#2026-SUMMER' }, rankKey: { S: '0000001500#0000001719100800#p_8842' } },
        })
      ).Item?.playerId,
    ).toEqual({ S: 'p_8842' });

    editor.getState().openNew();
    editor.getState().setFieldValue('score', '12345678901');
    expect(editor.getState().designKeys?.findings.some((finding) => finding.field === 'score')).toBe(true);
  });

  it('conditions an edit on the version attribute the design names, and bumps it', async () => {
    const { source, editor } = await leaderboard('version');
    const key = { leaderboardId: { S: 'SEASON#S' }, rankKey: { S: '0000000001#0000000000000001#p' } };
    await source.putItem({ TableName: 'Leaderboard', Item: { ...key, version: { N: '4' }, note: { S: 'a' } } });
    const read = async () => (await source.getItem({ TableName: 'Leaderboard', Key: key })).Item ?? {};
    editor.getState().openEdit(await read());
    expect(editor.getState().versionAttribute).toBe('version');
    // A change that does not bump the version is not a conflict: the design says the version is what counts.
    await source.putItem({ TableName: 'Leaderboard', Item: { ...(await read()), other: { S: 'x' } } });
    editor.getState().setText(editor.getState().text.replace('"a"', '"b"'));
    expect(await editor.getState().save()).toBe(true);
    expect(await read()).toMatchObject({ version: { N: '5' }, note: { S: 'b' } });
    editor.getState().openEdit(await read());
    await source.putItem({ TableName: 'Leaderboard', Item: { ...(await read()), version: { N: '6' } } });
    editor.getState().setText(editor.getState().text.replace('"b"', '"c"'));
    expect(await editor.getState().save()).toBe(false);
    expect(editor.getState().outcome?.kind).toBe('conflict');
  });
});
