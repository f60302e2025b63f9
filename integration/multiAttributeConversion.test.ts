/**
 * The multi-attribute GSI conversion against the real DynamoDB Local: each
 * design's access patterns run before and after convertToMultiAttributeGsi
 * through runAccessPatterns with an SDK client as its data source — the
 * table created from the converted design's CreateTable input (a GSI with
 * typed, multi-attribute keys), every sample written, every pattern's Query
 * sent with its rewritten key condition. Green on both sides, and green
 * after where the concatenated key's padding was too narrow to store some
 * samples at all.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runAccessPatterns } from '../src/check';
import { convertToMultiAttributeGsi, importDesignFile, SHOP_DESIGN, type Design, type TableDesign } from '../src/design';
import { leaderboardWithConcatenatedGsi } from '../src/design/multiAttribute/multiAttribute.fixtures';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { expectOk } from '../src/errors/testing';

const client = createDynamoDBLocalClient();
afterAll(() => client.destroy());

function tournament(): Design {
  const read = importDesignFile(readFileSync('corpus/review/tournament-matches-gsi.keylab.json', 'utf8'), 'tournament-matches-gsi.keylab.json');
  expectOk(read);
  return read.design;
}

const CASES: readonly { readonly name: string; readonly design: () => Design; readonly table: string; readonly index: string }[] = [
  { name: 'the Leaderboard with a concatenated byPlayer', design: () => leaderboardWithConcatenatedGsi(), table: 'Leaderboard', index: 'byPlayer' },
  { name: 'the Shop’s GSI1', design: () => SHOP_DESIGN, table: 'Shop', index: 'GSI1' },
  { name: 'AWS’s tournament matches', design: tournament, table: 'Matches', index: 'byTournamentRegion' },
];

/** Runs a table's patterns on DynamoDB Local under a name no other test uses (the run deletes its table). */
async function runOnDynamoDBLocal(table: TableDesign) {
  return runAccessPatterns({ ...table, name: uniqueTableName(table.name) }, { dataSource: client, sourceName: 'DynamoDB Local' });
}

const verdicts = (run: Awaited<ReturnType<typeof runOnDynamoDBLocal>>) =>
  Object.fromEntries(Object.entries(run.outcomes).map(([id, outcome]) => [id, outcome.verdict]));

describe('a converted design’s access patterns on DynamoDB Local', () => {
  for (const { name, design, table, index } of CASES) {
    it(`${name}: every pattern passes before and after the conversion`, async () => {
      const before = design();
      const converted = convertToMultiAttributeGsi(before, { table, index });
      expectOk(converted);
      const after = converted.design.tables.find((candidate) => candidate.name === table)!;
      expect(after.indexes.find((candidate) => candidate.name === index)?.sortKey.length).toBeGreaterThan(1);
      const old = await runOnDynamoDBLocal(before.tables.find((candidate) => candidate.name === table)!);
      const run = await runOnDynamoDBLocal(after);
      expect(old.sampleProblems).toEqual([]);
      expect(run.sampleProblems).toEqual([]);
      const passing = Object.fromEntries(after.accessPatterns.map((pattern) => [pattern.id, 'passes']));
      expect(verdicts(old)).toEqual(passing);
      expect(verdicts(run)).toEqual(passing);
      // The same items, in the same order, through the rewritten key conditions.
      const tableKeys = [after.partitionKey.name, ...(after.sortKey ? [after.sortKey.name] : [])];
      const itemKeys = (outcome: (typeof run.outcomes)[string] | undefined) =>
        outcome?.items.map((item) => JSON.stringify(tableKeys.map((key) => item.item[key]))) ?? [];
      for (const pattern of after.accessPatterns.filter((candidate) => candidate.index === index)) {
        expect(itemKeys(run.outcomes[pattern.id]), pattern.id).toEqual(itemKeys(old.outcomes[pattern.id]));
      }
    });
  }

  it('stores what a too-narrow padding could not: {score:int(3)} refuses 2300, the typed score (N) takes it', async () => {
    const narrow = leaderboardWithConcatenatedGsi('{ts:epoch(16)}#{score:int(3)}');
    const converted = convertToMultiAttributeGsi(narrow, { table: 'Leaderboard', index: 'byPlayer' });
    expectOk(converted);
    // The table's own rankKey keeps its int(10): only byPlayer's sort key was too narrow.
    const old = await runOnDynamoDBLocal(narrow.tables[0]!);
    expect(old.sampleProblems).toEqual([
      expect.stringContaining('Run sample run-1'),
      expect.stringContaining('Run sample run-2'),
      expect.stringContaining('Run sample run-3'),
    ]);
    const run = await runOnDynamoDBLocal(converted.design.tables[0]!);
    expect(run.sampleProblems).toEqual([]);
    expect(verdicts(run)).toEqual({ 'top-scores': 'passes', 'player-runs': 'passes', 'player-runs-range': 'passes', 'player-run-at': 'passes' });
  });
});
