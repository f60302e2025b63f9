/**
 * The docs as the tests read them: README.md and every Markdown page under docs/
 * (docs/ci's own files included), with their fenced code blocks and image references.
 * Shared by the docs tests (scripts/docsImages.test.ts, scripts/docsCommands.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

export interface DocsPage {
  /** Path from the repository's root, with forward slashes (`docs/explorer.md`). */
  readonly file: string;
  readonly text: string;
}

/** README.md and docs/**\/*.md, in a stable order. */
export function docsPages(root = REPO_ROOT): DocsPage[] {
  const files = ['README.md'];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) files.push(relative);
    }
  };
  walk('docs');
  return files.map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

export interface FencedBlock {
  /** The info string's first word (`sh`, `console`, `markdown`; empty when none). */
  readonly language: string;
  readonly body: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
}

/** The fenced code blocks of a Markdown page (``` or ~~~, of any length; a longer fence holds shorter ones). */
export function fencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = text.split('\n');
  let open: { fence: string; language: string; line: number; body: string[] } | undefined;
  lines.forEach((line, index) => {
    const match = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
    if (!open) {
      if (match?.[1]) open = { fence: match[1], language: match[2] ?? '', line: index + 1, body: [] };
      return;
    }
    const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
    if (closing?.[1] && closing[1][0] === open.fence[0] && closing[1].length >= open.fence.length) {
      blocks.push({ language: open.language, body: open.body.join('\n'), line: open.line });
      open = undefined;
    } else open.body.push(line);
  });
  return blocks;
}

/** The page without its fenced code blocks (each replaced by an empty line), for prose checks. */
export function withoutFences(text: string): string {
  let inside: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (!inside && fence) {
        inside = fence;
        return '';
      }
      if (inside && fence && fence[0] === inside[0] && fence.length >= inside.length && line.trim() === fence) {
        inside = undefined;
        return '';
      }
      return inside ? '' : line;
    })
    .join('\n');
}
