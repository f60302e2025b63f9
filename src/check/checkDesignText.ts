import {
  decodeDesignText,
  importDesignBytes,
  importDesignFile,
  type Design,
  type DesignFileFormat,
  type DesignTextResult,
  type DesignProblem,
  type ReviewedFinding,
  type ReviewRule,
} from '../design';
import { isDecided, reviewDesign, staleDecisions } from '../design/review';
import type { CheckCounts, CheckedDesignFile, CheckFileProblem, CheckFileReport, CheckFinding, CheckPatternVerdict, SkippedFile } from './checkReport.types';
import { selectRules, type RuleSelection } from './checkProfiles';
import { locateSubjects, type FileLocation } from './locate';
import { runAccessPatterns } from './runAccessPatterns';

export interface CheckDesignTextOptions {
  /** The rules to run and whether patterns run (default: the `recommended` profile). */
  readonly selection?: RuleSelection;
  /**
   * For files found by a folder or a glob: a file that is valid JSON or YAML
   * but none of the design formats (a package.json, a workflow) is skipped
   * with the reason rather than failing the run. A file that is not valid
   * JSON or YAML, or not UTF-8, is never skipped (it may be a broken design:
   * a pass would be a wrong verdict), nor is a `*.keylab.json`.
   */
  readonly skipNonDesign?: boolean;
}

/** A file's part of the report, or why it was skipped (only with `skipNonDesign`). */
export type CheckTextResult = CheckFileReport | ({ readonly status: 'skipped' } & SkippedFile);

const KEYLAB_NAME = /\.keylab\.json$/i;

/**
 * Checks one design file: reads it with the same importer as Import design…
 * (Keylab design, NoSQL Workbench model, OneTable schema, CloudFormation
 * template), runs the review rules over it with the decisions it records,
 * and runs every table's access patterns on a fresh built-in engine — what
 * the Design tab's Design review and Access patterns regions show.
 *
 * @example
 * const part = await checkDesignText(text, "designs/shop.keylab.json")
 * part.status === "checked" && part.counts.error // open errors + failing patterns
 */
export async function checkDesignText(text: string | Uint8Array, fileName: string, options: CheckDesignTextOptions = {}): Promise<CheckTextResult> {
  // Read under its base name, as Import design… reads a picked file (names derived from it, the messages' wording).
  const baseName = fileName.split(/[\\/]/).pop() || fileName;
  const imported = typeof text === 'string' ? importDesignFile(text, baseName) : importDesignBytes(text, baseName);
  if (!imported.ok) {
    if (options.skipNonDesign && imported.notADesignFile && !KEYLAB_NAME.test(fileName)) {
      return {
        status: 'skipped',
        file: fileName,
        reason: 'not a design file: none of a Keylab design, a NoSQL Workbench model, a OneTable schema or a CloudFormation template with DynamoDB tables',
      };
    }
    return { status: 'unreadable', file: fileName, ...(imported.format ? { format: imported.format } : {}), problems: imported.errors.map(toFileProblem) };
  }
  const selection = options.selection ?? defaultSelection();
  const design = imported.design;
  const findings = reviewDesign({ design }, selection.rules).map((finding) => toCheckFinding(finding, selection.rules));
  const run = selection.patterns ? await runPatterns(design) : { patterns: [], sampleProblems: [] };
  const format = imported.format ?? 'keylab';
  const { findings: located, patterns } = withLocations(
    typeof text === 'string' ? text : decodeDesignText(text, fileName),
    format,
    design,
    findings,
    run.patterns,
  );
  const sampleProblems = run.sampleProblems;
  const report: Omit<CheckedDesignFile, 'counts'> = {
    status: 'checked',
    file: fileName,
    format,
    designName: design.name,
    tables: design.tables.map((table) => table.name),
    findings: located,
    patterns,
    sampleProblems,
    warnings: imported.warnings.map(toFileProblem),
  };
  const stale = staleDecisions(design.decisions ?? [], findings, new Set<string>(selection.rules.map((rule) => rule.code)));
  return { ...report, counts: countFile(located, patterns), ...(stale.length > 0 ? { staleDecisions: stale } : {}) };
}

/**
 * Each finding and pattern verdict with its line and column in the file (the
 * text the design was read from): its subject's place, or the nearest thing
 * the format writes, named in `nearest`.
 */
function withLocations(
  text: string | DesignTextResult,
  format: DesignFileFormat,
  design: Design,
  findings: readonly CheckFinding[],
  patterns: readonly CheckPatternVerdict[],
): { findings: CheckFinding[]; patterns: CheckPatternVerdict[] } {
  const source = typeof text === 'string' ? text : text.ok ? text.text : undefined;
  if (source === undefined) return { findings: [...findings], patterns: [...patterns] };
  const places = locateSubjects({ text: source, format, design }, [
    ...findings.map((finding) => finding.subject),
    ...patterns.map((pattern) => ({ table: pattern.table, pattern: pattern.pattern })),
  ]);
  const at = (place: FileLocation | undefined) =>
    place ? { location: { line: place.line, column: place.column, ...(place.exact ? {} : { nearest: place.pointsAt }) } } : {};
  return {
    findings: findings.map((finding, index) => ({ ...finding, ...at(places[index]) })),
    patterns: patterns.map((pattern, index) => ({ ...pattern, ...at(places[findings.length + index]) })),
  };
}

function defaultSelection(): RuleSelection {
  const chosen = selectRules({});
  if (!chosen.ok) throw new Error(chosen.message);
  return chosen.selection;
}

/** Every table's patterns, each table on a fresh built-in engine (tables without patterns are not run). */
async function runPatterns(design: Design): Promise<{ patterns: CheckPatternVerdict[]; sampleProblems: string[] }> {
  const patterns: CheckPatternVerdict[] = [];
  const sampleProblems: string[] = [];
  for (const table of design.tables) {
    if (table.accessPatterns.length === 0) continue;
    const run = await runAccessPatterns(table);
    sampleProblems.push(...run.sampleProblems.map((problem) => `${table.name}: ${problem}`));
    for (const pattern of table.accessPatterns) {
      const outcome = run.outcomes[pattern.id];
      // Every pattern gets an outcome from runAccessPatterns; a missing one would be a bug, said as a failure rather than a pass.
      const verdict = outcome?.verdict ?? 'fails';
      const reasons = outcome?.reasons ?? [{ code: 'notRunnable' as const, message: `Pattern ${pattern.id} was not run.` }];
      patterns.push({ table: table.name, pattern: pattern.id, name: pattern.name, verdict, reasons });
    }
  }
  return { patterns, sampleProblems };
}

function toCheckFinding(finding: ReviewedFinding, rules: readonly ReviewRule[]): CheckFinding {
  const { table, entity, index, keyAttribute, field, pattern } = finding.subject;
  return {
    id: finding.id,
    code: finding.code,
    severity: finding.severity,
    title: rules.find((rule) => rule.code === finding.code)?.title ?? finding.code,
    subject: {
      table,
      ...(entity !== undefined ? { entity } : {}),
      ...(index !== undefined ? { index } : {}),
      ...(keyAttribute !== undefined ? { keyAttribute } : {}),
      ...(field !== undefined ? { field } : {}),
      ...(pattern !== undefined ? { pattern } : {}),
    },
    message: finding.message,
    suggestion: finding.suggestion,
    evidence: finding.evidence.map(({ label, text }) => ({ label, text })),
    ...(finding.decision ? { decision: finding.decision } : {}),
  };
}

function toFileProblem(problem: DesignProblem): CheckFileProblem {
  return {
    severity: problem.severity,
    message: problem.message,
    path: problem.path,
    ...(problem.line !== undefined ? { line: problem.line } : {}),
    ...(problem.column !== undefined ? { column: problem.column } : {}),
  };
}

/** A file's open findings per severity (failing patterns count as errors), decided findings, failing patterns. */
export function countFile(findings: readonly CheckFinding[], patterns: readonly CheckPatternVerdict[]): CheckCounts {
  const open = findings.filter((finding) => !isDecided(finding));
  const failingPatterns = patterns.filter((pattern) => pattern.verdict === 'fails').length;
  return {
    error: open.filter((finding) => finding.severity === 'error').length + failingPatterns,
    warning: open.filter((finding) => finding.severity === 'warning').length,
    note: open.filter((finding) => finding.severity === 'note').length,
    decided: findings.length - open.length,
    failingPatterns,
  };
}
