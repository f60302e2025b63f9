/**
 * The shell commands of the docs: every command line of the fenced `sh` / `bash` / `shell`
 * blocks of README.md and docs/ (and the `$ ` lines of `console` blocks), as
 * scripts/docsCommands.test.ts runs them or finds them in its reviewed list.
 */
import { docsPages, fencedBlocks, type DocsPage } from './docsPages';

export const SHELL_LANGUAGES: ReadonlySet<string> = new Set(['sh', 'bash', 'shell', 'zsh', 'console']);

export interface DocsCommand {
  /** One command: a line of a block, its comment cut off, split at `&&`. */
  readonly command: string;
  /** `docs/explorer.md:9`: the page and the line of the command. */
  readonly where: string;
}

/** A trailing shell comment: `#` after whitespace, outside quotes. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** Every command of the fenced shell blocks of `pages`, in page order. */
export function docsCommands(pages: readonly DocsPage[] = docsPages()): DocsCommand[] {
  const commands: DocsCommand[] = [];
  for (const page of pages) {
    for (const block of fencedBlocks(page.text)) {
      if (!SHELL_LANGUAGES.has(block.language)) continue;
      const lines = block.body.split('\n');
      for (let index = 0; index < lines.length; index += 1) {
        const line = lines[index] ?? '';
        const first = block.line + 1 + index;
        let text = block.language === 'console' ? (line.startsWith('$ ') ? line.slice(2) : '') : line;
        while (text.endsWith('\\') && index + 1 < lines.length) {
          index += 1;
          text = `${text.slice(0, -1)} ${(lines[index] ?? '').trim()}`;
        }
        for (const command of withoutComment(text).split(/\s&&\s/)) {
          if (command.trim() !== '') commands.push({ command: command.trim().replace(/\s+/g, ' '), where: `${page.file}:${first}` });
        }
      }
    }
  }
  return commands;
}

/** Splits a command line into words as a POSIX shell would for plain words, '…' and "…" (no expansions). */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of command) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${command}`);
  if (word !== undefined) words.push(word);
  return words;
}
