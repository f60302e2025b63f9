import { DESIGN_FORMAT, type DesignDocument, type DesignSample } from '../design.types';

/** The zero-padding article's seasonal leaderboard: runs by padded score, a tiebreaker, and a per-player index. */
const SUMMER_RUNS: readonly (readonly [score: string, playerId: string, ts: string])[] = [
  ['2300', 'p_7781', '1719705600'],
  ['1500', 'p_8842', '1719709200'],
  ['1020', 'p_6630', '1719712800'],
  ['875', 'p_2209', '1719716400'],
  ['875', 'p_9001', '1719720000'],
  ['615', 'p_4477', '1719723600'],
  ['240', 'p_5150', '1719727200'],
  ['128', 'p_1024', '1719730800'],
  ['42', 'p_3317', '1719734400'],
  ['10', 'p_0420', '1719738000'],
  ['9', 'p_1024', '1719741600'],
  ['3', 'p_4477', '1719745200'],
];

function run([score, playerId, ts]: (typeof SUMMER_RUNS)[number], index: number): DesignSample {
  return { id: `run-${index + 1}`, values: { season: '2026-SUMMER', score, ts, playerId }, attributes: { score: { N: score } } };
}

/**
 * The article's leaderboard: `<score padded to 10>#<epoch seconds padded to
 * 16>#<playerId>` so byte order is score order and equal scores are told
 * apart; read highest first with ScanIndexForward = false.
 */
export const LEADERBOARD_DESIGN: DesignDocument = {
  format: DESIGN_FORMAT,
  name: 'Leaderboard',
  description: 'The zero-padding article’s seasonal arcade leaderboard: one item collection per season, ranked by padded score with a tiebreaker.',
  tables: [
    {
      name: 'Leaderboard',
      description: 'One item per run; rankKey = padded score # padded epoch seconds # player.',
      partitionKey: { name: 'leaderboardId', type: 'S' },
      sortKey: { name: 'rankKey', type: 'S' },
      indexes: [
        {
          name: 'byPlayer',
          kind: 'GSI',
          partitionKey: [{ name: 'playerId', type: 'S' }],
          sortKey: [{ name: 'ts', type: 'N' }],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      billingMode: 'PAY_PER_REQUEST',
      entities: [
        {
          name: 'Run',
          description: 'One finished run of a player in a season.',
          keys: {
            leaderboardId: 'SEASON#{season}',
            rankKey: '{score:int(10)}#{ts:epoch(16)}#{playerId}',
            playerId: '{playerId}',
            ts: '{ts}',
          },
          attributes: [{ name: 'score', type: 'N' }],
          samples: SUMMER_RUNS.map(run),
          // The article: scores up to ten million, two digits of headroom.
          expectations: { largestValues: { score: '10000000' }, headroomDigits: 2, maxLengths: { playerId: 16, season: 16 } },
        },
      ],
      accessPatterns: [
        {
          id: 'top-scores',
          name: 'Top scores of a season, highest first',
          description: 'The season’s top ten: ScanIndexForward = false reads the padded scores from the highest.',
          entities: ['Run'],
          partitionValues: { season: '2026-SUMMER' },
          direction: 'descending',
          limit: 10,
          projection: [],
          consistentRead: false,
          expected: { count: 10, orderBy: { field: 'score', direction: 'descending' } },
        },
        {
          id: 'player-runs',
          name: 'A player’s runs, newest first',
          description: 'GSI byPlayer: one player’s runs across the season, latest first.',
          entities: ['Run'],
          index: 'byPlayer',
          partitionValues: { playerId: 'p_4477' },
          direction: 'descending',
          projection: [],
          consistentRead: false,
          expected: { count: 2, orderBy: { field: 'ts', direction: 'descending' } },
        },
      ],
    },
  ],
};
