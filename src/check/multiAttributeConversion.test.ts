import { describe, expect, it } from 'vitest';
import { convertToMultiAttributeGsi, importDesignFile, SHOP_DESIGN, type Design } from '../design';
import { leaderboardWithConcatenatedGsi } from '../design/multiAttribute/multiAttribute.fixtures';
import { runAccessPatterns } from './runAccessPatterns';
import tournamentText from '../../corpus/review/tournament-matches-gsi.keylab.json?raw';
import { expectOk } from '../errors/testing';

/**
 * The "Done when": the converted design's access patterns run green
 * on the built-in engine (integration/multiAttributeConversion.test.ts runs
 * the same on DynamoDB Local).
 */

function corpusDesign(text: string, file: string): Design {
  const read = importDesignFile(text, file);
  expectOk(read, file);
  return read.design;
}

const CASES = [
  { name: 'the Leaderboard with a concatenated byPlayer', design: () => leaderboardWithConcatenatedGsi(), table: 'Leaderboard', index: 'byPlayer' },
  { name: 'the Shop’s GSI1', design: () => SHOP_DESIGN, table: 'Shop', index: 'GSI1' },
  {
    name: 'AWS’s tournament matches',
    design: () => corpusDesign(tournamentText, 'tournament-matches-gsi.keylab.json'),
    table: 'Matches',
    index: 'byTournamentRegion',
  },
] as const;

describe('a converted design’s access patterns on the built-in engine', () => {
  for (const { name, design, table, index } of CASES) {
    it(`${name}: every pattern passes after the conversion, with the same items`, async () => {
      const converted = convertToMultiAttributeGsi(design(), { table, index });
      expectOk(converted);
      const after = converted.design.tables.find((candidate) => candidate.name === table)!;
      const before = design().tables.find((candidate) => candidate.name === table)!;
      const [old, run] = [await runAccessPatterns(before), await runAccessPatterns(after)];
      expect(run.sampleProblems).toEqual([]);
      expect(Object.values(run.outcomes).map((outcome) => outcome.verdict)).toEqual(after.accessPatterns.map(() => 'passes'));
      const tableKeys = [after.partitionKey.name, ...(after.sortKey ? [after.sortKey.name] : [])];
      const keys = (outcome: (typeof run.outcomes)[string] | undefined) =>
        outcome?.items.map((item) => JSON.stringify(tableKeys.map((key) => item.item[key]))) ?? [];
      for (const pattern of after.accessPatterns) expect(keys(run.outcomes[pattern.id]), pattern.id).toEqual(keys(old.outcomes[pattern.id]));
    });
  }
});
