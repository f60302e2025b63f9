import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDesignDocument } from '../src/design';
import {
  END_MARKER,
  EXAMPLE_FILES,
  exampleFiles,
  GENERATE_CI_EXAMPLE_COMMAND,
  DOCS_FILE,
  renderCiExample,
  replaceCiExampleSection,
  START_MARKER,
} from './generate-ci-example';
import { REPO_ROOT } from './paths';

describe('the Design as code example of docs/command-line.md', () => {
  it('holds the real output of keylab check and keylab diff on docs/ci/example', { timeout: 120_000 }, async () => {
    const committed = readFileSync(path.join(REPO_ROOT, DOCS_FILE), 'utf8');
    const fresh = replaceCiExampleSection(committed, await renderCiExample());
    if (committed !== fresh)
      expect(committed, `${DOCS_FILE}'s Design as code example is stale: run \`${GENERATE_CI_EXAMPLE_COMMAND}\` and commit the result`).toBe(fresh);
    // The example shows what it is there for: the three verdicts and a command to paste.
    for (const text of [
      '**in place**',
      '**new index and backfill**',
      '**items move: rewrite keys**',
      `npm run migrate -- --table Leaderboard --entity Run --from ${EXAMPLE_FILES.v1} --to ${EXAMPLE_FILES.v2} --dry-run`,
    ])
      expect(fresh).toContain(text);
  });

  it('docs/ci/example holds the two revisions of the Leaderboard (whatever the file layout)', () => {
    for (const [file, text] of Object.entries(exampleFiles())) {
      const committed = parseDesignDocument(readFileSync(path.join(REPO_ROOT, file), 'utf8'));
      const expected = parseDesignDocument(text);
      expect(committed.ok && expected.ok && committed.design, `${file} differs from its revision: run \`${GENERATE_CI_EXAMPLE_COMMAND}\``).toEqual(
        expected.ok && expected.design,
      );
    }
  });

  it('replaces only the text between the markers', () => {
    const readme = `# T\n\nbefore\n${START_MARKER}\nold\n${END_MARKER}\nafter\n`;
    expect(replaceCiExampleSection(readme, 'new')).toBe(`# T\n\nbefore\n${START_MARKER}\nnew\n${END_MARKER}\nafter\n`);
    expect(() => replaceCiExampleSection('# T\n', 'new')).toThrow(/needs exactly one/);
  });
});
