import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN } from '../examples';
import { parseDesignDocument, serializeDesignDocument } from '../format';
import { findingId } from './findingId';
import { reviewDesign } from './reviewDesign';
import type { ReviewRule } from './review.types';

const alwaysFinds: ReviewRule = {
  code: 'review.noTiebreaker',
  severity: 'warning',
  title: 'A sort key two items can share',
  why: 'test rule',
  check: (context) =>
    context
      .entities()
      .map(({ table, entity }) =>
        context.finding(
          'review.noTiebreaker',
          'warning',
          { table: table.name, entity: entity.name, keyAttribute: 'SK' },
          { message: 'm', evidence: [], suggestion: 's' },
        ),
      ),
};

const crashes: ReviewRule = {
  ...alwaysFinds,
  code: 'review.caseOrder',
  title: 'Crashing rule',
  check: () => {
    throw new Error('boom');
  },
};

describe('reviewDesign', () => {
  it('gives findings stable ids and marks the decided ones with their decision', () => {
    const [entity] = LEADERBOARD_DESIGN.tables[0]!.entities;
    const id = findingId('review.noTiebreaker', { table: LEADERBOARD_DESIGN.tables[0]!.name, entity: entity!.name, keyAttribute: 'SK' });
    const decision = {
      id,
      code: 'review.noTiebreaker',
      kind: 'wontFix' as const,
      comment: 'scores are unique',
      decidedBy: 'Ada',
      decidedAt: '2026-12-05T09:40:00.000Z',
    };
    const design = { ...LEADERBOARD_DESIGN, decisions: [decision] };
    const [finding] = reviewDesign({ design }, [alwaysFinds]);
    expect(finding?.id).toBe(id);
    expect(finding?.decision).toEqual(decision);
  });

  it('reports a rule that throws as a finding instead of failing the review', () => {
    const findings = reviewDesign({ design: LEADERBOARD_DESIGN }, [crashes, alwaysFinds]);
    expect(findings.some((finding) => finding.message.includes('Crashing rule') && finding.message.includes('boom'))).toBe(true);
    expect(findings.filter((finding) => finding.code === 'review.noTiebreaker').length).toBeGreaterThan(0);
  });
});

describe('decisions in the design file', () => {
  it('round-trip through the document and refuse a malformed entry with its path', () => {
    const design = {
      ...LEADERBOARD_DESIGN,
      decisions: [
        {
          id: 'review.noTiebreaker|Leaderboard|Score||SK||',
          code: 'review.noTiebreaker',
          kind: 'accepted' as const,
          comment: 'one score per player',
          decidedBy: 'Ada',
          decidedAt: '2026-12-05T09:40:00.000Z',
        },
      ],
    };
    const read = parseDesignDocument(serializeDesignDocument(design));
    expect(read.ok && read.design.decisions).toEqual(design.decisions);
    const broken = JSON.parse(serializeDesignDocument(design));
    broken.decisions[0].comment = 5;
    const refused = parseDesignDocument(broken);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors[0]?.path).toBe('decisions[0].comment');
  });

  it('writes nothing when no finding is decided', () => {
    expect(serializeDesignDocument(LEADERBOARD_DESIGN)).not.toContain('decisions');
  });
});
