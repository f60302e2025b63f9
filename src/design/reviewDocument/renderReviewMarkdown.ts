import { markdownCode, markdownCodeBlock, markdownProse } from './markdownText';
import type { ReviewBlock, ReviewDocument, ReviewLine } from './reviewDocument.types';
import { stampLine } from './reviewLines';

/** The review document model written as GitHub-flavoured Markdown. */

/** A line of runs; `inTable` escapes `|` in code too. The first run begins the line (see markdownProse). */
function lineMarkdown(line: ReviewLine, inTable = false): string {
  return line
    .map((run, index) => {
      if (run.kind === 'code') return markdownCode(run.text, inTable);
      const prose = markdownProse(run.text, index === 0);
      if (run.kind === 'strong') {
        // `**` must hug the text: the spaces go outside.
        const [, before = '', inner = '', after = ''] = /^(\s*)(.*?)(\s*)$/su.exec(prose) ?? [];
        return inner === '' ? prose : `${before}**${inner}**${after}`;
      }
      return prose;
    })
    .join('')
    .trim();
}

function tableMarkdown(columns: readonly string[], rows: readonly (readonly ReviewLine[])[]): string {
  const row = (cells: readonly string[]) => `| ${cells.map((cell) => cell || ' ').join(' | ')} |`;
  return [
    row(columns.map((column) => markdownProse(column, true))),
    row(columns.map(() => '---')),
    ...rows.map((cells) => row(cells.map((cell) => lineMarkdown(cell, true)))),
  ].join('\n');
}

function blockMarkdown(block: ReviewBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return lineMarkdown(block.content);
    case 'subheading':
      return `### ${lineMarkdown(block.content)}`;
    case 'list':
      return block.items.map((item) => `- ${lineMarkdown(item)}`).join('\n');
    case 'table':
      return tableMarkdown(block.columns, block.rows);
    case 'code':
      return markdownCodeBlock(block.text, block.language);
  }
}

/**
 * The document as Markdown: `#` title, the stamp (design, revision, date),
 * the description, then one `##`
 * section each, blocks separated by blank lines.
 */
export function renderReviewMarkdown(document: ReviewDocument): string {
  const parts = [`# ${markdownProse(document.title, true) || 'Untitled design'}`, lineMarkdown(stampLine(document.stamp))];
  if (document.description.trim() !== '') parts.push(markdownProse(document.description, true));
  parts.push('_Review document written by Keylab from the design; keys are encoded from its samples._');
  for (const section of document.sections) {
    parts.push(`## ${markdownProse(section.title, true)}`);
    for (const block of section.blocks) parts.push(blockMarkdown(block));
  }
  return `${parts.join('\n\n')}\n`;
}
