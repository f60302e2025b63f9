import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  END_MARKER,
  generateReviewDocs,
  GENERATE_REVIEW_DOCS_COMMAND,
  DOCS_FILE,
  renderReviewRules,
  replaceReviewRulesSection,
  START_MARKER,
} from './generate-review-docs';
import { REPO_ROOT } from './paths';

describe('the Design review rules table of docs/design-review.md', () => {
  it('is what the generator writes from REVIEW_RULES', () => {
    const committed = readFileSync(path.join(REPO_ROOT, DOCS_FILE), 'utf8');
    const fresh = generateReviewDocs();
    if (committed !== fresh) {
      expect(committed, `${DOCS_FILE}'s Design review rules section is stale: run \`${GENERATE_REVIEW_DOCS_COMMAND}\` and commit the result`).toBe(fresh);
    }
  });
});

describe('renderReviewRules', () => {
  it('writes one row per rule with its code, severity, title and why, pipes and newlines kept in their cell', () => {
    const text = renderReviewRules([
      { code: 'review.numberInStringField', severity: 'error', title: 'Numbers in a string field', why: 'They sort as text: "10" < "9".' },
      { code: 'review.gsiProjection', severity: 'note', title: 'ALL | projection', why: 'Pays for\nattributes nobody reads.' },
    ]);
    expect(text.split('\n').slice(2)).toEqual([
      '| Code | Severity | Rule | Why |',
      '|---|---|---|---|',
      '| `review.numberInStringField` | error | Numbers in a string field | They sort as text: "10" < "9". |',
      '| `review.gsiProjection` | note | ALL \\| projection | Pays for attributes nobody reads. |',
    ]);
    expect(text).toContain(GENERATE_REVIEW_DOCS_COMMAND);
  });

  it('says so when no rule is registered', () => {
    expect(renderReviewRules([])).toContain('No rules are registered yet.');
  });
});

describe('replaceReviewRulesSection', () => {
  it('replaces only the text between the markers', () => {
    const readme = `# Title\n\nbefore\n${START_MARKER}\nold\n${END_MARKER}\nafter\n`;
    expect(replaceReviewRulesSection(readme, 'new')).toBe(`# Title\n\nbefore\n${START_MARKER}\nnew\n${END_MARKER}\nafter\n`);
    expect(replaceReviewRulesSection(replaceReviewRulesSection(readme, 'new'), 'new')).toBe(replaceReviewRulesSection(readme, 'new'));
  });

  it('refuses a page without the markers, with them doubled or reversed', () => {
    for (const readme of ['no markers', `${END_MARKER}\n${START_MARKER}`, `${START_MARKER}${END_MARKER}${START_MARKER}${END_MARKER}`]) {
      expect(() => replaceReviewRulesSection(readme, 'x')).toThrow(`needs exactly one ${START_MARKER} followed by one ${END_MARKER}`);
    }
  });
});
