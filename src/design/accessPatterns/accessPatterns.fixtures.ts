import { DESIGN_FORMAT, type AccessPatternDesign, type DesignDocument, type JsonItem, type TableDesign } from '../design.types';

/** One run of a season: its score (as typed), the player, and any other attributes. */
export interface ScoreSample {
  readonly score: string;
  readonly playerId?: string;
  readonly attributes?: JsonItem;
}

export interface ScoresDesignOptions {
  /** The sort key template (default the issue's `SCORE#{score}`, the score a plain string field). */
  readonly sortKey?: string;
  /** The field the samples' scores fill and the pattern orders by (default `score`). */
  readonly field?: string;
  readonly samples?: readonly (string | ScoreSample)[];
  /** Changes to the "Top 3 scores of a season, highest first" pattern (`limit: undefined`: no Limit). */
  readonly pattern?: PatternChanges;
}

/** Changes to an access pattern: a member set to `undefined` is removed (`{ limit: undefined }`: no Limit). */
export type PatternChanges = { readonly [K in keyof AccessPatternDesign]?: AccessPatternDesign[K] | undefined };

/** `pattern` with `changes` applied (members changed to `undefined` left out). */
export function patternWith(pattern: AccessPatternDesign, changes: PatternChanges = {}): AccessPatternDesign {
  return Object.fromEntries(Object.entries({ ...pattern, ...changes }).filter(([, value]) => value !== undefined)) as unknown as AccessPatternDesign;
}

/** The issue's samples: 1500, 240, 75 are the top 3; text order puts 9 first. */
export const ISSUE_SCORES = ['10', '1500', '240', '75', '9'] as const;

export const TOP_SCORES_PATTERN_ID = 'top-3-scores';

/**
 * A season's scores keyed `SEASON#{season}` / `SCORE#{score}` with the
 * pattern "Top 3 scores of a season, highest first" (descending, Limit 3,
 * expected order: score descending): the issue's false pass, and by a
 * different sort key or samples, its correct and edge cases.
 */
export function scoresDesign(options: ScoresDesignOptions = {}): DesignDocument {
  const field = options.field ?? 'score';
  const samples = (options.samples ?? ISSUE_SCORES).map((sample, position) => {
    const { score, playerId = `p${position + 1}`, attributes } = typeof sample === 'string' ? { score: sample } : sample;
    return { id: `run-${position + 1}`, values: { season: '2026-SUMMER', [field]: score, playerId }, ...(attributes ? { attributes } : {}) };
  });
  const pattern = patternWith(
    {
      id: TOP_SCORES_PATTERN_ID,
      name: 'Top 3 scores of a season, highest first',
      description: 'The podium: the three highest scores, read from the end of the season’s partition.',
      entities: ['Score'],
      partitionValues: { season: '2026-SUMMER' },
      direction: 'descending',
      limit: 3,
      projection: [],
      consistentRead: false,
      expected: { orderBy: { field, direction: 'descending' } },
    },
    options.pattern,
  );
  const table: TableDesign = {
    name: 'Scores',
    description: 'One item per run of a season.',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    indexes: [],
    billingMode: 'PAY_PER_REQUEST',
    entities: [
      {
        name: 'Score',
        description: 'A finished run and its score.',
        keys: { PK: 'SEASON#{season}', SK: options.sortKey ?? 'SCORE#{score}' },
        attributes: [],
        samples,
        expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
      },
    ],
    accessPatterns: [pattern],
  };
  return { format: DESIGN_FORMAT, name: 'Season scores', description: 'Scores of a season, ranked by the sort key.', tables: [table] };
}
