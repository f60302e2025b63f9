import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, LEADERBOARD_DESIGN } from '../examples';
import type { Design } from '../design.types';
import { decideFinding, describeReviewDate, signOff, withdrawDecision, withdrawSignOff } from './decisions';
import { designFingerprint, isSignOffCurrent } from './fingerprint';
import { fnv1a64Hex } from './fnv1a64';

const NOW = new Date('2026-12-05T09:40:00.000Z');
const FINDING = { id: 'review.noTiebreaker|Leaderboard|Score||SK||', code: 'review.noTiebreaker' };

describe('fnv1a64Hex', () => {
  it('matches the published FNV-1a 64 test vectors, over UTF-8 bytes', () => {
    expect(fnv1a64Hex('')).toBe('cbf29ce484222325');
    expect(fnv1a64Hex('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64Hex('foobar')).toBe('85944171f73967e8');
    // "é" is two UTF-8 bytes, not one UTF-16 unit.
    expect(fnv1a64Hex('é')).toBe('0ac21707b7181e01');
  });
});

describe('designFingerprint', () => {
  it('is stable, 16 hex digits, and differs between the built-in examples', () => {
    const prints = EXAMPLE_DESIGNS.map(({ design }) => designFingerprint(design));
    for (const print of prints) expect(print).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(prints).size).toBe(prints.length);
    expect(designFingerprint(structuredClone(LEADERBOARD_DESIGN))).toBe(designFingerprint(LEADERBOARD_DESIGN));
  });

  it('ignores the revision, the sign-offs and the order keys of a record were typed in; not a change of list order or of a template', () => {
    const base = designFingerprint(LEADERBOARD_DESIGN);
    expect(designFingerprint({ ...LEADERBOARD_DESIGN, revision: 9 })).toBe(base);
    expect(designFingerprint(signOff(LEADERBOARD_DESIGN, 'Ada', NOW))).toBe(base);
    const table = LEADERBOARD_DESIGN.tables[0]!;
    const entity = table.entities[0]!;
    const reversedKeys = Object.fromEntries(Object.entries(entity.keys).reverse());
    const sameKeys: Design = { ...LEADERBOARD_DESIGN, tables: [{ ...table, entities: [{ ...entity, keys: reversedKeys }, ...table.entities.slice(1)] }] };
    expect(designFingerprint(sameKeys)).toBe(base);
    const sk = Object.keys(entity.keys).find((name) => name !== table.partitionKey.name)!;
    const changed: Design = {
      ...LEADERBOARD_DESIGN,
      tables: [{ ...table, entities: [{ ...entity, keys: { ...entity.keys, [sk]: `${entity.keys[sk]}#x` } }, ...table.entities.slice(1)] }],
    };
    expect(designFingerprint(changed)).not.toBe(base);
    if (table.entities.length > 1) {
      const reordered: Design = { ...LEADERBOARD_DESIGN, tables: [{ ...table, entities: [...table.entities].reverse() }] };
      expect(designFingerprint(reordered)).not.toBe(base);
    }
    expect(designFingerprint({ ...LEADERBOARD_DESIGN, name: 'Other' })).not.toBe(base);
  });
});

describe('decisions and sign-offs', () => {
  it('decides a finding once by id (trimmed, dated), replaces it, and withdraws it leaving no empty field', () => {
    const decided = decideFinding(LEADERBOARD_DESIGN, FINDING, { kind: 'wontFix', comment: ' unique per season ', decidedBy: ' Ada ' }, NOW);
    expect(decided.decisions).toEqual([{ ...FINDING, kind: 'wontFix', comment: 'unique per season', decidedBy: 'Ada', decidedAt: '2026-12-05T09:40:00.000Z' }]);
    const again = decideFinding(decided, FINDING, { kind: 'fixLater', comment: 'next sprint', decidedBy: 'Grace' }, NOW);
    expect(again.decisions?.map((entry) => [entry.kind, entry.decidedBy])).toEqual([['fixLater', 'Grace']]);
    const reopened = withdrawDecision(again, FINDING.id);
    expect('decisions' in reopened).toBe(false);
    expect(withdrawDecision(LEADERBOARD_DESIGN, FINDING.id)).toBe(LEADERBOARD_DESIGN);
  });

  it('signs off the current revision; a change afterwards, a decision included, makes it out of date; an undo makes it current again', () => {
    const signed = signOff({ ...LEADERBOARD_DESIGN, revision: 4 }, 'Ada', NOW);
    const entry = signed.signOffs![0]!;
    expect(entry).toEqual({ reviewer: 'Ada', signedAt: '2026-12-05T09:40:00.000Z', revision: 4, fingerprint: designFingerprint(LEADERBOARD_DESIGN) });
    expect(isSignOffCurrent(signed, entry)).toBe(true);
    // Saving bumps the revision: the sign-off still covers the same design.
    expect(isSignOffCurrent({ ...signed, revision: 5 }, entry)).toBe(true);
    const edited = { ...signed, description: `${signed.description} (edited)` };
    expect(isSignOffCurrent(edited, entry)).toBe(false);
    const decided = decideFinding(signed, FINDING, { kind: 'accepted', comment: 'fine', decidedBy: 'Ada' }, NOW);
    expect(isSignOffCurrent(decided, entry)).toBe(false);
    expect(isSignOffCurrent(withdrawDecision(decided, FINDING.id), entry)).toBe(true);
    // One sign-off per reviewer: the latest.
    const twice = signOff(signOff(signed, 'Grace', NOW), 'Ada', new Date('2026-12-06T00:00:00Z'));
    expect(twice.signOffs?.map((other) => [other.reviewer, other.signedAt])).toEqual([
      ['Grace', '2026-12-05T09:40:00.000Z'],
      ['Ada', '2026-12-06T00:00:00.000Z'],
    ]);
    expect(withdrawSignOff(withdrawSignOff(twice, 'Ada'), 'Grace').signOffs).toBeUndefined();
  });

  it('shows a date in UTC, whatever zone it was written in', () => {
    expect(describeReviewDate('2026-12-05T10:40:00+01:00')).toBe('2026-12-05 09:40 UTC');
    expect(describeReviewDate('')).toBe('');
  });
});
