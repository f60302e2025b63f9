import type { Design } from '../design.types';
import { itemCollectionSection, tablesSection, templatesSection } from './designSections';
import { decisionsSection, findingsSection, signOffSection } from './findingSections';
import { accessPatternsSection } from './patternSection';
import type { ReviewDocument, ReviewDocumentOptions } from './reviewDocument.types';
import { renderReviewMarkdown } from './renderReviewMarkdown';

/**
 * The review document of a design: its tables and indexes, each entity's key
 * templates with an example key and its byte length, one item collection in
 * order, every access pattern with its Query and sample result, the findings
 * and the decisions on them, and the sign-offs (current or out of date),
 * stamped with the design's name, revision and the date — as a model both the Markdown writer and the app's
 * print view render.
 *
 * @example
 * buildReviewDocument(LEADERBOARD_DESIGN, { now: new Date(), findings: [] }).sections.map((section) => section.id)
 * // ["tables", "templates", "item-collection", "access-patterns", "findings", "decisions", "sign-off"]
 */
export function buildReviewDocument(design: Design, options: ReviewDocumentOptions): ReviewDocument {
  return {
    title: design.name,
    stamp: { designName: design.name, revision: design.revision ?? 1, generatedAt: options.now.toISOString() },
    description: design.description,
    sections: [
      tablesSection(design),
      templatesSection(design),
      itemCollectionSection(design, options.table),
      accessPatternsSection(design, options.patternResults),
      findingsSection(options.findings),
      decisionsSection(design, options.findings),
      signOffSection(design),
    ],
  };
}

/**
 * The review document as Markdown, for a pull request or a wiki: every text
 * of the design escaped, so no name can break the document or inject HTML.
 *
 * @example
 * reviewMarkdown(LEADERBOARD_DESIGN, { now: new Date(), findings: reviewDesign({ design: LEADERBOARD_DESIGN }) }).startsWith("# Leaderboard") // true
 */
export function reviewMarkdown(design: Design, options: ReviewDocumentOptions): string {
  return renderReviewMarkdown(buildReviewDocument(design, options));
}
