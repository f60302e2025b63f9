import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN, AUDIT_LOG_DESIGN, type Design } from '../../design';
import { createLocalDynamoDB } from '../../engine';
import { describeLoadPlan, formatLoadReport, loadDesignIntoTable, type LoadProgress } from './loadDesign';

const noWait = () => Promise.resolve();
const shopItems = SHOP_DESIGN.tables[0]!.entities.reduce((sum, entity) => sum + entity.samples.length, 0);

describe('loadDesignIntoTable (real built-in engine)', () => {
  it('creates the table and writes every sample item, reporting progress', async () => {
    const engine = createLocalDynamoDB();
    const steps: LoadProgress[] = [];
    const report = await loadDesignIntoTable(engine, SHOP_DESIGN, { sleep: noWait, onProgress: (progress) => steps.push(progress) });
    expect(report.tables).toEqual([{ name: 'Shop', outcome: 'created' }]);
    expect(report.written).toHaveLength(shopItems);
    expect(report.alreadyExisted).toEqual([]);
    expect(report.failed).toEqual([]);
    expect(report.unencodable).toEqual([]);
    const scan = await engine.scan({ TableName: 'Shop' });
    expect(scan.Count).toBe(shopItems);
    const order = await engine.getItem({ TableName: 'Shop', Key: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ORDER#2026-06-23T10:00:00Z#o_17' } } });
    expect(order.Item).toMatchObject({ total: { N: '7.25' }, GSI1PK: { S: 'STATUS#PLACED' } });
    expect(steps.at(-1)).toMatchObject({ done: shopItems, total: shopItems, step: 'Done.' });
    expect(steps.map((step) => step.done)).toEqual([...steps.map((step) => step.done)].sort((a, b) => a - b));
    const describe = await engine.describeTable({ TableName: 'Shop' });
    expect(describe.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['GSI1']);
  });

  it('reports everything as already existed on a second run, writing nothing', async () => {
    const engine = createLocalDynamoDB();
    await loadDesignIntoTable(engine, SHOP_DESIGN, { sleep: noWait });
    const again = await loadDesignIntoTable(engine, SHOP_DESIGN, { sleep: noWait });
    expect(again.tables).toEqual([{ name: 'Shop', outcome: 'existing' }]);
    expect(again.written).toEqual([]);
    expect(again.alreadyExisted).toHaveLength(shopItems);
    expect(again.alreadyExisted[0]).toEqual({ table: 'Shop', entity: 'Customer', sampleId: 'c1', key: 'PK = CUSTOMER#c1, SK = CUSTOMER#c1' });
    expect(formatLoadReport(again)).toContain(`Items already existed (kept as they were): ${shopItems}`);
  });

  it('never overwrites an item that is already there, and writes the rest', async () => {
    const engine = createLocalDynamoDB();
    await loadDesignIntoTable(engine, { ...SHOP_DESIGN, tables: [{ ...SHOP_DESIGN.tables[0]!, entities: [] }] }, { sleep: noWait });
    const key = { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'CUSTOMER#c1' } };
    await engine.putItem({ TableName: 'Shop', Item: { ...key, email: { S: 'changed@example.com' } } });
    const report = await loadDesignIntoTable(engine, SHOP_DESIGN, { sleep: noWait });
    expect(report.tables[0]?.outcome).toBe('existing');
    expect(report.alreadyExisted.map((item) => item.key)).toEqual(['PK = CUSTOMER#c1, SK = CUSTOMER#c1']);
    expect(report.written).toHaveLength(shopItems - 1);
    expect((await engine.getItem({ TableName: 'Shop', Key: key })).Item?.email).toEqual({ S: 'changed@example.com' });
  });

  it('skips a table that exists with a different schema, saying how it differs, and writes nothing to it', async () => {
    const engine = createLocalDynamoDB();
    await engine.createTable({
      TableName: 'Shop',
      KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'N' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const report = await loadDesignIntoTable(engine, SHOP_DESIGN, { sleep: noWait });
    expect(report.tables).toHaveLength(1);
    expect(report.tables[0]).toMatchObject({ name: 'Shop', outcome: 'skipped' });
    expect(report.tables[0]?.reason).toContain('already exists with a different schema');
    expect(report.tables[0]?.reason).toContain('key schema: the table has PK (HASH), the design PK (HASH), SK (RANGE)');
    expect(report.tables[0]?.reason).toContain('attribute PK is N in the table but S in the design');
    expect(report.tables[0]?.reason).toContain('the table has no GSI GSI1');
    expect(report.written).toEqual([]);
    expect((await engine.scan({ TableName: 'Shop' })).Count).toBe(0);
    expect(formatLoadReport(report)).toContain('Table skipped: Shop: A table named Shop already exists');
  });

  it('loads only the tables asked for', async () => {
    const engine = createLocalDynamoDB();
    const twoTables: Design = { ...SHOP_DESIGN, tables: [...SHOP_DESIGN.tables, ...AUDIT_LOG_DESIGN.tables] };
    const report = await loadDesignIntoTable(engine, twoTables, { sleep: noWait, tables: [AUDIT_LOG_DESIGN.tables[0]!.name] });
    expect(report.tables.map((table) => table.name)).toEqual([AUDIT_LOG_DESIGN.tables[0]!.name]);
    expect((await engine.listTables({})).TableNames).toEqual([AUDIT_LOG_DESIGN.tables[0]!.name]);
  });

  it('lists samples whose keys do not encode, and sends none of them', async () => {
    const engine = createLocalDynamoDB();
    const table = SHOP_DESIGN.tables[0]!;
    const customer = table.entities[0]!;
    const broken: Design = { ...SHOP_DESIGN, tables: [{ ...table, entities: [{ ...customer, samples: [{ id: 'bad', values: {} }] }] }] };
    const report = await loadDesignIntoTable(engine, broken, { sleep: noWait });
    expect(report.unencodable).toHaveLength(1);
    expect(report.unencodable[0]).toMatchObject({ table: 'Shop', entity: 'Customer', sampleId: 'bad' });
    expect(report.unencodable[0]?.problems.join(' ')).toContain('customerId');
    expect((await engine.scan({ TableName: 'Shop' })).Count).toBe(0);
  });

  it('reports a write DynamoDB refuses with its key and message, and goes on', async () => {
    const engine = createLocalDynamoDB();
    const table = SHOP_DESIGN.tables[0]!;
    const customer = table.entities[0]!;
    const tooBig = 'x'.repeat(410_000);
    const design: Design = {
      ...SHOP_DESIGN,
      tables: [
        {
          ...table,
          entities: [{ ...customer, samples: [{ id: 'big', values: { customerId: 'c9' }, attributes: { blob: { S: tooBig } } }, customer.samples[0]!] }],
        },
      ],
    };
    const report = await loadDesignIntoTable(engine, design, { sleep: noWait });
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]).toMatchObject({ key: 'PK = CUSTOMER#c9, SK = CUSTOMER#c9' });
    expect(report.failed[0]?.message).toMatch(/^ValidationException: /);
    expect(report.written).toHaveLength(1);
  });

  it('retries throttled writes with backoff', async () => {
    const engine = createLocalDynamoDB();
    let throttles = 2;
    const waits: number[] = [];
    const throttling = {
      ...engine,
      createTable: engine.createTable.bind(engine),
      describeTable: engine.describeTable.bind(engine),
      putItem: async (input: Parameters<typeof engine.putItem>[0]) => {
        if (throttles-- > 0) throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
        return engine.putItem(input);
      },
    };
    const report = await loadDesignIntoTable(throttling, SHOP_DESIGN, { sleep: async (ms) => void waits.push(ms), random: () => 0.5 });
    expect(report.written).toHaveLength(shopItems);
    // src/dynamo's full-jitter backoff: random · min(5000, 25 · 2^attempt).
    expect(waits).toEqual([25, 50]);
  });

  it('describes the plan for the confirmation', () => {
    expect(describeLoadPlan(SHOP_DESIGN)).toBe(`Create table Shop and write ${shopItems} items`);
  });
});
