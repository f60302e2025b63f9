import { REVIEW_RULES } from '../../design/review';
import type { CheckedDesignFile, CheckFinding, CheckLocation, CheckPatternVerdict, CheckReport, UnreadableDesignFile } from '../checkReport.types';
import { subjectText } from '../formatCheckText';
import { atOrAbove, describeDecision, PATTERN_RULE_ID, UNREADABLE_RULE_ID } from './reportEntries';
import { escapeXml } from './xmlText';

/**
 * The report as JUnit XML, the format CI test viewers read (GitHub test
 * reporters, GitLab, Jenkins, Azure): one testsuite per file, and in it
 *  - one testcase per finding: a failure when it is open at or above
 *    `--fail-on`, skipped (with the decision) when decided, passed (its
 *    message in system-out) when open below `--fail-on`;
 *  - one passing testcase per rule that ran and found nothing in the file,
 *    so a viewer lists every check that was made, not only the failures;
 *  - one testcase per access pattern, a failure when it fails;
 *  - for a file that could not be read, one testcase with an error.
 * The classname is the rule's code (`review.numberInStringField`,
 * `keylab.accessPattern`), so viewers that split it at dots group by rule;
 * the name says the table, entity, key and field. Everything from the design
 * (untrusted) is escaped; see escapeXml.
 *
 * @example
 * writeJunit(report) // '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="keylab check" …'
 */
export function writeJunit(report: CheckReport): string {
  const suites = report.files.map((file) => (file.status === 'checked' ? checkedSuite(file, report) : unreadableSuite(file)));
  const total = (key: keyof Counts) => suites.reduce((sum, suite) => sum + suite.counts[key], 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="keylab check" tests="${total('tests')}" failures="${total('failures')}" errors="${total('errors')}" skipped="${total('skipped')}">`,
    ...suites.flatMap((suite) => suite.lines),
    '</testsuites>',
    '',
  ].join('\n');
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

interface Suite {
  readonly counts: Counts;
  readonly lines: readonly string[];
}

const attr = (text: string | number) => escapeXml(String(text), 'attribute');
const text = (value: string) => escapeXml(value);

function place(file: string, location: CheckLocation | undefined): string {
  if (!location) return file;
  return `${file}:${location.line}:${location.column}${location.nearest ? ` (nearest place: ${location.nearest})` : ''}`;
}

function testcase(classname: string, name: string, file: string, location: CheckLocation | undefined, body: readonly string[]): string[] {
  const open = `    <testcase classname="${attr(classname)}" name="${attr(name)}" file="${attr(file)}"${location ? ` line="${location.line}"` : ''}`;
  return body.length === 0 ? [`${open}/>`] : [`${open}>`, ...body, '    </testcase>'];
}

function findingCase(finding: CheckFinding, file: string, report: CheckReport, counts: Counts): string[] {
  counts.tests++;
  const name = `${finding.title}: ${subjectText(finding.subject)}`;
  const details = [
    finding.message,
    finding.suggestion,
    ...finding.evidence.map((line) => `${line.label}: ${line.text}`),
    `At ${place(file, finding.location)}`,
    `Finding id: ${finding.id}`,
  ].join('\n');
  if (finding.decision) {
    counts.skipped++;
    return testcase(finding.code, name, file, finding.location, [`      <skipped message="${attr(describeDecision(finding.decision))}"/>`]);
  }
  if (atOrAbove(finding.severity, report.options.failOn)) {
    counts.failures++;
    return testcase(finding.code, name, file, finding.location, [
      `      <failure message="${attr(finding.message)}" type="${attr(`${finding.code} (${finding.severity})`)}">${text(details)}</failure>`,
    ]);
  }
  return testcase(finding.code, name, file, finding.location, [
    `      <system-out>${text(`${finding.severity} (below --fail-on ${report.options.failOn}): ${details}`)}</system-out>`,
  ]);
}

function patternCase(pattern: CheckPatternVerdict, file: string, report: CheckReport, counts: Counts): string[] {
  counts.tests++;
  const name = `Access pattern ${pattern.name} (${pattern.pattern}) of table ${pattern.table}`;
  if (pattern.verdict === 'passes') return testcase(PATTERN_RULE_ID, name, file, pattern.location, []);
  const reasons = pattern.reasons.map((reason) => reason.message).join('\n');
  // A failing pattern counts as an error: a failure unless --fail-on never.
  if (!atOrAbove('error', report.options.failOn))
    return testcase(PATTERN_RULE_ID, name, file, pattern.location, [`      <system-out>${text(`fails (--fail-on never): ${reasons}`)}</system-out>`]);
  counts.failures++;
  return testcase(PATTERN_RULE_ID, name, file, pattern.location, [
    `      <failure message="${attr(pattern.reasons[0]?.message ?? 'The pattern fails.')}" type="${attr(PATTERN_RULE_ID)}">${text(`${reasons}\nAt ${place(file, pattern.location)}`)}</failure>`,
  ]);
}

function checkedSuite(file: CheckedDesignFile, report: CheckReport): Suite {
  const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const cases = file.findings.flatMap((finding) => findingCase(finding, file.file, report, counts));
  const found = new Set(file.findings.map((finding) => finding.code));
  for (const code of report.options.rules) {
    if (found.has(code)) continue;
    counts.tests++;
    const title = REVIEW_RULES.find((rule) => rule.code === code)?.title ?? code;
    cases.push(...testcase(code, `${title}: nothing found in ${file.designName}`, file.file, undefined, []));
  }
  cases.push(...file.patterns.flatMap((pattern) => patternCase(pattern, file.file, report, counts)));
  return {
    counts,
    lines: suiteLines(
      file.file,
      counts,
      [
        `      <property name="format" value="${attr(file.format)}"/>`,
        `      <property name="design" value="${attr(file.designName)}"/>`,
        `      <property name="failOn" value="${attr(report.options.failOn)}"/>`,
      ],
      cases,
    ),
  };
}

function unreadableSuite(file: UnreadableDesignFile): Suite {
  const counts: Counts = { tests: 1, failures: 0, errors: 1, skipped: 0 };
  const errors = file.problems.filter((problem) => problem.severity === 'error');
  const first = errors[0];
  const location = first?.line !== undefined ? { line: first.line, column: first.column ?? 1 } : undefined;
  const message = errors
    .map((problem) => `${problem.line !== undefined ? `line ${problem.line}, column ${problem.column ?? 1}: ` : ''}${problem.message}`)
    .join('\n');
  const cases = testcase(UNREADABLE_RULE_ID, `Read ${file.file} as a design`, file.file, location, [
    `      <error message="${attr(first?.message ?? 'The file could not be read.')}" type="${attr(UNREADABLE_RULE_ID)}">${text(message)}</error>`,
  ]);
  return { counts, lines: suiteLines(file.file, counts, file.format ? [`      <property name="format" value="${attr(file.format)}"/>`] : [], cases) };
}

function suiteLines(file: string, counts: Counts, properties: readonly string[], cases: readonly string[]): string[] {
  return [
    `  <testsuite name="${attr(file)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}">`,
    ...(properties.length > 0 ? ['    <properties>', ...properties, '    </properties>'] : []),
    ...cases,
    '  </testsuite>',
  ];
}
