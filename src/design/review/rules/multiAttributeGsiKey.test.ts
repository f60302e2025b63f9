import { describe, expect, it } from 'vitest';
import { addAccessPattern } from '../../accessPatterns';
import { changeTable } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { AccessPatternDesign, Design } from '../../design.types';
import { leaderboardWithConcatenatedGsi } from '../../multiAttribute/multiAttribute.fixtures';
import { ReviewContext } from '../reviewContext';
import { multiAttributeGsiKey } from './multiAttributeGsiKey';

const check = (design: Design) => multiAttributeGsiKey.check(new ReviewContext({ design }));
const withPattern = (table: string, pattern: Partial<AccessPatternDesign> & Pick<AccessPatternDesign, 'id'>) => (design: Design) =>
  changeTable(table, (current) =>
    addAccessPattern(current, { ...(current.accessPatterns.find((p) => p.index !== undefined) as AccessPatternDesign), name: pattern.id, ...pattern }),
  )(design);

describe('review.multiAttributeGsiKey', () => {
  it('notes the Leaderboard’s concatenated byPlayer GSI, names the typed attributes, and converts it in one click', () => {
    const design = leaderboardWithConcatenatedGsi();
    const [finding, ...others] = check(design);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      code: 'review.multiAttributeGsiKey',
      severity: 'note',
      subject: { table: 'Leaderboard', index: 'byPlayer', keyAttribute: 'GSI1SK' },
    });
    expect(finding!.message).toBe(
      'GSI1SK of index byPlayer of Leaderboard joins ts, score into one string (`{ts:epoch(16)}#{score:int(10)}`). A multi-attribute key can index them as typed attributes, ts (N), score (N), compared left to right by type: no padding width to outgrow, no delimiter to keep out of the values.',
    );
    expect(finding!.suggestion).toContain(
      'Key byPlayer by a multi-attribute partition key playerId (S) in place of GSI1PK; sort key ts (N), score (N) in place of GSI1SK.',
    );
    expect(finding!.suggestion).toContain('"A player’s runs in the first hour of the season" as `playerId = :playerId AND ts BETWEEN :tsLow AND :tsHigh`');
    expect(finding!.suggestion).toContain('The backfill writes Run.playerId from GSI1PK, Run.ts from GSI1SK.');
    expect(finding!.evidence).toEqual([
      { label: 'sample run-1 now', text: 'GSI1PK = "PLAYER#p_7781", GSI1SK = "0000001719705600#0000002300"' },
      { label: 'sample run-1 with the multi-attribute key', text: 'playerId = "p_7781", ts = 1719705600, score = 2300' },
    ]);
    expect(finding!.fix?.label).toBe('Convert byPlayer to a multi-attribute key');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]!.indexes[0]).toMatchObject({
      partitionKey: [{ name: 'playerId', type: 'S' }],
      sortKey: [
        { name: 'ts', type: 'N' },
        { name: 'score', type: 'N' },
      ],
    });
    expect(check(fixed)).toEqual([]);
  });

  it('stays silent on the built-in Leaderboard (byPlayer is already typed playerId S, ts N) and the audit log (one field per key)', () => {
    expect(check(LEADERBOARD_DESIGN)).toEqual([]);
    expect(check(AUDIT_LOG_DESIGN)).toEqual([]);
  });

  it('notes the Shop’s GSI1 ({at:iso}#{orderId}) with status, at and orderId', () => {
    const [finding] = check(SHOP_DESIGN);
    expect(finding).toMatchObject({ subject: { table: 'Shop', index: 'GSI1', keyAttribute: 'GSI1SK' } });
    expect(finding!.suggestion).toContain('partition key status (S) in place of GSI1PK; sort key at (S), orderId (S) in place of GSI1SK');
  });

  it('never proposes it for a base table or an LSI', () => {
    // The table's rankKey is the concatenated key of the articles; an LSI with a composite key likewise.
    const lsi = changeTable('Shop', (table) => ({
      ...table,
      indexes: [
        { ...table.indexes[0]!, kind: 'LSI' as const, partitionKey: [{ name: 'PK', type: 'S' as const }], sortKey: [{ name: 'GSI1SK', type: 'S' as const }] },
      ],
    }))(SHOP_DESIGN);
    const withLsi = changeTable('Shop', (table) => ({
      ...table,
      entities: table.entities.map((entity) => ({ ...entity, keys: Object.fromEntries(Object.entries(entity.keys).filter(([name]) => name !== 'GSI1PK')) })),
    }))(lsi);
    expect(check(withLsi)).toEqual([]);
    expect(check(LEADERBOARD_DESIGN).some((finding) => finding.subject.index === undefined)).toBe(false);
  });

  it('stays silent on an overloaded GSI whose entities tell their items apart by prefixes', () => {
    const overloaded = changeTable('Shop', (table) => ({
      ...table,
      entities: table.entities.map((entity) =>
        entity.name === 'Address' ? { ...entity, keys: { ...entity.keys, GSI1PK: 'CITY#{city}', GSI1SK: 'ADDRESS#{label}#{customerId}' } } : entity,
      ),
    }))(SHOP_DESIGN);
    expect(check(overloaded)).toEqual([]);
  });

  it('stays silent when a pattern needs what the typed key cannot ask: raw key text, a range over two fields', () => {
    const raw = withPattern('Leaderboard', {
      id: 'raw-prefix',
      partitionValues: { playerId: 'p_1024' },
      sort: { input: 'raw', operator: 'begins_with', value: '0000001719730800#00' },
    })(leaderboardWithConcatenatedGsi());
    expect(check(raw)).toEqual([]);
    const tuple = withPattern('Leaderboard', {
      id: 'tuple-range',
      partitionValues: { playerId: 'p_1024' },
      sort: { input: 'fields', operator: '>=', values: { ts: '1719730800', score: '100' } },
    })(leaderboardWithConcatenatedGsi());
    expect(check(tuple)).toEqual([]);
    // A range whose earlier field moves (from one time and score to another): one range over (ts, score) together.
    const moving = withPattern('Leaderboard', {
      id: 'moving-range',
      partitionValues: { playerId: 'p_1024' },
      sort: { input: 'fields', operator: 'between', values: { ts: '1719730800', score: '100' }, valuesHigh: { ts: '1719741600', score: '10' } },
    })(leaderboardWithConcatenatedGsi());
    expect(check(moving)).toEqual([]);
    // A pattern that was no Query before (it skips ts) loses nothing: the note stands.
    const skipping = withPattern('Leaderboard', {
      id: 'score-alone',
      partitionValues: { playerId: 'p_1024' },
      sort: { input: 'fields', operator: '>=', values: { score: '100' } },
    })(leaderboardWithConcatenatedGsi());
    expect(check(skipping)).toHaveLength(1);
  });

  it('stays silent on an inverted field, a single field with a prefix, and numbers stored as text', () => {
    expect(check(leaderboardWithConcatenatedGsi('{score:int(10,desc)}#{ts:epoch(16)}'))).toEqual([]);
    expect(check(leaderboardWithConcatenatedGsi('TS#{ts:epoch(16)}'))).toEqual([]);
    // `{score}` holds numbers as text: as an S attribute it would keep "10" < "9"; review.numberInStringField says so first.
    expect(check(leaderboardWithConcatenatedGsi('{ts:epoch(16)}#{score}'))).toEqual([]);
  });

  it('takes ISO dates in a string field as ordered, but not US dates (6/23/2026 sorts as text, out of date order)', () => {
    const withDay = (days: readonly string[]) =>
      changeTable('Shop', (table) => ({
        ...table,
        entities: table.entities.map((entity) =>
          entity.name === 'Order'
            ? {
                ...entity,
                keys: { ...entity.keys, GSI1SK: '{day}#{orderId}' },
                samples: entity.samples.map((sample, index) => ({ ...sample, values: { ...sample.values, day: days[index]! } })),
              }
            : entity,
        ),
      }))(SHOP_DESIGN);
    expect(check(withDay(['2026-06-21', '2026-06-23', '2026-06-23', '2026-12-02']))).toHaveLength(1);
    expect(check(withDay(['6/21/2026', '6/23/2026', '6/23/2026', '12/2/2026']))).toEqual([]);
  });

  it('stays silent when the typed attribute would clash with what the items carry', () => {
    const tsAsText = changeTable('Leaderboard', (table) => ({
      ...table,
      entities: table.entities.map((entity) => ({ ...entity, attributes: [...entity.attributes, { name: 'ts', type: 'S' as const }] })),
    }))(leaderboardWithConcatenatedGsi());
    expect(check(tsAsText)).toEqual([]);
  });
});
