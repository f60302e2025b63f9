import { describe, expect, it } from 'vitest';
import type { Design } from '../../design.types';
import { reviewDesign } from '../reviewDesign';
import type { ReviewedFinding, ReviewCode } from '../review.types';
import { evidenceText, tinyDesign, type TinyEntity } from './orderingFixtures';

/**
 * The examples (step 13, item 4), each on a small design through
 * the whole review: misses on the keys as stored, and false positives from
 * widths and literals the importer made up.
 */

const review = (design: Design) => reviewDesign({ design });
const withCode = (findings: readonly ReviewedFinding[], code: ReviewCode) => findings.filter((finding) => finding.code === code);
const one = (entities: readonly TinyEntity[]) => review(tinyDesign(entities));

describe('rules that see the stored keys', () => {
  it('finds one field at two widths inside a string field, with the two keys', () => {
    const findings = one([
      {
        name: 'Score',
        keys: { PK: 'SEASON#{season}', SK: 'SCORE#{score}#{player}' },
        rows: [
          { season: 's1', score: '00000010', player: 'p1' },
          { season: 's1', score: '0000001500', player: 'p2' },
        ],
      },
    ]);
    const [finding, ...rest] = withCode(findings, 'review.mixedWidths');
    expect(rest).toEqual([]);
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Score', keyAttribute: 'SK', field: 'score' });
    expect(finding?.message).toContain('8 and 10 digits');
    expect(evidenceText(finding)).toContain('SCORE#00000010#p1');
    expect(evidenceText(finding)).toContain('SCORE#0000001500#p2');
    expect(finding?.fix?.label).toBe('Use `{score:int(10)}`');
  });

  it('is an error with the misordered pair when the widths already sort out of order', () => {
    const findings = one([
      {
        name: 'Score',
        keys: { PK: 'SEASON#{season}', SK: 'SCORE#{score}#{player}' },
        rows: [
          { season: 's1', score: '00000240', player: 'p1' },
          { season: 's1', score: '0000001500', player: 'p2' },
        ],
      },
    ]);
    const [finding] = withCode(findings, 'review.mixedWidths');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('"0000001500" (1500) sorts before "00000240" (240), the larger number first.');
    expect(evidenceText(finding)).toContain('sorts first (larger): SCORE#0000001500#p2\nsorts second (smaller): SCORE#00000240#p1');
  });

  it('finds a literal prefix continuing another in one partition, though the templates are {sk}', () => {
    const findings = one([
      { name: 'Order', keys: { PK: 'CUSTOMER#{customerId}', SK: '{sk}' }, rows: [{ customerId: 'c1', sk: 'ORDER0001' }] },
      { name: 'OrderItem', keys: { PK: 'CUSTOMER#{customerId}', SK: '{sk}' }, rows: [{ customerId: 'c1', sk: 'ORDERITEM#0001#A' }] },
    ]);
    const [finding, ...rest] = withCode(findings, 'review.prefixOverlap');
    expect(rest).toEqual([]);
    expect(finding?.subject).toMatchObject({ table: 'T', entity: 'Order', keyAttribute: 'SK' });
    expect(finding?.message).toContain('begins_with(SK, "ORDER")');
    expect(evidenceText(finding)).toContain('SK = "ORDER0001"');
    expect(evidenceText(finding)).toContain('SK = "ORDERITEM#0001#A"');
  });

  it('finds the same within one entity whose samples hold both kinds of key', () => {
    const findings = one([
      {
        name: 'Item',
        keys: { PK: 'CUSTOMER#{customerId}', SK: '{sk}' },
        rows: [
          { customerId: 'c1', sk: 'ORDER0001' },
          { customerId: 'c1', sk: 'ORDERITEM#0001#A' },
        ],
      },
    ]);
    const [finding] = withCode(findings, 'review.prefixOverlap');
    expect(finding?.message).toContain('begins_with(SK, "ORDER")');
    expect(evidenceText(finding)).toContain('ORDERITEM#0001#A');
  });

  it('leaves prefixes that end at a delimiter, other partitions and plain words alone', () => {
    const clean = one([
      { name: 'Order', keys: { PK: 'CUSTOMER#{customerId}', SK: '{sk}' }, rows: [{ customerId: 'c1', sk: 'ORDER#0001' }] },
      {
        name: 'OrderItem',
        keys: { PK: 'CUSTOMER#{customerId}', SK: '{sk}' },
        rows: [
          { customerId: 'c1', sk: 'ORDERITEM#0001#A' },
          { customerId: 'c2', sk: 'ORDER0002X' },
        ],
      },
      { name: 'Name', keys: { PK: 'NAMES', SK: '{name}' }, rows: [{ name: 'adam' }, { name: 'adamson' }] },
      {
        name: 'Seat',
        keys: { PK: 'HALL#{hall}', SK: '{seat}' },
        rows: [
          { hall: 'h1', seat: 'A12' },
          { hall: 'h1', seat: 'AB3' },
        ],
      },
    ]);
    expect(withCode(clean, 'review.prefixOverlap')).toEqual([]);
  });

  it('finds ISO instants with mixed offsets, with two keys whose text order contradicts their time order', () => {
    const findings = one([
      {
        name: 'Reading',
        keys: { PK: 'DEVICE#{deviceId}', SK: '{at}' },
        rows: [
          { deviceId: 'd1', at: '2026-06-23T10:00:00+09:00' },
          { deviceId: 'd1', at: '2026-06-23T02:30:00Z' },
          { deviceId: 'd1', at: '2026-06-22T20:00:00-05:00' },
        ],
      },
    ]);
    const [finding, ...rest] = withCode(findings, 'review.mixedTimestampPrecision');
    expect(rest).toEqual([]);
    expect(finding?.severity).toBe('error');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Reading', keyAttribute: 'SK', field: 'at' });
    expect(finding?.message).toContain('offsets');
    // 02:30Z is later than 10:00+09:00 (01:00Z) but sorts first.
    expect(evidenceText(finding)).toContain('sorts first (later): 2026-06-23T02:30:00Z\nsorts second (earlier): 2026-06-23T10:00:00+09:00');
    expect(finding?.fix?.label).toBe('Use `{at:iso}`');
  });

  it('warns about mixed offsets that happen to sort right, and leaves one offset alone', () => {
    const [warning] = withCode(
      one([
        {
          name: 'Reading',
          keys: { PK: 'DEVICE#{deviceId}', SK: '{at}' },
          rows: [
            { deviceId: 'd1', at: '2026-06-23T10:00:00+09:00' },
            { deviceId: 'd1', at: '2026-06-24T02:30:00Z' },
          ],
        },
      ]),
      'review.mixedTimestampPrecision',
    );
    expect(warning?.severity).toBe('warning');
    const same = one([
      {
        name: 'Reading',
        keys: { PK: 'DEVICE#{deviceId}', SK: '{at}' },
        rows: [
          { deviceId: 'd1', at: '2026-06-23T10:00:00+09:00' },
          { deviceId: 'd1', at: '2026-06-24T02:30:00+09:00' },
        ],
      },
    ]);
    expect(withCode(same, 'review.mixedTimestampPrecision')).toEqual([]);
  });

  it('notes epoch seconds beside epoch milliseconds: in time order as text only by luck of the first ten digits', () => {
    const findings = one([
      {
        name: 'Session',
        keys: { PK: 'USER#{userId}', SK: 'TS#{ts}#{sessionId}' },
        rows: [
          { userId: 'u1', ts: '1719705600', sessionId: 's1' },
          { userId: 'u1', ts: '1719709200000', sessionId: 's2' },
        ],
      },
    ]);
    const [finding, ...rest] = withCode(findings, 'review.mixedTimestampPrecision');
    expect(rest).toEqual([]);
    expect(finding?.severity).toBe('note');
    expect(finding?.message).toContain('compared as numbers every millisecond value comes after every second value (1719709200000 after 1719705600)');
    expect(evidenceText(finding)).toBe('ts in seconds: TS#1719705600#s1\nts in milliseconds: TS#1719709200000#s2');
    expect(finding?.fix?.label).toBe('Use `{ts:epochms(13)}`');
    const fixed = finding!.fix!.apply(
      tinyDesign([{ name: 'Session', keys: { PK: 'USER#{userId}', SK: 'TS#{ts}#{sessionId}' }, rows: [{ userId: 'u1', ts: '1719705600', sessionId: 's1' }] }]),
    );
    expect(fixed.tables[0]!.entities[0]!.keys.SK).toBe('TS#{ts:epochms(13)}#{sessionId}');
    expect(fixed.tables[0]!.entities[0]!.samples[0]!.values.ts).toBe('1719705600000');
  });

  it('finds a negative number in an unsigned padded field and offers the signed format', () => {
    const findings = one([
      {
        name: 'Delta',
        keys: { PK: 'ACCOUNT#{accountId}', SK: 'DELTA#{delta:int(5)}#{entryId}' },
        rows: [
          { accountId: 'a1', delta: '-5', entryId: 'e1' },
          { accountId: 'a1', delta: '10', entryId: 'e2' },
        ],
      },
    ]);
    const [finding] = withCode(findings, 'review.widthTooNarrow');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('-5');
    expect(finding?.fix?.label).toBe('Use `{delta:sint(5)}`');
  });

  it('finds upper case sorting before lower case', () => {
    const findings = one([
      {
        name: 'Member',
        keys: { PK: 'TEAM#{teamId}', SK: 'MEMBER#{name}' },
        rows: [
          { teamId: 't1', name: 'adam' },
          { teamId: 't1', name: 'Zoe' },
        ],
      },
    ]);
    const [finding] = withCode(findings, 'review.caseOrder');
    expect(evidenceText(finding)).toContain('sorts first: MEMBER#Zoe\nsorts second: MEMBER#adam');
  });
});

describe('a declared Number without samples', () => {
  it('warns about a field declared N written unpadded into a string sort key, with the keys for 9 and 10', () => {
    const design = tinyDesign([{ name: 'Score', keys: { PK: 'GAME#{gameId}', SK: 'SCORE#{score}#{playerId}' }, rows: [] }]);
    const withAttributes: Design = {
      ...design,
      tables: design.tables.map((table) => ({
        ...table,
        entities: table.entities.map((entity) => ({ ...entity, attributes: [{ name: 'score', type: 'N' as const }] })),
      })),
    };
    const [finding] = withCode(review(withAttributes), 'review.numberInStringField');
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toBe(
      'Score declares score a Number, but SK = "SCORE#{score}#{playerId}" writes it into a string key unpadded: a string key sorts digits byte by byte, so score 10 sorts before 9.',
    );
    expect(evidenceText(finding)).toContain('sorts first (score 10): SCORE#10#playerId\nsorts second (score 9): SCORE#9#playerId');
    expect(withCode(review(design), 'review.numberInStringField')).toEqual([]);
  });
});

describe('no findings from what inference made up', () => {
  // AnOnlineShop's customer as the Workbench importer reads it: PK = SK = "c#12345".
  const customer = (rows: readonly Readonly<Record<string, string>>[]) =>
    tinyDesign([{ name: 'customer', keys: { PK: 'c#{cNumber:int(5)}', SK: 'c#{cNumber:int(5)}' }, rows }]);

  it('raises no tiebreaker finding where the sort key repeats the partition key (one item per partition)', () => {
    const findings = review(customer([{ cNumber: '12345' }, { cNumber: '67890' }]));
    expect(withCode(findings, 'review.noTiebreaker')).toEqual([]);
    // The same with the sort key's field under another name: the samples show PK = SK.
    const renamed = review(
      tinyDesign([
        {
          name: 'customer',
          keys: { PK: 'c#{pkNumber:int(5)}', SK: 'c#{skNumber:int(5)}' },
          rows: [
            { pkNumber: '12345', skNumber: '12345' },
            { pkNumber: '67890', skNumber: '67890' },
          ],
        },
      ]),
    );
    expect(withCode(renamed, 'review.noTiebreaker')).toEqual([]);
  });

  it('raises no width finding for a width the data shows and the designer never sized', () => {
    expect(withCode(review(customer([{ cNumber: '12345' }, { cNumber: '67890' }])), 'review.widthTooNarrow')).toEqual([]);
  });

  it('still warns when the designer expects larger values than the width holds', () => {
    const sized = tinyDesign([
      {
        name: 'customer',
        keys: { PK: 'c#{cNumber:int(5)}', SK: 'c#{cNumber:int(5)}' },
        rows: [{ cNumber: '12345' }],
        expectations: { largestValues: { cNumber: '2000000' } },
      },
    ]);
    expect(withCode(review(sized), 'review.widthTooNarrow').map((finding) => `${finding.subject.keyAttribute} ${finding.severity}`)).toEqual([
      'PK warning',
      'SK warning',
    ]);
  });

  it('raises no low-cardinality note from a literal partition key read from a few sample items', () => {
    // FlightsFares-like: each entity's few samples share one partition value, so the importer made it literal.
    const fares = tinyDesign([
      { name: 'Fare', keys: { PK: 'FARES', SK: 'FARE#{route}' }, rows: [{ route: 'LAX-JFK' }, { route: 'SFO-SEA' }] },
      { name: 'Airline', keys: { PK: 'AIRLINE', SK: '{code}' }, rows: [{ code: 'AA' }] },
    ]);
    expect(withCode(review(fares), 'review.lowCardinalityPartitionKey')).toEqual([]);
  });
});

describe('advice written for the design at hand', () => {
  it('suggests a tiebreaker in the entity’s own names, never the article’s leaderboard', () => {
    const findings = one([
      { name: 'Reading', keys: { PK: 'DEVICE#{deviceId}', SK: 'READING#{at:iso}' }, rows: [{ deviceId: 'd1', at: '2026-06-23T10:00:00Z' }] },
    ]);
    const [finding] = withCode(findings, 'review.noTiebreaker');
    expect(finding?.suggestion).not.toContain('paddedScore');
    expect(finding?.suggestion).not.toContain('article');
    expect(finding?.suggestion).toContain('READING#{at:iso}#{readingId}');
  });
});
