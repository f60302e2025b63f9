import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { buildDiffReport, GITHUB_COMMENT_LIMIT, renderDiffMarkdown, renderDiffText, type DiffSideSource } from '../../check';
import { EXAMPLE_DESIGNS, importDesignFile, type Design } from '../../design';
import { withIndex, withTable, withTemplate } from '../../design/diff/designEdits.fixtures';
import { compileMigration, specFromDesigns } from '../../migrate';

/*
 * keylab diff's report on realistic designs — the built-in examples, the
 * Workbench fixtures and the labelled review corpus — each against itself and
 * against two realistic edits at once (a GSI's projection, a sort key
 * template): the verdict that needs the most work, a migrate command the
 * migration's own checks accept, and a comment that renders as one.
 */

const markdown = new MarkdownIt({ html: true, linkify: true });
markdown.linkify.set({ fuzzyLink: false });
const ALLOWED_TAGS = new Set([
  'h2',
  'h3',
  'p',
  'strong',
  'em',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'br',
  'details',
  'summary',
  'ul',
  'li',
  'sub',
]);

function realisticDesigns(): { name: string; design: Design }[] {
  const designs = EXAMPLE_DESIGNS.map(({ id, design }) => ({ name: id, design: design as Design }));
  for (const folder of ['src/design/interchange/fixtures', 'corpus/review']) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json') && name !== 'labels.json' && name !== 'knownGaps.json')) {
      const imported = importDesignFile(readFileSync(join(folder, file), 'utf8'), file);
      if (imported.ok) designs.push({ name: file, design: imported.design });
    }
  }
  return designs;
}

const SIDES: { readonly before: DiffSideSource; readonly after: DiffSideSource } = {
  before: { source: { kind: 'git', rev: 'main', path: 'designs/design.keylab.json' }, keylabDesign: true },
  after: { source: { kind: 'file', path: 'designs/design.keylab.json' }, keylabDesign: true },
};

/** The words of a printed command, as sh reads them (quoteShellWord's single quotes). */
const words = (command: string) =>
  [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map(([, quoted, bare]) => (quoted !== undefined ? quoted.replace(/'\\''/g, "'") : (bare ?? '')));

function checkComment(name: string, comment: string): void {
  expect({ name, fits: comment.length <= GITHUB_COMMENT_LIMIT }).toEqual({ name, fits: true });
  const html = markdown.render(comment);
  const tags = [...new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map(([, tag]) => (tag ?? '').toLowerCase()))];
  expect({ name, tags: tags.filter((tag) => !ALLOWED_TAGS.has(tag)) }).toEqual({ name, tags: [] });
  for (const [, table] of html.matchAll(/<table>([\s\S]*?)<\/table>/g)) {
    const cells = [...(table ?? '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => (row ?? '').match(/<t[hd]>/g)?.length);
    expect({ name, columns: new Set(cells).size }).toEqual({ name, columns: 1 });
  }
}

describe('keylab diff’s report on realistic designs', () => {
  const designs = realisticDesigns();

  it('says "No changes." for every design against itself', () => {
    expect(designs.length).toBeGreaterThan(80);
    for (const { name, design } of designs) {
      const report = buildDiffReport(design, structuredClone(design), SIDES);
      expect({ name, summary: report.summary, migrations: report.migrations, worst: report.worst }).toEqual({
        name,
        summary: 'No changes.',
        migrations: [],
        worst: undefined,
      });
    }
  });

  it(
    'a GSI projection and a sort key template changed at once: the most work, a migrate command its own checks accept, a comment that renders',
    { timeout: 120_000 },
    () => {
      let checked = 0;
      for (const { name, design } of designs) {
        const table = design.tables[0];
        const gsi = table?.indexes.find((index) => index.kind === 'GSI');
        const entity = table?.entities.find((candidate) => table.sortKey && candidate.keys[table.sortKey.name] !== undefined && candidate.samples.length > 1);
        if (!table?.sortKey || !gsi || !entity) continue;
        const sortKey = table.sortKey.name;
        const after = withTable(design, (edited) =>
          withTemplate(
            withIndex(edited, gsi.name, (index) => ({ ...index, projection: { type: 'KEYS_ONLY', attributes: [] } })),
            entity.name,
            sortKey,
            `X#${entity.keys[sortKey] ?? ''}`,
          ),
        );
        const report = buildDiffReport(design, after, SIDES);
        expect({ name, worst: report.worst?.verdict }).toEqual({ name, worst: gsi.projection.type === 'KEYS_ONLY' ? 'rewriteKeys' : 'newIndexAndBackfill' });

        const migration = report.migrations.find((candidate) => candidate.table === table.name && candidate.entity === entity.name);
        const command = migration?.commands.at(-1) ?? '';
        expect({ name, command: command.startsWith('npm run migrate -- --table ') }).toEqual({ name, command: true });
        // The command's own arguments, read back and given to the migration's checks as scripts/migrate.ts does.
        const args = words(command);
        const option = (flag: string) => args[args.indexOf(flag) + 1];
        const designTable = option('--design-table');
        const spec = specFromDesigns(design, after, {
          tableName: option('--table') ?? '',
          entity: option('--entity') ?? '',
          ...(args.includes('--design-table') && designTable ? { designTable } : {}),
        });
        expect({ name, ok: spec.ok && compileMigration(spec.value).ok }).toEqual({ name, ok: true });
        expect(option('--entity')).toBe(entity.name);

        const text = renderDiffText(report);
        for (const change of report.changes) expect(text).toContain(change.subject.split('\n')[0]);
        checkComment(name, renderDiffMarkdown(report));
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    },
  );
});
