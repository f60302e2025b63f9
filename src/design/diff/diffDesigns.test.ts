import { describe, expect, it } from 'vitest';
import { DESIGN_FORMAT, type Design, type IndexDesign } from '../design.types';
import { parseDesignDocument } from '../format';
import { EXAMPLE_DESIGNS, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { diffDesigns } from './diffDesigns';
import type { StructuralChange } from './diff.types';
import { withIndex, withTable, withTemplate } from './designEdits.fixtures';
import { expectOk } from '../../errors/testing';

/** The edited design, checked as a design file would be: an invalid edit would prove nothing. */
function valid(design: Design): Design {
  const read = parseDesignDocument({ ...design, format: DESIGN_FORMAT });
  expectOk(read);
  return design;
}

/** diffDesigns of two valid designs. */
const diffChecked = (before: Design, after: Design) => diffDesigns(valid(before), valid(after));

const structural = (changes: readonly StructuralChange[]) => changes.filter((change) => change.area !== 'finding');
const only = (changes: readonly StructuralChange[]) => {
  expect(changes).toHaveLength(1);
  return changes[0] as StructuralChange;
};

describe('diffDesigns', () => {
  it('finds no change between a design and itself (the built-in examples; the corpus: src/state/design/structuralDiffCorpus.test.ts)', () => {
    for (const { id, design } of EXAMPLE_DESIGNS) {
      const diff = diffChecked(design, structuredClone(design));
      expect({ id, changes: diff.changes, summary: diff.summary }).toEqual({ id, changes: [], summary: 'No changes.' });
    }
  });

  it('a GSI key change: "new index and backfill"; the entity’s template for the new key reads an attribute items already hold: nothing to rewrite', () => {
    const after = valid(
      withTable(LEADERBOARD_DESIGN, (table) => ({
        ...withIndex(table, 'byPlayer', (index) => ({ ...index, sortKey: [{ name: 'score', type: 'N' }] })),
        entities: table.entities.map((entity) => ({
          ...entity,
          keys: { leaderboardId: entity.keys.leaderboardId ?? '', rankKey: entity.keys.rankKey ?? '', playerId: '{playerId}', score: '{score}' },
        })),
      })),
    );
    const changes = structural(diffChecked(LEADERBOARD_DESIGN, after).changes);
    expect(changes.map((change) => [change.subject, change.verdictLabel])).toEqual([
      ['index byPlayer keys', 'new index and backfill'],
      ['entity Run: ts, score (index byPlayer)', 'design only'],
    ]);
    expect(changes[0]).toMatchObject({
      table: 'Leaderboard',
      action: 'changed',
      verdict: 'newIndexAndBackfill',
      before: 'GSI: partition playerId (S), sort ts (N)',
      after: 'GSI: partition playerId (S), sort score (N)',
    });
    expect(changes[0]?.how).toMatch(/Create the new GSI .*backfills it.*switch the reads.*delete the old one/);
    expect(changes[1]?.how).toMatch(/^Nothing to rewrite: stored items already hold the attribute/);
    // A template that computes a new value is written into every item: re-indexed in place.
    const computed = valid(withTable(after, (table) => withTemplate(table, 'Run', 'score', '{score:int(10)}')));
    expect(structural(diffChecked(LEADERBOARD_DESIGN, computed).changes).map((change) => [change.subject, change.verdict])).toEqual([
      ['index byPlayer keys', 'newIndexAndBackfill'],
      ['entity Run: index byPlayer key ts, score', 'reindexInPlace'],
    ]);
  });

  it('a GSI projection change: "new index and backfill"; an LSI projection change: "new table and a migration"', () => {
    const gsi = withTable(SHOP_DESIGN, (table) => withIndex(table, 'GSI1', (index) => ({ ...index, projection: { type: 'KEYS_ONLY', attributes: [] } })));
    expect(only(structural(diffChecked(SHOP_DESIGN, gsi).changes))).toMatchObject({ subject: 'index GSI1 projection', verdictLabel: 'new index and backfill' });
    const lsi: IndexDesign = {
      name: 'byTotal',
      kind: 'LSI',
      partitionKey: [{ name: 'PK', type: 'S' }],
      sortKey: [{ name: 'total', type: 'N' }],
      projection: { type: 'ALL', attributes: [] },
    };
    const withLsi = withTable(SHOP_DESIGN, (table) => ({ ...table, indexes: [...table.indexes, lsi] }));
    const changedLsi = withTable(withLsi, (table) =>
      withIndex(table, 'byTotal', (index) => ({ ...index, projection: { type: 'INCLUDE', attributes: ['email'] } })),
    );
    expect(only(structural(diffChecked(withLsi, changedLsi).changes))).toMatchObject({
      subject: 'index byTotal projection',
      verdict: 'newTableAndMigration',
      before: 'ALL',
      after: 'INCLUDE email',
    });
  });

  it('an LSI added or removed: "new table and a migration"; a GSI added or removed: in place', () => {
    const lsi: IndexDesign = {
      name: 'byTs',
      kind: 'LSI',
      partitionKey: [{ name: 'leaderboardId', type: 'S' }],
      sortKey: [{ name: 'ts', type: 'N' }],
      projection: { type: 'KEYS_ONLY', attributes: [] },
    };
    const withLsi = withTable(LEADERBOARD_DESIGN, (table) => ({ ...table, indexes: [...table.indexes, lsi] }));
    const added = only(structural(diffChecked(LEADERBOARD_DESIGN, withLsi).changes));
    expect(added).toMatchObject({
      area: 'index',
      action: 'added',
      subject: 'index byTs',
      verdict: 'newTableAndMigration',
      verdictLabel: 'new table and a migration',
    });
    expect(added.how).toMatch(/LSI is created only with its table/);
    expect(only(structural(diffChecked(withLsi, LEADERBOARD_DESIGN).changes))).toMatchObject({ action: 'removed', verdictLabel: 'new table and a migration' });

    const gsi: IndexDesign = { ...lsi, name: 'bySeasonTs', kind: 'GSI' };
    const withGsi = withTable(LEADERBOARD_DESIGN, (table) => ({ ...table, indexes: [...table.indexes, gsi] }));
    const gsiAdded = only(structural(diffChecked(LEADERBOARD_DESIGN, withGsi).changes));
    expect(gsiAdded).toMatchObject({ action: 'added', subject: 'index bySeasonTs', verdict: 'inPlace', verdictLabel: 'in place' });
    expect(gsiAdded.how).toMatch(/UpdateTable adds the GSI and DynamoDB backfills it/);
    expect(only(structural(diffChecked(withGsi, LEADERBOARD_DESIGN).changes))).toMatchObject({ action: 'removed', verdict: 'inPlace' });
    // GSI turned LSI: an LSI is involved.
    const asLsi = withTable(withGsi, (table) => withIndex(table, 'bySeasonTs', (index) => ({ ...index, kind: 'LSI' })));
    expect(only(structural(diffChecked(withGsi, asLsi).changes))).toMatchObject({ verdict: 'newTableAndMigration' });
  });

  it('a base table key change (attribute or type): "new table and a migration"; billing: in place', () => {
    const renamed = withTable(LEADERBOARD_DESIGN, (table) => ({
      ...table,
      sortKey: { name: 'rank', type: 'S' },
      entities: table.entities.map((entity) => ({
        ...entity,
        keys: Object.fromEntries(Object.entries(entity.keys).map(([attribute, template]) => [attribute === 'rankKey' ? 'rank' : attribute, template])),
      })),
    }));
    const changes = structural(diffChecked(LEADERBOARD_DESIGN, renamed).changes);
    expect(changes.map((change) => [change.area, change.verdictLabel])).toEqual([
      ['keySchema', 'new table and a migration'],
      ['template', 'items move: rewrite keys'],
    ]);
    expect(changes[0]).toMatchObject({ before: 'partition leaderboardId (S), sort rankKey (S)', after: 'partition leaderboardId (S), sort rank (S)' });
    const provisioned = withTable(LEADERBOARD_DESIGN, (table) => ({
      ...table,
      billingMode: 'PROVISIONED',
      provisioned: { readCapacityUnits: 5, writeCapacityUnits: 5 },
    }));
    const billing = only(structural(diffChecked(LEADERBOARD_DESIGN, provisioned).changes));
    expect(billing).toMatchObject({ area: 'billing', verdict: 'inPlace', before: 'PAY_PER_REQUEST', after: 'PROVISIONED' });
    expect(billing.how).toMatch(/up to four times in a 24-hour rolling window/);
    const more = withTable(provisioned, (table) => ({ ...table, provisioned: { readCapacityUnits: 10, writeCapacityUnits: 5 } }));
    expect(only(structural(diffChecked(provisioned, more).changes))).toMatchObject({
      subject: 'provisioned capacity',
      before: '5 RCU, 5 WCU',
      after: '10 RCU, 5 WCU',
      verdict: 'inPlace',
    });
  });

  it('an SK template change: the stored items move, listed with their old and new place in DynamoDB order, and Migrate keys prepared', () => {
    const after = withTable(LEADERBOARD_DESIGN, (table) => withTemplate(table, 'Run', 'rankKey', '{score}#{ts}#{playerId}'));
    const change = only(structural(diffChecked(LEADERBOARD_DESIGN, after).changes));
    expect(change).toMatchObject({
      area: 'template',
      subject: 'entity Run: table key rankKey',
      verdict: 'rewriteKeys',
      before: 'rankKey: {score:int(10)}#{ts:epoch(16)}#{playerId}',
      after: 'rankKey: {score}#{ts}#{playerId}',
    });
    const moves = change.moves?.[0];
    expect(moves).toMatchObject({ keySpace: 'table Leaderboard', keyAttributes: ['leaderboardId', 'rankKey'], moving: 12 });
    // Unpadded scores sort as text, by UTF-8 bytes: 10# < 1020# < 128# < 1500# < 2300# < 240# < 3# < 42# < 615# < 875# < 875# < 9#.
    expect(moves?.items.map((item) => [item.sampleId, item.before?.position, item.after?.position])).toEqual([
      ['run-10', 3, 1],
      ['run-3', 10, 2],
      ['run-8', 5, 3],
      ['run-2', 11, 4],
      ['run-1', 12, 5],
      ['run-7', 6, 6],
      ['run-12', 1, 7],
      ['run-9', 4, 8],
      ['run-6', 7, 9],
      ['run-4', 8, 10],
      ['run-5', 9, 11],
      ['run-11', 2, 12],
    ]);
    expect(moves?.repositioned).toBe(11);
    const run1 = moves?.items.find((item) => item.sampleId === 'run-1');
    expect(run1).toMatchObject({
      keyChanged: true,
      positionChanged: true,
      before: { partition: 'SEASON#2026-SUMMER', sort: '0000002300#0000001719705600#p_7781', of: 12 },
      after: { sort: '2300#1719705600#p_7781' },
    });
    expect(change.migrate).toEqual({
      designName: 'Leaderboard',
      table: 'Leaderboard',
      entity: 'Run',
      templates: {
        leaderboardId: { current: 'SEASON#{season}', target: 'SEASON#{season}' },
        rankKey: { current: '{score:int(10)}#{ts:epoch(16)}#{playerId}', target: '{score}#{ts}#{playerId}' },
        playerId: { current: '{playerId}', target: '{playerId}' },
        ts: { current: '{ts}', target: '{ts}' },
      },
    });
  });

  it('orders moved items by UTF-8 bytes, never UTF-16 (U+FFFF before U+1D11E)', () => {
    const run = LEADERBOARD_DESIGN.tables[0]?.entities[0];
    if (!run) throw new Error('Leaderboard has a Run entity');
    const samples = [
      { id: 'clef', values: { season: 'S', score: '1', ts: '1', playerId: '\u{1D11E}' } },
      { id: 'ffff', values: { season: 'S', score: '1', ts: '1', playerId: '\uFFFF' } },
    ];
    const before = withTable(LEADERBOARD_DESIGN, (table) => ({ ...table, entities: [{ ...run, samples }] }));
    const after = withTable(before, (table) => withTemplate(table, 'Run', 'rankKey', '{playerId}'));
    const moves = only(structural(diffChecked(before, after).changes).filter((change) => change.area === 'template')).moves?.[0];
    expect(moves?.items.map((item) => item.sampleId)).toEqual(['ffff', 'clef']);
  });

  it('a GSI key template change: items re-index in place, with their places in the index', () => {
    const after = withTable(SHOP_DESIGN, (table) => withTemplate(table, 'Order', 'GSI1SK', '{orderId}'));
    const change = only(structural(diffChecked(SHOP_DESIGN, after).changes));
    expect(change).toMatchObject({
      area: 'template',
      subject: 'entity Order: index GSI1 key GSI1SK',
      verdict: 'reindexInPlace',
      verdictLabel: 're-indexed in place',
    });
    expect(change.migrate).toBeUndefined();
    expect(change.moves?.[0]).toMatchObject({ index: 'GSI1', keySpace: 'index GSI1' });
    expect(change.moves?.[0]?.moving).toBeGreaterThan(0);
  });

  it('a table-key template change also lists the moves in an index keyed by that attribute (an inverted GSI)', () => {
    const inverted: IndexDesign = {
      name: 'inverted',
      kind: 'GSI',
      partitionKey: [{ name: 'SK', type: 'S' }],
      sortKey: [{ name: 'PK', type: 'S' }],
      projection: { type: 'ALL', attributes: [] },
    };
    const before = withTable(SHOP_DESIGN, (table) => ({ ...table, indexes: [...table.indexes, inverted] }));
    const after = withTable(before, (table) => withTemplate(table, 'Order', 'SK', 'ORDER#{at:iso}#ID#{orderId}'));
    const change = only(structural(diffChecked(before, after).changes));
    expect(change.verdict).toBe('rewriteKeys');
    expect(change.moves?.map((moves) => moves.keySpace)).toEqual(['table Shop', 'index inverted']);
  });

  it('a GSI deleted with its templates: the index in place, the templates design only (never "re-indexed")', () => {
    const after = withTable(SHOP_DESIGN, (table) => ({
      ...table,
      indexes: [],
      entities: table.entities.map((entity) => ({
        ...entity,
        keys: Object.fromEntries(Object.entries(entity.keys).filter(([attribute]) => !attribute.startsWith('GSI1'))),
      })),
      accessPatterns: table.accessPatterns.filter((pattern) => pattern.index === undefined),
    }));
    const changes = structural(diffChecked(SHOP_DESIGN, after).changes).filter((change) => change.area !== 'accessPattern');
    expect(changes.map((change) => [change.subject, change.verdict])).toEqual([
      ['index GSI1', 'inPlace'],
      ['entity Order: GSI1PK, GSI1SK (key of deleted index GSI1)', 'designOnly'],
    ]);
  });

  it('access patterns: added, removed, and each changed field with its old and new value', () => {
    const after = withTable(LEADERBOARD_DESIGN, (table) => ({
      ...table,
      accessPatterns: table.accessPatterns
        .map((pattern) => (pattern.id === 'top-scores' ? { ...pattern, limit: 20, direction: 'ascending' as const } : pattern))
        .filter((pattern) => pattern.id !== 'player-runs'),
    }));
    const changes = structural(diffChecked(LEADERBOARD_DESIGN, after).changes);
    expect(changes.map((change) => [change.action, change.subject, change.verdict])).toEqual([
      ['changed', 'access pattern Top scores of a season, highest first', 'designOnly'],
      ['removed', 'access pattern A player’s runs, newest first', 'designOnly'],
    ]);
    expect(changes[0]).toMatchObject({ before: 'direction: descending\nLimit: 10', after: 'direction: ascending\nLimit: 20' });
  });

  it('entities, attributes and sample counts', () => {
    const after = withTable(SHOP_DESIGN, (table) => ({
      ...table,
      entities: table.entities
        .filter((entity) => entity.name !== 'Address')
        .map((entity) =>
          entity.name === 'Order'
            ? { ...entity, attributes: [...entity.attributes, { name: 'status', type: 'S' as const }], samples: entity.samples.slice(1) }
            : entity,
        ),
    }));
    const changes = structural(diffChecked(SHOP_DESIGN, after).changes);
    expect(changes.map((change) => [change.area, change.action, change.subject])).toEqual([
      ['attributes', 'changed', 'entity Order attributes'],
      ['samples', 'changed', 'entity Order samples'],
      ['entity', 'removed', 'entity Address'],
    ]);
    expect(changes[0]).toMatchObject({ before: 'status: (none)', after: 'status: S' });
  });

  it('findings added and resolved, by finding id', () => {
    const after = withTable(LEADERBOARD_DESIGN, (table) => withTemplate(table, 'Run', 'rankKey', '{score}#{ts}#{playerId}'));
    const added = diffChecked(LEADERBOARD_DESIGN, after).changes.filter((change) => change.area === 'finding');
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((change) => change.action === 'added' && change.verdict === 'review' && change.table === 'Leaderboard')).toBe(true);
    expect(added.map((change) => change.subject)).toContain('error review.numberInStringField (Run)');
    const resolved = diffChecked(after, LEADERBOARD_DESIGN).changes.filter((change) => change.area === 'finding');
    expect(resolved.map((change) => change.id.replace('|resolved|', '|'))).toEqual(added.map((change) => change.id.replace('|added|', '|')));
  });

  it('tables added, removed and renamed-looking, grouped by table', () => {
    const renamed = { ...SHOP_DESIGN, tables: SHOP_DESIGN.tables.map((table) => ({ ...table, name: 'ShopV2' })) };
    const diff = diffChecked(SHOP_DESIGN, renamed);
    expect(structural(diff.changes).map((change) => [change.table, change.subject, change.verdictLabel])).toEqual([
      ['ShopV2', 'table Shop → ShopV2 (looks renamed)', 'new table and a migration'],
    ]);
    const both = { ...SHOP_DESIGN, tables: [...SHOP_DESIGN.tables, ...LEADERBOARD_DESIGN.tables] };
    const added = diffChecked(SHOP_DESIGN, both);
    expect(structural(added.changes).map((change) => [change.table, change.verdict])).toEqual([['Leaderboard', 'newTable']]);
    expect(structural(diffChecked(both, SHOP_DESIGN).changes).map((change) => [change.table, change.verdict])).toEqual([['Leaderboard', 'deleteTable']]);
    expect(added.tables.map((group) => group.table)).toEqual(['Leaderboard']);
  });
});
