import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportWorkbenchModel, importDesignFile } from '../../src/design';
import { CORPUS_DIR } from './loadCorpus';

/** The review corpus's Workbench models (corpus/review/*.workbench.json): realistic models beyond the fixtures. */
const CORPUS = CORPUS_DIR;
const MODELS = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.workbench.json'))
  .sort();

describe('Workbench round trip over the review corpus', () => {
  it('has models to check', () => expect(MODELS.length).toBeGreaterThan(10));

  for (const name of MODELS) {
    it(`export → import → export is byte-identical for corpus/review/${name}`, () => {
      const first = importDesignFile(readFileSync(join(CORPUS, name), 'utf8'), name);
      if (!first.ok) throw new Error(first.errors.map((error) => error.message).join('\n'));
      const text = exportWorkbenchModel(first.design, { now: new Date(Date.UTC(2026, 5, 23, 14, 5)) }).text;
      const again = importDesignFile(text, name);
      if (!again.ok) throw new Error(again.errors.map((error) => error.message).join('\n'));
      expect(exportWorkbenchModel(again.design, { now: new Date(Date.UTC(2027, 0, 2, 9, 30)) }).text).toBe(text);
    });
  }
});
