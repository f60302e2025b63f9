import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateSubjects, type FileLocation } from '../../src/check';
import { importDesignFile } from '../../src/design';
import { reviewDesign } from '../../src/design/review';
import { CORPUS_DIR, corpusFiles } from './loadCorpus';

/**
 * keylab check's locations over the labelled review corpus: every finding of
 * every design lands on the text that names its subject (a Keylab design's
 * key template, pattern, index or table), or, in a Workbench model (no
 * templates), on the key of the entity's first item, saying it is a stand-in.
 */

/** The file text from the location on (1-based line and column). */
function textAt(text: string, location: FileLocation | undefined): string {
  expect(location).toBeDefined();
  const lines = text.split('\n');
  return [lines[location!.line - 1]!.slice(location!.column - 1), ...lines.slice(location!.line)].join('\n');
}

describe('finding locations over the review corpus', () => {
  it('places every finding on the text that names its subject', () => {
    let exact = 0;
    let nearest = 0;
    for (const name of corpusFiles()) {
      const file = readFileSync(join(CORPUS_DIR, name), 'utf8');
      const read = importDesignFile(file, name);
      if (!read.ok) throw new Error(`${name} does not import`);
      const findings = reviewDesign({ design: read.design });
      const locations = locateSubjects(
        { text: file, format: name.includes('.workbench.') ? 'workbench' : name.includes('.onetable.') ? 'onetable' : 'keylab', design: read.design },
        findings.map((finding) => finding.subject),
      );
      findings.forEach((finding, at) => {
        const location = locations[at];
        const { subject } = finding;
        const start = textAt(file, location).split('\n').slice(0, 2).join('\n');
        if (!location!.exact) {
          nearest++;
          // A stand-in says what it points at (a facet's first item, an index, the table).
          expect(location!.pointsAt, `${name}: ${finding.id}`).toMatch(/\(/);
          if (location!.pointsAt.includes('first item'))
            expect(start, `${name}: ${finding.id}`).toMatch(new RegExp(`^"${subject.keyAttribute}": \\{\\s*"[SNB]": "`));
          return;
        }
        exact++;
        // An index's key attribute (review.multiAttributeGsiKey) may land on the attribute in the index's key, or on the index.
        const named =
          subject.pattern ??
          (subject.entity !== undefined ? (subject.keyAttribute ?? subject.entity) : undefined) ??
          subject.index ??
          subject.keyAttribute ??
          subject.table;
        const alsoNamed = subject.pattern === undefined && subject.entity === undefined && subject.index !== undefined ? subject.keyAttribute : undefined;
        const names = [named, ...(alsoNamed !== undefined ? [alsoNamed] : [])].map((text) => JSON.stringify(text).slice(1, -1));
        expect(
          names.some((text) => start.includes(text)),
          `${name}: ${finding.id} at ${JSON.stringify(start)}`,
        ).toBe(true);
      });
    }
    expect(exact).toBeGreaterThan(20);
    expect(nearest).toBeGreaterThan(20);
  });
});
