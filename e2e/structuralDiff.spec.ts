import { LEADERBOARD_DESIGN, type DesignDocument } from '../src/design';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { CompareDesignsPage } from './pages/CompareDesignsPage';
import { LoadIntoTablePage } from './pages/LoadIntoTablePage';
import { StructuralDiffPage } from './pages/StructuralDiffPage';

const RAW = '{score}#{ts}#{playerId}';
const PADDED = '{score:int(10)}#{ts:epoch(16)}#{playerId}';

/** The leaderboard as shipped: raw scores in the rank key, byPlayer sorted by ts. */
const SHIPPED: DesignDocument = {
  ...LEADERBOARD_DESIGN,
  name: 'Leaderboard shipped',
  tables: LEADERBOARD_DESIGN.tables.map((table) => ({
    ...table,
    entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: RAW } })),
  })),
};

/** Issue 32's example: the next version pads the rank key and sorts byPlayer by score (the entity's template for it reads the score items hold). */
const NEXT: DesignDocument = {
  ...LEADERBOARD_DESIGN,
  name: 'Leaderboard next',
  tables: LEADERBOARD_DESIGN.tables.map((table) => ({
    ...table,
    indexes: table.indexes.map((index) => ({ ...index, sortKey: [{ name: 'score', type: 'N' as const }] })),
    entities: table.entities.map((entity) => ({
      ...entity,
      keys: { leaderboardId: 'SEASON#{season}', rankKey: PADDED, playerId: '{playerId}', score: '{score}' },
    })),
  })),
};

/** Both designs saved in this browser once per test, the shipped one open. */
async function seedDesigns(page: Page): Promise<void> {
  const updatedAt = '2026-12-01T10:00:00.000Z';
  const saved = JSON.stringify({
    state: {
      designs: [
        { id: 'shipped', design: SHIPPED, updatedAt },
        { id: 'next', design: NEXT, updatedAt },
      ],
      openDesignId: 'shipped',
    },
    version: 1,
  });
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('keylab.designs', value);
      sessionStorage.setItem('seeded', 'yes');
    }
  }, saved);
}

test.describe('structural diff', () => {
  test.beforeEach(async ({ page }) => seedDesigns(page));

  test('two designs differing in a GSI key and a template: "new index and backfill", the items that move, and Migrate keys prepared', async ({ page }) => {
    test.setTimeout(120_000);
    const load = new LoadIntoTablePage(page);
    await page.goto('/');
    await load.load.click();
    await expect(load.report).toContainText('Items written: 12', { timeout: 60_000 });

    const compare = new CompareDesignsPage(page);
    await compare.openButton.click();
    await compare.right.selectOption({ label: 'Leaderboard next' });
    const diff = new StructuralDiffPage(page, compare.region);
    await expect(diff.summary).toContainText('new index and backfill (1), items move: rewrite keys (1)');
    // Nothing in the page says the seeded designs are broken: the example is a valid pair of designs.
    await expect(page.getByRole('alert').filter({ hasText: 'has problems' })).toHaveCount(0);
    await expect(diff.change('index byPlayer keys')).toContainText('new index and backfill');
    await expect(diff.change('index byPlayer keys')).toContainText('GSI: partition playerId (S), sort score (N)');

    // Raw scores sorted as text, padded ones by value: the new order (DynamoDB's) is by score.
    const rows = diff.movingItems('table Leaderboard');
    await expect(rows).toHaveCount(12);
    await expect(rows.first()).toContainText('run-12');
    await expect(rows.first()).toContainText('SEASON#2026-SUMMER / 0000000003#0000001719745200#p_4477');
    await expect(rows.first()).toContainText('1 of 12');
    await expect(rows.last()).toContainText('run-1');
    await expect(rows.last()).toContainText('5 of 12');
    await expect(rows.last()).toContainText('12 of 12');

    await diff
      .change(/entity Run: table key rankKey/)
      .getByRole('button', { name: 'Open in Migrate keys' })
      .click();
    await expect(page.getByRole('tab', { name: 'Migrate keys' })).toHaveAttribute('aria-selected', 'true');
    const migrate = page.getByRole('tabpanel', { name: 'Migrate keys' });
    await expect(migrate.getByLabel('Table', { exact: true })).toHaveValue('Leaderboard');
    await expect(migrate.getByRole('textbox', { name: 'Current template for rankKey' })).toHaveValue(RAW);
    await expect(migrate.getByRole('textbox', { name: 'Target template for rankKey' })).toHaveValue(PADDED);
    await expect(migrate.getByRole('status').filter({ hasText: 'Prepared from the structural diff' })).toContainText('entity Run of table Leaderboard');
    await expect(page.getByRole('alert').filter({ hasText: 'has problems' })).toHaveCount(0);
  });

  test('at 800 px the diff wraps and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/');
    const compare = new CompareDesignsPage(page);
    await compare.openButton.click();
    await compare.right.selectOption({ label: 'Leaderboard next' });
    await expect(new StructuralDiffPage(page, compare.region).summary).toContainText('new index and backfill');
    await expectNoSidewaysScroll(page);
  });
});
