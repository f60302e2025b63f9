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
  check: (context) => context.entities().map(({ table, entity }) =>
    context.finding('review.noTiebreaker', 'warning', { table: table.name, entity: entity.name, keyAttribute: 'SK' }, { message: 'm', evidence: [], suggestion: 's' }),
  ),
};

const crashes: ReviewRule = { ...alwaysFinds, code: 'review.caseOrder', title: 'Crashing rule', check: () => { throw new Error('boom'); } };

describe('reviewDesign', () => {
  it('gives findings stable ids and marks the accepted ones with their note', () => {
    const [entity] = LEADERBOARD_DESIGN.tables[0]!.entities;
    const id = findingId('review.noTiebreaker', { table: LEADERBOARD_DESIGN.tables[0]!.name, entity: entity!.name, keyAttribute: 'SK' });
    const design = { ...LEADERBOARD_DESIGN, acceptedFindings: [{ id, code: 'review.noTiebreaker', note: 'scores are unique' }] };
    const [finding] = reviewDesign({ design }, [alwaysFinds]);
    expect(finding?.id).toBe(id);
    expect(finding?.accepted).toEqual({ note: 'scores are unique' });
  });

  it('reports a rule that throws as a finding instead of failing the review', () => {
    const findings = reviewDesign({ design: LEADERBOARD_DESIGN }, [crashes, alwaysFinds]);
    expect(findings.some((finding) => finding.message.includes('Crashing rule') && finding.message.includes('boom'))).toBe(true);
    expect(findings.filter((finding) => finding.code === 'review.noTiebreaker').length).toBeGreaterThan(0);
  });
});

describe('accepted findings in the design file', () => {
  it('round-trip through the document and refuse a malformed entry with its path', () => {
    const design = { ...LEADERBOARD_DESIGN, acceptedFindings: [{ id: 'review.noTiebreaker|Leaderboard|Score||SK||', code: 'review.noTiebreaker', note: 'one score per player' }] };
    const read = parseDesignDocument(serializeDesignDocument(design));
    expect(read.ok && read.design.acceptedFindings).toEqual(design.acceptedFindings);
    const broken = JSON.parse(serializeDesignDocument(design));
    broken.acceptedFindings[0].note = 5;
    const refused = parseDesignDocument(broken);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors[0]?.path).toBe('acceptedFindings[0].note');
  });

  it('writes nothing when no finding is accepted', () => {
    expect(serializeDesignDocument(LEADERBOARD_DESIGN)).not.toContain('acceptedFindings');
  });
});
