import { describe, expect, it } from 'vitest';
import { compareKeys } from '../../keys';
import { buildSampleItem } from '../designKeys';
import type { DesignDocument, JsonItem } from '../design.types';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { scoresDesign, TOP_SCORES_PATTERN_ID, type ScoresDesignOptions } from './accessPatterns.fixtures';
import { judgePatternResult, type PatternResultItem, type PatternVerdict } from './judgePatternResult';
import { expectedOrderWords } from './judgeResultOrder';
import { expectOk } from '../../errors/testing';

/** Every sample of the design's one partition in DynamoDB's order of SK (src/keys), read in the pattern's direction. */
function partitionInReadOrder(design: DesignDocument, keep: (item: JsonItem) => boolean = () => true): PatternResultItem[] {
  const table = design.tables[0]!;
  const entity = table.entities[0]!;
  const pattern = table.accessPatterns[0]!;
  const items = entity.samples.map((sample) => {
    const built = buildSampleItem(table, entity, sample);
    expectOk(built, `sample ${sample.id}`);
    return built.item;
  });
  const sk = (item: JsonItem) => ({ S: (item.SK as { S: string }).S });
  items.sort((a, b) => compareKeys(sk(a), sk(b)));
  if (pattern.direction === 'descending') items.reverse();
  return items.filter(keep).map((item) => ({ entity: entity.name, item }));
}

/** What the pattern returns with its Limit (applied before the filter, as DynamoDB does) and what it reaches without one. */
function judge(options: ScoresDesignOptions, keep?: (item: JsonItem) => boolean): PatternVerdict {
  const design = scoresDesign(options);
  const table = design.tables[0]!;
  const pattern = table.accessPatterns.find((candidate) => candidate.id === TOP_SCORES_PATTERN_ID)!;
  const read = partitionInReadOrder(design);
  const limited = pattern.limit === undefined ? read : read.slice(0, pattern.limit);
  const filter = (entries: readonly PatternResultItem[]) => entries.filter((entry) => (keep ? keep(entry.item) : true));
  return judgePatternResult(table, pattern, { items: filter(limited), reachable: filter(read) });
}

const visible = (item: JsonItem) => item.archivedAt === undefined;

describe('judgePatternResult: the true first N by what the field means', () => {
  it('the issue’s false pass: SCORE#{score} as text returns 9, 75, 240 and fails, naming 9 and the highest score 1500', () => {
    expect(judge({})).toEqual({
      verdict: 'fails',
      reasons: [{ code: 'wrongOrder', message: '9 is 1st but the highest score, 1500, should come first; the top 3 by score are 1500, 240, 75.' }],
    });
  });

  it('a correct top 3 passes: {score:int(6)} stores the scores in number order', () => {
    expect(judge({ sortKey: 'SCORE#{score:int(6)}' })).toEqual({ verdict: 'passes', reasons: [] });
  });

  it('Limit with ascending dates: the earliest instants, whatever their offsets; an iso field passes', () => {
    const events = ['2026-06-23T05:00:00Z', '2026-06-23T10:00:00+09:00', '2026-06-22T23:30:00-05:00', '2026-06-24T00:00:00Z'];
    const pattern = {
      name: 'First 2 runs of the season',
      limit: 2,
      direction: 'ascending' as const,
      expected: { orderBy: { field: 'at', direction: 'ascending' as const } },
    };
    // As text, 2026-06-22T23:30-05:00 (04:30Z on the 23rd) sorts first, though 10:00+09:00 is 01:00Z.
    expect(judge({ sortKey: 'AT#{at}', field: 'at', samples: events, pattern }).reasons).toEqual([
      {
        code: 'wrongOrder',
        message:
          '2026-06-22T23:30:00-05:00 is 1st but the oldest at, 2026-06-23T10:00:00+09:00, should come first; the first 2 by at are 2026-06-23T10:00:00+09:00, 2026-06-22T23:30:00-05:00.',
      },
    ]);
    const utc = ['2026-06-23T05:00:00Z', '2026-06-23T01:00:00Z', '2026-06-23T04:30:00Z', '2026-06-24T00:00:00Z'];
    expect(judge({ sortKey: 'AT#{at:iso}', field: 'at', samples: utc, pattern })).toEqual({ verdict: 'passes', reasons: [] });
  });

  it('ties: either of two equal scores at the cut passes, but a tie never hides a lower score in front', () => {
    const tied = [
      { score: '50', playerId: 'pa' },
      { score: '40', playerId: 'pb' },
      { score: '40', playerId: 'pc' },
      { score: '30', playerId: 'pd' },
      { score: '9', playerId: 'pe' },
    ];
    const top2 = { limit: 2, name: 'Top 2' };
    expect(judge({ sortKey: 'SCORE#{score:int(4)}#{playerId}', samples: tied, pattern: top2 })).toEqual({ verdict: 'passes', reasons: [] });
    // As text, 9 sorts above 50 and 40: the tie of 40s does not excuse it.
    expect(judge({ sortKey: 'SCORE#{score}#{playerId}', samples: tied, pattern: { limit: 3 } }).reasons).toEqual([
      { code: 'wrongOrder', message: '9 is 1st but the highest score, 50, should come first; the top 3 by score are 50, 40, 40.' },
    ]);
  });

  it('a filter that removes items: the top N are judged among what passes the filter, and a Limit read before the filter fails', () => {
    const samples = [{ score: '1500', attributes: { archivedAt: { S: '2026-06-30' } } }, { score: '240' }, { score: '75' }, { score: '10' }, { score: '9' }];
    const filtered = { filter: 'attribute_not_exists(archivedAt)' };
    // Without a Limit: the whole filtered result, in number order.
    expect(judge({ sortKey: 'SCORE#{score:int(6)}', samples, pattern: { ...filtered, limit: undefined } }, visible)).toEqual({
      verdict: 'passes',
      reasons: [],
    });
    // Limit 3 reads 1500, 240, 75, then the filter drops 1500: two of the top 3 visible scores come back.
    expect(judge({ sortKey: 'SCORE#{score:int(6)}', samples, pattern: filtered }, visible).reasons).toEqual([
      {
        code: 'wrongOrder',
        message:
          'Only 2 of the top 3 came back: Limit 3 counts the items read before the filter removes any, so 10 is missing; the top 3 by score are 240, 75, 10.',
      },
    ]);
  });

  it('without a Limit the whole result must be in the order the field means', () => {
    expect(judge({ pattern: { limit: undefined } }).reasons).toEqual([
      { code: 'wrongOrder', message: '9 is 1st but the highest score, 1500, should come first; the order by score, highest first, is 1500, 240, 75, 10, 9.' },
    ]);
    expect(judge({ sortKey: 'SCORE#{score:int(6)}', pattern: { limit: undefined } }).verdict).toBe('passes');
  });

  it('expectedOrderWords says the direction as the field means it', () => {
    const scores = scoresDesign().tables[0]!;
    expect(expectedOrderWords(scores, scores.accessPatterns[0]!)).toBe('highest first');
    const shop = SHOP_DESIGN.tables[0]!;
    expect(shop.accessPatterns.map((pattern) => expectedOrderWords(shop, pattern))).toEqual(['newest first', 'oldest first', 'oldest first']);
    // ts is an N key of byPlayer and an epoch(16) field of rankKey: the format says it is a time.
    const leaderboard = LEADERBOARD_DESIGN.tables[0]!;
    expect(leaderboard.accessPatterns.map((pattern) => expectedOrderWords(leaderboard, pattern))).toEqual(['highest first', 'newest first']);
  });
});
