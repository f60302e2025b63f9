import type { Location, Log, Notification, ReportingDescriptor, Result } from 'sarif';
import { fnv1a64Hex } from '../../design';
import type { ReviewRule, ReviewSeverity } from '../../design/review';
import type { CheckReport } from '../checkReport.types';
import { subjectText } from '../formatCheckText';
import { describeDecision, PATTERN_RULE_ID, reportEntries, ruleIdOf, severityOf, UNREADABLE_RULE_ID, type ReportEntry } from './reportEntries';

/** GitHub code scanning refuses a run with more results than this (its documented hard limit). */
export const MAX_SARIF_RESULTS = 25_000;
/** GitHub shows at most this many characters of a rule's descriptions. */
const MAX_DESCRIPTION = 1024;
/** The key under which a result's stable fingerprint is written (versioned, so a new scheme never matches an old one). */
export const FINGERPRINT_KEY = 'keylabFindingId/v1';

export interface SarifOptions {
  /** The rules to describe (every review rule; the access-pattern and unreadable-file rules are added). */
  readonly rules: readonly ReviewRule[];
  /** keylab's version (package.json). */
  readonly version: string;
  /** Where keylab's README is published (absolute URL); the rule help links point at its sections. Left out when unknown. */
  readonly documentationUrl?: string;
}

const PATTERN_RULE = {
  title: 'An access pattern that fails on its samples',
  why: 'Each access pattern is run as a Query on the built-in engine over the design’s own samples and judged by its expected result (count and order): a failing pattern means the key design does not answer the question it was made for.',
  fix: 'Open the design in Keylab’s Design tab, run the pattern in the Access patterns region and compare what it returned with what it expects; fix the key template or the pattern.',
};
const UNREADABLE_RULE = {
  title: 'A file that is not a readable design',
  why: 'keylab check reads Keylab designs, NoSQL Workbench models, OneTable schemas and CloudFormation templates; a file that does not read as one is not checked at all.',
  fix: 'Fix the file at the line and column given, or leave it out of the files keylab check is given.',
};

function clip(text: string): string {
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1)}…`;
}

function descriptor(
  id: string,
  title: string,
  why: string,
  fix: string,
  level: ReviewSeverity,
  tags: readonly string[],
  helpUri: string | undefined,
): ReportingDescriptor {
  return {
    id,
    name: title,
    shortDescription: { text: clip(title) },
    fullDescription: { text: clip(why) },
    help: { text: `${why}\n\nHow to fix: ${fix}` },
    ...(helpUri !== undefined ? { helpUri } : {}),
    defaultConfiguration: { level },
    properties: { tags: [...tags] },
  };
}

/**
 * A file path as a URI: relative to the working directory (`%SRCROOT%`), with
 * forward slashes and each segment percent-encoded (spaces, `#`, `%`); a file
 * outside the working directory (an absolute path) as a `file:` URI, which
 * code scanning cannot place in the repository, so run keylab from its root.
 */
export function fileUri(file: string): { readonly uri: string; readonly uriBaseId?: string } {
  const slashed = file.replace(/\\/g, '/');
  const absolute = /^(?:[A-Za-z]:)?\//.test(slashed);
  const encoded = slashed
    .replace(/^\.\//, '')
    .split('/')
    .map((segment, index) => (index === 0 && /^[A-Za-z]:$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join('/');
  return absolute ? { uri: `file://${encoded.startsWith('/') ? '' : '/'}${encoded}` } : { uri: encoded, uriBaseId: '%SRCROOT%' };
}

function locationOf(entry: ReportEntry): { location: Location; properties: Record<string, unknown> } {
  const where = entry.location;
  const physical = {
    artifactLocation: fileUri(entry.file),
    // Code scanning needs a start line (≥ 1): a file without a better place is marked so in the properties.
    region: { startLine: Math.max(1, where?.line ?? 1), startColumn: Math.max(1, where?.column ?? 1) },
  };
  const nearest = where === undefined ? 'the start of the file (no closer place was found)' : where.nearest;
  const properties = nearest === undefined ? {} : { locationIsApproximate: true, locationPointsAt: nearest };
  return { location: { physicalLocation: physical, ...(nearest !== undefined ? { message: { text: nearest } } : {}) }, properties };
}

function resultOf(entry: ReportEntry, ruleIndex: ReadonlyMap<string, number>): Result {
  const ruleId = ruleIdOf(entry);
  const { location, properties } = locationOf(entry);
  const level = severityOf(entry);
  if (entry.kind === 'finding') {
    return {
      ruleId,
      ruleIndex: ruleIndex.get(ruleId),
      level,
      message: { text: `${entry.message} ${entry.suggestion} (${subjectText(entry.subject)})` },
      locations: [location],
      partialFingerprints: { [FINGERPRINT_KEY]: fnv1a64Hex(entry.id) },
      // A decided finding stays in the log, suppressed, so the decision is visible where the alert was.
      ...(entry.decision ? { suppressions: [{ kind: 'external', status: 'accepted', justification: describeDecision(entry.decision) }] } : {}),
      properties: { findingId: entry.id, subject: { ...entry.subject }, ...properties },
    };
  }
  if (entry.kind === 'pattern') {
    return {
      ruleId,
      ruleIndex: ruleIndex.get(ruleId),
      level,
      message: { text: `Access pattern "${entry.name}" (${entry.patternId}) of table ${entry.table} fails: ${entry.reasons.join(' ')}` },
      locations: [location],
      partialFingerprints: { [FINGERPRINT_KEY]: fnv1a64Hex(`${PATTERN_RULE_ID}|${entry.table}|${entry.patternId}`) },
      properties: { table: entry.table, pattern: entry.patternId, ...properties },
    };
  }
  return {
    ruleId,
    ruleIndex: ruleIndex.get(ruleId),
    level,
    message: { text: entry.message },
    locations: [location],
    partialFingerprints: { [FINGERPRINT_KEY]: fnv1a64Hex(`${UNREADABLE_RULE_ID}|${entry.file}`) },
    properties,
  };
}

const LEVEL_RANK: Readonly<Record<ReviewSeverity, number>> = { error: 0, warning: 1, note: 2 };

/**
 * The report as a SARIF 2.1.0 log that GitHub code scanning accepts: one
 * run, keylab as the tool with every rule (review rules, plus failing
 * access patterns and unreadable files) and its help; one result per open
 * finding, failing pattern and unreadable file, located in the design file
 * (a stand-in location says so in its properties), fingerprinted by the
 * stable finding id; decided findings as accepted external suppressions.
 * Passing patterns are not results. Past GitHub's 25,000 results per run,
 * the most severe open ones are kept and a notification says how many were
 * left out.
 *
 * @example
 * JSON.stringify(writeSarif(report, { rules: REVIEW_RULES, version: report.tool.version }), null, 2)
 */
export function writeSarif(report: CheckReport, options: SarifOptions): Log {
  return sarifOfEntries(reportEntries(report), options);
}

/** The SARIF log of report entries (see writeSarif). */
export function sarifOfEntries(entries: readonly ReportEntry[], options: SarifOptions): Log {
  const help = (anchor: string) => (options.documentationUrl ? `${options.documentationUrl}#${anchor}` : undefined);
  const rules: ReportingDescriptor[] = [
    ...options.rules.map((rule) =>
      descriptor(
        rule.code,
        rule.title,
        rule.why,
        'see the finding’s own suggestion; the README’s rule table explains each rule.',
        rule.severity,
        ['dynamodb', 'key-design'],
        help('design-review-rules'),
      ),
    ),
    descriptor(PATTERN_RULE_ID, PATTERN_RULE.title, PATTERN_RULE.why, PATTERN_RULE.fix, 'error', ['dynamodb', 'access-pattern'], help('access-patterns')),
    descriptor(UNREADABLE_RULE_ID, UNREADABLE_RULE.title, UNREADABLE_RULE.why, UNREADABLE_RULE.fix, 'error', ['dynamodb', 'input'], help('design-as-code')),
  ];
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const reported = entries.filter((entry) => !(entry.kind === 'pattern' && entry.verdict === 'passes'));
  // Most severe first, open before decided; the order within one rank is the report's.
  const ranked = reported
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || a.order - b.order)
    .map(({ entry }) => entry);
  const kept = ranked.slice(0, MAX_SARIF_RESULTS);
  const notifications: Notification[] = [];
  if (ranked.length > kept.length) {
    notifications.push({
      level: 'warning',
      message: {
        text: `${ranked.length - kept.length} of ${ranked.length} results were left out: GitHub code scanning accepts at most ${MAX_SARIF_RESULTS} results per run (the most severe open ones were kept). Check fewer files per run, or use --fail-on to see them all in the text output.`,
      },
    });
  }
  const unreadable = reported.filter((entry) => entry.kind === 'problem').length;
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'keylab',
            semanticVersion: options.version,
            version: options.version,
            ...(options.documentationUrl ? { informationUri: options.documentationUrl } : {}),
            rules,
          },
        },
        invocations: [{ executionSuccessful: unreadable === 0, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}) }],
        columnKind: 'utf16CodeUnits',
        results: kept.map((entry) => resultOf(entry, ruleIndex)),
      },
    ],
  };
}

function rank(entry: ReportEntry): number {
  return LEVEL_RANK[severityOf(entry)] + (entry.kind === 'finding' && entry.decision ? 3 : 0);
}
