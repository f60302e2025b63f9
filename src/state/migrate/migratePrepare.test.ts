import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type MigrateKeysPreparation } from '../../design';
import { diffDesigns } from '../../design/diff';
import { createLocalDynamoDB } from '../../engine';
import { createDesignBindingStore } from '../design/binding';
import { createDesignStore } from '../design/designStore';
import { createExplorerStore } from '../explorerStore';
import { answeredWriteConfirmation } from '../testing/writeConfirmations';
import { canWriteSource } from '../writeAccess';
import { createMigrateStore, type MigrateState, type MigrateStore } from './migrateStore';
import { createMemoryMigrationStorage } from './migrationStorage';

const RAW = '{score}#{ts}#{playerId}';
const PADDED = '{score:int(10)}#{ts:epoch(16)}#{playerId}';

/** The built-in engine with a Leaderboard of raw rank keys and another table the explorer shows first. */
async function setUp() {
  const engine = createLocalDynamoDB();
  for (const TableName of ['Leaderboard', 'Other']) {
    await engine.createTable({
      TableName,
      AttributeDefinitions: [
        { AttributeName: 'leaderboardId', AttributeType: 'S' },
        { AttributeName: 'rankKey', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'leaderboardId', KeyType: 'HASH' },
        { AttributeName: 'rankKey', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
  }
  for (const [i, score] of ['2300', '875', '9'].entries()) {
    const ts = String(1719705600 + i);
    await engine.putItem({
      TableName: 'Leaderboard',
      Item: {
        leaderboardId: { S: 'SEASON#2026-SUMMER' },
        rankKey: { S: `${score}#${ts}#p_${i}` },
        playerId: { S: `p_${i}` },
        ts: { N: ts },
        score: { N: score },
      },
    });
  }
  const designs = createDesignStore();
  designs.getState().addDesign(LEADERBOARD_DESIGN);
  const explorer = createExplorerStore();
  await explorer.getState().connect(engine, 'Built-in table');
  await explorer.getState().selectTable('Other');
  const migrate = createMigrateStore({
    explorer,
    designs,
    designBindings: createDesignBindingStore(),
    canWrite: canWriteSource,
    confirmWrite: answeredWriteConfirmation(true).confirmWrite,
    storage: createMemoryMigrationStorage(),
    concurrency: 2,
  });
  return { explorer, migrate };
}

/** Resolves once the store's state satisfies the condition (no timers: the store's own updates drive it). */
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

/** The preparation a structural diff makes for the raw → padded rank key of the Leaderboard. */
function preparationFromDiff(): MigrateKeysPreparation {
  const raw = {
    ...LEADERBOARD_DESIGN,
    tables: LEADERBOARD_DESIGN.tables.map((table) => ({
      ...table,
      entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: RAW } })),
    })),
  };
  const change = diffDesigns(raw, LEADERBOARD_DESIGN).changes.find((candidate) => candidate.migrate);
  if (!change?.migrate) throw new Error('the diff prepares Migrate keys for a table-key template change');
  return change.migrate;
}

describe('Migrate keys prepared from a structural diff', () => {
  it('chooses the diff’s table, fills in the current and target templates, and previews with them', async () => {
    const { explorer, migrate } = await setUp();
    migrate.getState().prepare(preparationFromDiff());
    const state = await until(migrate, (candidate) => candidate.prepared?.startsWith('Prepared from') === true);
    expect(explorer.getState().table?.name).toBe('Leaderboard');
    expect(state.entityName).toBe('Run');
    expect(state.templates.rankKey).toEqual({ current: RAW, target: PADDED });
    expect(state.prepared).toBe(
      'Prepared from the structural diff of Leaderboard: entity Run of table Leaderboard, with its current and target templates. Preview reads every stored item.',
    );
    await migrate.getState().preview();
    expect(migrate.getState().countsText).toBe("3 to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 0 collisions");
  });

  it('says what it waits for when the connection has no such table', async () => {
    const { explorer, migrate } = await setUp();
    migrate.getState().prepare({ ...preparationFromDiff(), table: 'Missing' });
    expect(migrate.getState().prepared).toMatch(
      /^Prepared for table Missing \(entity Run\): .*If this connection has no table Missing, load the design into one first \(Design tab, Load into a table\)\.$/,
    );
    expect(explorer.getState().table?.name).toBe('Other');
  });
});
