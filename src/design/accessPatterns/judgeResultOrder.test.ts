import { describe, expect, it } from 'vitest';
import { compareKeys } from '../../keys';
import { buildSampleItem } from '../designKeys';
import type { DesignDocument, JsonItem } from '../design.types';
import { scoresDesign, TOP_SCORES_PATTERN_ID, type ScoresDesignOptions } from './accessPatterns.fixtures';
import { judgePatternResult, type PatternResultItem, type PatternVerdict } from './judgePatternResult';

/** Every sample of the design's one partition in DynamoDB's order of SK (src/keys), read in the pattern's direction. */
function partitionInReadOrder(design: DesignDocument, keep: (item: JsonItem) => boolean = () => true): PatternResultItem[] {
  const table = design.tables[0]!;
  const entity = table.entities[0]!;
  const pattern = table.accessPatterns[0]!;
  const items = entity.samples.map((sample) => {
    const built = buildSampleItem(table, entity, sample);
    if (!built.ok) throw new Error(`sample ${sample.id}: ${JSON.stringify(built.problems)}`);
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
  it('a correct top 3 passes: {score:int(6)} stores the scores in number order', () => {
    expect(judge({ sortKey: 'SCORE#{score:int(6)}' })).toEqual({ verdict: 'passes', reasons: [] });
  });

  it('a filter that removes items: the top N are judged among what passes the filter, and a Limit read before the filter fails', () => {
    const samples = [
      { score: '1500', attributes: { archivedAt: { S: '2026-06-30' } } },
      { score: '240' },
      { score: '75' },
      { score: '10' },
      { score: '9' },
    ];
    const filtered = { filter: 'attribute_not_exists(archivedAt)' };
    // Without a Limit: the whole filtered result, in number order.
    expect(judge({ sortKey: 'SCORE#{score:int(6)}', samples, pattern: { ...filtered, limit: undefined } }, visible)).toEqual({ verdict: 'passes', reasons: [] });
    // Limit 3 reads 1500, 240, 75, then the filter drops 1500: two of the top 3 visible scores come back.
    expect(judge({ sortKey: 'SCORE#{score:int(6)}', samples, pattern: filtered }, visible).reasons).toEqual([
      {
        code: 'wrongOrder',
        message: 'Only 2 of the top 3 came back: Limit 3 counts the items read before the filter removes any, so 10 is missing; the top 3 by score are 240, 75, 10',
      },
    ]);
  });

});
