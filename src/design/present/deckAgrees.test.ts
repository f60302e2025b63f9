import { describe, expect, it } from 'vitest';
import { judgePatternResult, type PatternResultItem } from '../accessPatterns';
import type { Design, EntityDesign, TableDesign } from '../design.types';
import { buildReviewDocument, renderReviewMarkdown } from '../reviewDocument';
import { buildSlides, type EntityOrderSlide, type ItemCollectionSlide, type Slide } from '.';

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

const ofKind = <K extends Slide['kind']>(slides: readonly Slide[], kind: K) => slides.filter((slide): slide is Extract<Slide, { kind: K }> => slide.kind === kind);

/** What DynamoDB returns for the pattern: the three highest keys in byte order, read backwards. */
const returned: PatternResultItem[] = ['SCORE#9', 'SCORE#75', 'SCORE#240'].map((SK) => ({ entity: 'Score', item: { PK: { S: 'SEASON#2026' }, SK: { S: SK } } }));

describe('the deck about one design never contradicts itself', () => {
  const design = plainScoreDesign();
  const table = design.tables[0] as TableDesign;
  const pattern = table.accessPatterns[0] as TableDesign['accessPatterns'][number];
  const outcome = { ...judgePatternResult(table, pattern, { items: returned }), items: returned };
  const slides = buildSlides(design, { findings: [], results: { Scores: { 'top-3': outcome } } });
  const [order] = ofKind(slides, 'entityOrder') as EntityOrderSlide[];
  const [collection] = ofKind(slides, 'itemCollection') as ItemCollectionSlide[];

  it('the entity order slide: every stored row is out of its intended (numeric) place, naive and encoded alike', () => {
    expect(order?.naiveOutOfPlace).toBe(5);
    expect(order?.encodedOutOfPlace).toBe(5);
  });

  it('the item collection slide says the same rows are out of their intended place, and that the naive keys are no better', () => {
    expect(collection?.rows.rows.map((row) => row.key.parts[0])).toEqual(['SCORE#10', 'SCORE#1500', 'SCORE#240', 'SCORE#75', 'SCORE#9']);
    expect(collection?.intendedOutOfPlaceCount).toBe(5);
    expect(collection?.naiveIntendedOutOfPlaceCount).toBe(5);
    // Every row is marked with its intended place among its entity's rows (ascending, as the collection is listed).
    expect(collection?.rows.rows.map((row) => row.intended?.rank)).toEqual([2, 5, 4, 3, 1]);
  });

  it('the access pattern slide shows the judge’s verdict, not one of its own', () => {
    const slide = ofKind(slides, 'accessPattern')[0];
    expect(slide?.result?.verdict).toBe(outcome.verdict);
  });

  it('the review document says the same: rows out of their intended place in its item collection, and the judge’s verdict', () => {
    const markdown = renderReviewMarkdown(buildReviewDocument(design, { findings: [], patternResults: { Scores: { 'top-3': outcome } } }));
    expect(markdown).toContain('5 of 5 items are out of their intended order');
    expect(markdown).toContain(`**Verdict:** ${outcome.verdict}`);
  });
});
