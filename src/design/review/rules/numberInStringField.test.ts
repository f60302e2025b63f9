import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { numberInStringField } from './numberInStringField';
import { evidenceText, findingsOf, tinyDesign } from './orderingFixtures';

// The zero-padding article's naive first attempt: raw scores in a string sort key.
const naiveLeaderboard = tinyDesign([
  {
    name: 'Run',
    keys: { PK: 'SEASON#{season}', SK: '{score}#{playerId}' },
    rows: [
      { season: '2026-SPRING', score: '10', playerId: 'p_1' },
      { season: '2026-SPRING', score: '1500', playerId: 'p_2' },
      { season: '2026-SPRING', score: '240', playerId: 'p_3' },
      { season: '2026-SPRING', score: '9', playerId: 'p_4' },
    ],
    expectations: { largestValues: { score: '10000000' }, headroomDigits: 2 },
  },
]);

describe('review.numberInStringField', () => {
  it('finds the raw scores, shows two keys that sort wrongly and pads to the advised width', () => {
    const [finding, ...rest] = findingsOf(numberInStringField, naiveLeaderboard);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.numberInStringField');
    expect(finding?.severity).toBe('error');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Run', keyAttribute: 'SK', field: 'score' });
    expect(finding?.message).toContain('SK = "{score}#{playerId}"');
    const evidence = evidenceText(finding);
    // In key order 10#, 1500#, 240#, 9#: the first neighbours out of numeric order are 1500 and 240.
    expect(evidence).toContain('sorts first: 1500#p_2');
    expect(evidence).toContain('sorts second: 240#p_3');
    expect(evidence).toContain('"1" 0x31 vs "2" 0x32');
    expect(finding?.fix?.label).toBe('Use `{score:int(10)}`');
    const fixed = finding!.fix!.apply(naiveLeaderboard);
    expect(fixed.tables[0]!.entities[0]!.keys.SK).toBe('{score:int(10)}#{playerId}');
    expect(findingsOf(numberInStringField, fixed)).toEqual([]);
  });

  it('sizes the width from the largest sample when no largest value is expected', () => {
    const design = tinyDesign([{ name: 'Item', keys: { PK: 'X', SK: 'V#{version}' }, rows: [{ version: '9' }, { version: '10' }, { version: '1500' }] }]);
    const [finding] = findingsOf(numberInStringField, design);
    expect(finding?.fix?.label).toBe('Use `{version:int(6)}`');
  });

  it('warns when the samples happen to sort right, and pads signed numbers with sint', () => {
    const design = tinyDesign([{ name: 'Delta', keys: { PK: 'X', SK: '{delta}' }, rows: [{ delta: '-5' }, { delta: '7' }] }]);
    const [finding] = findingsOf(numberInStringField, design);
    // "-5" ("-" 0x2d) sorts before "7": these two happen to be in order, so it will misorder later ("-10" before "-5").
    expect(finding?.severity).toBe('warning');
    expect(finding?.evidence).toEqual([]);
    expect(finding?.fix?.label).toBe('Use `{delta:sint(3)}`');
  });

  it('leaves words, N keys and padded fields alone (the built-in examples are clean)', () => {
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(numberInStringField, design)).toEqual([]);
    const words = tinyDesign([{ name: 'W', keys: { PK: 'X', SK: '{name}' }, rows: [{ name: 'ada' }, { name: '10' }] }]);
    expect(findingsOf(numberInStringField, words)).toEqual([]);
  });

  it('leaves epoch seconds beside epoch milliseconds to mixedTimestampPrecision: as text they are in time order, and one int width would break it', () => {
    // Held-out corpus model-fleet-checkins: old firmware sends seconds, new firmware milliseconds.
    const checkins = tinyDesign([
      {
        name: 'Checkin',
        keys: { PK: 'DEVICE#{deviceId}', SK: 'CHECKIN#{ts}' },
        rows: ['1772431200', '1772431260', '1772431320123', '1772431380', '1772431440456'].map((ts) => ({ deviceId: 'dv_77', ts })),
      },
    ]);
    expect(findingsOf(numberInStringField, checkins)).toEqual([]);
    // Counts of 10 and 13 digits that are no epoch times (before 2001) are still numbers sorting as text.
    const counts = tinyDesign([
      { name: 'Counter', keys: { PK: 'C#{id}', SK: 'N#{n}' }, rows: ['1234567890', '1234567890123', '999'].map((n) => ({ id: 'c', n })) },
    ]);
    expect(findingsOf(numberInStringField, counts).map((finding) => finding.code)).toEqual(['review.numberInStringField']);
  });
});
