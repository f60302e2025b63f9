import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccessPatterns, type CheckReport } from '../../check';
import { importDesignFile, type ReviewSubject } from '../../design';
import { reviewDesign } from '../../design/review';
import { runKeylabInProcess } from './checkTestIo';
import { expectOk } from '../../errors/testing';

const CORPUS = 'corpus/review';
const NOT_DESIGNS = new Set(['labels.json', 'knownGaps.json']);

/** A subject without its absent fields, as the report writes it. */
const subjectOf = (subject: ReviewSubject) => Object.fromEntries(Object.entries(subject).filter(([, value]) => value !== undefined));

describe('keylab check on the labelled review corpus', () => {
  it('reports exactly the findings reviewDesign gives and the verdicts runAccessPatterns gives, design by design', async () => {
    const run = await runKeylabInProcess(['check', '--format', 'json', '--fail-on', 'never', CORPUS]);
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as CheckReport;
    const names = (await readdir(CORPUS)).filter((name) => name.endsWith('.json') && !NOT_DESIGNS.has(name)).sort();
    expect(names.length).toBeGreaterThanOrEqual(99);
    expect(report.files.map((file) => file.file)).toEqual(names.map((name) => `${CORPUS}/${name}`));
    expect(report.skipped.map((file) => file.file).sort()).toEqual([...NOT_DESIGNS].map((name) => `${CORPUS}/${name}`).sort());

    let findings = 0;
    let patterns = 0;
    for (const [index, name] of names.entries()) {
      const checked = report.files[index]!;
      if (checked.status !== 'checked') throw new Error(`${name} was not checked`);
      const imported = importDesignFile(await readFile(join(CORPUS, name), 'utf8'), name);
      expectOk(imported, `${name} does not import`);
      const expected = reviewDesign({ design: imported.design });
      expect(
        checked.findings.map(({ id, code, severity, subject, message, suggestion, decision }) => ({
          id,
          code,
          severity,
          subject,
          message,
          suggestion,
          decision,
        })),
        name,
      ).toEqual(
        expected.map(({ id, code, severity, subject, message, suggestion, decision }) => ({
          id,
          code,
          severity,
          subject: subjectOf(subject),
          message,
          suggestion,
          decision,
        })),
      );
      const verdicts: { table: string; pattern: string; verdict: string; reasons: unknown }[] = [];
      for (const table of imported.design.tables) {
        if (table.accessPatterns.length === 0) continue;
        const outcomes = (await runAccessPatterns(table)).outcomes;
        for (const pattern of table.accessPatterns)
          verdicts.push({ table: table.name, pattern: pattern.id, verdict: outcomes[pattern.id]!.verdict, reasons: outcomes[pattern.id]!.reasons });
      }
      expect(
        checked.patterns.map(({ table, pattern, verdict, reasons }) => ({ table, pattern, verdict, reasons })),
        name,
      ).toEqual(verdicts);
      findings += expected.length;
      patterns += verdicts.length;
    }
    // The corpus is not trivially empty on either side.
    expect(findings).toBeGreaterThan(50);
    expect(patterns).toBeGreaterThan(40);
    expect(report.counts.failingPatterns).toBeGreaterThan(0);
  });
});
