import { describe, expect, it } from 'vitest';
import { decideFinding, signOff } from '../decisions';
import type { Design } from '../design.types';
import { LEADERBOARD_DESIGN } from '../examples';
import { reviewDesign } from '../review';
import { buildSlides, speakerNotes, type ClosingSlide, type Slide } from '.';
import { plainScoreDesign } from './present.fixtures';

const closing = (slides: readonly Slide[]) => slides.filter((slide): slide is ClosingSlide => slide.kind === 'closing');

/** The scores design with every finding decided in turn (won't fix, fix later, accepted…) by Ada, then signed off by Grace. */
function decidedDesign(): { design: Design; findings: ReturnType<typeof reviewDesign> } {
  let design: Design = { ...plainScoreDesign(), revision: 3 };
  const findings = reviewDesign({ design });
  const kinds = ['wontFix', 'fixLater', 'accepted'] as const;
  findings.forEach((finding, index) => {
    design = decideFinding(
      design,
      finding,
      { kind: kinds[index % 3] ?? 'accepted', comment: `<i>comment ${index}</i>`, decidedBy: 'Ada' },
      new Date(Date.UTC(2026, 11, 5, 9, 40 + index)),
    );
  });
  design = signOff(design, 'Grace', new Date(Date.UTC(2026, 11, 5, 10, 0)));
  return { design, findings };
}

describe('the closing slide', () => {
  it('lists each decision (kind, comment, who, when, the finding it is about) and each sign-off (date, revision, current)', () => {
    const { design, findings } = decidedDesign();
    expect(findings.length).toBeGreaterThan(0);
    const [slide, ...rest] = closing(buildSlides(design, { decisionsPerSlide: 100 }));
    expect(rest).toEqual([]);
    expect(buildSlides(design).at(-1)?.kind).toBe('closing');
    expect(slide?.title).toBe('Decisions and sign-off');
    expect(slide?.revision).toBe(3);
    expect(slide?.decisionCount).toBe(findings.length);
    expect(slide?.undecidedCount).toBe(0);
    expect(slide?.decisions[0]).toEqual({
      findingId: findings[0]?.id,
      code: findings[0]?.code,
      kind: 'wontFix',
      comment: '<i>comment 0</i>',
      decidedBy: 'Ada',
      decidedAt: '2026-12-05 09:40 UTC',
      finding: { subject: expect.stringContaining('Scores') as unknown as string, severity: findings[0]?.severity },
    });
    expect(slide?.signOffs).toEqual([{ reviewer: 'Grace', signedAt: '2026-12-05 10:00 UTC', revision: 3, current: true }]);
  });

  it('a change after the sign-off marks it out of date', () => {
    const { design } = decidedDesign();
    const changed: Design = { ...design, description: 'changed after the meeting', revision: 4 };
    const [slide] = closing(buildSlides(changed));
    expect(slide?.signOffs).toEqual([{ reviewer: 'Grace', signedAt: '2026-12-05 10:00 UTC', revision: 3, current: false }]);
    expect(slide?.revision).toBe(4);
  });

  it('a decision on a finding the design no longer raises is kept, marked resolved (no finding); undecided findings are counted', () => {
    let design: Design = decideFinding(
      LEADERBOARD_DESIGN,
      { id: 'review.gone|X', code: 'review.noTiebreaker' },
      { kind: 'fixLater', comment: 'later', decidedBy: 'Ada' },
      new Date(Date.UTC(2026, 11, 5)),
    );
    design = { ...design };
    const [slide] = closing(buildSlides(design));
    expect(slide?.decisions).toEqual([
      { findingId: 'review.gone|X', code: 'review.noTiebreaker', kind: 'fixLater', comment: 'later', decidedBy: 'Ada', decidedAt: '2026-12-05 00:00 UTC' },
    ]);
    expect(slide?.undecidedCount).toBe(reviewDesign({ design }).length);
    expect(slide?.signOffs).toEqual([]);
  });

  it('pages decisions a few per slide, sign-offs on the first page', () => {
    const { design, findings } = decidedDesign();
    const slides = closing(buildSlides(design, { decisionsPerSlide: 1 }));
    expect(slides.map((slide) => [slide.page, slide.pageCount, slide.decisions.length, slide.signOffs.length])).toEqual(
      findings.map((_, index) => [index + 1, findings.length, 1, index === 0 ? 1 : 0]),
    );
    expect(new Set(slides.map((slide) => slide.id)).size).toBe(slides.length);
  });

  it('is left out of a design with nothing recorded (the deck is as before)', () => {
    expect(closing(buildSlides(LEADERBOARD_DESIGN))).toEqual([]);
    expect(buildSlides(LEADERBOARD_DESIGN).map((slide) => slide.kind)).toEqual([
      'title',
      'entityOrder',
      'itemCollection',
      'itemCollection',
      'accessPattern',
      'accessPattern',
      'findings',
    ]);
  });

  it('its notes: each decision with who and when, each sign-off current or out of date, and what is still undecided', () => {
    const { design } = decidedDesign();
    const changed: Design = { ...design, description: 'changed' };
    const [slide] = closing(buildSlides(changed));
    const notes = speakerNotes(slide as ClosingSlide);
    const points = notes.flatMap((group) => group.points);
    expect(points).toContainEqual({ label: "Won't fix", text: '<i>comment 0</i>', as: 'text' });
    expect(points).toContainEqual({ label: 'Decided by', text: 'Ada, 2026-12-05 09:40 UTC', as: 'text' });
    expect(points).toContainEqual({
      label: 'Grace',
      text: 'Signed off revision 3 on 2026-12-05 10:00 UTC: out of date, the design changed since.',
      as: 'message',
    });
  });
});
