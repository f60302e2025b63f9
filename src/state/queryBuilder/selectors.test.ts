import { describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB, LEADERBOARD_TABLE_INPUT } from '../../engine';
import type { Design } from '../../design';
import { createDesignBindingStore } from '../design/binding/designBindingStore';
import { createDesignStore } from '../design/designStore';
import { createExplorerStore } from '../explorerStore';
import { connectQueryBuilder } from './connectQueryBuilder';
import { selectBuilderWarnings, selectBuiltRequest, selectQuerySlice } from './selectors';

/** The design with its one entity's rankKey template replaced. */
function withRankKey(design: Design, text: string): Design {
  return {
    ...design,
    tables: design.tables.map((table) => ({ ...table, entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: text } })) })),
  };
}

/** The sample Leaderboard's table, holding raw score strings of different widths as the sort key. */
async function leaderboard() {
  const engine = createLocalDynamoDB();
  await engine.createTable(LEADERBOARD_TABLE_INPUT);
  for (const score of ['10', '1500', '240', '9'])
    await engine.putItem({ TableName: 'Leaderboard', Item: { leaderboardId: { S: 'SEASON#2026-SPRING' }, rankKey: { S: score } } });
  const store = createExplorerStore();
  // The Leaderboard example design describes the table: bound by name and key schema.
  const designs = createDesignStore();
  const disconnect = connectQueryBuilder(store, designs, createDesignBindingStore());
  await store.getState().connect(engine, 'Built-in table');
  await vi.waitFor(() => expect(store.getState().table).toBeDefined());
  return { store, designs, disconnect };
}

const ids = (warnings: readonly { id: string }[]) => warnings.map((warning) => warning.id);

describe('query builder selectors', () => {
  it('compute the request once per change, and Run sends that request', async () => {
    const { store } = await leaderboard();
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', limit: '2' });
    const built = selectBuiltRequest(store.getState());
    expect(selectBuiltRequest(store.getState())).toBe(built);
    expect(selectQuerySlice(store.getState())).toBe(selectQuerySlice(store.getState()));
    expect(selectBuilderWarnings(store.getState())).toBe(selectBuilderWarnings(store.getState()));
    await store.getState().run();
    expect(built?.ok && store.getState().lastRequest?.input).toBe(built?.ok && built.input);
  });

  it('connectQueryBuilder follows the bound design’s entity template by subscription, until unsubscribed', async () => {
    const { store, designs, disconnect } = await leaderboard();
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', sortOperator: '>=', sortInput: 'fields', sortFields: { score: '200' } });
    const bound = () => {
      const built = selectBuiltRequest(store.getState());
      return built?.ok ? Object.values(built.input.ExpressionAttributeValues ?? {}).map((value) => value.S) : built?.errors;
    };
    expect(bound()).toEqual(['SEASON#2026-SPRING', '0000000200#']);
    expect(store.getState().keyTemplateSource).toMatchObject({
      designName: 'Leaderboard',
      entityName: 'Run',
      templateText: '{score:int(10)}#{ts:epoch(16)}#{playerId}',
    });
    designs.getState().updateDesign('example-leaderboard', (design) => withRankKey(design, '{score:int(4)}'));
    expect(bound()).toEqual(['SEASON#2026-SPRING', '0200']);
    disconnect();
    designs.getState().updateDesign('example-leaderboard', (design) => withRankKey(design, '{score:int(6)}'));
    expect(bound()).toEqual(['SEASON#2026-SPRING', '0200']);
  });

  it('the "numbers of different widths" warning stays after a Run that returns fewer rows (or none)', async () => {
    const { store } = await leaderboard();
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING' });
    await store.getState().run();
    store.getState().setForm({ sortOperator: 'between', sortInput: 'fields', sortFields: { score: '200' }, sortFieldsHigh: { score: '2000' } });
    expect(ids(selectBuilderWarnings(store.getState()))).toEqual(['unpaddedStoredKeys']);
    await store.getState().run();
    expect(store.getState().items).toEqual([]);
    expect(ids(selectBuilderWarnings(store.getState()))).toEqual(['unpaddedStoredKeys']);
    expect(selectBuilderWarnings(store.getState())[0]?.message).toContain('"10", "1500", "240", "9"');
    // A raw range that returns only the one-digit key: the earlier pages still count.
    store.getState().setForm({ sortInput: 'raw', sortValue: '5', sortValueHigh: '99' });
    await store.getState().run();
    expect(store.getState().items.map((item) => item.rankKey?.S)).toEqual(['9']);
    expect(ids(selectBuilderWarnings(store.getState()))).toEqual(['unpaddedStoredKeys']);
  });

  it('with nothing loaded, bounds of different widths warn by themselves', async () => {
    const { store } = await leaderboard();
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', sortOperator: 'between', sortValue: '200', sortValueHigh: '2000' });
    expect(ids(selectBuilderWarnings(store.getState()))).toEqual(['unpaddedBounds']);
    store.getState().setForm({ sortValue: '0200', sortValueHigh: '2000' });
    expect(selectBuilderWarnings(store.getState())).toEqual([]);
  });

  it('the highlighted slice describes the Query being built', async () => {
    const { store } = await leaderboard();
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', sortOperator: 'begins_with', sortValue: '1', limit: '3', descending: true });
    expect(selectQuerySlice(store.getState())).toMatchObject({
      partition: { name: 'leaderboardId', value: 'SEASON#2026-SPRING' },
      condition: { operator: 'begins_with', prefix: { S: '1' } },
      limit: 3,
      direction: 'descending',
      describe: 'leaderboardId = "SEASON#2026-SPRING" AND begins_with(rankKey, "1"), Limit 3, descending',
    });
    store.getState().setForm({ mode: 'scan' });
    expect(selectQuerySlice(store.getState())).toBeUndefined();
  });
});
