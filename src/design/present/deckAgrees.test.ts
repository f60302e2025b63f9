import { describe, expect, it } from 'vitest';
import { judgePatternResult, type PatternResultItem } from '../accessPatterns';
import type { TableDesign } from '../design.types';
import { buildReviewDocument, renderReviewMarkdown } from '../reviewDocument';
import { buildSlides, type EntityOrderSlide, type ItemCollectionSlide, type Slide } from '.';
import { plainScoreDesign } from './present.fixtures';

/** The date the review documents here are generated on (fixed: the document is pure). */
const REVIEW_NOW = new Date('2026-12-05T09:40:00.000Z');

const ofKind = <K extends Slide['kind']>(slides: readonly Slide[], kind: K) =>
  slides.filter((slide): slide is Extract<Slide, { kind: K }> => slide.kind === kind);

/** What DynamoDB returns for the pattern: the three highest keys in byte order, read backwards. */
const returned: PatternResultItem[] = ['SCORE#9', 'SCORE#75', 'SCORE#240'].map((SK) => ({
  entity: 'Score',
  item: { PK: { S: 'SEASON#2026' }, SK: { S: SK } },
}));

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
    const markdown = renderReviewMarkdown(buildReviewDocument(design, { now: REVIEW_NOW, findings: [], patternResults: { Scores: { 'top-3': outcome } } }));
    expect(markdown).toContain('5 of 5 items are out of their intended order');
    expect(markdown).toContain(`**Verdict:** ${outcome.verdict}`);
  });
});

describe('a Number sort key on the slides (issue 31: N stays N)', () => {
  it('orders and judges an N key by value on the entity order and item collection slides alike', () => {
    const design = plainScoreDesign(['9', '10', '240']);
    const table = design.tables[0] as TableDesign;
    const numeric: TableDesign = {
      ...table,
      sortKey: { name: 'SK', type: 'N' },
      entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, SK: '{score}' } })),
    };
    const slides = buildSlides({ ...design, tables: [numeric] }, { findings: [] });
    const [order] = ofKind(slides, 'entityOrder') as EntityOrderSlide[];
    const [collection] = ofKind(slides, 'itemCollection') as ItemCollectionSlide[];
    expect(order?.encoded.rows.map((row) => row.key.parts[0])).toEqual(['240', '10', '9']);
    expect([order?.naiveOutOfPlace, order?.encodedOutOfPlace]).toEqual([0, 0]);
    expect(collection?.rows.rows.map((row) => row.key.parts[0])).toEqual(['9', '10', '240']);
    expect([collection?.intendedOutOfPlaceCount, collection?.naiveIntendedOutOfPlaceCount]).toEqual([0, 0]);
  });
});
