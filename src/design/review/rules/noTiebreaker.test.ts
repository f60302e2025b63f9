import { describe, expect, it } from 'vitest';
import { addSample, changeEntity, setEntityKeyTemplate } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { Design } from '../../design.types';
import { ReviewContext } from '../reviewContext';
import { designOf, entity, pattern, samples, tableDesign } from './capacityTestUtils';
import { tinyDesign } from './orderingFixtures';
import { noTiebreaker } from './noTiebreaker';

const check = (design: Design) => noTiebreaker.check(new ReviewContext({ design }));

/** The zero-padding article's first fix: a bare padded score, no tiebreaker. */
const BARE_SCORE = setEntityKeyTemplate('Leaderboard', 'Run', 'rankKey', '{score:int(10)}')(LEADERBOARD_DESIGN);

describe('review.noTiebreaker', () => {
  it('shows the two samples with the same score: the second write replaces the first', () => {
    const [finding, ...others] = check(BARE_SCORE);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      code: 'review.noTiebreaker',
      severity: 'error',
      subject: { table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey' },
    });
    expect(finding!.message).toContain('run-4 and run-5');
    expect(finding!.evidence.slice(0, 2)).toEqual([
      { label: 'written first (sample run-4)', text: 'leaderboardId = "SEASON#2026-SUMMER", rankKey = "0000000875"' },
      { label: 'then replaced by (sample run-5)', text: 'leaderboardId = "SEASON#2026-SUMMER", rankKey = "0000000875"' },
    ]);
    expect(finding!.evidence[2]!.text).toContain('playerId: "p_2209" vs "p_9001"');
    expect(finding!.suggestion).toBe(
      'End rankKey with a value unique per Run item, after score: `{score:int(10)}#{playerId}` keeps two items with the same score apart.',
    );
    expect(finding!.fix?.label).toBe('Use `{score:int(10)}#{playerId}`');
    const fixed = finding!.fix!.apply(BARE_SCORE);
    expect(fixed.tables[0]!.entities[0]!.keys.rankKey).toBe('{score:int(10)}#{playerId}');
    expect(check(fixed)).toEqual([]);
  });

  it('warns about a bare timestamp with one sample, and copies an id attribute into the samples when it fixes it', () => {
    const [finding] = check(AUDIT_LOG_DESIGN);
    expect(finding).toMatchObject({ severity: 'warning', subject: { table: 'AuditLog', entity: 'Event', keyAttribute: 'SK' } });
    expect(finding!.message).toContain('SK = EVT#{at:iso} holds only at');
    expect(finding!.evidence).toEqual([
      {
        label: 'sample event-1: any other Event with the same at writes this key again and replaces it',
        text: 'PK = "ACTOR#u_8814", SK = "EVT#2026-06-22T08:15:03Z"',
      },
    ]);
    // No id-like field outside the key: the suggestion names one to add, and there is no button.
    expect(finding!.fix).toBeUndefined();
    expect(finding!.suggestion).toContain('`EVT#{at:iso}#{eventId}`');

    const withEventId = changeEntity('AuditLog', 'Event', (entity) => ({
      ...entity,
      attributes: [...entity.attributes, { name: 'eventId', type: 'S' }],
      samples: entity.samples.map((sample, index) => ({ ...sample, attributes: { ...sample.attributes, eventId: { S: `e${index + 1}` } } })),
    }))(AUDIT_LOG_DESIGN);
    const [withFix] = check(withEventId);
    expect(withFix!.fix?.label).toBe('Use `EVT#{at:iso}#{eventId}`');
    const fixed = withFix!.fix!.apply(withEventId);
    expect(fixed.tables[0]!.entities[0]!.samples[0]!.values.eventId).toBe('e1');
    expect(check(fixed)).toEqual([]);
  });

  it('tells an equal sort key in another partition from a real collision', () => {
    const sameSecond = { at: '2026-06-22T22:00:00Z', action: 'login' };
    // svc_deploy already has an event at 22:00:00; u_8814 at the same second is another item.
    const otherActor = addSample('AuditLog', 'Event', { actorId: 'u_8814', ...sameSecond }, 'same-second')(AUDIT_LOG_DESIGN);
    expect(check(otherActor).map((finding) => finding.severity)).toEqual(['warning']);
    const [collision] = check(addSample('AuditLog', 'Event', { actorId: 'u_8814', ...sameSecond, action: 'logout' }, 'again')(otherActor));
    expect(collision?.severity).toBe('error');
    expect(collision?.message).toContain('Samples same-second and again');
  });

  it('treats a string field of numbers like a number field', () => {
    const naive = setEntityKeyTemplate('Leaderboard', 'Run', 'rankKey', 'RUN#{score}')(LEADERBOARD_DESIGN);
    expect(check(naive).map((finding) => finding.severity)).toEqual(['error']);
  });

  it('stays quiet when the key ends with an id, is one item per partition, or holds a natural string key', () => {
    expect(check(LEADERBOARD_DESIGN)).toEqual([]);
    // Customer: SK = CUSTOMER#{customerId}; Order ends with orderId; Address: ADDRESS#{label} (labels are not numbers).
    expect(check(SHOP_DESIGN)).toEqual([]);
    expect(check(setEntityKeyTemplate('Shop', 'Customer', 'SK', 'PROFILE')(SHOP_DESIGN))).toEqual([]);
  });

  it('never offers to append to a Number sort key', () => {
    const design = tinyDesign([
      { name: 'Reading', keys: { PK: 'DEVICE#{deviceId}', SK: '{ts}' }, rows: [{ deviceId: 'd1', ts: '1782208800922', siteId: 'plant-1' }] },
    ]);
    const numberKey: Design = {
      ...design,
      tables: design.tables.map((table) => ({
        ...table,
        sortKey: { name: 'SK', type: 'N' as const },
        entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, GSI1PK: 'SITE#{siteId}' } })),
      })),
    };
    const [finding] = check(numberKey);
    expect(finding?.fix).toBeUndefined();
    expect(finding?.suggestion).toContain('SK is a Number (N) key: it holds ts and nothing can follow it.');
  });

  it('takes a calendar day under its own partition as a natural key, but not a time of day', () => {
    const availability = (dates: readonly string[]) =>
      tinyDesign([
        {
          name: 'Date',
          keys: { PK: 'HOTEL#{hotelId}#ROOM#{roomNumber}', SK: 'DATE#{date}' },
          rows: dates.map((date) => ({ hotelId: 'h1', roomNumber: '101', date })),
        },
      ]);
    expect(check(availability(['2026-07-01', '2026-07-02']))).toEqual([]);
    expect(check(availability(['2026-07-01T10:00:00Z', '2026-07-02T10:00:00Z'])).map((finding) => finding.severity)).toEqual(['warning']);
  });

  describe('in a global secondary index', () => {
    const BY_SEASON = {
      name: 'GSI1',
      kind: 'GSI' as const,
      partitionKey: [{ name: 'GSI1PK', type: 'S' as const }],
      sortKey: [{ name: 'GSI1SK', type: 'S' as const }],
      projection: { type: 'ALL' as const, attributes: [] },
    };
    /** Held-out corpus model-game-seasons: a season leaderboard index whose sort key is the score alone, and two players with 980. */
    const seasons = (sortKey: string, scores: readonly string[], limit?: number) =>
      designOf(
        tableDesign({
          indexes: [BY_SEASON],
          entities: [
            entity(
              'Season',
              { PK: 'PLAYER#{playerId}', SK: 'SEASON#{season}', GSI1PK: 'SEASON#{season}', GSI1SK: sortKey },
              {
                samples: samples(scores.map((score, i) => ({ playerId: `p_${i + 1}`, season: '2026S1', score }))),
              },
            ),
          ],
          accessPatterns: limit ? [pattern('top', ['Season'], { index: 'GSI1', partitionValues: { season: '2026S1' }, direction: 'descending', limit })] : [],
        }),
      );

    it('notes equal index keys in the samples: kept, but returned in no defined order, with the player id as the tiebreaker', () => {
      const [finding, ...others] = check(seasons('SCORE#{score:int(8)}', ['1500', '980', '980', '75']));
      expect(others).toEqual([]);
      expect(finding).toMatchObject({
        code: 'review.noTiebreaker',
        severity: 'note',
        subject: { table: 'Tbl', entity: 'Season', index: 'GSI1', keyAttribute: 'GSI1SK' },
      });
      expect(finding!.message).toContain('samples s1 and s2 already share it');
      expect(finding!.evidence.map((entry) => entry.text)).toEqual([
        'GSI1PK = "SEASON#2026S1", GSI1SK = "SCORE#00000980"',
        'GSI1PK = "SEASON#2026S1", GSI1SK = "SCORE#00000980"',
      ]);
      expect(finding!.suggestion).toBe(
        'End GSI1SK with a value unique per Season item, after score: `SCORE#{score:int(8)}#{playerId}` gives equal score values a stable order.',
      );
    });

    it('notes a score-only index key read with a Limit; says nothing with a tiebreaker, or without ties or a Limit', () => {
      expect(check(seasons('SCORE#{score:int(8)}', ['1500', '980', '75'], 3)).map((finding) => finding.severity)).toEqual(['note']);
      expect(check(seasons('SCORE#{score:int(8)}#{playerId}', ['980', '980', '75'], 3))).toEqual([]);
      expect(check(seasons('SCORE#{score:int(8)}', ['1500', '980', '75']))).toEqual([]);
    });
  });
});
