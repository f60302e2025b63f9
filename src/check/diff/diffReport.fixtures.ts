import { LEADERBOARD_DESIGN, type DesignDocument, type IndexDesign } from '../../design';
import type { DiffSideSource } from './diffReport.types';

/*
 * Two revisions of the Leaderboard, as a pull request would change it: the
 * issue's example for keylab diff (a GSI key and a key template change) and
 * the README's (docs/ci/example is written from these by
 * scripts/generate-ci-example.ts).
 */

/** A new GSI for the season's latest runs: in place (UpdateTable backfills it). */
const RECENT_RUNS: IndexDesign = {
  name: 'recentRuns',
  kind: 'GSI',
  partitionKey: [{ name: 'leaderboardId', type: 'S' }],
  sortKey: [{ name: 'ts', type: 'N' }],
  projection: { type: 'KEYS_ONLY', attributes: [] },
};

/**
 * Revision 2: byPlayer sorts a player's runs by score (a GSI key change: a
 * new index and backfill), the rank key's score is padded to 12 digits (a
 * table key template change: the items move, a migration), and a new GSI
 * lists a season's latest runs (in place).
 */
export const LEADERBOARD_V2: DesignDocument = {
  ...LEADERBOARD_DESIGN,
  tables: LEADERBOARD_DESIGN.tables.map((table) => ({
    ...table,
    indexes: [
      ...table.indexes.map((index) => (index.name === 'byPlayer' ? { ...index, sortKey: [{ name: 'score', type: 'N' as const }] } : index)),
      RECENT_RUNS,
    ],
    entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: '{score:int(12)}#{ts:epoch(16)}#{playerId}', score: '{score}' } })),
    accessPatterns: table.accessPatterns.map((pattern) =>
      pattern.id === 'player-runs'
        ? {
            ...pattern,
            name: 'A player’s best runs, highest first',
            description: 'GSI byPlayer: one player’s runs across the season, best first.',
            expected: { count: 2, orderBy: { field: 'score', direction: 'descending' as const } },
          }
        : pattern,
    ),
  })),
};

/** The sides as `keylab diff git:HEAD~1:designs/leaderboard.keylab.json designs/leaderboard.keylab.json` names them. */
export const REVISION_SIDES: { readonly before: DiffSideSource; readonly after: DiffSideSource } = {
  before: { source: { kind: 'git', rev: 'HEAD~1', path: 'designs/leaderboard.keylab.json' }, keylabDesign: true },
  after: { source: { kind: 'file', path: 'designs/leaderboard.keylab.json' }, keylabDesign: true },
};
