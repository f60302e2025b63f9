import { describe, expect, it } from 'vitest';
import { buildSampleItem, findEntity } from '../designKeys';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import type { TableDesign } from '../design.types';
import { judgePatternResult, type PatternResultItem } from './judgePatternResult';
import { expectOk } from '../../errors/testing';

const shop = SHOP_DESIGN.tables[0]!;
const leaderboard = LEADERBOARD_DESIGN.tables[0]!;
const pattern = (table: TableDesign, id: string) => table.accessPatterns.find((candidate) => candidate.id === id)!;

/** The samples of an entity as result items, in the order given by sample ids. */
function items(table: TableDesign, entityName: string, ids: readonly string[]): PatternResultItem[] {
  const entity = findEntity(table, entityName)!;
  return ids.map((id) => {
    const built = buildSampleItem(
      table,
      entity,
      entity.samples.find((sample) => sample.id === id)!,
    );
    expectOk(built, id);
    return { entity: entityName, item: built.item };
  });
}

describe('judgePatternResult', () => {
  it('passes the right entity, order and count', () => {
    expect(judgePatternResult(shop, pattern(shop, 'customer-orders'), { items: items(shop, 'Order', ['o_17', 'o_16', 'o_15']) })).toEqual({
      verdict: 'passes',
      reasons: [],
    });
  });

  it('wrongEntity names the item by its sort key and its entity', () => {
    const judged = judgePatternResult(shop, pattern(shop, 'customer-orders-day'), {
      items: [...items(shop, 'Address', ['a1']), ...items(shop, 'Order', ['o_16', 'o_17'])],
    });
    expect(judged.verdict).toBe('fails');
    expect(judged.reasons).toEqual([
      { code: 'wrongEntity', message: "ADDRESS#home (Address) is mixed into the result of 'Orders of customer c1 on 2026-06-23'." },
      { code: 'wrongCount', message: '3 items came back; the pattern expects 2.' },
    ]);
  });

  it('an item that is no sample of the design is mixed in too', () => {
    const judged = judgePatternResult(shop, pattern(shop, 'customer-orders-day'), {
      items: [{ entity: undefined, item: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'NOTE#1' } } }],
    });
    expect(judged.reasons[0]).toEqual({
      code: 'wrongEntity',
      message: "NOTE#1 (no entity of the design) is mixed into the result of 'Orders of customer c1 on 2026-06-23'.",
    });
  });

  it('wrongOrder compares decoded field values: newest first, highest first', () => {
    const judged = judgePatternResult(shop, pattern(shop, 'customer-orders'), { items: items(shop, 'Order', ['o_16', 'o_17', 'o_15']) });
    expect(judged.reasons).toEqual([
      {
        code: 'wrongOrder',
        message:
          '2026-06-23T08:05:00Z is 1st but the newest at, 2026-06-23T10:00:00Z, should come first; the order by at, newest first, is 2026-06-23T10:00:00Z, 2026-06-23T08:05:00Z, 2026-06-21T16:20:00Z.',
      },
    ]);
    // 1020 against 875: numeric, not text order (the padded key and the decoded value agree).
    const runs = items(leaderboard, 'Run', ['run-4', 'run-3', 'run-1', 'run-2', 'run-5', 'run-6', 'run-7', 'run-8', 'run-9', 'run-10']);
    const scores = judgePatternResult(leaderboard, pattern(leaderboard, 'top-scores'), { items: runs });
    expect(scores.reasons.map((reason) => reason.message)).toEqual([
      '875 is 1st but the highest score, 2300, should come first; the top 10 by score are 2300, 1500, 1020, 875, 875, 615, 240, 128, 42, 10.',
    ]);
  });

  it('equal values are in order either way', () => {
    const judged = judgePatternResult(leaderboard, pattern(leaderboard, 'top-scores'), {
      items: items(leaderboard, 'Run', ['run-1', 'run-2', 'run-3', 'run-5', 'run-4', 'run-6', 'run-7', 'run-8', 'run-9', 'run-10']),
    });
    expect(judged.verdict).toBe('passes');
  });

  it('wrongCount says how many came back', () => {
    expect(judgePatternResult(shop, pattern(shop, 'customer-orders'), { items: items(shop, 'Order', ['o_17']) }).reasons).toEqual([
      { code: 'wrongCount', message: '1 item came back; the pattern expects 3.' },
    ]);
  });

  it('needsScan when the condition skips a leading field, notRunnable for a bad pattern or an engine refusal', () => {
    const skip = { ...pattern(shop, 'customer-orders'), sort: { input: 'fields' as const, operator: '=' as const, values: { orderId: 'o_17' } } };
    expect(judgePatternResult(shop, skip, { items: [] }).reasons.map((reason) => reason.code)).toEqual(['needsScan']);
    const unknownIndex = { ...pattern(shop, 'orders-by-status'), index: 'GSI9' };
    expect(judgePatternResult(shop, unknownIndex, { items: [] }).reasons.map((reason) => reason.code)).toEqual(['notRunnable']);
    expect(judgePatternResult(shop, pattern(shop, 'customer-orders'), { error: 'ValidationException: nope' })).toEqual({
      verdict: 'fails',
      reasons: [{ code: 'notRunnable', message: 'ValidationException: nope' }],
    });
  });
});
