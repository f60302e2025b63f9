import { describe, expect, it } from 'vitest';
import type { Design, TableDesign } from '..';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { plainScoreDesign } from '../present/present.fixtures';
import {
  compareDesigns,
  compareTemplateVersions,
  compareWithMultiAttribute,
  toMultiAttributeVariant,
  valueByteLength,
  withEntityTemplate,
  type MultiAttributeComparison,
} from '.';
import { expectOk } from '../../errors/testing';

const LEADERBOARD = LEADERBOARD_DESIGN.tables[0] as TableDesign;
const RUN = LEADERBOARD.entities[0] as TableDesign['entities'][number];
const RANK_KEY = '{score:int(10)}#{ts:epoch(16)}#{playerId}';

/** The leaderboard with one more run whose score needs nine digits. */
const WITH_BIG_SCORE: TableDesign = {
  ...LEADERBOARD,
  entities: [
    { ...RUN, samples: [...RUN.samples, { id: 'run-big', values: { season: '2026-SUMMER', score: '123456789', ts: '1719749999', playerId: 'p_big' } }] },
  ],
};

/** The leaderboard's runs limited to the article's scores 1500, 240, 10, 9 (in that sample order). */
const FOUR_SCORES: TableDesign = {
  ...LEADERBOARD,
  entities: [{ ...RUN, samples: RUN.samples.filter((sample) => ['1500', '240', '10', '9'].includes(sample.values.score ?? '')) }],
};

function multi(table: TableDesign, direction: 'ascending' | 'descending' = 'ascending', entity = 'Run', attribute = 'rankKey'): MultiAttributeComparison {
  const result = compareWithMultiAttribute(table, entity, attribute, direction);
  expectOk(result);
  return result.value;
}

describe('compareTemplateVersions', () => {
  it('int(8) vs int(10) on the leaderboard: same order, the int(10) keys are 2 bytes longer each', () => {
    const comparison = compareTemplateVersions({
      table: LEADERBOARD,
      entity: 'Run',
      attribute: 'rankKey',
      left: { template: '{score:int(8)}#{ts:epoch(16)}#{playerId}', direction: 'descending' },
      right: { template: RANK_KEY, direction: 'descending' },
    });
    expect(comparison.ordersEqual).toBe(true);
    expect(comparison.samples).toHaveLength(12);
    expect(comparison.samples.every((sample) => sample.differs && sample.byteDelta === 2)).toBe(true);
    expect(comparison.left.order[0]?.sortText).toBe('00002300#0000001719705600#p_7781');
    expect(comparison.right.order[0]?.sortText).toBe('0000002300#0000001719705600#p_7781');
    expect(comparison.summary).toBe('The orders are equal; the right keys are 2 bytes longer (attribute names + values).');
  });

  it('a score that overflows int(8) is an encoding failure of the left side only, named in the summary', () => {
    const comparison = compareTemplateVersions({
      table: WITH_BIG_SCORE,
      entity: 'Run',
      attribute: 'rankKey',
      left: { template: '{score:int(8)}#{ts:epoch(16)}#{playerId}', direction: 'descending' },
      right: { template: RANK_KEY, direction: 'descending' },
    });
    expect(comparison.left.failures).toEqual([
      expect.objectContaining({ sampleId: 'run-big', attribute: 'rankKey', field: 'score', code: 'keys.padOverflow' }),
    ]);
    expect(comparison.right.failures).toEqual([]);
    expect(comparison.right.order[0]?.sampleId).toBe('run-big');
    const big = comparison.samples.find((sample) => sample.sampleId === 'run-big');
    expect(big?.differs).toBe(true);
    expect(big?.left).toBeUndefined();
    expect(comparison.summary).toBe(
      'int(8) overflows for 1 sample; otherwise the orders are equal; the right keys are 2 bytes longer (attribute names + values).',
    );
  });

  it('int(10,desc) read ascending vs int(10) read with ScanIndexForward = false: scores agree, ties on ts come in opposite order', () => {
    const comparison = compareTemplateVersions({
      table: LEADERBOARD,
      entity: 'Run',
      attribute: 'rankKey',
      left: { template: '{score:int(10,desc)}#{ts:epoch(16)}#{playerId}', direction: 'ascending' },
      right: { template: RANK_KEY, direction: 'descending' },
    });
    const scores = (order: typeof comparison.left.order) => order.map((key) => RUN.samples.find((sample) => sample.id === key.sampleId)?.values.score);
    expect(scores(comparison.left.order)).toEqual(scores(comparison.right.order));
    // The two 875 runs (run-4 at ts …6400, run-5 at ts …20000): the inverted key keeps ts ascending, the reversed read reverses it.
    expect(comparison.disagreements).toEqual([
      { position: 4, left: { entity: 'Run', sampleId: 'run-4' }, right: { entity: 'Run', sampleId: 'run-5' } },
      { position: 5, left: { entity: 'Run', sampleId: 'run-5' }, right: { entity: 'Run', sampleId: 'run-4' } },
    ]);
    expect(comparison.left.order[0]?.sortText).toBe('9999997699#0000001719705600#p_7781');
    expect(comparison.summary).toBe('The orders disagree at 2 of 12 positions (first at position 4); the keys are the same size.');
  });

  it('an unpadded score sorts 10 before 9 by bytes: the orders disagree', () => {
    const comparison = compareTemplateVersions({
      table: FOUR_SCORES,
      entity: 'Run',
      attribute: 'rankKey',
      left: { template: '{score}#{ts}', direction: 'ascending' },
      right: { template: '{score:int(4)}#{ts}', direction: 'ascending' },
    });
    const ids = (side: typeof comparison.left) => side.order.map((key) => key.sortText.split('#')[0]);
    expect(ids(comparison.left)).toEqual(['10', '1500', '240', '9']);
    expect(ids(comparison.right)).toEqual(['0009', '0010', '0240', '1500']);
    expect(comparison.ordersEqual).toBe(false);
  });

  it('two samples with one key are reported as a collision (the later write would replace the earlier)', () => {
    const comparison = compareTemplateVersions({
      table: LEADERBOARD,
      entity: 'Run',
      attribute: 'rankKey',
      left: { template: '{score:int(10)}', direction: 'ascending' },
      right: { template: RANK_KEY, direction: 'ascending' },
    });
    expect(comparison.left.collisions).toEqual([{ entity: 'Run', sampleIds: ['run-4', 'run-5'], key: 'SEASON#2026-SUMMER | 0000000875' }]);
    expect(comparison.summary).toMatch(/^Left: samples run-4, run-5 get the same key SEASON#2026-SUMMER \| 0000000875/);
  });

  it('a template that does not parse is said once, naming the entity and attribute', () => {
    const comparison = compareTemplateVersions({
      table: LEADERBOARD,
      entity: 'Run',
      attribute: 'rankKey',
      left: { template: '{score:integer}#{ts}', direction: 'ascending' },
      right: { template: RANK_KEY, direction: 'ascending' },
    });
    expect(comparison.left.failures).toEqual([]);
    expect(comparison.left.problems).toEqual([expect.stringMatching(/^Left: Run\.rankKey: Unknown field type "integer"/)]);
    expect(comparison.summary).toMatch(
      /^Left: Run\.rankKey: Unknown field type "integer".*no sample encodes on both sides, so the orders cannot be compared\.$/,
    );
  });
});

describe('compareDesigns', () => {
  const rightDesign: Design = {
    ...LEADERBOARD_DESIGN,
    tables: [withEntityTemplate(LEADERBOARD, 'Run', 'rankKey', '{score:int(12)}#{ts:epoch(10)}#{playerId}')],
  };

  it('matches tables and entities by name and encodes the left design’s samples on both', () => {
    const comparison = compareDesigns(LEADERBOARD_DESIGN, rightDesign, 'Leaderboard', 'descending');
    expect(comparison.ordersEqual).toBe(true);
    expect(comparison.right.order[0]?.sortText).toBe('000000002300#1719705600#p_7781');
    expect(comparison.summary).toBe('The orders are equal; the right keys are 4 bytes shorter (attribute names + values).');
  });

  it('an entity the right design lacks, and a missing table, are said plainly', () => {
    const renamed: Design = { ...rightDesign, tables: [{ ...LEADERBOARD, entities: [{ ...RUN, name: 'Game' }] }] };
    expect(compareDesigns(LEADERBOARD_DESIGN, renamed, 'Leaderboard').right.problems).toEqual([
      'Right: table Leaderboard has no entity "Run", so its 12 sample(s) have no key here.',
    ]);
    expect(compareDesigns(LEADERBOARD_DESIGN, SHOP_DESIGN, 'Leaderboard').summary).toMatch(/^Right: design Shop \(single table\) has no table "Leaderboard"/);
  });
});

describe('toMultiAttributeVariant', () => {
  it('splits the rank key into typed attributes (score N, ts N, playerId S), drops the literals, keeps the partition key', () => {
    const result = toMultiAttributeVariant(LEADERBOARD, RUN, 'rankKey');
    expectOk(result);
    const { variant } = result;
    expect(variant.sort.map(({ name, type }) => `${name} ${type}`)).toEqual(['score N', 'ts N', 'playerId S']);
    expect(variant.droppedLiterals).toEqual(['#', '#']);
    expect(variant.indexName).toBe('rankKeyMulti');
    expect(variant.table.indexes.find((index) => index.name === 'rankKeyMulti')).toEqual({
      name: 'rankKeyMulti',
      kind: 'GSI',
      partitionKey: [{ name: 'leaderboardId', type: 'S' }],
      sortKey: [
        { name: 'score', type: 'N' },
        { name: 'ts', type: 'N' },
        { name: 'playerId', type: 'S' },
      ],
      projection: { type: 'ALL', attributes: [] },
    });
  });

  it('iso fields become S attributes, and an inverted field is noted', () => {
    const order = SHOP_DESIGN.tables[0]?.entities.find((entity) => entity.name === 'Order');
    const shop = SHOP_DESIGN.tables[0] as TableDesign;
    const result = toMultiAttributeVariant(shop, order as NonNullable<typeof order>, 'SK');
    expect(result.ok && result.variant.sort.map(({ name, type, template }) => `${name} ${type} ${template}`)).toEqual(['at S {at:iso}', 'orderId S {orderId}']);
    const inverted = toMultiAttributeVariant(LEADERBOARD, { ...RUN, keys: { ...RUN.keys, rankKey: '{score:int(10,desc)}#{playerId}' } }, 'rankKey');
    expect(inverted.ok && inverted.variant.notes.some((note) => note.startsWith('score is inverted'))).toBe(true);
  });

  it('refuses a partition key, and more than four fields, with what to do', () => {
    expect(toMultiAttributeVariant(LEADERBOARD, RUN, 'leaderboardId')).toEqual({
      ok: false,
      message: 'leaderboardId is not a sort key of table Leaderboard or of its indexes: choose a sort key attribute.',
    });
    const five = toMultiAttributeVariant(LEADERBOARD, { ...RUN, keys: { ...RUN.keys, rankKey: '{a}#{b}#{c}#{d}#{e}' } }, 'rankKey');
    expect(five).toMatchObject({ ok: false, message: expect.stringContaining('at most 4 attributes') });
  });
});

describe('compareWithMultiAttribute', () => {
  it('orders numbers numerically without padding: 9 < 10 < 240 < 1500 as N values, as the padded concatenated key does', () => {
    const { comparison } = multi(FOUR_SCORES);
    const scores = (side: typeof comparison.left) => side.order.map((key) => RUN.samples.find((sample) => sample.id === key.sampleId)?.values.score);
    expect(scores(comparison.right)).toEqual(['9', '10', '240', '1500']);
    expect(comparison.right.order.map((key) => key.sort[0]?.value)).toEqual([{ N: '9' }, { N: '10' }, { N: '240' }, { N: '1500' }]);
    expect(comparison.right.order[0]?.sortText).toBe('score=9, ts=1719741600, playerId=p_1024');
    expect(comparison.left.order.map((key) => key.sortText.slice(0, 10))).toEqual(['0000000009', '0000000010', '0000000240', '0000001500']);
    expect(comparison.ordersEqual).toBe(true);
    // A string field stays S in the multi-attribute key: bytes, so 10 < 1500 < 240 < 9.
    const asText = multi(withEntityTemplate(FOUR_SCORES, 'Run', 'rankKey', '{score}#{ts:epoch(16)}#{playerId}')).comparison;
    expect(scores(asText.right)).toEqual(['10', '1500', '240', '9']);
  });

  it('bytes: one padded string under one name vs several typed attributes with their names', () => {
    const { comparison } = multi(LEADERBOARD, 'descending');
    const concatenated = comparison.left.order[0];
    const multiAttribute = comparison.right.order[0];
    // leaderboardId (13) + "SEASON#2026-SUMMER" (18) is common to both.
    expect(concatenated?.bytes).toEqual({ valueBytes: 18 + 34, storedBytes: 13 + 18 + 7 + 34 });
    // score 2300 → 2 bytes (significant digits "23"), ts 1719705600 → 5 ("17197056"), playerId "p_7781" → 6.
    expect(multiAttribute?.bytes).toEqual({ valueBytes: 18 + 2 + 5 + 6, storedBytes: 13 + 18 + 5 + 2 + 2 + 5 + 8 + 6 });
    expect(valueByteLength({ N: '1500' })).toBe(2);
    expect(valueByteLength({ N: '-0.001' })).toBe(2);
    expect(valueByteLength({ S: 'é' })).toBe(2);
  });

  it('the Leaderboard: both keys serve the top scores; the other pattern queries byPlayer', () => {
    const { patterns } = multi(LEADERBOARD, 'descending');
    const top = patterns.find((pattern) => pattern.patternId === 'top-scores');
    expect(top).toMatchObject({ applies: true, concatenated: { serves: true }, multiAttribute: { serves: true } });
    expect(patterns.find((pattern) => pattern.patternId === 'player-runs')).toMatchObject({
      applies: false,
      concatenated: { serves: false, reason: 'Queries index byPlayer for Run, not the key compared here.' },
    });
  });

  it('servability rules: range on the first attribute, equality then range, no tuple range, nothing later without the earlier', () => {
    const byId = Object.fromEntries(multi(LEADERBOARD).patterns.map((pattern) => [pattern.patternId, pattern]));
    expect(byId['derived-range-first']).toMatchObject({
      condition: 'From (score 3) to (score 2300)',
      concatenated: { serves: true },
      multiAttribute: { serves: true },
    });
    expect(byId['derived-equal-then-range']).toMatchObject({
      concatenated: { serves: true },
      multiAttribute: { serves: true, reason: expect.stringContaining('score = … AND ts BETWEEN … AND …') },
    });
    expect(byId['derived-tuple-range']).toMatchObject({
      concatenated: { serves: true },
      multiAttribute: { serves: false, reason: expect.stringContaining('as one tuple') },
    });
    expect(byId['derived-second-alone']).toMatchObject({
      concatenated: {
        serves: false,
        reason: 'ts comes after score in the key: without a value for score, a condition on ts is not a key condition (it needs a Scan or a filter).',
      },
      multiAttribute: { serves: false },
    });
  });

  it('the Shop’s orders: raw begins_with text serves only the concatenated key; a whole day is begins_with on the S attribute at', () => {
    const byId = Object.fromEntries(
      multi(SHOP_DESIGN.tables[0] as TableDesign, 'descending', 'Order', 'SK').patterns.map((pattern) => [pattern.patternId, pattern]),
    );
    const raw = Object.values(byId).find((pattern) => pattern.condition === 'begins_with(SK, "ORDER#")');
    expect(raw).toMatchObject({ concatenated: { serves: true }, multiAttribute: { serves: false, reason: expect.stringContaining('no combined text') } });
    const day = Object.values(byId).find((pattern) => pattern.name === 'Orders of customer c1 on 2026-06-23');
    expect(day).toMatchObject({
      concatenated: { serves: true, reason: expect.stringContaining('begins_with(SK') },
      multiAttribute: { serves: true, reason: expect.stringContaining('begins_with(at') },
    });
  });

  it('a pattern without every partition field needs a Scan on both', () => {
    const table: TableDesign = {
      ...LEADERBOARD,
      accessPatterns: [{ ...(LEADERBOARD.accessPatterns[0] as TableDesign['accessPatterns'][number]), partitionValues: {} }],
    };
    const [pattern] = multi(table).patterns;
    expect(pattern?.concatenated).toEqual({
      serves: false,
      reason: 'Needs a Scan: no value for season (for leaderboardId); a Query needs equality on the whole partition key.',
    });
    expect(pattern?.multiAttribute.serves).toBe(false);
  });
});

describe('Compare designs asks the one judge of intended order', () => {
  // Issue 31: SCORE#{score} with the scores stored as plain text.
  const PLAIN = plainScoreDesign().tables[0] as TableDesign;

  it('derives a range of score from the lowest to the highest score by value, not by text (9 to 1500, not 10 to 9)', () => {
    const byId = Object.fromEntries(multi(PLAIN, 'descending', 'Score', 'SK').patterns.map((pattern) => [pattern.patternId, pattern]));
    expect(byId['derived-range-first']?.condition).toBe('From (score 9) to (score 1500)');
  });

  it('never says a range over numbers stored as text serves: neither the concatenated key nor its S attribute orders them by value', () => {
    const byId = Object.fromEntries(multi(PLAIN, 'descending', 'Score', 'SK').patterns.map((pattern) => [pattern.patternId, pattern]));
    const range = byId['derived-range-first'];
    expect(range?.concatenated.serves).toBe(false);
    expect(range?.concatenated.reason).not.toContain('sorts as the fields do');
    expect(range?.concatenated.reason).toContain('score holds numbers stored as text: the range compares text, not value');
    expect(range?.multiAttribute).toMatchObject({ serves: false, reason: expect.stringContaining('score is an S attribute here') });
    // The whole partition read in order still serves (the verdict of its order is the pattern's, by its run).
    expect(byId['top-3']?.concatenated.serves).toBe(true);
    // The padded leaderboard keeps its sentence.
    const padded = Object.fromEntries(multi(LEADERBOARD).patterns.map((pattern) => [pattern.patternId, pattern]));
    expect(padded['derived-range-first']?.concatenated.reason).toContain('the padded text sorts as the fields do');
  });
});
