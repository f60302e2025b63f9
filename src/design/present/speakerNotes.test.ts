import { describe, expect, it } from 'vitest';
import { judgePatternResult, type PatternResultItem } from '../accessPatterns';
import type { TableDesign } from '../design.types';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { importWorkbenchModel } from '../interchange';
import onlineShop from '../interchange/fixtures/an-online-shop.json?raw';
import gsiInclude from '../interchange/fixtures/gsi-include.json?raw';
import singleTable from '../interchange/fixtures/single-table-facets.json?raw';
import twoTables from '../interchange/fixtures/two-tables.json?raw';
import { REVIEW_RULES, reviewDesign } from '../review';
import { buildSlides, speakerNotes, type AccessPatternSlide, type FindingsSlide, type Slide } from '.';
import { plainScoreDesign } from './present.fixtures';
import { expectOk } from '../../errors/testing';

const ofKind = <K extends Slide['kind']>(slides: readonly Slide[], kind: K) =>
  slides.filter((slide): slide is Extract<Slide, { kind: K }> => slide.kind === kind);

describe('speakerNotes', () => {
  it('a findings slide: per finding, what is wrong (its message), why it matters (its rule) and how to fix it (its suggestion)', () => {
    const design = plainScoreDesign();
    const findings = reviewDesign({ design });
    expect(findings.length).toBeGreaterThan(0);
    const [slide] = ofKind(buildSlides(design, { findings, findingsPerSlide: 100 }), 'findings') as FindingsSlide[];
    const notes = speakerNotes(slide as FindingsSlide);
    expect(notes).toHaveLength(findings.length);
    findings.forEach((finding, index) => {
      const rule = REVIEW_RULES.find((entry) => entry.code === finding.code);
      const group = notes[index];
      expect(group?.heading).toContain(`${finding.severity}: ${rule?.title}`);
      expect(group?.points).toEqual([
        { label: 'What is wrong', text: finding.message, as: 'message' },
        { label: 'Why it matters', text: rule?.why, as: 'message' },
        { label: 'How to fix it', text: finding.suggestion, as: 'message' },
      ]);
    });
  });

  it('a decided finding’s comment and who decided are design text, shown as written', () => {
    const design = plainScoreDesign();
    const [first, ...rest] = reviewDesign({ design });
    const decided = {
      ...first!,
      decision: {
        id: first!.id,
        code: first!.code,
        kind: 'wontFix' as const,
        comment: '<b>ok</b> for the demo',
        decidedBy: 'Ada',
        decidedAt: '2026-12-05T09:40:00.000Z',
      },
    };
    const [slide] = ofKind(buildSlides(design, { findings: [decided, ...rest] }), 'findings');
    expect(speakerNotes(slide!)[0]?.points.slice(-2)).toEqual([
      { label: "Won't fix", text: '<b>ok</b> for the demo', as: 'text' },
      { label: 'Decided by', text: 'Ada', as: 'text' },
    ]);
  });

  it('an access pattern slide: its description, its key condition as code, and the run’s verdict with the judge’s reasons', () => {
    const design = plainScoreDesign();
    const table = design.tables[0] as TableDesign;
    const pattern = table.accessPatterns[0] as TableDesign['accessPatterns'][number];
    const items: PatternResultItem[] = ['SCORE#9', 'SCORE#75', 'SCORE#240'].map((SK) => ({
      entity: 'Score',
      item: { PK: { S: 'SEASON#2026' }, SK: { S: SK } },
    }));
    const outcome = { ...judgePatternResult(table, pattern, { items }), items };
    expect(outcome.verdict).toBe('fails');
    const [slide] = ofKind(buildSlides(design, { findings: [], results: { Scores: { [pattern.id]: outcome } } }), 'accessPattern') as AccessPatternSlide[];
    const points = speakerNotes(slide as AccessPatternSlide)[0]?.points ?? [];
    if (pattern.description !== '') expect(points).toContainEqual({ label: 'What it reads', text: pattern.description, as: 'text' });
    expect(points).toContainEqual({ label: 'Key condition', text: slide?.request?.keyConditionExpression, as: 'code' });
    expect(points).toContainEqual({ label: 'Verdict', text: 'Fails (3 items returned).', as: 'message' });
    for (const reason of outcome.reasons) expect(points).toContainEqual({ label: 'Why it fails', text: reason.message, as: 'message' });
  });

  it('an access pattern not yet run says so, and a passing one says it passes', () => {
    const [unrun] = ofKind(buildSlides(LEADERBOARD_DESIGN), 'accessPattern');
    expect(speakerNotes(unrun!)[0]?.points).toContainEqual({
      label: 'What it reads',
      text: LEADERBOARD_DESIGN.tables[0]?.accessPatterns[0]?.description,
      as: 'text',
    });
    expect(speakerNotes(unrun!)[0]?.points.at(-1)?.text).toMatch(/^Not run yet/);
    const passed: AccessPatternSlide = { ...unrun!, result: { verdict: 'passes', reasons: [], rows: { rows: [], moreCount: 0 }, itemCount: 10 } };
    expect(speakerNotes(passed)[0]?.points.at(-1)).toEqual({ label: 'Verdict', text: 'Passes: 10 items returned.', as: 'message' });
  });

  it('the order slide’s notes repeat its counts and template (never a claim of their own)', () => {
    const [order] = ofKind(buildSlides(LEADERBOARD_DESIGN), 'entityOrder');
    const points = speakerNotes(order!)[0]?.points ?? [];
    expect(points[0]).toEqual({ label: 'Template', text: order?.template, as: 'code' });
    expect(points).toContainEqual({
      label: 'As typed',
      text: `Values as typed: ${order?.naiveOutOfPlace} of 12 rows out of their intended place.`,
      as: 'message',
    });
    expect(points).toContainEqual({ label: 'Encoded', text: 'Encoded by the template: all 12 rows in their intended place.', as: 'message' });
  });

  it('every slide of every built-in example and Workbench fixture has notes, none empty', () => {
    const imported = [onlineShop, gsiInclude, singleTable, twoTables].map((text) => {
      const result = importWorkbenchModel(text, { fileName: 'model.json' });
      expectOk(result);
      return result.design;
    });
    for (const design of [LEADERBOARD_DESIGN, SHOP_DESIGN, AUDIT_LOG_DESIGN, plainScoreDesign(), ...imported]) {
      for (const slide of buildSlides(design)) {
        const notes = speakerNotes(slide);
        expect(notes.length, slide.id).toBeGreaterThan(0);
        for (const group of notes) {
          expect(group.points.length, slide.id).toBeGreaterThan(0);
          for (const point of group.points) expect(point.text.trim(), `${slide.id} ${point.label}`).not.toBe('');
        }
      }
    }
  });
});
