import { beforeAll, describe, expect, it } from 'vitest';
import { subjectText } from './corpusLabels';
import { gapKey, readKnownGaps, runCorpus, type CorpusGap, type CorpusRun } from './loadCorpus';

/**
 * Holds the review corpus's labels (corpus/review/labels.json) with an
 * explicit ratchet: every label holds except the ones listed in
 * corpus/review/knownGaps.json, and every listed one still fails, so a fix
 * that closes a gap breaks this test until its entry is removed.
 */

/** The corpus never shrinks below this many designs. */
const MIN_DESIGNS = 40;

let run: CorpusRun;
beforeAll(async () => {
  run = await runCorpus();
  // A few seconds alone; bounded generously for a loaded 2-core runner (never asserted).
}, 120_000);

const describeGap = (gap: CorpusGap) =>
  gap.kind === 'verdict'
    ? `${gap.design}: pattern ${gap.pattern} must ${gap.expected === 'passes' ? 'pass' : 'fail'}`
    : `${gap.design}: ${gap.kind} ${gap.code} ${subjectText(gap.subject ?? {})}`;

describe('the review corpus', () => {
  it('reads every design through the importer, each with labels, and labels name real codes and patterns', () => {
    expect(run.corpusProblems).toEqual([]);
    expect(run.outcomes.length).toBeGreaterThanOrEqual(MIN_DESIGNS);
  });

  it('labels a clean design with no must-raise finding', () => {
    const cleanWithMusts = run.outcomes.filter((outcome) => outcome.labels.clean && outcome.labels.must.length > 0).map((outcome) => outcome.file);
    expect(cleanWithMusts).toEqual([]);
  });

  it('holds every label not listed in knownGaps.json (a new miss, false positive or wrong verdict)', () => {
    const known = new Set(readKnownGaps().map(gapKey));
    const unlisted = run.gaps.filter((gap) => !known.has(gapKey(gap)));
    expect(unlisted.map(describeGap), 'labels that do not hold and are not known gaps: fix the regression, or (for a label that was wrong) the label').toEqual(
      [],
    );
  });

  it('still fails every knownGaps.json entry (a fixed gap must be removed from the list)', () => {
    const current = new Set(run.gaps.map(gapKey));
    const fixed = readKnownGaps().filter((gap) => !current.has(gapKey(gap)));
    expect(fixed.map(describeGap), 'gaps that no longer fail: remove them from corpus/review/knownGaps.json').toEqual([]);
  });

  it('lists each known gap once', () => {
    const keys = readKnownGaps().map(gapKey);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
