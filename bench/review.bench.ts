/**
 * `npm run bench:review`: the design review measured on the labelled corpus
 * (corpus/review, labels in corpus/review/labels.json): recall and precision
 * per rule and overall, split into errors+warnings and notes, the
 * access-pattern verdict accuracy, and every miss, false positive and wrong
 * verdict with its design, code, subject and message. Pure (no build, no
 * browser): the designs are read by the app's importer, reviewed by
 * reviewDesign and their patterns run on the built-in engine.
 *   KEYLAB_REVIEW_WRITE_GAPS=1 npm run bench:review   rewrites corpus/review/knownGaps.json to today's
 *   failing labels (read its diff: an added entry is a regression, a removed one a fix).
 */
import { findingSubject, labelSubject, subjectText } from './review/corpusLabels';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR, gapKey, readKnownGaps, runCorpus, tallyRules, type RuleTally } from './review/loadCorpus';

const started = performance.now();
const run = await runCorpus();
const elapsed = performance.now() - started;

const percent = (part: number, whole: number) => (whole === 0 ? '   –' : `${((100 * part) / whole).toFixed(0).padStart(3)}%`);
const cell = (t: RuleTally) =>
  `${String(t.tp).padStart(3)} ${String(t.fn).padStart(3)} ${String(t.fp).padStart(3)}  ${percent(t.tp, t.tp + t.fn)} ${percent(t.tp, t.tp + t.fp)}`;

const designs = run.outcomes.length;
const items = run.outcomes.reduce((sum, outcome) => sum + outcome.items, 0);
const clean = run.outcomes.filter((outcome) => outcome.labels.clean).length;
const musts = run.outcomes.reduce((sum, outcome) => sum + outcome.musts.length, 0);
const largest = [...run.outcomes].sort((a, b) => b.items - a.items)[0];
console.log(
  `Review corpus: ${designs} designs (${clean} clean), ${items} sample items, ${musts} must-raise labels; largest: ${largest?.file} (${largest?.items} items). Ran in ${(elapsed / 1000).toFixed(1)} s.`,
);
if (run.corpusProblems.length > 0) console.log(`\nCORPUS PROBLEMS (fix the corpus):\n${run.corpusProblems.map((problem) => `  ${problem}`).join('\n')}`);

console.log('\nPer rule: TP FN FP recall precision, for errors+warnings | notes');
console.log(`${'rule'.padEnd(34)} ${'errors+warnings'.padEnd(26)} | notes`);
const tallies = tallyRules(run);
for (const [code, tally] of tallies) {
  if (code === 'all') continue;
  console.log(`${code.replace('review.', '').padEnd(34)} ${cell(tally.blocking).padEnd(26)} | ${cell(tally.note)}`);
}
const all = tallies.get('all')!;
console.log(`${'OVERALL'.padEnd(34)} ${cell(all.blocking).padEnd(26)} | ${cell(all.note)}`);

const verdicts = run.outcomes.flatMap((outcome) => outcome.verdicts);
const right = verdicts.filter((verdict) => verdict.actual === verdict.expected).length;
console.log(`\nVerdict accuracy: ${right} of ${verdicts.length} (${percent(right, verdicts.length).trim()})`);
const cleanBlocking = run.outcomes.filter((outcome) => outcome.labels.clean && outcome.falsePositives.some((finding) => finding.severity !== 'note'));
console.log(
  `Clean designs with a false error or warning: ${cleanBlocking.length} of ${clean}${cleanBlocking.length ? ` (${cleanBlocking.map((outcome) => outcome.file).join(', ')})` : ''}`,
);

const known = new Set(readKnownGaps().map(gapKey));
const current = new Set(run.gaps.map(gapKey));
const fixed = [...known].filter((key) => !current.has(key)).length;
const unknown = run.gaps.filter((gap) => !known.has(gapKey(gap))).length;
console.log(`knownGaps.json: ${known.size} entries; ${fixed} no longer fail (remove them), ${unknown} failing labels not listed.`);

const start = (message: string) => (message.length > 110 ? `${message.slice(0, 110)}…` : message);
console.log('\nMISSES (must-raise labels not raised):');
for (const outcome of run.outcomes) {
  for (const must of outcome.musts.filter((entry) => entry.matched.length === 0)) {
    console.log(
      `  ${outcome.file}  ${must.label.code}  ${subjectText(labelSubject(must.label))}${must.label.severity ? ` [${must.label.severity}]` : ''}${must.raisedAs ? `  (raised as ${must.raisedAs})` : ''}`,
    );
  }
}
console.log('\nFALSE POSITIVES (neither must nor may):');
for (const outcome of run.outcomes) {
  for (const finding of outcome.falsePositives) {
    console.log(`  ${outcome.file}  ${finding.code} [${finding.severity}]  ${subjectText(findingSubject(finding.subject))}  "${start(finding.message)}"`);
  }
}
console.log('\nWRONG VERDICTS:');
for (const outcome of run.outcomes) {
  for (const verdict of outcome.verdicts.filter((entry) => entry.actual !== entry.expected)) {
    console.log(
      `  ${outcome.file}  ${verdict.pattern}: expected ${verdict.expected}, got ${verdict.actual ?? 'no run'}${verdict.reason ? ` ("${start(verdict.reason)}")` : ''}`,
    );
  }
}

if (process.env.KEYLAB_REVIEW_WRITE_GAPS === '1') {
  const sorted = [...run.gaps].sort((a, b) => gapKey(a).localeCompare(gapKey(b)));
  writeFileSync(join(CORPUS_DIR, 'knownGaps.json'), `${JSON.stringify({ gaps: sorted }, null, 2)}\n`);
  console.log(`\nWrote ${sorted.length} gaps to corpus/review/knownGaps.json.`);
}
