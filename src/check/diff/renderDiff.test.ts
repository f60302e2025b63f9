import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { DESIGN_FORMAT, LEADERBOARD_DESIGN, parseDesignDocument, SHOP_DESIGN, type Design, type TableDesign } from '../../design';
import { withTable, withTemplate } from '../../design/diff/designEdits.fixtures';
import { buildDiffReport } from './buildDiffReport';
import { LEADERBOARD_V2, REVISION_SIDES } from './diffReport.fixtures';
import type { DiffReport } from './diffReport.types';
import { GITHUB_COMMENT_LIMIT, renderDiffMarkdown } from './renderDiffMarkdown';
import { renderDiffText } from './renderDiffText';
import { expectOk } from '../../errors/testing';

// GitHub's renderer with raw HTML on and links found in text (bare URLs, www.): the worst case a pull-request comment meets.
const markdown = new MarkdownIt({ html: true, linkify: true });
markdown.linkify.set({ fuzzyLink: false });

/** The edited design, checked as a design file would be: an invalid edit would prove nothing. */
function valid(design: Design): Design {
  const read = parseDesignDocument({ ...design, format: DESIGN_FORMAT });
  expectOk(read);
  return read.design;
}

const report = (before: Design, after: Design): DiffReport => buildDiffReport(valid(before), valid(after), REVISION_SIDES);

/** The rows of every table in rendered HTML, as arrays of cell texts (tags stripped). */
function tablesOf(html: string): string[][][] {
  return [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)].map(([, table]) =>
    [...(table ?? '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...(row ?? '').matchAll(/<t[hd]>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => (cell ?? '').replace(/<[^>]+>/g, '')),
    ),
  );
}

describe('keylab diff of two revisions that change a GSI key and a template (the issue’s example)', () => {
  const diff = report(LEADERBOARD_DESIGN, LEADERBOARD_V2);

  it('reports the in-place, backfill and migration verdicts, the most work first', () => {
    expect(diff.worst).toEqual({ verdict: 'newIndexAndBackfill', label: 'new index and backfill' });
    expect(diff.changes.map((change) => [change.subject, change.verdictLabel])).toEqual([
      ['index byPlayer keys', 'new index and backfill'],
      ['entity Run: table key rankKey', 'items move: rewrite keys'],
      ['index recentRuns', 'in place'],
      ['entity Run: score (index byPlayer)', 'design only'],
      ['access pattern A player’s best runs, highest first', 'design only'],
    ]);
    expect(diff.migrations).toEqual([
      expect.objectContaining({
        table: 'Leaderboard',
        entity: 'Run',
        changes: ['entity Run: table key rankKey'],
        commands: [
          "git show 'HEAD~1:designs/leaderboard.keylab.json' > keylab-before.keylab.json",
          'npm run migrate -- --table Leaderboard --entity Run --from keylab-before.keylab.json --to designs/leaderboard.keylab.json --dry-run',
        ],
      }),
    ]);
  });

  it('prints them as text: headline, changes per table with before → after and why, items that move, the migrate command', () => {
    const text = renderDiffText(diff, { examples: 2 });
    expect(text.split('\n').slice(0, 3)).toEqual([
      'keylab diff: git:HEAD~1:designs/leaderboard.keylab.json → designs/leaderboard.keylab.json',
      '5 changes: new index and backfill (1), items move: rewrite keys (1), in place (1), design only (2).',
      'Most work: new index and backfill.',
    ]);
    expect(text).toContain(
      '  [new index and backfill] changed index byPlayer keys\n    before: GSI: partition playerId (S), sort ts (N)\n    after:  GSI: partition playerId (S), sort score (N)\n    why: A new index and backfill',
    );
    expect(text).toContain(
      '  [items move: rewrite keys] changed entity Run: table key rankKey\n    before: rankKey: {score:int(10)}#{ts:epoch(16)}#{playerId}\n    after:  rankKey: {score:int(12)}#{ts:epoch(16)}#{playerId}',
    );
    expect(text).toContain(
      '    12 of 12 items get new keys; 0 change place in their partition (leaderboardId, rankKey, in DynamoDB’s order).\n      run-12: SEASON#2026-SUMMER / 0000000003#0000001719745200#p_4477 (1 of 12) → SEASON#2026-SUMMER / 000000000003#0000001719745200#p_4477 (1 of 12)',
    );
    expect(text).toContain('      … and 10 more');
    expect(text).toContain('  [in place] added index recentRuns');
    expect(text).toContain('Migrations\n  Leaderboard, entity Run (entity Run: table key rankKey)\n    git show');
  });

  it('renders as a readable comment: a headline, per table one row per change with five cells, the moves folded, the command in a code block', () => {
    const comment = renderDiffMarkdown(diff);
    const html = markdown.render(comment);
    expect(html).toContain('<h2>Keylab design diff</h2>');
    expect(html).toContain('<p><strong>Most work: new index and backfill.</strong> 5 changes:');
    const [changes, moves] = tablesOf(html);
    expect(html).toContain('<p><strong>Table <code>Leaderboard</code></strong></p>\n<table>');
    expect(changes?.[0]).toEqual(['What changed', 'Before', 'After', 'Verdict', 'Why']);
    expect(changes?.slice(1).map((cells) => [cells.length, cells[0], cells[3]])).toEqual([
      [5, 'changed index byPlayer keys', 'new index and backfill'],
      [5, 'changed entity Run: table key rankKey', 'items move: rewrite keys'],
      [5, 'added index recentRuns', 'in place'],
      [5, 'changed entity Run: score (index byPlayer)', 'design only'],
      [5, 'changed access pattern A player’s best runs, highest first', 'design only'],
    ]);
    // Two templates of a change: one line each.
    expect(html).toContain('<td><code>name: A player’s runs, newest first</code><br><code>expected order: ts descending</code></td>');
    expect(moves?.[0]).toEqual(['Item', 'Old key', 'Old place', 'New key', 'New place']);
    expect(moves?.slice(1, 2)).toEqual([
      ['run-12', 'SEASON#2026-SUMMER / 0000000003#0000001719745200#p_4477', '1 of 12', 'SEASON#2026-SUMMER / 000000000003#0000001719745200#p_4477', '1 of 12'],
    ]);
    expect(html).toContain('<details><summary>5 of 12 items that move in table Leaderboard, in DynamoDB’s order</summary>');
    expect(html).toContain(
      '<pre><code class="language-sh">git show \'HEAD~1:designs/leaderboard.keylab.json\' &gt; keylab-before.keylab.json\nnpm run migrate -- --table Leaderboard --entity Run --from keylab-before.keylab.json --to designs/leaderboard.keylab.json --dry-run\n</code></pre>',
    );
    expect(comment.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
  });

  it('lists findings added and resolved with severity, code, table, entity and message', () => {
    const unpadded = withTable(LEADERBOARD_DESIGN, (table) => withTemplate(table, 'Run', 'rankKey', '{score}#{ts}#{playerId}'));
    const added = report(LEADERBOARD_DESIGN, unpadded);
    expect(added.findings.added).toContainEqual(
      expect.objectContaining({ code: 'review.numberInStringField', severity: 'error', table: 'Leaderboard', entity: 'Run' }),
    );
    const resolved = report(unpadded, LEADERBOARD_DESIGN);
    expect(resolved.findings.resolved.map((finding) => finding.code)).toEqual(added.findings.added.map((finding) => finding.code));
    const html = markdown.render(renderDiffMarkdown(resolved));
    expect(html).toContain('<h3>Review findings</h3>');
    expect(html).toContain(
      '<li><strong>error</strong> <code>review.numberInStringField</code> in <code>Leaderboard</code>, <code>Run</code>: Run’s rankKey'.replace('’', "'"),
    );
    expect(renderDiffText(resolved)).toContain('Findings resolved (');
  });

  it('groups the changes of a design with two tables under each table’s name, and names --design-table in its command', () => {
    const both: Design = { ...SHOP_DESIGN, tables: [...SHOP_DESIGN.tables, ...LEADERBOARD_DESIGN.tables] };
    const changed: Design = { ...both, tables: [withTemplate(both.tables[0] as TableDesign, 'Order', 'GSI1SK', '{orderId}'), ...LEADERBOARD_V2.tables] };
    const diff = report(both, changed);
    expect([...new Set(diff.changes.map((change) => change.table))]).toEqual(['Shop', 'Leaderboard']);
    const html = markdown.render(renderDiffMarkdown(diff));
    expect(html.match(/<p><strong>Table <code>(\w+)<\/code><\/strong><\/p>/g)).toEqual([
      '<p><strong>Table <code>Shop</code></strong></p>',
      '<p><strong>Table <code>Leaderboard</code></strong></p>',
    ]);
    expect(diff.migrations.map((migration) => migration.commands.at(-1))).toEqual([
      'npm run migrate -- --table Shop --design-table Shop --entity Order --from keylab-before.keylab.json --to designs/leaderboard.keylab.json --dry-run',
      'npm run migrate -- --table Leaderboard --design-table Leaderboard --entity Run --from keylab-before.keylab.json --to designs/leaderboard.keylab.json --dry-run',
    ]);
  });

  it('says there is nothing to migrate and no worst verdict when the revisions are the same', () => {
    const same = report(SHOP_DESIGN, SHOP_DESIGN);
    expect(same).toMatchObject({ summary: 'No changes.', changes: [], migrations: [], findings: { added: [], resolved: [] } });
    expect(same.worst).toBeUndefined();
    expect(renderDiffText(same)).toBe('keylab diff: git:HEAD~1:designs/leaderboard.keylab.json → designs/leaderboard.keylab.json\nNo changes.\n');
    expect(markdown.render(renderDiffMarkdown(same))).not.toContain('<table>');
  });
});
