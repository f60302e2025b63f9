import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_SCREENSHOT_VIEWPORT, DOCS_SCREENSHOTS } from '../e2e/docs/screenshotFiles';
import { docsPages, withoutFences } from './docsPages';
import { REPO_ROOT } from './paths';

/** A checked-in screenshot stays small enough for a README: measured 120–260 KB at 1440×900. */
const MAX_SCREENSHOT_BYTES = 400 * 1024;

/** Every image a page shows (`![alt](src)` or `<img src="…">`), resolved from the repository's root. */
function imagesOf(page: { file: string; text: string }): { src: string; resolved: string }[] {
  const prose = withoutFences(page.text);
  const sources = [...prose.matchAll(/!\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...prose.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  return sources
    .filter((src) => !/^[a-z]+:/i.test(src))
    .map((src) => ({ src, resolved: path.posix.normalize(path.posix.join(path.posix.dirname(page.file), src.split('#')[0] ?? '')) }));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString('hex'), `${file} is not a PNG`).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the docs’ images', () => {
  const pages = docsPages();

  it('every image a page shows exists', () => {
    const missing = pages.flatMap((page) =>
      imagesOf(page)
        .filter(({ resolved }) => !existsSync(path.join(REPO_ROOT, resolved)))
        .map(({ src }) => `${page.file}: ${src}`),
    );
    expect(missing, 'images the docs show that are not in the repository (screenshots: run `npm run docs:screenshots`)').toEqual([]);
  });

  it('every screenshot npm run docs:screenshots writes is shown by a page, at 1440×900 and compressed', () => {
    const shown = new Set(pages.flatMap((page) => imagesOf(page).map(({ resolved }) => resolved)));
    for (const file of Object.values(DOCS_SCREENSHOTS)) {
      expect(shown.has(file), `${file} is declared in e2e/docs/screenshotFiles.ts but no page of the docs shows it`).toBe(true);
      const absolute = path.join(REPO_ROOT, file);
      expect(existsSync(absolute), `${file} is missing: run \`npm run docs:screenshots\` and commit it`).toBe(true);
      expect(pngSize(absolute)).toEqual(DOCS_SCREENSHOT_VIEWPORT);
      expect(statSync(absolute).size, `${file} is larger than ${MAX_SCREENSHOT_BYTES} bytes`).toBeLessThanOrEqual(MAX_SCREENSHOT_BYTES);
    }
  });

  it('the README’s first screen shows the two commands and a screenshot', () => {
    const readme = pages.find((page) => page.file === 'README.md')?.text ?? '';
    // GitHub's first screen: the title, a few lines of prose, the commands and the first image, within the first 15 lines.
    const firstScreen = readme.split('\n').slice(0, 15).join('\n');
    expect(firstScreen).toContain('npm ci && npm start');
    expect(firstScreen).toContain('npm ci && npm test');
    expect(firstScreen).toMatch(/!\[[^\]]+\]\(docs\/images\/[\w-]+\.png\)/);
  });
});
