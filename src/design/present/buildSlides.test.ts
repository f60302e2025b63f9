import { describe, expect, it } from 'vitest';
import type { Design, EntityDesign, TableDesign } from '../design.types';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import type { ReviewedFinding } from '../review';
import {
  buildSlides,
  keyDifference,
  keyList,
  markedKeys,
  stringKey,
  type AccessPatternSlide,
  type EntityOrderSlide,
  type FindingsSlide,
  type ItemCollectionSlide,
  type Slide,
} from '.';

const ofKind = <K extends Slide['kind']>(slides: readonly Slide[], kind: K) =>
  slides.filter((slide): slide is Extract<Slide, { kind: K }> => slide.kind === kind);
const keyTexts = (rows: readonly { key: { parts: readonly string[] } }[]) => rows.map((row) => row.key.parts.join('|'));

function scoresDesign(scores: readonly string[], name = 'Scores'): Design {
  const entity: EntityDesign = {
    name: 'Score',
    description: '',
    keys: { PK: 'GAME#{game}', SK: '{score:int(6)}#{id}' },
    attributes: [],
    samples: scores.map((score, index) => ({ id: `s${index + 1}`, values: { game: 'g', score, id: `p${index + 1}` } })),
    expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
  };
  const table: TableDesign = {
    name: 'T',
    description: '',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    indexes: [],
    billingMode: 'PAY_PER_REQUEST',
    entities: [entity],
    accessPatterns: [],
  };
  return { name, description: 'd', tables: [table] };
}

describe('keyDifference', () => {
  it('finds the first differing byte and the character holding it', () => {
    expect(keyDifference(stringKey('9'), stringKey('10'))).toEqual({ part: 0, byte: 0, start: 0, end: 1 });
    expect(keyDifference(stringKey('EVT#2026-10'), stringKey('EVT#2026-09'))).toEqual({ part: 0, byte: 9, start: 9, end: 10 });
  });

  it('counts UTF-8 bytes but gives UTF-16 offsets (é is two bytes, 😀 two code units)', () => {
    // "é" is 2 bytes: the "b" vs "c" difference is byte 3, character 2.
    expect(keyDifference(stringKey('éb'), stringKey('éc'))).toEqual({ part: 0, byte: 2, start: 1, end: 2 });
    expect(keyDifference(stringKey('😀x'), stringKey('😀y'))).toEqual({ part: 0, byte: 4, start: 2, end: 3 });
    // A difference inside a multi-byte character marks that whole character.
    expect(keyDifference(stringKey('aé'), stringKey('aè'))).toEqual({ part: 0, byte: 2, start: 1, end: 2 });
  });

  it('marks nothing when the key ends where the neighbour goes on (a prefix), or for numbers and equal keys', () => {
    expect(keyDifference(stringKey('ORDER#'), stringKey('ORDER#1'))).toEqual({ part: 0, byte: 6, start: 6, end: 6 });
    expect(keyDifference(stringKey('ORDER#1'), stringKey('ORDER#'))).toEqual({ part: 0, byte: 6, start: 6, end: 7 });
    expect(keyDifference(stringKey('a'), stringKey('a'))).toBeUndefined();
    expect(keyDifference({ parts: [{ type: 'N', text: '9' }] }, { parts: [{ type: 'N', text: '10' }] })).toBeUndefined();
  });

  it('walks a multi-attribute key part by part', () => {
    const a = {
      parts: [
        { type: 'S' as const, text: 'x' },
        { type: 'S' as const, text: 'ab' },
      ],
    };
    const b = {
      parts: [
        { type: 'S' as const, text: 'x' },
        { type: 'S' as const, text: 'ac' },
      ],
    };
    expect(keyDifference(a, b)).toEqual({ part: 1, byte: 1, start: 1, end: 2 });
  });
});

describe('markedKeys and keyList', () => {
  it('marks each key against the one above it, and the first against the one below', () => {
    const marked = markedKeys(['10', '1500', '240', '9'].map(stringKey));
    expect(marked.map((key) => key.difference?.byte)).toEqual([1, 1, 0, 0]);
  });

  it('caps the rows and counts the rest', () => {
    const list = keyList(
      ['a', 'b', 'c', 'd', 'e'].map((text) => ({ key: stringKey(text) })),
      3,
    );
    expect(keyTexts(list.rows)).toEqual(['a', 'b', 'c']);
    expect(list.moreCount).toBe(2);
    expect(list.rows.map((row) => row.position)).toEqual([1, 2, 3]);
    // A first row shown alone is still marked against the next one.
    expect(keyList([{ key: stringKey('a') }, { key: stringKey('b') }], 1).rows[0]?.key.difference?.byte).toBe(0);
  });
});

describe('buildSlides', () => {
  it('tells the leaderboard: title, entity order, item collections of table and index, both patterns, findings', () => {
    const slides = buildSlides(LEADERBOARD_DESIGN, { findings: [] });
    expect(slides.map((slide) => slide.kind)).toEqual([
      'title',
      'entityOrder',
      'itemCollection',
      'itemCollection',
      'accessPattern',
      'accessPattern',
      'findings',
    ]);
    expect(new Set(slides.map((slide) => slide.id)).size).toBe(slides.length);
    const title = slides[0];
    expect(title).toMatchObject({ kind: 'title', title: 'Leaderboard' });
    expect(title?.kind === 'title' && title.tables[0]).toMatchObject({
      name: 'Leaderboard',
      keySchema: 'leaderboardId (S), rankKey (S)',
      entityCount: 1,
      accessPatternCount: 2,
    });
  });

  it('shows naive against encoded order, read in the direction of the entity’s table pattern, with rows out of place', () => {
    const [order] = ofKind(buildSlides(LEADERBOARD_DESIGN, { findings: [] }), 'entityOrder') as EntityOrderSlide[];
    expect(order).toMatchObject({
      entity: 'Run',
      keyAttribute: 'rankKey',
      template: '{score:int(10)}#{ts:epoch(16)}#{playerId}',
      direction: 'descending',
      encodedOutOfPlace: 0,
    });
    // Highest score first when encoded.
    expect(order?.encoded.rows[0]?.key.parts[0]).toBe('0000002300#0000001719705600#p_7781');
    // Naive: "9#…" sorts first when read backwards, though 9 is near the bottom of the intended order.
    expect(order?.naive.rows[0]?.key.parts[0]).toBe('9#1719741600#p_1024');
    expect(order?.naive.rows[0]?.shouldBe).toBe(11);
    expect(order?.naiveOutOfPlace).toBeGreaterThan(0);
    expect(order?.encoded.rows.every((row) => row.shouldBe === undefined)).toBe(true);
  });

  it('caps long sample lists at maxRows with the rest counted', () => {
    const many = scoresDesign(Array.from({ length: 40 }, (_, index) => String(index * 7)));
    const [order] = ofKind(buildSlides(many, { findings: [], maxRows: 12 }), 'entityOrder');
    expect(order?.encoded.rows).toHaveLength(12);
    expect(order?.encoded.moreCount).toBe(28);
    expect(order?.naive.moreCount).toBe(28);
    const [collection] = ofKind(buildSlides(many, { findings: [], maxRows: 12 }), 'itemCollection');
    expect(collection?.rows.rows).toHaveLength(12);
    expect(collection?.rows.moreCount).toBe(28);
  });

  it('gives the item collection of the partition with the most entities, with where naive keys would put each row', () => {
    const collections = ofKind(buildSlides(SHOP_DESIGN, { findings: [] }), 'itemCollection') as ItemCollectionSlide[];
    const table = collections.find((slide) => slide.index === undefined);
    expect(table?.partition).toEqual([{ attribute: 'PK', text: 'CUSTOMER#c1' }]);
    expect(table?.partitionCount).toBe(2);
    expect(table?.rows.rows.map((row) => row.label)).toEqual(['Address', 'Address', 'Customer', 'Order', 'Order', 'Order']);
    expect(table?.rows.rows[1]?.key).toEqual({ parts: ['ADDRESS#work'], difference: { part: 0, byte: 8, start: 8, end: 9 } });
    // GSI1 holds orders only: the busiest status shows (PLACED has two), not the first in byte order (DELIVERED).
    const gsi = collections.find((slide) => slide.index === 'GSI1');
    expect(gsi?.sortAttributes).toEqual(['GSI1SK']);
    expect(gsi?.partition).toEqual([{ attribute: 'GSI1PK', text: 'STATUS#PLACED' }]);
    expect(gsi?.rows.rows).toHaveLength(2);
  });

  it('shows each pattern’s request, and its result only once it has run', () => {
    const patterns = ofKind(buildSlides(SHOP_DESIGN, { findings: [] }), 'accessPattern') as AccessPatternSlide[];
    const day = patterns.find((slide) => slide.patternId === 'customer-orders-day');
    expect(day?.request).toMatchObject({ tableName: 'Shop', keyConditionExpression: 'PK = :PK AND begins_with(SK, :SKPrefix)', scanIndexForward: true });
    expect(day?.request?.values).toEqual([
      { placeholder: ':PK', type: 'S', text: 'CUSTOMER#c1' },
      { placeholder: ':SKPrefix', type: 'S', text: 'ORDER#2026-06-23T' },
    ]);
    expect(day?.result).toBeUndefined();

    const items = ['ORDER#2026-06-23T10:00:00.000Z#o_17', 'ORDER#2026-06-23T08:05:00.000Z#o_16'].map((SK) => ({
      entity: 'Order',
      item: { PK: { S: 'CUSTOMER#c1' }, SK: { S: SK } },
    }));
    const ran = ofKind(
      buildSlides(SHOP_DESIGN, {
        findings: [],
        results: { Shop: { 'customer-orders-day': { verdict: 'fails', reasons: [{ code: 'wrongOrder', message: 'out of order' }], items } } },
      }),
      'accessPattern',
    ).find((slide) => slide.patternId === 'customer-orders-day');
    expect(ran?.result).toMatchObject({ verdict: 'fails', reasons: ['out of order'], itemCount: 2 });
    expect(ran?.resultAttributes).toEqual(['SK']);
    expect(ran?.result?.rows.rows.map((row) => [row.label, row.key.difference?.byte])).toEqual([
      ['Order', 17],
      ['Order', 17],
    ]);
  });

  it('says why a pattern is not a Query instead of a request', () => {
    const broken: Design = {
      ...SHOP_DESIGN,
      tables: [
        {
          ...(SHOP_DESIGN.tables[0] as TableDesign),
          accessPatterns: [{ ...(SHOP_DESIGN.tables[0]?.accessPatterns[0] as TableDesign['accessPatterns'][number]), index: 'nope' }],
        },
      ],
    };
    const [pattern] = ofKind(buildSlides(broken, { findings: [] }), 'accessPattern');
    expect(pattern?.request).toBeUndefined();
    expect(pattern?.problems[0]).toContain('no index "nope"');
  });

  it('has one findings slide saying none with no findings (the default review), and pages findings when there are many', () => {
    const none = ofKind(buildSlides(LEADERBOARD_DESIGN), 'findings') as FindingsSlide[];
    expect(none).toHaveLength(1);
    expect(none[0]).toMatchObject({ page: 1, pageCount: 1 });

    const finding = (index: number): ReviewedFinding => ({
      id: `review.noTiebreaker|${index}`,
      code: 'review.noTiebreaker',
      severity: index === 0 ? 'error' : 'warning',
      subject: { table: 'Shop', entity: 'Order', keyAttribute: 'SK', pattern: 'customer-orders' },
      message: `message ${index}`,
      evidence: [{ label: 'sorts first', text: '<b>x</b>' }],
      suggestion: 'add a tiebreaker',
      ...(index === 1
        ? {
            decision: {
              id: 'x',
              code: 'review.noTiebreaker' as const,
              kind: 'fixLater' as const,
              comment: 'fine for now',
              decidedBy: 'Ada',
              decidedAt: '2026-12-05T09:40:00Z',
            },
          }
        : {}),
    });
    const paged = ofKind(buildSlides(SHOP_DESIGN, { findings: [0, 1, 2, 3].map(finding), findingsPerSlide: 3 }), 'findings');
    expect(paged.map((slide) => [slide.page, slide.pageCount, slide.findings.length])).toEqual([
      [1, 2, 3],
      [2, 2, 1],
    ]);
    expect(paged[0]?.counts).toEqual({ error: 1, warning: 3, note: 0 });
    expect(paged[0]?.findings[0]?.subject).toBe('Shop · Order · SK · A customer’s orders, newest first');
    expect(paged[0]?.findings[1]?.decision).toEqual({ kind: 'fixLater', comment: 'fine for now', decidedBy: 'Ada' });
  });

  it('leaves out entities without samples or template fields, and tables without a sort key have no item collection', () => {
    const design = scoresDesign([]);
    expect(buildSlides(design, { findings: [] }).map((slide) => slide.kind)).toEqual(['title', 'findings']);
    const noSort: Design = { ...design, tables: [{ ...(scoresDesign(['1']).tables[0] as TableDesign), sortKey: undefined } as unknown as TableDesign] };
    expect(buildSlides(noSort, { findings: [] }).map((slide) => slide.kind)).toEqual(['title', 'entityOrder', 'findings']);
  });
});
