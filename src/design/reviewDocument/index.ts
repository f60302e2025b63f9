/** The review document: a design, its findings and its access patterns' results as one model, written as Markdown. */
export { buildReviewDocument, reviewMarkdown } from './buildReviewDocument';
export { renderReviewMarkdown } from './renderReviewMarkdown';
export { markdownCode, markdownCodeBlock, markdownProse, visibleMarkdownText } from './markdownText';
export type * from './reviewDocument.types';
export { stampLine } from './reviewLines';
