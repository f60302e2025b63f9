import { describe, expect, it } from 'vitest';
import type { Design } from '../../design';
import { leaderboardWithConcatenatedGsi } from '../../design/multiAttribute/multiAttribute.fixtures';
import { createLocalDynamoDB } from '../../engine';
import { createExplorerStore } from '../explorerStore';
import { createTableDetailsStore } from '../explorer/tableDetails/tableDetailsStore';
import { createMemoryMigrationStorage, createMigrateStore, type MigrateState, type MigrateStore } from '../migrate';
import { answeredWriteConfirmation } from '../testing/writeConfirmations';
import { canWriteSource } from '../writeAccess';
import { createDesignBindingStore } from './binding';
import { createDesignStore } from './designStore';
import { loadDesignIntoTable } from './loadDesign';
import { createMultiAttributeConversionStore } from './multiAttributeConversionStore';

/*
 * The conversion carried out on a stored table, as the Design tab's buttons
 * do it: Migrate keys prepared from the conversion writes the typed
 * attributes (read out of the old concatenated keys), then the explorer's Add
 * index, prepared with the converted GSI, creates it; DynamoDB (here the
 * built-in engine) backfills it and Query returns the typed order.
 */

/** The Leaderboard variant with its table renamed (the built-in table has a Leaderboard of its own). */
function runsDesign(): Design {
  const design = leaderboardWithConcatenatedGsi();
  return { ...design, tables: design.tables.map((table) => ({ ...table, name: 'SeasonRuns' })) };
}

function until(store: MigrateStore, condition: (state: MigrateState) => boolean): Promise<MigrateState> {
  return new Promise((resolve) => {
    if (condition(store.getState())) return resolve(store.getState());
    const unsubscribe = store.subscribe((state) => {
      if (!condition(state)) return;
      unsubscribe();
      resolve(state);
    });
  });
}

describe('carrying out a multi-attribute conversion', () => {
  it('Migrate keys writes playerId and ts from GSI1PK and GSI1SK, then UpdateTable creates the typed GSI, backfilled in typed order', async () => {
    const engine = createLocalDynamoDB();
    const loaded = await loadDesignIntoTable(engine, runsDesign(), { sleep: async () => undefined });
    expect(loaded.written).toHaveLength(12);

    const designs = createDesignStore();
    const designId = designs.getState().addDesign(runsDesign());
    const conversion = createMultiAttributeConversionStore({ designs });
    conversion.getState().open(designId, 'SeasonRuns', 'byPlayer');
    conversion.getState().setNewIndexName('byPlayerTyped');
    expect(conversion.getState().apply()).toBe(true);
    const carryOut = conversion.getState().applied!.carryOut;
    expect(carryOut.kind).toBe('migrateKeys');

    const explorer = createExplorerStore();
    await explorer.getState().connect(engine, 'Built-in table');
    const designBindings = createDesignBindingStore();
    designBindings.getState().choose('SeasonRuns', { designId, tableName: 'SeasonRuns' });
    const confirmWrite = answeredWriteConfirmation(true).confirmWrite;
    const migrate = createMigrateStore({
      explorer,
      designs,
      designBindings,
      canWrite: canWriteSource,
      confirmWrite,
      storage: createMemoryMigrationStorage(),
      concurrency: 2,
    });
    migrate.getState().prepare(carryOut.migrations[0]!);
    const prepared = await until(migrate, (state) => state.prepared?.startsWith('Prepared from') === true);
    expect(prepared.prepared).toContain('the multi-attribute conversion of byPlayer');
    expect(prepared.templates.playerId).toEqual({ current: '', target: '{playerId}' });
    expect(prepared.templates.GSI1SK).toEqual({ current: '{ts:epoch(16)}#{score:int(10)}', target: '{ts:epoch(16)}#{score:int(10)}' });

    await migrate.getState().preview();
    expect(migrate.getState().problems).toEqual([]);
    expect(migrate.getState().countsText).toBe("12 to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 0 collisions");
    await migrate.getState().requestApply();
    await migrate.getState().answerApply(true);
    expect(migrate.getState().outcome).toMatchObject({ total: 12, done: 12, failed: [] });
    const { Items: stored } = await engine
      .getItem({ TableName: 'SeasonRuns', Key: { leaderboardId: { S: 'SEASON#2026-SUMMER' }, rankKey: { S: '0000000009#0000001719741600#p_1024' } } })
      .then((output) => ({ Items: [output.Item] }));
    // The typed attributes are written; the old keys stay as they were.
    expect(stored[0]).toMatchObject({ playerId: { S: 'p_1024' }, ts: { N: '1719741600' }, score: { N: '9' }, GSI1PK: { S: 'PLAYER#p_1024' } });

    const details = createTableDetailsStore({ explorer, canAddIndex: () => true, wait: async () => undefined, confirmWrite });
    details.getState().prepareAddIndex(carryOut.table, carryOut.addIndex);
    expect(details.getState().addIndex.open).toBe(true);
    expect(await details.getState().submitAddIndex()).toBe(true);
    const query = await engine.query({
      TableName: 'SeasonRuns',
      IndexName: 'byPlayerTyped',
      KeyConditionExpression: 'playerId = :p',
      ExpressionAttributeValues: { ':p': { S: 'p_1024' } },
    });
    expect(query.Items?.map((item) => [item.ts?.N, item.score?.N])).toEqual([
      ['1719730800', '128'],
      ['1719741600', '9'],
    ]);
    details.getState().dispose();
    migrate.getState().dispose();
  });
});
