import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { Item } from '../../expressions';

/**
 * The `Leaderboard` sample: the zero-padding article's seasonal arcade
 * leaderboard. One item collection per season (`leaderboardId`), one item per
 * run, sort key `rankKey`.
 *
 * - `SEASON#2026-SPRING` is the article's naive first attempt: the raw score
 *   as a string. A Query returns `"10", "1500", "240", "9"` — byte order, so
 *   the 9-point run is last and the 1500-point run is buried in the middle.
 * - `SEASON#2026-SUMMER` is the article's fix, with more players and a tie:
 *   `<score padded to 10>#<epoch seconds padded to 16>#<playerId>`, e.g.
 *   `0000001500#0000001719100800#p_8842`, so byte order is score order and
 *   equal scores are told apart (earlier run first).
 *
 * GSI `byPlayer` (playerId, ts) lists one player's runs across seasons in time order.
 */

/** The table's name. */
export const LEADERBOARD_TABLE = 'Leaderboard';

/** The article's season: raw scores as strings (the wrong order). */
export const SPRING_SEASON = 'SEASON#2026-SPRING';

/** The fixed season: padded composite keys (the right order). */
export const SUMMER_SEASON = 'SEASON#2026-SUMMER';

/** CreateTable input of the sample. */
export const LEADERBOARD_TABLE_INPUT: CreateTableCommandInput = {
  TableName: LEADERBOARD_TABLE,
  KeySchema: [
    { AttributeName: 'leaderboardId', KeyType: 'HASH' },
    { AttributeName: 'rankKey', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [
    { AttributeName: 'leaderboardId', AttributeType: 'S' },
    { AttributeName: 'rankKey', AttributeType: 'S' },
    { AttributeName: 'playerId', AttributeType: 'S' },
    { AttributeName: 'ts', AttributeType: 'N' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'byPlayer',
      KeySchema: [
        { AttributeName: 'playerId', KeyType: 'HASH' },
        { AttributeName: 'ts', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
  BillingMode: 'PAY_PER_REQUEST',
};

/** The article's four runs: score, player, epoch seconds (the 1500-point run is the article's `…#0000001719100800#p_8842`). */
const SPRING_RUNS: readonly (readonly [number, string, number])[] = [
  [1500, 'p_8842', 1719100800],
  [240, 'p_5150', 1719104400],
  [10, 'p_3317', 1719111600],
  [9, 'p_0420', 1719118800],
];

/** A busier season, with a tie at 875 (p_2209 ran first). */
const SUMMER_RUNS: readonly (readonly [number, string, number])[] = [
  [2300, 'p_7781', 1719705600],
  [1500, 'p_8842', 1719709200],
  [1020, 'p_6630', 1719712800],
  [875, 'p_2209', 1719716400],
  [875, 'p_9001', 1719720000],
  [615, 'p_4477', 1719723600],
  [240, 'p_5150', 1719727200],
  [128, 'p_1024', 1719730800],
  [42, 'p_3317', 1719734400],
  [10, 'p_0420', 1719738000],
  [9, 'p_1024', 1719741600],
  [3, 'p_4477', 1719745200],
];

/**
 * The article's leaderboard key: score padded to 10 digits, epoch seconds to 16, then the player.
 *
 * @example
 * paddedRankKey(1500, 1719100800, "p_8842") // "0000001500#0000001719100800#p_8842"
 */
export function paddedRankKey(score: number, ts: number, playerId: string): string {
  return `${String(score).padStart(10, '0')}#${String(ts).padStart(16, '0')}#${playerId}`;
}

function run(season: string, rankKey: string, [score, playerId, ts]: readonly [number, string, number]): Item {
  return {
    leaderboardId: { S: season },
    rankKey: { S: rankKey },
    score: { N: String(score) },
    playerId: { S: playerId },
    ts: { N: String(ts) },
  };
}

/** The sample's items: both seasons. */
export function leaderboardItems(): Item[] {
  return [
    ...SPRING_RUNS.map((entry) => run(SPRING_SEASON, String(entry[0]), entry)),
    ...SUMMER_RUNS.map((entry) => run(SUMMER_SEASON, paddedRankKey(entry[0], entry[2], entry[1]), entry)),
  ];
}
