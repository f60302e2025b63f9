import Ajv from 'ajv-draft-04';
import type { Log, Result } from 'sarif';
import { describe, expect, it } from 'vitest';
import { REVIEW_CODES, REVIEW_RULES } from '../../design/review';
import scoreRawText from '../../../corpus/review/score-raw-text.keylab.json?raw';
import scoreRawTextModel from '../../../corpus/review/score-raw-text.workbench.json?raw';
import schemaText from './schema/sarif-schema-2.1.0.json?raw';
import { checkReportOf } from './formats.fixtures';
import { PATTERN_RULE_ID, reportEntries, UNREADABLE_RULE_ID, type ReportEntry } from './reportEntries';
import { FINGERPRINT_KEY, MAX_SARIF_RESULTS, fileUri, sarifOfEntries, writeSarif } from './sarif';

/** The OASIS SARIF 2.1.0 schema (draft-04), with the three string formats it uses checked strictly. */
const validate = (() => {
  // unicodeRegExp: false — the schema's `language` pattern is not valid with the u flag (it is with plain JS regular expressions).
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  // RFC 3986 by shape: an absolute URI has a scheme; a reference holds no space, backslash or raw non-ASCII, and every % starts an escape.
  ajv.addFormat('uri', (value: string) => /^[a-z][a-z0-9+.-]*:[^\s\\]*$/i.test(value));
  ajv.addFormat('uri-reference', (value: string) => /^[!#$%&-;=?-[\]_a-z~]*$/i.test(value) && !/%(?![0-9a-f]{2})/i.test(value));
  ajv.addFormat('date-time', (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value));
  return ajv.compile(JSON.parse(schemaText) as object);
})();

function expectValid(log: Log): void {
  const valid = validate(log);
  expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
  expect(valid).toBe(true);
}

/** The entries of a one-file check of `text`. */
async function entriesOf(text: string, file: string): Promise<ReportEntry[]> {
  return reportEntries(await checkReportOf([{ file, text }]));
}

/** What GitHub code scanning checks beyond the schema (docs: "SARIF support for code scanning"). */
function expectCodeScanningAccepts(log: Log): void {
  expect(log.runs.length).toBeLessThanOrEqual(20);
  for (const run of log.runs) {
    const rules = run.tool.driver.rules ?? [];
    expect(rules.length).toBeLessThanOrEqual(25_000);
    expect(run.results!.length).toBeLessThanOrEqual(25_000);
    for (const rule of rules) {
      expect(rule.shortDescription!.text.length).toBeLessThanOrEqual(1024);
      expect(rule.fullDescription!.text.length).toBeLessThanOrEqual(1024);
      expect(rule.help!.text.length).toBeGreaterThan(0);
      expect((rule.properties?.tags ?? []).length).toBeLessThanOrEqual(20);
    }
    // One expectation over all results (25,000 of them in the limit test), naming the first that breaks a rule.
    const broken = run.results!.find((result) => {
      const physical = result.locations?.[0]?.physicalLocation;
      const uri = physical?.artifactLocation?.uri ?? '';
      return (
        result.ruleId !== rules[result.ruleIndex ?? -1]?.id ||
        !result.message.text ||
        result.locations!.length < 1 ||
        result.locations!.length > 1000 ||
        /^(\/|[a-z]+:)/i.test(uri) ||
        uri.includes('\\') ||
        !(physical!.region!.startLine! >= 1) ||
        !(physical!.region!.startColumn! >= 1) ||
        !/^[0-9a-f]{16}$/.test(result.partialFingerprints?.[FINGERPRINT_KEY] ?? '')
      );
    });
    expect(broken).toBeUndefined();
  }
}

const OPTIONS = { rules: REVIEW_RULES, version: '0.1.0', documentationUrl: 'https://example.test/keylab/README.md' };

/** The corpus design with one of its findings accepted in the file, as a review meeting would record it. */
function withDecision(text: string, findingId: string, code: string): string {
  const document = JSON.parse(text) as Record<string, unknown>;
  document.decisions = [
    {
      id: findingId,
      code,
      kind: 'accepted',
      comment: 'Scores stay under 10 <until> "next" season & beyond',
      decidedBy: 'Ana',
      decidedAt: '2026-12-05T09:40:00.000Z',
    },
  ];
  return JSON.stringify(document, null, 2);
}

const PATTERN_FAILS: ReportEntry = {
  kind: 'pattern',
  file: 'designs/score.keylab.json',
  table: 'Leaderboard',
  patternId: 'top-scores',
  name: 'Top scores',
  verdict: 'fails',
  reasons: ['Expected 10 items, got 9.'],
  location: { line: 3, column: 5 },
};
const PATTERN_PASSES: ReportEntry = { ...PATTERN_FAILS, patternId: 'latest', verdict: 'passes', reasons: [] };
const UNREADABLE: ReportEntry = {
  kind: 'problem',
  file: 'designs/broken.json',
  message: 'designs/broken.json: JSON error at line 4, column 9: expected a comma.',
  location: { line: 4, column: 9 },
};

describe('writeSarif', () => {
  it('writes a log the SARIF 2.1.0 schema and code scanning accept, with every rule and its help', async () => {
    const report = await checkReportOf([
      { file: 'designs/score.keylab.json', text: scoreRawText },
      { file: 'designs/broken.keylab.json', text: '{\n  "format": "keylab.design/1",\n  "name": "x" "tables": []\n}' },
    ]);
    const log = writeSarif(report, OPTIONS);
    expectValid(log);
    expectCodeScanningAccepts(log);
    const run = log.runs[0]!;
    expect(run.tool.driver).toMatchObject({ name: 'keylab', version: '0.1.0', informationUri: 'https://example.test/keylab/README.md' });
    expect(run.tool.driver.rules!.map((rule) => rule.id)).toEqual([...REVIEW_RULES.map((rule) => rule.code), PATTERN_RULE_ID, UNREADABLE_RULE_ID]);
    expect(new Set(run.tool.driver.rules!.map((rule) => rule.id))).toEqual(new Set([...REVIEW_CODES, PATTERN_RULE_ID, UNREADABLE_RULE_ID]));
    const rule = run.tool.driver.rules!.find((entry) => entry.id === 'review.numberInStringField')!;
    expect(rule).toMatchObject({
      name: 'Numbers in a string field',
      shortDescription: { text: 'Numbers in a string field' },
      defaultConfiguration: { level: 'error' },
      helpUri: 'https://example.test/keylab/README.md#design-review-rules',
    });
    expect(rule.help!.text).toContain('compares bytes');
    // The unreadable file is an error result at the line and column of the JSON error.
    const broken = run.results!.find((result) => result.ruleId === UNREADABLE_RULE_ID)!;
    expect(broken).toMatchObject({
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'designs/broken.keylab.json' }, region: { startLine: 3, startColumn: 15 } } }],
    });
    expect(run.invocations![0]!.executionSuccessful).toBe(false);
    // Every open finding and failing pattern of the report is a result; passing patterns are not.
    const checked = report.files[0]!;
    if (checked.status !== 'checked') throw new Error('not checked');
    expect(run.results!.filter((result) => result.ruleId !== UNREADABLE_RULE_ID)).toHaveLength(
      checked.findings.length + checked.patterns.filter((pattern) => pattern.verdict === 'fails').length,
    );
  });

  it('writes a failing access pattern as an error at the pattern, and leaves passing ones out', () => {
    const log = sarifOfEntries([PATTERN_FAILS, PATTERN_PASSES, UNREADABLE], OPTIONS);
    expectValid(log);
    expect(log.runs[0]!.results!.map((result) => result.ruleId)).toEqual([PATTERN_RULE_ID, UNREADABLE_RULE_ID]);
    expect(log.runs[0]!.results![0]).toMatchObject({
      level: 'error',
      message: { text: 'Access pattern "Top scores" (top-scores) of table Leaderboard fails: Expected 10 items, got 9.' },
    });
  });

  it('points each finding at its key template in the design file, by line and column', async () => {
    const log = sarifOfEntries(await entriesOf(scoreRawText, 'designs/score.keylab.json'), OPTIONS);
    const result = log.runs[0]!.results!.find((entry) => entry.ruleId === 'review.numberInStringField')!;
    const { region, artifactLocation } = result.locations![0]!.physicalLocation!;
    expect(artifactLocation).toEqual({ uri: 'designs/score.keylab.json', uriBaseId: '%SRCROOT%' });
    const line = scoreRawText.split('\n')[region!.startLine! - 1]!;
    expect(line.slice(region!.startColumn! - 1)).toMatch(/^"SK": "SCORE#\{score\}/);
    expect(result.properties?.locationIsApproximate).toBeUndefined();
    expect(result.level).toBe('error');
    expect(result.message.text).toContain('table Leaderboard · entity Score · key SK · field score');
  });

  it('marks a stand-in location in the result properties (a Workbench model has no templates)', async () => {
    const log = sarifOfEntries(await entriesOf(scoreRawTextModel, 'designs/score.workbench.json'), OPTIONS);
    expectValid(log);
    const result = log.runs[0]!.results![0]!;
    expect(result.properties).toMatchObject({ locationIsApproximate: true });
    expect(String(result.properties!.locationPointsAt)).toContain('first item (a NoSQL Workbench model has no key templates');
    expect(result.locations![0]!.message!.text).toBe(result.properties!.locationPointsAt);
  });

  it('keeps a decided finding as an accepted suppression, with the same fingerprint as when it was open', async () => {
    const open = await entriesOf(scoreRawText, 'designs/score.keylab.json');
    const target = open.find((entry) => entry.kind === 'finding' && entry.code === 'review.numberInStringField')!;
    if (target.kind !== 'finding') throw new Error('not a finding');
    const decided = await entriesOf(withDecision(scoreRawText, target.id, target.code), 'designs/score.keylab.json');
    const before = sarifOfEntries(open, OPTIONS).runs[0]!.results!;
    const after = sarifOfEntries(decided, OPTIONS);
    expectValid(after);
    const fingerprint = (results: readonly Result[]) =>
      results.find((result) => result.properties?.findingId === target.id)!.partialFingerprints![FINGERPRINT_KEY];
    expect(fingerprint(after.runs[0]!.results!)).toBe(fingerprint(before));
    const suppressed = after.runs[0]!.results!.find((result) => result.properties?.findingId === target.id)!;
    expect(suppressed.suppressions).toEqual([
      { kind: 'external', status: 'accepted', justification: 'Accepted by Ana on 2026-12-05 09:40 UTC: "Scores stay under 10 <until> "next" season & beyond"' },
    ]);
    // Open findings first: the suppressed one is last.
    expect(after.runs[0]!.results!.at(-1)).toBe(suppressed);
  });

  it('keeps the fingerprint when an edit elsewhere moves the finding to another line', async () => {
    const document = JSON.parse(scoreRawText) as Record<string, unknown>;
    const moved = JSON.stringify({ ...document, description: 'A longer description' }, null, 4);
    const [a, b] = await Promise.all(
      [scoreRawText, moved].map(async (text) => sarifOfEntries(await entriesOf(text, 'designs/score.keylab.json'), OPTIONS).runs[0]!.results![0]!),
    );
    expect(a!.locations![0]!.physicalLocation!.region).not.toEqual(b!.locations![0]!.physicalLocation!.region);
    expect(a!.partialFingerprints).toEqual(b!.partialFingerprints);
  });

  it('writes file paths as URIs relative to the working directory, forward slashes, encoded segments', async () => {
    expect(fileUri('designs\\team a\\#1 100%.json')).toEqual({ uri: 'designs/team%20a/%231%20100%25.json', uriBaseId: '%SRCROOT%' });
    expect(fileUri('./shop.keylab.json')).toEqual({ uri: 'shop.keylab.json', uriBaseId: '%SRCROOT%' });
    // Outside the working directory: an absolute file URI, never a path passed off as relative.
    expect(fileUri('/srv/designs/a b.json')).toEqual({ uri: 'file:///srv/designs/a%20b.json' });
    expect(fileUri('C:\\designs\\shop.json')).toEqual({ uri: 'file:///C:/designs/shop.json' });
    const log = sarifOfEntries([{ ...UNREADABLE, file: 'designs/team a/#1 100%.json' }], OPTIONS);
    expectValid(log);
    expectCodeScanningAccepts(log);
  });

  it('stays within 25,000 results per run, keeping the most severe open ones and saying how many were left out', async () => {
    const finding = (await entriesOf(scoreRawText, 'designs/score.keylab.json'))[0]!;
    if (finding.kind !== 'finding') throw new Error('not a finding');
    const notes = Array.from({ length: MAX_SARIF_RESULTS }, (_, index): ReportEntry => ({ ...finding, id: `note-${index}`, severity: 'note' }));
    const errors = Array.from({ length: 10 }, (_, index): ReportEntry => ({ ...finding, id: `error-${index}`, severity: 'error' }));
    const log = sarifOfEntries([...notes, ...errors], OPTIONS);
    expectCodeScanningAccepts(log);
    const results = log.runs[0]!.results!;
    expect(results).toHaveLength(MAX_SARIF_RESULTS);
    expect(results.slice(0, 10).every((result) => result.level === 'error')).toBe(true);
    expect(log.runs[0]!.invocations![0]!.toolExecutionNotifications![0]!.message.text).toMatch(/^10 of 25010 results were left out/);
  });

  it('leaves the help links out when the documentation URL is unknown (never a made-up address)', async () => {
    const log = sarifOfEntries([PATTERN_FAILS], { rules: REVIEW_RULES, version: '0.1.0' });
    expectValid(log);
    expect(log.runs[0]!.tool.driver.informationUri).toBeUndefined();
    expect(log.runs[0]!.tool.driver.rules!.every((rule) => rule.helpUri === undefined)).toBe(true);
  });

  it('is checked by validators that refuse a broken log (no pushovers)', async () => {
    const log = sarifOfEntries([PATTERN_FAILS], OPTIONS);
    const broken = JSON.parse(JSON.stringify(log)) as Log;
    broken.runs[0]!.results![0]!.locations![0]!.physicalLocation!.region!.startLine = 0;
    expect(validate(broken)).toBe(false);
    broken.runs[0]!.results![0]!.locations![0]!.physicalLocation!.region!.startLine = 1;
    broken.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri = '/abs/path.json';
    expect(validate(broken)).toBe(true);
    expect(() => expectCodeScanningAccepts(broken)).toThrow();
    broken.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri = 'designs/team a.json';
    expect(validate(broken)).toBe(false);
  });
});
