import type { Design } from '../design.types';
import { LEADERBOARD_DESIGN } from '../examples';

/**
 * The Leaderboard with its byPlayer GSI keyed the way the articles key a GSI
 * before multi-attribute keys: `GSI1PK = PLAYER#{playerId}` and a
 * concatenated, padded `GSI1SK = {ts:epoch(16)}#{score:int(10)}` (a player's
 * runs by time, score second). The built-in Leaderboard already keys byPlayer
 * by the typed playerId (S) and ts (N): nothing to convert there.
 */
export function leaderboardWithConcatenatedGsi(sortTemplate = '{ts:epoch(16)}#{score:int(10)}'): Design {
  const table = LEADERBOARD_DESIGN.tables[0]!;
  const run = table.entities[0]!;
  const { playerId: _playerId, ts: _ts, ...tableKeys } = run.keys;
  return {
    ...LEADERBOARD_DESIGN,
    name: 'Leaderboard (concatenated GSI)',
    tables: [
      {
        ...table,
        indexes: [
          {
            name: 'byPlayer',
            kind: 'GSI',
            partitionKey: [{ name: 'GSI1PK', type: 'S' }],
            sortKey: [{ name: 'GSI1SK', type: 'S' }],
            projection: { type: 'ALL', attributes: [] },
          },
        ],
        entities: [{ ...run, keys: { ...tableKeys, GSI1PK: 'PLAYER#{playerId}', GSI1SK: sortTemplate } }],
        accessPatterns: [
          ...table.accessPatterns,
          {
            id: 'player-runs-range',
            name: 'A player’s runs in the first hour of the season',
            description: 'GSI byPlayer: one player, a range of times.',
            entities: ['Run'],
            index: 'byPlayer',
            partitionValues: { playerId: 'p_4477' },
            sort: { input: 'fields', operator: 'between', values: { ts: '1719705600' }, valuesHigh: { ts: '1719727200' } },
            direction: 'ascending',
            projection: [],
            consistentRead: false,
            expected: { count: 1, orderBy: { field: 'ts', direction: 'ascending' } },
          },
          {
            id: 'player-run-at',
            name: 'A player’s run at one time, by its score',
            description: 'GSI byPlayer: equality on the time, a range on the score.',
            entities: ['Run'],
            index: 'byPlayer',
            partitionValues: { playerId: 'p_1024' },
            sort: { input: 'fields', operator: 'between', values: { ts: '1719730800', score: '100' }, valuesHigh: { ts: '1719730800', score: '200' } },
            direction: 'ascending',
            projection: [],
            consistentRead: false,
            expected: { count: 1 },
          },
        ],
      },
    ],
  };
}
