import { describe, expect, it } from 'vitest';
import { addAccessPattern } from '../accessPatterns';
import { changeTable } from '../edit';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { parseDesignDocument, serializeDesignDocument } from '../format';
import { buildSampleItem, compileTemplateText, typedKeyValue } from '../designKeys';
import type { AccessPatternDesign, Design } from '../design.types';
import { convertToMultiAttributeGsi } from '.';
import { leaderboardWithConcatenatedGsi } from './multiAttribute.fixtures';
import { expectOk } from '../../errors/testing';

const convert = (design: Design, table: string, index: string, newIndexName?: string) =>
  convertToMultiAttributeGsi(design, { table, index, ...(newIndexName ? { newIndexName } : {}) });
function converted(design: Design, table: string, index: string, newIndexName?: string) {
  const result = convert(design, table, index, newIndexName);
  expectOk(result);
  return result;
}
const keyText = (attributes: readonly { name: string; type: string }[]) => attributes.map((attribute) => `${attribute.name} ${attribute.type}`);
const withPattern = (table: string, pattern: Partial<AccessPatternDesign> & Pick<AccessPatternDesign, 'id'>) => (design: Design) =>
  changeTable(table, (current) =>
    addAccessPattern(current, { ...(current.accessPatterns.find((p) => p.index !== undefined) as AccessPatternDesign), name: pattern.id, ...pattern }),
  )(design);

describe('convertToMultiAttributeGsi', () => {
  it('reports the Leaderboard’s byPlayer as already typed: nothing to convert', () => {
    const result = convert(LEADERBOARD_DESIGN, 'Leaderboard', 'byPlayer');
    expect(result).toEqual({ ok: false, message: expect.stringContaining('byPlayer has no concatenated key to convert') });
    expect(result.ok || result.message).toContain('ts is already a typed N attribute');
  });

  it('converts the concatenated byPlayer (PLAYER#{playerId}; {ts:epoch(16)}#{score:int(10)}) into playerId S; ts N, score N', () => {
    const { design, conversion } = converted(leaderboardWithConcatenatedGsi(), 'Leaderboard', 'byPlayer');
    expect(conversion.before).toMatchObject({ partitionKey: [{ name: 'GSI1PK', type: 'S' }], sortKey: [{ name: 'GSI1SK', type: 'S' }] });
    expect(keyText(conversion.after.partitionKey)).toEqual(['playerId S']);
    expect(keyText(conversion.after.sortKey)).toEqual(['ts N', 'score N']);
    expect(conversion.sort.droppedLiterals).toEqual(['#']);
    expect(conversion.partition.droppedLiterals).toEqual(['PLAYER#']);
    expect(conversion.removedAttributes).toEqual(['GSI1PK', 'GSI1SK']);
    expect(design.tables[0]!.entities[0]!.keys).toEqual({
      leaderboardId: 'SEASON#{season}',
      rankKey: '{score:int(10)}#{ts:epoch(16)}#{playerId}',
      playerId: '{playerId}',
      ts: '{ts:epoch(38)}',
      score: '{score}',
    });
    // Every pattern on the index, left to right: equality before the one range.
    expect(conversion.patterns.map((pattern) => [pattern.patternId, pattern.servedBefore, pattern.serves, pattern.after])).toEqual([
      ['player-runs', true, true, 'playerId = :playerId'],
      ['player-runs-range', true, true, 'playerId = :playerId AND ts BETWEEN :tsLow AND :tsHigh'],
      ['player-run-at', true, true, 'playerId = :playerId AND ts = :ts AND score BETWEEN :scoreLow AND :scoreHigh'],
    ]);
    // The backfill: playerId and ts read out of the old keys, score already on the items (N).
    expect(conversion.backfill).toEqual([
      expect.objectContaining({
        entity: 'Run',
        needsWrite: true,
        attributes: [
          expect.objectContaining({ name: 'playerId', status: 'write', derivable: true, from: { attribute: 'GSI1PK', template: 'PLAYER#{playerId}' } }),
          expect.objectContaining({ name: 'ts', status: 'write', derivable: true, from: { attribute: 'GSI1SK', template: '{ts:epoch(16)}#{score:int(10)}' } }),
          expect.objectContaining({ name: 'score', status: 'exists', derivable: true }),
        ],
      }),
    ]);
    // The converted design is a valid design file.
    const reread = parseDesignDocument(serializeDesignDocument(design));
    expect(reread.ok ? reread.design.tables[0] : reread.errors).toEqual(design.tables[0]);
  });

  it('shows the typed order next to the old string order: the same where the padding was right', () => {
    const { conversion } = converted(leaderboardWithConcatenatedGsi(), 'Leaderboard', 'byPlayer');
    const { left, right } = conversion.orders;
    expect(left.order.slice(1, 3).map((key) => `${key.partitionText} | ${key.sortText}`)).toEqual([
      'PLAYER#p_1024 | 0000001719730800#0000000128',
      'PLAYER#p_1024 | 0000001719741600#0000000009',
    ]);
    expect(right.order.slice(1, 3).map((key) => `${key.partitionText} | ${key.sortText}`)).toEqual([
      'p_1024 | ts=1719730800, score=128',
      'p_1024 | ts=1719741600, score=9',
    ]);
    expect(conversion.orders.ordersEqual).toBe(true);
    expect(right.failures).toEqual([]);
  });

  it('and better where the padding was too narrow: the typed key stores what the string key could not', () => {
    // score:int(3) can't hold 2300, 1500 or 1020; the typed score (N) has no width.
    const narrow = converted(leaderboardWithConcatenatedGsi('{ts:epoch(16)}#{score:int(3)}'), 'Leaderboard', 'byPlayer').conversion;
    expect(narrow.orders.left.failures.map((failure) => [failure.sampleId, failure.code])).toEqual([
      ['run-1', 'keys.padOverflow'],
      ['run-2', 'keys.padOverflow'],
      ['run-3', 'keys.padOverflow'],
    ]);
    expect(narrow.orders.right.failures).toEqual([]);
    expect(narrow.orders.right.order).toHaveLength(12);
    // By score within one time, as numbers: 9 < 128 < 2300, where text would put "2300" between "128" and "9".
    const sameTime = withSamplesAtOneTime(leaderboardWithConcatenatedGsi('{ts:epoch(16)}#{score:int(3)}'));
    const typed = converted(sameTime, 'Leaderboard', 'byPlayer').conversion.orders.right.order.map((key) => key.sortText);
    expect(typed).toEqual(['ts=1719705600, score=9', 'ts=1719705600, score=128', 'ts=1719705600, score=2300']);
  });

  it('converts the Shop’s GSI1 (STATUS#{status}; {at:iso}#{orderId}) and keeps its pattern green', () => {
    const { design, conversion } = converted(SHOP_DESIGN, 'Shop', 'GSI1');
    expect(keyText(conversion.after.partitionKey)).toEqual(['status S']);
    expect(keyText(conversion.after.sortKey)).toEqual(['at S', 'orderId S']);
    expect(conversion.after.projection).toEqual({ type: 'INCLUDE', attributes: ['total'] });
    expect(conversion.patterns).toEqual([
      expect.objectContaining({ patternId: 'orders-by-status', servedBefore: true, serves: true, after: '#status = :status' }),
    ]);
    expect(conversion.backfill[0]!.attributes.map((attribute) => [attribute.name, attribute.status, attribute.from?.attribute])).toEqual([
      ['status', 'write', 'GSI1PK'],
      ['at', 'write', 'GSI1SK'],
      ['orderId', 'write', 'GSI1SK'],
    ]);
    expect(design.tables[0]!.entities.map((entity) => Object.keys(entity.keys))).toEqual([
      ['PK', 'SK'],
      ['PK', 'SK', 'status', 'at', 'orderId'],
      ['PK', 'SK'],
    ]);
  });

  it('the backfill reads each typed value out of the stored key it names, exactly as the converted design writes it', () => {
    for (const [design, table, index] of [
      [leaderboardWithConcatenatedGsi(), 'Leaderboard', 'byPlayer'],
      [SHOP_DESIGN, 'Shop', 'GSI1'],
    ] as const) {
      const { design: after, conversion } = converted(design, table, index);
      const before = design.tables.find((candidate) => candidate.name === table)!;
      const convertedTable = after.tables.find((candidate) => candidate.name === table)!;
      for (const { entity: name, attributes } of conversion.backfill) {
        const entity = before.entities.find((candidate) => candidate.name === name)!;
        for (const sample of entity.samples) {
          const stored = buildSampleItem(before, entity, sample);
          const wanted = buildSampleItem(
            convertedTable,
            convertedTable.entities.find((candidate) => candidate.name === name)!,
            sample,
          );
          expectOk(stored, `sample ${sample.id} builds before the conversion`);
          expectOk(wanted, `sample ${sample.id} builds after the conversion`);
          for (const attribute of attributes.filter((candidate) => candidate.status === 'write')) {
            // What a backfill does with a stored item: decode the old key, encode the typed attribute.
            const source = stored.item[attribute.from!.attribute] as { S: string };
            const from = compileTemplateText(attribute.from!.template);
            const typedTemplate = compileTemplateText(attribute.template);
            expectOk(from, `${attribute.name}: the old template compiles`);
            expectOk(typedTemplate, `${attribute.name}: the typed template compiles`);
            const values = from.value.decode(source.S);
            expectOk(values, `${attribute.name} does not read back out of ${source.S}`);
            const encoded = typedTemplate.value.encode(values.value);
            expect(encoded.ok && typedKeyValue(attribute, encoded.value), `${name} ${sample.id} ${attribute.name}`).toEqual(wanted.item[attribute.name]);
          }
        }
      }
    }
  });

  it('can name the converted index anew, and moves the patterns to it', () => {
    const { design, conversion } = converted(SHOP_DESIGN, 'Shop', 'GSI1', 'byStatus');
    expect(conversion.after.name).toBe('byStatus');
    expect(design.tables[0]!.accessPatterns.find((pattern) => pattern.id === 'orders-by-status')?.index).toBe('byStatus');
    expect(conversion.notes.at(-1)).toContain('creates byStatus next to GSI1');
    expect(convert(SHOP_DESIGN, 'Shop', 'GSI1', 'GSI1').ok).toBe(true);
  });

  it('says which patterns the typed key cannot serve, and why', () => {
    const design = [
      withPattern('Leaderboard', {
        id: 'raw-prefix',
        partitionValues: { playerId: 'p_1024' },
        sort: { input: 'raw', operator: 'begins_with', value: '0000001719730800#00' },
      }),
      withPattern('Leaderboard', {
        id: 'tuple-range',
        partitionValues: { playerId: 'p_1024' },
        sort: { input: 'fields', operator: '>=', values: { ts: '1719730800', score: '100' } },
      }),
      withPattern('Leaderboard', {
        id: 'score-alone',
        partitionValues: { playerId: 'p_1024' },
        sort: { input: 'fields', operator: '>=', values: { score: '100' } },
      }),
    ].reduce((next, change) => change(next), leaderboardWithConcatenatedGsi());
    const checks = converted(design, 'Leaderboard', 'byPlayer').conversion.patterns.filter((pattern) => !pattern.serves);
    expect(checks.map((pattern) => [pattern.patternId, pattern.servedBefore])).toEqual([
      ['raw-prefix', true],
      ['tuple-range', true],
      ['score-alone', false],
    ]);
    expect(checks[0]!.reason).toContain('a multi-attribute key has no combined text to compare');
    expect(checks[1]!.reason).toContain('equality on leading attributes and one range on the next');
    expect(checks[2]!.reason).toContain('score comes after ts');
  });

  it('refuses a base table and an LSI: they cannot have multi-attribute keys', () => {
    expect(convert(SHOP_DESIGN, 'Shop', 'Shop')).toEqual({ ok: false, message: expect.stringContaining('on global secondary indexes only') });
    const lsi = changeTable('Shop', (table) => ({
      ...table,
      indexes: table.indexes.map((index) => ({ ...index, kind: 'LSI' as const, partitionKey: [table.partitionKey] })),
    }))(SHOP_DESIGN);
    expect(convert(lsi, 'Shop', 'GSI1')).toEqual({ ok: false, message: expect.stringContaining('GSI1 is a local secondary index') });
  });

  it('refuses an overloaded index whose entities tell their items apart by prefixes', () => {
    const overloaded = changeTable('Shop', (table) => ({
      ...table,
      entities: table.entities.map((entity) =>
        entity.name === 'Address' ? { ...entity, keys: { ...entity.keys, GSI1PK: 'CITY#{city}', GSI1SK: 'ADDRESS#{label}#{customerId}' } } : entity,
      ),
    }))(SHOP_DESIGN);
    const result = convert(overloaded, 'Shop', 'GSI1');
    expect(result).toEqual({ ok: false, message: expect.stringContaining('the literal text tells their items apart in GSI1') });
  });

  it('refuses an inverted field, a name taken with another type, and items that would join the index', () => {
    const inverted = convert(leaderboardWithConcatenatedGsi('{score:int(10,desc)}#{ts:epoch(16)}'), 'Leaderboard', 'byPlayer');
    expect(inverted.ok || inverted.message).toContain('stores score inverted (desc)');
    const typedAsText = changeTable('Leaderboard', (table) => ({
      ...table,
      entities: table.entities.map((entity) => ({ ...entity, attributes: [...entity.attributes, { name: 'ts', type: 'S' as const }] })),
    }))(leaderboardWithConcatenatedGsi());
    const conflict = convert(typedAsText, 'Leaderboard', 'byPlayer');
    expect(conflict.ok || conflict.message).toContain("Run's items carry ts as S, but the multi-attribute key of byPlayer needs ts as N");
    const withOutsider = changeTable('Shop', (table) => ({
      ...table,
      entities: table.entities.map((entity) =>
        entity.name === 'Customer'
          ? {
              ...entity,
              attributes: [
                ...entity.attributes,
                { name: 'status', type: 'S' as const },
                { name: 'at', type: 'S' as const },
                { name: 'orderId', type: 'S' as const },
              ],
            }
          : entity,
      ),
    }))(SHOP_DESIGN);
    const joins = convert(withOutsider, 'Shop', 'GSI1');
    expect(joins.ok || joins.message).toContain('Customer is not in GSI1 now, but its items carry status, at, orderId too');
  });
});

/** Three runs of one player at one time, scores 9, 128 and 2300. */
function withSamplesAtOneTime(design: Design): Design {
  return changeTable('Leaderboard', (table) => ({
    ...table,
    entities: table.entities.map((entity) => ({
      ...entity,
      samples: ['2300', '9', '128'].map((score, index) => ({
        id: `same-${index}`,
        values: { season: '2026-SUMMER', score, ts: '1719705600', playerId: 'p_1' },
        attributes: { score: { N: score } },
      })),
    })),
  }))(design);
}
