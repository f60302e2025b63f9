import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN, addAccessPattern, blankAccessPattern, updateAccessPattern, type TableDesign } from '../design';
import { scoresDesign, TOP_SCORES_PATTERN_ID } from '../design/accessPatterns/accessPatterns.fixtures';
import { runAccessPatterns } from './runAccessPatterns';

const shop = SHOP_DESIGN.tables[0]!;

describe('runAccessPatterns on the built-in engine', () => {
  for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) {
    it(`every built-in pattern of ${design.name} passes`, async () => {
      const run = await runAccessPatterns(design.tables[0]!);
      expect(run.sampleProblems).toEqual([]);
      for (const pattern of design.tables[0]!.accessPatterns) expect(run.outcomes[pattern.id], pattern.name).toMatchObject({ verdict: 'passes', reasons: [] });
    });
  }

  it('a pattern without a sort condition gets the customer and the addresses mixed in, each named', async () => {
    const table = addAccessPattern(shop, {
      ...blankAccessPattern(shop, 'Customer’s items'),
      entities: ['Order'],
      partitionValues: { customerId: 'c1' },
      expected: { count: 3 },
    });
    const outcome = (await runAccessPatterns(table)).outcomes['customer-s-items']!;
    expect(outcome.verdict).toBe('fails');
    expect(outcome.items.map((entry) => entry.entity)).toEqual(['Address', 'Address', 'Customer', 'Order', 'Order', 'Order']);
    expect(outcome.reasons.filter((reason) => reason.code === 'wrongEntity').map((reason) => reason.message)).toEqual([
      "ADDRESS#home (Address) is mixed into the result of 'Customer’s items'.",
      "ADDRESS#work (Address) is mixed into the result of 'Customer’s items'.",
      "CUSTOMER#c1 (Customer) is mixed into the result of 'Customer’s items'.",
    ]);
    expect(outcome.reasons.find((reason) => reason.code === 'wrongCount')?.message).toBe('6 items came back; the pattern expects 3.');
  });

  it('the wrong direction fails on order, naming the first item out of place and the one that should be there', async () => {
    const table = updateAccessPattern(shop, 'customer-orders', (pattern) => ({ ...pattern, direction: 'ascending' }));
    const outcome = (await runAccessPatterns(table)).outcomes['customer-orders']!;
    expect(outcome.reasons).toEqual([
      {
        code: 'wrongOrder',
        message:
          '2026-06-21T16:20:00Z is 1st but the newest at, 2026-06-23T10:00:00Z, should come first; the order by at, newest first, is 2026-06-23T10:00:00Z, 2026-06-23T08:05:00Z, 2026-06-21T16:20:00Z.',
      },
    ]);
  });

  it('the issue’s false pass: SCORE#{score} as text reads 9, 75, 240 and fails; padded, the true top 3 pass', async () => {
    const outcome = (await runAccessPatterns(scoresDesign().tables[0]!)).outcomes[TOP_SCORES_PATTERN_ID]!;
    expect(outcome.items.map((entry) => entry.item.SK)).toEqual([{ S: 'SCORE#9' }, { S: 'SCORE#75' }, { S: 'SCORE#240' }]);
    expect(outcome.verdict).toBe('fails');
    expect(outcome.reasons).toEqual([
      { code: 'wrongOrder', message: '9 is 1st but the highest score, 1500, should come first; the top 3 by score are 1500, 240, 75.' },
    ]);
    const padded = (await runAccessPatterns(scoresDesign({ sortKey: 'SCORE#{score:int(6)}' }).tables[0]!)).outcomes[TOP_SCORES_PATTERN_ID]!;
    expect(padded).toMatchObject({ verdict: 'passes', reasons: [] });
    expect(padded.items.map((entry) => entry.item.SK)).toEqual([{ S: 'SCORE#001500' }, { S: 'SCORE#000240' }, { S: 'SCORE#000075' }]);
  });

  it('a filter after a Limit: the engine reads 3, the filter drops the top one, and the missing third is named', async () => {
    const samples = [{ score: '1500', attributes: { archivedAt: { S: '2026-06-30' } } }, { score: '240' }, { score: '75' }, { score: '10' }, { score: '9' }];
    const design = scoresDesign({ sortKey: 'SCORE#{score:int(6)}', samples, pattern: { filter: 'attribute_not_exists(archivedAt)' } });
    const outcome = (await runAccessPatterns(design.tables[0]!)).outcomes[TOP_SCORES_PATTERN_ID]!;
    expect(outcome.items.map((entry) => entry.item.SK)).toEqual([{ S: 'SCORE#000240' }, { S: 'SCORE#000075' }]);
    expect(outcome.reasons).toEqual([
      {
        code: 'wrongOrder',
        message:
          'Only 2 of the top 3 came back: Limit 3 counts the items read before the filter removes any, so 10 is missing; the top 3 by score are 240, 75, 10.',
      },
    ]);
    // Without the Limit, every visible score comes back in number order: it passes.
    const unlimited = scoresDesign({ sortKey: 'SCORE#{score:int(6)}', samples, pattern: { filter: 'attribute_not_exists(archivedAt)', limit: undefined } });
    expect((await runAccessPatterns(unlimited.tables[0]!)).outcomes[TOP_SCORES_PATTERN_ID]).toMatchObject({ verdict: 'passes', reasons: [] });
  });

  it('a pattern with a projection still knows its items: the keys are read too, so none is taken for a stranger', async () => {
    const table = updateAccessPattern(shop, 'orders-by-status', (pattern) => ({ ...pattern, projection: ['total'] }));
    const outcome = (await runAccessPatterns(table)).outcomes['orders-by-status']!;
    expect(outcome).toMatchObject({ verdict: 'passes', reasons: [] });
    expect(outcome.items.map((entry) => entry.entity)).toEqual(['Order', 'Order']);
    expect(outcome.items[0]!.item).toEqual({
      PK: { S: 'CUSTOMER#c2' },
      SK: { S: 'ORDER#2026-06-22T12:00:00Z#o_21' },
      GSI1PK: { S: 'STATUS#PLACED' },
      GSI1SK: { S: '2026-06-22T12:00:00Z#o_21' },
      total: { N: '40' },
    });
  });

  it('a field that is a whole N key attribute orders as a number: priority 10 before 3, highest first, passes', async () => {
    const task = (id: string, priority: string, createdAt: string) => ({ id, values: { taskId: id, tenantId: 'tn_1', priority, createdAt } });
    const table: TableDesign = {
      ...shop,
      name: 'Tasks',
      indexes: [
        {
          name: 'byPriority',
          kind: 'GSI',
          partitionKey: [{ name: 'tenantId', type: 'S' }],
          sortKey: [
            { name: 'priority', type: 'N' },
            { name: 'createdAt', type: 'S' },
          ],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      entities: [
        {
          name: 'Task',
          description: '',
          keys: { PK: 'TASK#{taskId}', SK: 'TASK#{taskId}', tenantId: '{tenantId}', priority: '{priority}', createdAt: '{createdAt:iso}' },
          attributes: [],
          samples: [
            task('a', '3', '2026-06-23T10:00:00Z'),
            task('b', '10', '2026-06-22T09:00:00Z'),
            task('c', '1', '2026-06-21T08:00:00Z'),
            task('d', '10', '2026-06-20T09:00:00Z'),
          ],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
      ],
      accessPatterns: [
        {
          ...blankAccessPattern(shop, 'Urgent tasks'),
          id: 'urgent',
          entities: ['Task'],
          index: 'byPriority',
          partitionValues: { tenantId: 'tn_1' },
          direction: 'descending',
          expected: { orderBy: { field: 'priority', direction: 'descending' } },
        },
      ],
    };
    const outcome = (await runAccessPatterns(table)).outcomes.urgent!;
    expect(outcome.items.map((entry) => entry.item.priority)).toEqual([{ N: '10' }, { N: '10' }, { N: '3' }, { N: '1' }]);
    expect(outcome).toMatchObject({ verdict: 'passes', reasons: [] });
  });

  it('a table with a multi-attribute GSI runs its patterns: the engine builds such indexes', async () => {
    const table: TableDesign = {
      ...shop,
      indexes: [
        {
          name: 'byStatusDay',
          kind: 'GSI',
          partitionKey: [{ name: 'status', type: 'S' }],
          sortKey: [
            { name: 'day', type: 'S' },
            { name: 'orderId', type: 'S' },
          ],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      accessPatterns: [shop.accessPatterns[0]!],
    };
    const run = await runAccessPatterns(table);
    expect(run.outcomes['customer-orders']!.verdict).toBe('passes');
  });

  it('a table the engine refuses (five sort attributes on a GSI): notRunnable with the engine’s own message', async () => {
    const table: TableDesign = {
      ...shop,
      indexes: [
        {
          name: 'tooWide',
          kind: 'GSI',
          partitionKey: [{ name: 'status', type: 'S' }],
          sortKey: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, type: 'S' as const })),
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      accessPatterns: [shop.accessPatterns[0]!],
    };
    const run = await runAccessPatterns(table);
    const outcome = run.outcomes['customer-orders']!;
    expect(outcome.verdict).toBe('fails');
    expect(outcome.reasons[0]!.code).toBe('notRunnable');
    expect(outcome.reasons[0]!.message).toMatch(/^The built-in engine can't create table Shop: ValidationException: Too many sort keys/);
  });
});

describe('runAccessPatterns on a data source it is given', () => {
  it('gives the same verdicts as on its own engine, and deletes the table it created', async () => {
    const { createLocalDynamoDB } = await import('../engine');
    const source = createLocalDynamoDB();
    const given = await runAccessPatterns(shop, { dataSource: source, sourceName: 'The test engine' });
    const own = await runAccessPatterns(shop);
    expect(given.outcomes).toEqual(own.outcomes);
    expect((await source.listTables({})).TableNames).toEqual([]);
  });

  it('names the data source when it refuses, and leaves a table it did not create alone', async () => {
    const { createLocalDynamoDB } = await import('../engine');
    const source = createLocalDynamoDB();
    await source.createTable({
      TableName: 'Shop',
      KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    // A table of that name exists: the run must not write into it, nor delete it.
    const again = await runAccessPatterns(shop, {
      dataSource: {
        createTable: (input) => source.createTable(input),
        putItem: (input) => source.putItem(input),
        query: (input) => source.query(input),
        deleteTable: (input) => source.deleteTable(input),
      },
      sourceName: 'DynamoDB Local',
    });
    expect(again.outcomes['customer-orders']!.reasons[0]!.message).toMatch(/^DynamoDB Local can't create table Shop: ResourceInUseException/);
    expect((await source.listTables({})).TableNames).toEqual(['Shop']);
  });
});
