import type { Design, EntityDesign, TableDesign } from '../design.types';

/**
 * Issue 31's "the deck contradicts itself": scores stored as plain text
 * (`SCORE#{score}`), so both the naive and the encoded keys sort 10 before 9.
 * One slide said "5 rows out of place", the next "✓ the naive keys would give
 * the same order" in green over 10, 1500, 240, 75, 9.
 */
export function plainScoreDesign(scores: readonly string[] = ['10', '1500', '240', '75', '9']): Design {
  const entity: EntityDesign = {
    name: 'Score',
    description: '',
    keys: { PK: 'SEASON#{season}', SK: 'SCORE#{score}' },
    attributes: [],
    samples: scores.map((score, index) => ({ id: `s${index + 1}`, values: { season: '2026', score } })),
    expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
  };
  const table: TableDesign = {
    name: 'Scores',
    description: '',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    indexes: [],
    billingMode: 'PAY_PER_REQUEST',
    entities: [entity],
    accessPatterns: [
      {
        id: 'top-3',
        name: 'Top 3 scores of a season, highest first',
        description: '',
        entities: ['Score'],
        partitionValues: { season: '2026' },
        direction: 'descending',
        limit: 3,
        projection: [],
        consistentRead: false,
        expected: { orderBy: { field: 'score', direction: 'descending' } },
      },
    ],
  };
  return { name: 'Plain scores', description: '', tables: [table] };
}
