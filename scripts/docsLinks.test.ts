import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsPages, withoutFences } from './docsPages';
import { REPO_ROOT } from './paths';

/** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens; repeats get -1, -2. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = (heading ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('the docs’ links', () => {
  const pages = docsPages();
  const byFile = new Map(pages.map((page) => [page.file, page]));

  it('every relative link points at a file of the repository, and every #anchor at a heading of its page', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const [, target] of withoutFences(page.text).matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const [file = '', anchor] = target.split('#');
        const resolved = file === '' ? page.file : path.posix.normalize(path.posix.join(path.posix.dirname(page.file), file));
        if (!existsSync(path.join(REPO_ROOT, resolved))) {
          broken.push(`${page.file}: ${target} (no ${resolved})`);
          continue;
        }
        if (anchor === undefined || statSync(path.join(REPO_ROOT, resolved)).isDirectory()) continue;
        const linked = byFile.get(resolved);
        if (linked && !anchorsOf(linked.text).has(anchor)) broken.push(`${page.file}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken, 'broken links in README.md and docs/').toEqual([]);
  });

  it('every page of docs/ is linked from the docs index and from the README', () => {
    const index = byFile.get('docs/README.md')?.text ?? '';
    const readme = byFile.get('README.md')?.text ?? '';
    const areaPages = pages
      .filter((page) => /^docs\/[^/]+\.md$/.test(page.file) && page.file !== 'docs/README.md')
      .map((page) => path.posix.basename(page.file));
    expect(
      areaPages.filter((file) => !index.includes(`](${file}`)),
      'pages missing from docs/README.md',
    ).toEqual([]);
    expect(
      areaPages.filter((file) => !readme.includes(`](docs/${file}`)),
      'pages missing from README.md’s Documentation list',
    ).toEqual([]);
  });
});
