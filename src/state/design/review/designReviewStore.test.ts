import { describe, expect, it } from 'vitest';
import { designFingerprint, isSignOffCurrent, parseDesignDocument, serializeDesignDocument, type Design, type ReviewRule } from '../../../design';
import { createDesignStore } from '../designStore';
import { createDesignReviewer, describeSubject } from './designReview';
import { createDesignReviewStore } from './designReviewStore';
import { createReviewerNameStore, REVIEWER_NAME_KEY } from './reviewerName';

/** localStorage's shape, in memory. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

const AT = new Date('2026-12-05T09:40:00.000Z');

/** A rule per entity whose SK has no `#`: a warning, with a fix that appends `#{id}`. */
const bareSortKey: ReviewRule = {
  code: 'review.noTiebreaker',
  severity: 'warning',
  title: 'A sort key two items can share',
  why: 'test rule',
  check: (context) =>
    context.entities().flatMap(({ table, entity }) => {
      const sk = entity.keys.SK;
      if (sk === undefined || sk.includes('#')) return [];
      return [
        context.finding(
          'review.noTiebreaker',
          'warning',
          { table: table.name, entity: entity.name, keyAttribute: 'SK' },
          {
            message: `${entity.name}'s SK ${sk} can be shared by two items.`,
            evidence: [{ label: 'written first', text: sk }],
            suggestion: 'Add a tiebreaker.',
            fix: {
              label: 'Use `' + sk + '#{id}`',
              apply: (design) => ({
                ...design,
                tables: design.tables.map((t) =>
                  t.name !== table.name
                    ? t
                    : { ...t, entities: t.entities.map((e) => (e.name === entity.name ? { ...e, keys: { ...e.keys, SK: `${sk}#{id}` } } : e)) },
                ),
              }),
            },
          },
        ),
      ];
    }),
};

/** One note per table, to see the counts per severity. */
const tableNote: ReviewRule = {
  code: 'review.gsiProjection',
  severity: 'note',
  title: 'A note',
  why: 'test rule',
  check: (context) =>
    context.design.tables.map((table) =>
      context.finding('review.gsiProjection', 'note', { table: table.name }, { message: 'note', evidence: [], suggestion: 's' }),
    ),
};

/** Counts how often the rules run, to see the memoisation. */
function counting(rule: ReviewRule): { rule: ReviewRule; runs: () => number } {
  let runs = 0;
  return {
    rule: { ...rule, check: (context) => (runs++, rule.check(context)) },
    runs: () => runs,
  };
}

function setup(rules: readonly ReviewRule[] = [bareSortKey, tableNote]) {
  const designs = createDesignStore();
  const id = designs.getState().createDesign('Review');
  // Two entities: one with a bare {score} SK (fires), one with a tiebreaker (doesn't).
  designs.getState().updateDesign(id, (design) => ({
    ...design,
    tables: design.tables.map((table) => ({
      ...table,
      entities: [
        {
          name: 'Score',
          description: '',
          keys: { PK: 'GAME#{game}', SK: '{score}' },
          attributes: [],
          samples: [],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
        {
          name: 'Event',
          description: '',
          keys: { PK: 'GAME#{game}', SK: 'EVT#{at}' },
          attributes: [],
          samples: [],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
      ],
    })),
  }));
  const storage = memoryStorage({ [REVIEWER_NAME_KEY]: 'Ada' });
  const reviewerName = createReviewerNameStore({ storage });
  const review = createDesignReviewStore({ designs, rules, reviewerName, now: () => AT });
  const design = () => designs.getState().designs.find((saved) => saved.id === id)!.design;
  return { designs, review, id, design, reviewerName, storage };
}

describe('the design review store', () => {
  it('reviews the design with the rules it was given, errors first, with counts per severity', () => {
    const { review, design } = setup();
    const result = review.getState().reviewOf(design());
    expect(result.findings.map((finding) => finding.code)).toEqual(['review.noTiebreaker', 'review.gsiProjection']);
    expect(result.findings[0]!.subject).toEqual({ table: design().tables[0]!.name, entity: 'Score', keyAttribute: 'SK' });
    expect(result.counts).toEqual({ error: 0, warning: 1, note: 1 });
    expect(result.acceptedCount).toBe(0);
  });

  it('records a decision with its comment, who and when, keeps it in the design (and its file), replaces it, and reopens the finding', () => {
    const { review, design, id } = setup();
    const [finding] = review.getState().reviewOf(design()).findings;
    expect(review.getState().decideFinding(id, finding!, 'wontFix', '  scores are unique per game  ')).toEqual({ ok: true });
    const decision = {
      id: finding!.id,
      code: 'review.noTiebreaker',
      kind: 'wontFix',
      comment: 'scores are unique per game',
      decidedBy: 'Ada',
      decidedAt: '2026-12-05T09:40:00.000Z',
    };
    expect(design().decisions).toEqual([decision]);
    const decided = review.getState().reviewOf(design());
    expect(decided.findings[0]!.decision).toEqual(decision);
    // A decided finding stays out of the open counts, whatever the kind.
    expect(decided.counts).toEqual({ error: 0, warning: 0, note: 1 });
    expect(decided.decidedCounts).toEqual({ accepted: 0, wontFix: 1, fixLater: 0 });
    expect(decided.acceptedCount).toBe(0);

    // The decision is part of the design document: it survives export and re-import.
    const read = parseDesignDocument(serializeDesignDocument(design()));
    expect(read.ok && review.getState().reviewOf(read.design).findings[0]!.decision).toEqual(decision);

    // Deciding again replaces the decision instead of adding a second entry.
    review.getState().decideFinding(id, finding!, 'fixLater', 'v2');
    expect(design().decisions).toEqual([{ ...decision, kind: 'fixLater', comment: 'v2' }]);

    review.getState().withdrawDecision(id, finding!.id);
    expect(design().decisions).toBeUndefined();
    expect(review.getState().reviewOf(design()).findings[0]!.decision).toBeUndefined();
  });

  it('refuses an empty comment, and a decision or sign-off without a name, with a message, leaving the design as it was', () => {
    const { review, design, id, reviewerName } = setup();
    const before = design();
    const [finding] = review.getState().reviewOf(before).findings;
    const empty = review.getState().decideFinding(id, finding!, 'accepted', '   ');
    expect(!empty.ok && empty.message).toMatch(/Write a comment saying why/);
    reviewerName.getState().setName('  ');
    const nameless = review.getState().decideFinding(id, finding!, 'accepted', 'fine');
    expect(!nameless.ok && nameless.message).toMatch(/Type your name in “Your name” first/);
    const unsigned = review.getState().signOff(id);
    expect(!unsigned.ok && unsigned.message).toMatch(/Type your name in “Your name” first/);
    expect(design()).toBe(before);
  });

  it('remembers the reviewer’s name in storage, typed once', () => {
    const storage = memoryStorage();
    const first = createReviewerNameStore({ storage });
    expect(first.getState().name).toBe('');
    first.getState().setName('Grace');
    expect(storage.map.get(REVIEWER_NAME_KEY)).toBe('Grace');
    // A new page load reads it back.
    expect(createReviewerNameStore({ storage }).getState().name).toBe('Grace');
    first.getState().setName('');
    expect(storage.map.has(REVIEWER_NAME_KEY)).toBe(false);
  });

  it('signs off for the current revision and fingerprint; a later change marks the sign-off out of date', () => {
    const { review, design, id, designs } = setup();
    designs.getState().updateDesign(id, (current) => ({ ...current, revision: 3 }));
    expect(review.getState().signOff(id)).toEqual({ ok: true });
    const [entry] = design().signOffs ?? [];
    expect(entry).toEqual({ reviewer: 'Ada', signedAt: '2026-12-05T09:40:00.000Z', revision: 3, fingerprint: designFingerprint(design()) });
    expect(isSignOffCurrent(design(), entry!)).toBe(true);
    // Signing again replaces the reviewer's sign-off.
    review.getState().signOff(id);
    expect(design().signOffs).toHaveLength(1);
    // A decision is covered by the sign-off: it changes what was signed.
    const [finding] = review.getState().reviewOf(design()).findings;
    review.getState().decideFinding(id, finding!, 'fixLater', 'next sprint');
    expect(isSignOffCurrent(design(), design().signOffs![0]!)).toBe(false);
    review.getState().withdrawSignOff(id, 'Ada');
    expect(design().signOffs).toBeUndefined();
  });

  it('applies a finding’s fix to the design in the store, after which the finding is gone', () => {
    const { review, design, id } = setup();
    const [finding] = review.getState().reviewOf(design()).findings;
    expect(review.getState().applyFix(id, finding!)).toEqual({ ok: true });
    expect(design().tables[0]!.entities[0]!.keys.SK).toBe('{score}#{id}');
    expect(
      review
        .getState()
        .reviewOf(design())
        .findings.map((entry) => entry.code),
    ).toEqual(['review.gsiProjection']);
  });

  it('reports a fix that throws, and one that is missing, without changing the design', () => {
    const { review, design, id } = setup();
    const before = design();
    const [finding] = review.getState().reviewOf(before).findings;
    const throwing = {
      ...finding!,
      fix: {
        label: 'Break it',
        apply: (): Design => {
          throw new Error('nope');
        },
      },
    };
    const result = review.getState().applyFix(id, throwing);
    expect(!result.ok && result.message).toBe('“Break it” could not be applied (nope); the design is unchanged.');
    const { fix: _fix, ...withoutFix } = finding!;
    expect(review.getState().applyFix(id, withoutFix).ok).toBe(false);
    expect(design()).toBe(before);
  });

  it('lists decisions whose finding no longer fires', () => {
    const { review, design, id } = setup();
    const [finding] = review.getState().reviewOf(design()).findings;
    review.getState().decideFinding(id, finding!, 'accepted', 'fine');
    review.getState().applyFix(id, finding!);
    expect(review.getState().reviewOf(design()).staleDecisions).toEqual([
      { id: finding!.id, code: 'review.noTiebreaker', kind: 'accepted', comment: 'fine', decidedBy: 'Ada', decidedAt: AT.toISOString() },
    ]);
  });
});

describe('createDesignReviewer memoisation', () => {
  it('returns the same review for the same design, and re-runs the rules only when the tables change', () => {
    const { rule, runs } = counting(bareSortKey);
    const { design, designs, id } = setup([rule]);
    const reviewer = createDesignReviewer([rule]);
    const first = reviewer.review(design());
    expect(reviewer.review(design())).toBe(first);
    expect(runs()).toBe(1);

    // Accepting (or renaming) keeps the tables: only the marks are recomputed.
    const decision = {
      id: first.findings[0]!.id,
      code: 'review.noTiebreaker',
      kind: 'accepted' as const,
      comment: 'ok',
      decidedBy: 'Ada',
      decidedAt: AT.toISOString(),
    };
    designs.getState().updateDesign(id, (current) => ({ ...current, name: 'Renamed', decisions: [decision] }));
    expect(reviewer.review(design()).findings[0]!.decision).toEqual(decision);
    expect(runs()).toBe(1);

    // An edit of a table (a keystroke in a template) runs the rules again.
    designs.getState().updateDesign(id, (current) => ({ ...current, tables: current.tables.map((table) => ({ ...table, description: 'x' })) }));
    reviewer.review(design());
    expect(runs()).toBe(2);

    // Other stored keys are another input.
    reviewer.review(design(), [{ table: 'T', keyAttribute: 'SK', keys: ['a'] }]);
    expect(runs()).toBe(3);
  });

  it('keeps the review with and without stored keys side by side (the Design review and the Review document ask for both)', () => {
    const { rule, runs } = counting(bareSortKey);
    const { design } = setup([rule]);
    const reviewer = createDesignReviewer([rule]);
    const stored = [{ table: 'T', keyAttribute: 'SK', keys: ['a'] }];
    const withKeys = reviewer.review(design(), stored);
    const without = reviewer.review(design());
    expect(runs()).toBe(2);
    expect(reviewer.review(design(), stored)).toBe(withKeys);
    expect(reviewer.review(design())).toBe(without);
    expect(runs()).toBe(2);
  });
});

describe('describeSubject', () => {
  it('names the subject in the design’s words, a pattern by its name', () => {
    const design: Design = {
      name: 'd',
      description: '',
      tables: [
        {
          name: 'T',
          description: '',
          partitionKey: { name: 'PK', type: 'S' },
          indexes: [],
          billingMode: 'PAY_PER_REQUEST',
          entities: [],
          accessPatterns: [
            {
              id: 'p1',
              name: 'Top scores',
              description: '',
              entities: [],
              partitionValues: {},
              direction: 'ascending',
              projection: [],
              consistentRead: false,
              expected: {},
            },
          ],
        },
      ],
    };
    expect(
      describeSubject(design, { table: 'T', entity: 'Score', index: 'GSI1', keyAttribute: 'GSI1SK', field: 'score' }).map(
        (part) => `${part.label} ${part.text}`,
      ),
    ).toEqual(['table T', 'entity Score', 'index GSI1', 'key GSI1SK', 'field score']);
    expect(describeSubject(design, { table: 'T', pattern: 'p1' })).toEqual([
      { label: 'table', text: 'T' },
      { label: 'pattern', text: 'Top scores' },
    ]);
    expect(describeSubject(design, { table: 'T', pattern: 'gone' })[1]).toEqual({ label: 'pattern', text: 'gone' });
  });
});
