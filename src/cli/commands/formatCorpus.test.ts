import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDesignText } from '../../check';
import { parseDesignDocument, serializeDesignDocument } from '../../design';

/**
 * The canonical layout on realistic designs: every file of the labelled
 * review corpus (corpus/review) and the NoSQL Workbench fixtures, through
 * what `keylab format` runs. A Keylab design formats to a text that formats
 * to itself and reads back as the same design; another format, converted
 * with --to-keylab, gives a Keylab design already in the layout.
 */

const ROOT = path.resolve(__dirname, '../../..');
const FOLDERS = ['corpus/review', 'src/design/interchange/fixtures'];
const NOT_DESIGNS = /^(labels|knownGaps|broken)\.json$/;

const files = (
  await Promise.all(
    FOLDERS.map(async (folder) =>
      (await readdir(path.join(ROOT, folder))).filter((name) => name.endsWith('.json') && !NOT_DESIGNS.test(name)).map((name) => path.join(folder, name)),
    ),
  )
).flat();

describe('keylab format on the review corpus and the Workbench fixtures', () => {
  it('finds the files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files)('%s: formatting is idempotent and keeps the design', async (file) => {
    const text = await readFile(path.join(ROOT, file), 'utf8');
    const result = formatDesignText(text, file, { toKeylab: true });
    if (result.kind === 'unreadable') throw new Error(result.problems.map((problem) => problem.message).join('\n'));
    const canonical = result.kind === 'keylab' ? result.canonical : result.keylab!;
    expect(formatDesignText(canonical, file)).toEqual({ kind: 'keylab', canonical });
    if (result.kind === 'keylab') {
      const before = parseDesignDocument(text);
      const after = parseDesignDocument(canonical);
      // The same design: equal field for field (record order aside); only the decisions' list is sorted.
      expect(after.ok && before.ok && serializeDesignDocument(before.design)).toBe(canonical);
      expect(after.ok && after.design.tables).toEqual(before.ok && before.design.tables);
    }
  });
});
