import { describe, expect, it } from 'vitest';
import { parseDesignDocument, serializeDesignDocument, type Design, type ReviewRule } from '../../../design';
import { createDesignStore } from '../designStore';
import { createDesignReviewer, describeSubject } from './designReview';
import { createDesignReviewStore } from './designReviewStore';

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
        context.finding('review.noTiebreaker', 'warning', { table: table.name, entity: entity.name, keyAttribute: 'SK' }, {
          message: `${entity.name}'s SK ${sk} can be shared by two items.`,
          evidence: [{ label: 'written first', text: sk }],
          suggestion: 'Add a tiebreaker.',
          fix: {
            label: 'Use `' + sk + '#{id}`',
            apply: (design) => ({
              ...design,
              tables: design.tables.map((t) => (t.name !== table.name ? t : { ...t, entities: t.entities.map((e) => (e.name === entity.name ? { ...e, keys: { ...e.keys, SK: `${sk}#{id}` } } : e)) })),
            }),
          },
        }),
      ];
    }),
};

/** One note per table, to see the counts per severity. */
const tableNote: ReviewRule = {
  code: 'review.gsiProjection',
  severity: 'note',
  title: 'A note',
  why: 'test rule',
  check: (context) => context.design.tables.map((table) => context.finding('review.gsiProjection', 'note', { table: table.name }, { message: 'note', evidence: [], suggestion: 's' })),
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
        { name: 'Score', description: '', keys: { PK: 'GAME#{game}', SK: '{score}' }, attributes: [], samples: [], expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} } },
        { name: 'Event', description: '', keys: { PK: 'GAME#{game}', SK: 'EVT#{at}' }, attributes: [], samples: [], expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} } },
      ],
    })),
  }));
  const review = createDesignReviewStore({ designs, rules });
  const design = () => designs.getState().designs.find((saved) => saved.id === id)!.design;
  return { designs, review, id, design };
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

  it('accepts a finding with a note, keeps it in the design (and its file), and undoes it', () => {
    const { review, design, id } = setup();
    const [finding] = review.getState().reviewOf(design()).findings;
    expect(review.getState().acceptFinding(id, finding!, '  scores are unique per game  ')).toEqual({ ok: true });
    expect(design().acceptedFindings).toEqual([{ id: finding!.id, code: 'review.noTiebreaker', note: 'scores are unique per game' }]);
    const accepted = review.getState().reviewOf(design());
    expect(accepted.findings[0]!.accepted).toEqual({ note: 'scores are unique per game' });
    expect(accepted.counts).toEqual({ error: 0, warning: 0, note: 1 });
    expect(accepted.acceptedCount).toBe(1);

    // The acceptance is part of the design document: it survives export and re-import.
    const read = parseDesignDocument(serializeDesignDocument(design()));
    expect(read.ok && review.getState().reviewOf(read.design).findings[0]!.accepted).toEqual({ note: 'scores are unique per game' });

    // Accepting again replaces the note instead of adding a second entry.
    review.getState().acceptFinding(id, finding!, 'v2');
    expect(design().acceptedFindings).toHaveLength(1);

    review.getState().unacceptFinding(id, finding!.id);
    expect(design().acceptedFindings).toBeUndefined();
    expect(review.getState().reviewOf(design()).findings[0]!.accepted).toBeUndefined();
  });

  it('refuses an empty note with a message and leaves the design as it was', () => {
    const { review, design, id } = setup();
    const before = design();
    const [finding] = review.getState().reviewOf(before).findings;
    const result = review.getState().acceptFinding(id, finding!, '   ');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/Write a note saying why/);
    expect(design()).toBe(before);
  });

  it('edits an accepted finding’s note', () => {
    const { review, design, id } = setup();
    const [finding] = review.getState().reviewOf(design()).findings;
    review.getState().acceptFinding(id, finding!, 'first');
    expect(review.getState().editAcceptanceNote(id, finding!.id, 'second')).toEqual({ ok: true });
    expect(design().acceptedFindings).toEqual([{ id: finding!.id, code: finding!.code, note: 'second' }]);
    expect(review.getState().editAcceptanceNote(id, finding!.id, '').ok).toBe(false);
    expect(design().acceptedFindings?.[0]?.note).toBe('second');
  });

  it('applies a finding’s fix to the design in the store, after which the finding is gone', () => {
    const { review, design, id } = setup();
    const [finding] = review.getState().reviewOf(design()).findings;
    expect(review.getState().applyFix(id, finding!)).toEqual({ ok: true });
    expect(design().tables[0]!.entities[0]!.keys.SK).toBe('{score}#{id}');
    expect(review.getState().reviewOf(design()).findings.map((entry) => entry.code)).toEqual(['review.gsiProjection']);
  });

  it('reports a fix that throws, and one that is missing, without changing the design', () => {
    const { review, design, id } = setup();
    const before = design();
    const [finding] = review.getState().reviewOf(before).findings;
    const throwing = { ...finding!, fix: { label: 'Break it', apply: (): Design => { throw new Error('nope'); } } };
    const result = review.getState().applyFix(id, throwing);
    expect(!result.ok && result.message).toBe('“Break it” could not be applied (nope); the design is unchanged.');
    const { fix: _fix, ...withoutFix } = finding!;
    expect(review.getState().applyFix(id, withoutFix).ok).toBe(false);
    expect(design()).toBe(before);
  });

  it('lists acceptances whose finding no longer fires', () => {
    const { review, design, id } = setup();
    const [finding] = review.getState().reviewOf(design()).findings;
    review.getState().acceptFinding(id, finding!, 'fine');
    review.getState().applyFix(id, finding!);
    expect(review.getState().reviewOf(design()).staleAcceptances).toEqual([{ id: finding!.id, code: 'review.noTiebreaker', note: 'fine' }]);
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
    designs.getState().updateDesign(id, (current) => ({ ...current, name: 'Renamed', acceptedFindings: [{ id: first.findings[0]!.id, code: 'review.noTiebreaker', note: 'ok' }] }));
    expect(reviewer.review(design()).findings[0]!.accepted).toEqual({ note: 'ok' });
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
      tables: [{ name: 'T', description: '', partitionKey: { name: 'PK', type: 'S' }, indexes: [], billingMode: 'PAY_PER_REQUEST', entities: [], accessPatterns: [{ id: 'p1', name: 'Top scores', description: '', entities: [], partitionValues: {}, direction: 'ascending', projection: [], consistentRead: false, expected: {} }] }],
    };
    expect(describeSubject(design, { table: 'T', entity: 'Score', index: 'GSI1', keyAttribute: 'GSI1SK', field: 'score' }).map((part) => `${part.label} ${part.text}`)).toEqual([
      'table T',
      'entity Score',
      'index GSI1',
      'key GSI1SK',
      'field score',
    ]);
    expect(describeSubject(design, { table: 'T', pattern: 'p1' })).toEqual([{ label: 'table', text: 'T' }, { label: 'pattern', text: 'Top scores' }]);
    expect(describeSubject(design, { table: 'T', pattern: 'gone' })[1]).toEqual({ label: 'pattern', text: 'gone' });
  });
});
