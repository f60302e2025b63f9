import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type Design, type TableDesign } from '../../design';
import { StructuralDiffView } from './StructuralDiffView';

const table = LEADERBOARD_DESIGN.tables[0] as TableDesign;

/** Issue 32's example: the GSI's key and an entity's sort-key template changed at once. */
const CHANGED: Design = {
  ...LEADERBOARD_DESIGN,
  tables: [
    {
      ...table,
      indexes: table.indexes.map((index) => ({ ...index, sortKey: [{ name: 'score', type: 'N' as const }] })),
      entities: table.entities.map((entity) => ({
        ...entity,
        keys: { leaderboardId: 'SEASON#{season}', rankKey: '{score}#{ts}#{playerId}', playerId: '{playerId}', score: '{score}' },
      })),
    },
  ],
};

describe('StructuralDiffView', () => {
  it('shows "new index and backfill" for the GSI and lists the items that move, in DynamoDB order', () => {
    const html = renderToStaticMarkup(
      <StructuralDiffView before={LEADERBOARD_DESIGN} after={CHANGED} beforeLabel="Leaderboard" afterLabel="Leaderboard v2" onMigrate={() => undefined} />,
    );
    expect(html).toMatch(/<section role="region" aria-labelledby="[^"]+" class="structural-diff"><h3 id="[^"]+">Structural diff<\/h3>/);
    expect(html).toContain(
      '<span class="verdict-badge">new index and backfill</span> <span class="structural-change-action">changed</span> <bdi>index byPlayer keys</bdi>',
    );
    expect(html).toContain('<span class="verdict-badge">items move: rewrite keys</span>');
    expect(html).toContain('<table aria-label="Items that move in table Leaderboard">');
    const tableHtml = html.slice(html.indexOf('<table aria-label="Items that move in table Leaderboard">'));
    const rows = [
      ...tableHtml
        .slice(0, tableHtml.indexOf('</table>'))
        .matchAll(
          /<tr( class="moved-place")?><th scope="row"><bdi>(run-\d+)<\/bdi><\/th><td class="mono"><bdi>([^<]*)<\/bdi><\/td><td>([^<]*)<\/td><td class="mono"><bdi>([^<]*)<\/bdi><\/td><td>([^<]*)<\/td><\/tr>/g,
        ),
    ].map(([, moved, id, , oldPlace, newKey, newPlace]) => [id, oldPlace, newKey, newPlace, moved !== undefined]);
    expect(rows.slice(0, 3)).toEqual([
      ['run-10', '3 of 12', 'SEASON#2026-SUMMER / 10#1719738000#p_0420', '1 of 12', true],
      ['run-3', '10 of 12', 'SEASON#2026-SUMMER / 1020#1719712800#p_6630', '2 of 12', true],
      ['run-8', '5 of 12', 'SEASON#2026-SUMMER / 128#1719730800#p_1024', '3 of 12', true],
    ]);
    expect(rows).toHaveLength(12);
    expect(html).toContain('12 of 12 items get new keys; 11 change place in their partition (leaderboardId, rankKey, in DynamoDB’s order).');
    // byPlayer now sorts by the score items already hold: a new index, nothing to rewrite, and where each item lands in it.
    expect(html).toContain(
      '<span class="verdict-badge">design only</span> <span class="structural-change-action">changed</span> <bdi>entity Run: ts, score (index byPlayer)</bdi>',
    );
    expect(html).toContain('12 of 12 items have new keys in index byPlayer; 4 change place in their partition (playerId, score, in DynamoDB’s order).');
    expect(html).toContain('<table aria-label="Items that move in index byPlayer">');
    expect(html).toContain('>Open in Migrate keys</button>');
  });

  it('no button without a Migrate keys handler; no change: says so', () => {
    expect(renderToStaticMarkup(<StructuralDiffView before={LEADERBOARD_DESIGN} after={CHANGED} beforeLabel="a" afterLabel="b" />)).not.toContain(
      'Open in Migrate keys',
    );
    expect(renderToStaticMarkup(<StructuralDiffView before={LEADERBOARD_DESIGN} after={LEADERBOARD_DESIGN} beforeLabel="a" afterLabel="b" />)).toContain(
      '<p role="status" class="structural-diff-summary">No changes.</p>',
    );
  });

  it('renders hostile names and templates as text', () => {
    const hostile: Design = {
      ...CHANGED,
      tables: CHANGED.tables.map((entry) => ({
        ...entry,
        entities: entry.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: '<img src=x onerror=alert(1)>{score}\u202E' } })),
      })),
    };
    const html = renderToStaticMarkup(
      <StructuralDiffView before={LEADERBOARD_DESIGN} after={hostile} beforeLabel="<script>alert(1)</script>" afterLabel="b" />,
    );
    expect(html).not.toMatch(/<(script|img)\b/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('\u202E');
  });
});
