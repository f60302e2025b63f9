/* eslint-disable @typescript-eslint/no-explicit-any -- the cases edit raw JSON documents */
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type Design, type DesignProblem } from '..';
import { designFingerprint } from '../decisions';
import { parseDesignDocument } from './parseDesignDocument';
import { serializeDesignDocument } from './serializeDesignDocument';
import { expectErr } from '../../errors/testing';

const ID = 'review.noTiebreaker|Leaderboard|Score||SK||';
const { format: _format, ...LEADERBOARD } = LEADERBOARD_DESIGN;
const RECORDED: Design = {
  ...LEADERBOARD,
  revision: 3,
  decisions: [
    { id: ID, code: 'review.noTiebreaker', kind: 'wontFix', comment: 'scores are unique per season', decidedBy: 'Ada', decidedAt: '2026-12-05T09:40:00.000Z' },
    {
      id: 'review.caseOrder|Leaderboard|Score||PK||',
      code: 'review.caseOrder',
      kind: 'fixLater',
      comment: 'next sprint <b>really</b>',
      decidedBy: 'Grace "G"',
      decidedAt: '2026-12-05T10:40:00+01:00',
    },
  ],
  signOffs: [{ reviewer: 'Ada', signedAt: '2026-12-05T10:00:00.000Z', revision: 3, fingerprint: designFingerprint(LEADERBOARD_DESIGN) }],
};

function recordedWith(edit: (document: any) => void): string {
  const document = JSON.parse(serializeDesignDocument(RECORDED));
  edit(document);
  return JSON.stringify(document, null, 2);
}

function errorsOf(text: string): readonly DesignProblem[] {
  const result = parseDesignDocument(text);
  expectErr(result);
  return result.errors;
}

describe('the review record in a design file', () => {
  it('round-trips revision, decisions and sign-offs, written in a fixed order', () => {
    const text = serializeDesignDocument(RECORDED);
    const read = parseDesignDocument(text);
    // The canonical layout writes decisions in finding-id order (review.caseOrder… before review.noTiebreaker…).
    expect(read.ok && read.design).toEqual({ ...RECORDED, decisions: [RECORDED.decisions![1], RECORDED.decisions![0]] });
    expect(read.ok && serializeDesignDocument(read.design)).toBe(text);
    expect(Object.keys(JSON.parse(text))).toEqual(['format', 'name', 'description', 'revision', 'tables', 'decisions', 'signOffs']);
  });

  it('reads an older file’s acceptedFindings as "accepted" decisions with the note as comment, and writes decisions only', () => {
    const older = JSON.parse(serializeDesignDocument(LEADERBOARD_DESIGN));
    older.acceptedFindings = [{ id: ID, code: 'review.noTiebreaker', note: 'one score per player' }];
    const read = parseDesignDocument(JSON.stringify(older));
    expect(read.ok && read.warnings).toEqual([]);
    expect(read.ok && read.design.decisions).toEqual([
      { id: ID, code: 'review.noTiebreaker', kind: 'accepted', comment: 'one score per player', decidedBy: '', decidedAt: '' },
    ]);
    const written = read.ok ? serializeDesignDocument(read.design) : '';
    expect(written).not.toContain('acceptedFindings');
    expect(parseDesignDocument(written)).toEqual(read);
  });

  it('keeps a decision over an older acceptance of the same finding, with a warning', () => {
    const both = recordedWith((d) => (d.acceptedFindings = [{ id: ID, code: 'review.noTiebreaker', note: 'old' }]));
    const read = parseDesignDocument(both);
    expect(read.ok && read.design.decisions?.find((decision) => decision.id === ID)?.kind).toBe('wontFix');
    expect(read.ok && read.warnings.map((warning) => warning.path)).toEqual(['acceptedFindings[0].id']);
  });

  /** [what, edit, the error's path, its message] */
  const CASES: readonly (readonly [string, (document: any) => void, string, RegExp])[] = [
    ['an unknown kind', (d) => (d.decisions[0].kind = 'rejected'), 'decisions[0].kind', /"rejected" is not allowed: write "accepted", "wontFix" or "fixLater"/],
    ['a kind in other words', (d) => (d.decisions[0].kind = 'WONTFIX'), 'decisions[0].kind', /"WONTFIX" is not allowed/],
    [
      'a date that is not ISO 8601',
      (d) => (d.decisions[0].decidedAt = '05/12/2026'),
      'decisions[0].decidedAt',
      /"05\/12\/2026" is not a date and time: write ISO 8601 with its zone, such as "2026-12-05T09:40:00Z"/,
    ],
    ['a day that does not exist', (d) => (d.decisions[1].decidedAt = '2026-02-30T10:00:00Z'), 'decisions[1].decidedAt', /is not a date and time/],
    ['a date without its zone', (d) => (d.signOffs[0].signedAt = '2026-12-05T10:00:00'), 'signOffs[0].signedAt', /is not a date and time/],
    ['a comment that is not text', (d) => (d.decisions[0].comment = 5), 'decisions[0].comment', /must be text/],
    ['an empty reviewer', (d) => (d.signOffs[0].reviewer = '  '), 'signOffs[0].reviewer', /is empty: a sign-off says who gave it/],
    ['a reviewer missing', (d) => delete d.signOffs[0].reviewer, 'signOffs[0].reviewer', /is missing/],
    ['a sign-off revision 0', (d) => (d.signOffs[0].revision = 0), 'signOffs[0].revision', /whole number of at least 1/],
    ['a sign-off without revision', (d) => delete d.signOffs[0].revision, 'signOffs[0].revision', /is missing: add the revision/],
    [
      'a fingerprint edited by hand',
      (d) => (d.signOffs[0].fingerprint = 'ok'),
      'signOffs[0].fingerprint',
      /"ok" is not a design fingerprint: Keylab writes 16 lowercase hex digits/,
    ],
    ['revision 2.5', (d) => (d.revision = 2.5), 'revision', /must be a whole number of at least 1 .*not the number 2\.5/],
    ['revision 0', (d) => (d.revision = 0), 'revision', /whole number of at least 1/],
    ['revision as text', (d) => (d.revision = '3'), 'revision', /not the text "3"/],
    ['decisions not a list', (d) => (d.decisions = {}), 'decisions', /must be a list/],
    [
      'too many decisions',
      (d) => (d.decisions = Array.from({ length: 10_001 }, (_, i) => ({ ...d.decisions[0], id: `x${i}` }))),
      'decisions',
      /holds 10,001 decisions; a design keeps at most 10,000/,
    ],
    [
      'too many sign-offs',
      (d) => (d.signOffs = Array.from({ length: 101 }, (_, i) => ({ ...d.signOffs[0], reviewer: `r${i}` }))),
      'signOffs',
      /holds 101 sign-offs; a design keeps at most 100/,
    ],
    [
      'a comment too long',
      (d) => (d.decisions[0].comment = 'x'.repeat(10_001)),
      'decisions[0].comment',
      /is 10,001 characters long; a comment is at most 10,000/,
    ],
  ];

  it.each(CASES)('refuses %s at its path, with line and column', (_what, edit, path, message) => {
    const errors = errorsOf(recordedWith(edit));
    const error = errors.find((problem) => problem.path === path);
    expect(error, JSON.stringify(errors)).toBeDefined();
    expect(error?.message).toMatch(message);
    expect(error?.line).toBeGreaterThan(0);
    expect(error?.column).toBeGreaterThan(0);
  });

  it('drops unknown keys of a decision and a sign-off with a warning, and warns of a second decision or sign-off', () => {
    const read = parseDesignDocument(
      recordedWith((d) => {
        d.decisions[0].secretToken = 'x';
        d.decisions.push({ ...d.decisions[0], kind: 'accepted' });
        d.signOffs.push({ ...d.signOffs[0] });
      }),
    );
    expect(read.ok).toBe(true);
    expect(read.ok && read.warnings.map((warning) => warning.path)).toEqual([
      'decisions[0].secretToken',
      'decisions[2].secretToken',
      'decisions[2].id',
      'signOffs[1].reviewer',
    ]);
    // decisions[0] in id order is review.caseOrder…: its first decision (fixLater) is kept, not the second ("accepted").
    expect(read.ok && read.design.decisions?.find((decision) => decision.id === RECORDED.decisions![1]!.id)?.kind).toBe('fixLater');
  });
});
