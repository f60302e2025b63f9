import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN, serializeDesignDocument } from '../design';
import { buildCheckReport } from './buildCheckReport';
import { checkDesignText } from './checkDesignText';
import { selectRules } from './checkProfiles';
import { expectOk } from '../errors/testing';

const recommended = (() => {
  const chosen = selectRules({});
  expectOk(chosen);
  return chosen.selection;
})();

describe('checkDesignText', () => {
  for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) {
    it(`the ${design.name} example, as the app exports it, has every pattern passing`, async () => {
      const part = await checkDesignText(serializeDesignDocument(design), `designs/${design.name}.keylab.json`);
      if (part.status !== 'checked') throw new Error(`not checked: ${JSON.stringify(part)}`);
      expect(part).toMatchObject({ file: `designs/${design.name}.keylab.json`, format: 'keylab', designName: design.name, sampleProblems: [] });
      expect(part.patterns.length).toBe(design.tables.reduce((sum, table) => sum + table.accessPatterns.length, 0));
      expect(part.patterns.every((pattern) => pattern.verdict === 'passes')).toBe(true);
      expect(part.counts.failingPatterns).toBe(0);
    });
  }

  it('refuses bytes that are not UTF-8 with their offset, never replacing them', async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0x7d]);
    const part = await checkDesignText(bytes, 'models/odd.json', { skipNonDesign: true });
    expect(part).toMatchObject({
      status: 'unreadable',
      file: 'models/odd.json',
      problems: [{ severity: 'error', message: expect.stringMatching(/^odd\.json is not UTF-8 text: the bytes at offset 1 /) }],
    });
  });

  it('a Keylab design file is never skipped, even when it holds no design', async () => {
    expect(await checkDesignText('{"name": "x"}', 'a.keylab.json', { skipNonDesign: true })).toMatchObject({ status: 'unreadable' });
    expect(await checkDesignText('{"name": "x"}', 'a.json', { skipNonDesign: true })).toMatchObject({ status: 'skipped', file: 'a.json' });
  });
});

describe('buildCheckReport', () => {
  it('exit code: 2 over 1 over 0; decided findings never count', async () => {
    const failing = await checkDesignText(
      serializeDesignDocument({
        ...LEADERBOARD_DESIGN,
        tables: LEADERBOARD_DESIGN.tables.map((table) => ({
          ...table,
          accessPatterns: table.accessPatterns.map((pattern) => ({ ...pattern, direction: pattern.direction === 'ascending' ? 'descending' : 'ascending' })),
        })),
      }),
      'flipped.keylab.json',
    );
    if (failing.status !== 'checked') throw new Error('not checked');
    expect(failing.counts.failingPatterns).toBeGreaterThan(0);
    const unreadable = await checkDesignText('{', 'broken.keylab.json');
    const options = { selection: recommended, version: 'test' } as const;
    expect(buildCheckReport([failing], [], { ...options, failOn: 'error' }).exitCode).toBe(1);
    expect(buildCheckReport([failing], [], { ...options, failOn: 'never' }).exitCode).toBe(0);
    if (unreadable.status === 'skipped') throw new Error('skipped');
    expect(buildCheckReport([failing, unreadable], [], { ...options, failOn: 'never' })).toMatchObject({ exitCode: 2, unreadable: 1 });
  });
});
