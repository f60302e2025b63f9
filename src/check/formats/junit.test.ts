import { describe, expect, it } from 'vitest';
import scoreRawText from '../../../corpus/review/score-raw-text.keylab.json?raw';
import type { CheckReport } from '../checkReport.types';
import { checkReportOf, elementsNamed, readXml, type XmlElement } from './formats.fixtures';
import { writeJunit } from './junit';

/** Table data is untrusted: markup, a CDATA end, control characters, an emoji (non-BMP), quotes. */
const HOSTILE = '<b>&amp; "x" ]]> \u0007 😀';
/** What XML 1.0 cannot hold is written as visible text. */
const HOSTILE_READ = HOSTILE.replace('\u0007', '\\u0007');

/** The corpus leaderboard with hostile sample values, a hostile pattern name and a decision with a hostile comment. */
function hostileDesign(): string {
  const document = JSON.parse(scoreRawText) as {
    tables: { entities: { samples: { values: Record<string, string> }[] }[]; accessPatterns: { name: string; partitionValues: Record<string, string> }[] }[];
    decisions?: unknown[];
  };
  const table = document.tables[0]!;
  for (const sample of table.entities[0]!.samples) sample.values.season = `2026${HOSTILE}`;
  table.accessPatterns[0]!.name = `Top 3 ${HOSTILE}`;
  table.accessPatterns[0]!.partitionValues.season = `2026${HOSTILE}`;
  document.decisions = [
    {
      id: 'review.noTiebreaker|Leaderboard|Score||SK||',
      code: 'review.noTiebreaker',
      kind: 'wontFix',
      comment: `Ties are fine ${HOSTILE}`,
      decidedBy: 'Ana',
      decidedAt: '2026-12-05T09:40:00.000Z',
    },
  ];
  return JSON.stringify(document, null, 2);
}

function testcases(root: XmlElement): XmlElement[] {
  return elementsNamed(root, 'testcase');
}

function expectCountsAddUp(root: XmlElement): void {
  for (const suite of [root, ...elementsNamed(root, 'testsuite')]) {
    const cases = testcases(suite);
    const count = (name: string) => cases.filter((entry) => entry.children.some((child) => child.name === name)).length;
    expect(suite.attributes).toMatchObject({
      tests: String(cases.length),
      failures: String(count('failure')),
      errors: String(count('error')),
      skipped: String(count('skipped')),
    });
  }
}

describe('writeJunit', () => {
  it('writes well-formed XML that reads back hostile design text exactly', async () => {
    const report = await checkReportOf([{ file: 'designs/<leader>&board.keylab.json', text: hostileDesign() }]);
    const xml = writeJunit(report);
    const root = readXml(xml);
    expect(root.name).toBe('testsuites');
    expectCountsAddUp(root);
    const [suite] = elementsNamed(root, 'testsuite');
    expect(suite!.attributes.name).toBe('designs/<leader>&board.keylab.json');
    const pattern = testcases(root).find((entry) => entry.attributes.classname === 'keylab.accessPattern')!;
    expect(pattern.attributes.name).toBe(`Access pattern Top 3 ${HOSTILE_READ} (top3) of table Leaderboard`);
    // The whole document holds no raw control character and no CDATA end outside escapes.
    expect(xml).not.toContain('\u0007');
    expect(xml).not.toContain(']]>');
    const decided = testcases(root).find((entry) => entry.attributes.classname === 'review.noTiebreaker')!;
    expect(decided.children[0]).toMatchObject({
      name: 'skipped',
      attributes: { message: `Won't fix by Ana on 2026-12-05 09:40 UTC: "Ties are fine ${HOSTILE_READ}"` },
    });
  });

  it('fails open findings at or above --fail-on, skips decided ones and lists the rules that found nothing', async () => {
    const report = await checkReportOf([{ file: 'designs/score.keylab.json', text: hostileDesign() }]);
    const root = readXml(writeJunit(report));
    const cases = testcases(root);
    const finding = cases.find((entry) => entry.attributes.classname === 'review.numberInStringField')!;
    expect(finding.attributes).toMatchObject({
      name: 'Numbers in a string field: table Leaderboard · entity Score · key SK · field score',
      file: 'designs/score.keylab.json',
    });
    expect(finding.children[0]).toMatchObject({ name: 'failure', attributes: { type: 'review.numberInStringField (error)' } });
    // The line attribute is the key template's line in the file.
    const line = hostileDesign().split('\n')[Number(finding.attributes.line) - 1]!;
    expect(line.trim()).toMatch(/^"SK": "SCORE#\{score\}"/);
    // Every rule that ran is a testcase: the ones that found nothing pass.
    const checked = report.files[0]!;
    if (checked.status !== 'checked') throw new Error('not checked');
    const quiet = report.options.rules.filter((code) => !checked.findings.some((entry) => entry.code === code));
    expect(quiet.length).toBeGreaterThan(10);
    for (const code of quiet) expect(cases.find((entry) => entry.attributes.classname === code)?.children).toEqual([]);
    expect(Number(root.attributes.tests)).toBe(checked.findings.length + quiet.length + checked.patterns.length);
  });

  it('passes below --fail-on (the finding in system-out) and fails nothing with --fail-on never', async () => {
    const atError = await checkReportOf([{ file: 'designs/score.keylab.json', text: hostileDesign() }]);
    const never: CheckReport = { ...atError, options: { ...atError.options, failOn: 'never' } };
    const root = readXml(writeJunit(never));
    expect(root.attributes.failures).toBe('0');
    expect(elementsNamed(root, 'system-out').length).toBeGreaterThan(0);
    expect(readXml(writeJunit(atError)).attributes.failures).not.toBe('0');
  });

  it('writes an unreadable file as a testcase with an error at its line and column', async () => {
    const report = await checkReportOf([{ file: 'designs/broken.keylab.json', text: '{\n  "format": "keylab.design/1",\n  "name": "x" "tables": []\n}' }]);
    const root = readXml(writeJunit(report));
    expectCountsAddUp(root);
    const [broken] = testcases(root);
    expect(broken!.attributes).toMatchObject({ classname: 'keylab.unreadableFile', line: '3' });
    expect(broken!.children[0]!.name).toBe('error');
    expect(broken!.children[0]!.text).toMatch(/^line 3, column 15: /);
  });
});
