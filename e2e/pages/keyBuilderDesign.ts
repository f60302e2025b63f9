/** The designs store's localStorage key (src/state/design/designStore.ts). */
export const DESIGNS_STORAGE_KEY = 'keylab.designs';

/**
 * What the key builder showed before designs: the article's leaderboard
 * (raw scores 10, 1500, 240, 9) as the one entity of a design, seeded into
 * the browser by KeyBuilderPage so the key-builder specs start from it.
 */
export const KEY_BUILDER_DESIGN = {
  name: 'Key builder',
  description: '',
  tables: [
    {
      name: 'Table1',
      description: '',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      indexes: [],
      billingMode: 'PAY_PER_REQUEST',
      entities: [
        {
          name: 'Run',
          description: '',
          keys: { PK: 'SEASON#2026-SPRING', SK: '{score:int(10)}#{ts:epoch(16)}#{playerId}' },
          attributes: [],
          samples: [
            { id: 'row-1', values: { score: '10', ts: '1719100800', playerId: 'p_1021' } },
            { id: 'row-2', values: { score: '1500', ts: '1719100800', playerId: 'p_8842' } },
            { id: 'row-3', values: { score: '240', ts: '1719104400', playerId: 'p_3310' } },
            { id: 'row-4', values: { score: '9', ts: '1719108000', playerId: 'p_0007' } },
          ],
          expectations: { largestValues: { score: '10000000' }, headroomDigits: 2, maxLengths: {} },
        },
      ],
      accessPatterns: [],
    },
  ],
} as const;
