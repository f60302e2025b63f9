import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importDesignFile, type Design } from '../../src/design';
import { REVIEW_RULES, reviewDesign, type ReviewCode, type ReviewedFinding, type ReviewSeverity } from '../../src/design/review';
import { runAccessPatterns } from '../../src/state/design/runAccessPatterns';
import {
  findingSubject,
  labelSubject,
  matchesLabel,
  subjectText,
  type CorpusLabels,
  type DesignLabels,
  type FindingLabel,
  type LabelSubject,
} from './corpusLabels';

/**
 * The review corpus (corpus/review): every design file read through the
 * app's own importer (Keylab designs by the design format, NoSQL Workbench
 * models by the Workbench importer, so inference is measured too), reviewed
 * by `reviewDesign`, its access patterns run on the built-in engine by
 * `runAccessPatterns`, and compared with corpus/review/labels.json.
 */

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../corpus/review');
const NOT_DESIGNS = new Set(['labels.json', 'knownGaps.json']);

/** errors and warnings block a design ("blocking"); notes are worth a look. */
export type SeverityClass = 'blocking' | 'note';

export function severityClass(severity: ReviewSeverity): SeverityClass {
  return severity === 'note' ? 'note' : 'blocking';
}

/** One label that does not hold on today's code, as knownGaps.json lists it. */
export interface CorpusGap {
  readonly design: string;
  readonly kind: 'miss' | 'falsePositive' | 'verdict';
  readonly code?: ReviewCode;
  readonly subject?: LabelSubject;
  /** A verdict gap: the pattern and the verdict it must get. */
  readonly pattern?: string;
  readonly expected?: 'passes' | 'fails';
  /** For a reader: the finding's severity (false positives), how a must was raised instead (misses). Not part of the identity. */
  readonly severity?: ReviewSeverity;
}

export interface DesignOutcome {
  readonly file: string;
  readonly labels: DesignLabels;
  readonly design?: Design;
  /** Why the file could not be read (a corpus bug: the test fails on it). */
  readonly importProblem?: string;
  readonly findings: readonly ReviewedFinding[];
  /** Each must label and the findings that matched it (empty: a miss). */
  readonly musts: readonly { readonly label: FindingLabel; readonly matched: readonly ReviewedFinding[]; readonly raisedAs?: ReviewSeverity }[];
  readonly falsePositives: readonly ReviewedFinding[];
  readonly verdicts: readonly {
    readonly pattern: string;
    readonly expected: 'passes' | 'fails';
    readonly actual?: 'passes' | 'fails';
    readonly reason?: string;
  }[];
  /** Labels that name nothing in the design, patterns without a label: corpus bugs. */
  readonly labelProblems: readonly string[];
  readonly items: number;
}

export interface CorpusRun {
  readonly outcomes: readonly DesignOutcome[];
  /** Every label that does not hold, as a knownGaps entry. */
  readonly gaps: readonly CorpusGap[];
  /** Problems with the corpus itself (unreadable files, files without labels, labels without files). */
  readonly corpusProblems: readonly string[];
}

/** The identity of a gap: what the ratchet compares (severity left out). */
export function gapKey(gap: CorpusGap): string {
  return JSON.stringify([gap.design, gap.kind, gap.code ?? '', gap.subject ? subjectText(gap.subject) : '', gap.pattern ?? '', gap.expected ?? '']);
}

export function readLabels(dir = CORPUS_DIR): CorpusLabels {
  return JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as CorpusLabels;
}

export function readKnownGaps(dir = CORPUS_DIR): readonly CorpusGap[] {
  return (JSON.parse(readFileSync(join(dir, 'knownGaps.json'), 'utf8')) as { gaps: CorpusGap[] }).gaps;
}

/** The design files of the corpus, by name. */
export function corpusFiles(dir = CORPUS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !NOT_DESIGNS.has(name))
    .sort();
}

/** Reads, reviews and runs every design of the corpus and compares each with its labels. */
export async function runCorpus(dir = CORPUS_DIR): Promise<CorpusRun> {
  const labels = readLabels(dir);
  const files = corpusFiles(dir);
  const corpusProblems: string[] = [];
  for (const name of Object.keys(labels.designs)) if (!files.includes(name)) corpusProblems.push(`labels.json labels ${name}, which is not in corpus/review.`);
  const outcomes: DesignOutcome[] = [];
  for (const file of files) {
    const designLabels = labels.designs[file];
    if (!designLabels) {
      corpusProblems.push(`${file} has no entry in labels.json.`);
      continue;
    }
    outcomes.push(await runDesign(file, readFileSync(join(dir, file), 'utf8'), designLabels));
  }
  for (const outcome of outcomes) {
    if (outcome.importProblem) corpusProblems.push(`${outcome.file}: ${outcome.importProblem}`);
    corpusProblems.push(...outcome.labelProblems.map((problem) => `${outcome.file}: ${problem}`));
  }
  return { outcomes, gaps: outcomes.flatMap(gapsOf), corpusProblems };
}

const KNOWN_CODES = new Set<string>(REVIEW_RULES.map((rule) => rule.code));

async function runDesign(file: string, text: string, labels: DesignLabels): Promise<DesignOutcome> {
  const labelProblems: string[] = [];
  for (const label of [...labels.must, ...labels.may]) if (!KNOWN_CODES.has(label.code)) labelProblems.push(`label code ${label.code} is no review code.`);
  const imported = importDesignFile(text, file);
  if (!imported.ok) {
    const problem = `not imported: ${imported.errors.map((error) => `${error.path} ${error.message}`).join('; ')}`;
    return { file, labels, importProblem: problem, findings: [], musts: [], falsePositives: [], verdicts: [], labelProblems, items: 0 };
  }
  const design = imported.design;
  const findings = reviewDesign({ design });
  const musts = labels.must.map((label) => {
    const matched = findings.filter((finding) => matchesLabel(finding, label, { severity: true }));
    const raisedAs = matched.length === 0 ? findings.find((finding) => matchesLabel(finding, label, { severity: false }))?.severity : undefined;
    return { label, matched, ...(raisedAs ? { raisedAs } : {}) };
  });
  // A finding that is a must's at another severity is counted as that must's miss, not again as a false positive.
  const falsePositives = findings.filter(
    (finding) =>
      !labels.must.some((label) => matchesLabel(finding, label, { severity: false })) &&
      !labels.may.some((label) => matchesLabel(finding, label, { severity: true })),
  );

  const patterns = design.tables.flatMap((table) => table.accessPatterns.map((pattern) => ({ table, pattern })));
  const seen = new Set<string>();
  for (const { pattern } of patterns) {
    if (seen.has(pattern.id)) labelProblems.push(`pattern id ${pattern.id} is in two tables: the labels cannot tell them apart.`);
    seen.add(pattern.id);
    if (!(pattern.id in labels.verdicts)) labelProblems.push(`access pattern ${pattern.id} has no verdict label.`);
  }
  for (const id of Object.keys(labels.verdicts)) if (!seen.has(id)) labelProblems.push(`the verdict label ${id} names no access pattern of the design.`);
  const verdicts: DesignOutcome['verdicts'][number][] = [];
  for (const table of design.tables) {
    if (table.accessPatterns.length === 0) continue;
    const run = await runAccessPatterns(table);
    for (const pattern of table.accessPatterns) {
      const expected = labels.verdicts[pattern.id];
      if (!expected) continue;
      const outcome = run.outcomes[pattern.id];
      verdicts.push({
        pattern: pattern.id,
        expected,
        ...(outcome ? { actual: outcome.verdict, reason: outcome.reasons.map((reason) => reason.message).join(' ') } : {}),
      });
    }
  }
  const items = design.tables.reduce((sum, table) => sum + table.entities.reduce((count, entity) => count + entity.samples.length, 0), 0);
  return { file, labels, design, findings, musts, falsePositives, verdicts, labelProblems, items };
}

function gapsOf(outcome: DesignOutcome): CorpusGap[] {
  const design = outcome.file;
  const misses = outcome.musts
    .filter((must) => must.matched.length === 0)
    .map((must): CorpusGap => ({
      design,
      kind: 'miss',
      code: must.label.code,
      subject: labelSubject(must.label),
      ...(must.raisedAs ? { severity: must.raisedAs } : {}),
    }));
  const falsePositives = uniqueBy(
    outcome.falsePositives.map((finding): CorpusGap => ({
      design,
      kind: 'falsePositive',
      code: finding.code,
      subject: findingSubject(finding.subject),
      severity: finding.severity,
    })),
    gapKey,
  );
  const verdicts = outcome.verdicts
    .filter((verdict) => verdict.actual !== verdict.expected)
    .map((verdict): CorpusGap => ({ design, kind: 'verdict', pattern: verdict.pattern, expected: verdict.expected }));
  return [...misses, ...falsePositives, ...verdicts];
}

function uniqueBy<T>(values: readonly T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Per rule and severity class: true positives (musts found), false negatives (musts missed), false positives. */
export interface RuleTally {
  tp: number;
  fn: number;
  fp: number;
}

/** The tally of every rule and class over a run (`all` sums the rules). */
export function tallyRules(run: CorpusRun): Map<string, Record<SeverityClass, RuleTally>> {
  const defaults = new Map<string, ReviewSeverity>(REVIEW_RULES.map((rule) => [rule.code, rule.severity]));
  const tallies = new Map<string, Record<SeverityClass, RuleTally>>();
  const tally = (code: string, cls: SeverityClass) => {
    for (const key of [code, 'all']) {
      if (!tallies.has(key)) tallies.set(key, { blocking: { tp: 0, fn: 0, fp: 0 }, note: { tp: 0, fn: 0, fp: 0 } });
    }
    return [tallies.get(code)![cls], tallies.get('all')![cls]];
  };
  for (const code of REVIEW_CODES_IN_ORDER()) tally(code, 'blocking');
  for (const outcome of run.outcomes) {
    for (const must of outcome.musts) {
      const severity = must.label.severity ?? must.matched[0]?.severity ?? defaults.get(must.label.code) ?? 'warning';
      for (const t of tally(must.label.code, severityClass(severity))) {
        if (must.matched.length > 0) t.tp++;
        else t.fn++;
      }
    }
    for (const finding of outcome.falsePositives) for (const t of tally(finding.code, severityClass(finding.severity))) t.fp++;
  }
  return tallies;
}

function REVIEW_CODES_IN_ORDER(): string[] {
  return REVIEW_RULES.map((rule) => rule.code);
}
