import type { Page } from '@playwright/test';
import { AUDIT_LOG_DESIGN, DESIGN_FORMAT, LEADERBOARD_DESIGN, SHOP_DESIGN, type DesignDocument } from '../src/design';
import { plainScoreDesign } from '../src/design/present/present.fixtures';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';

/** Opens the app with this design saved in the browser and open (the designs store's localStorage entry), at `hash`. */
async function openWith(page: Page, document: DesignDocument, hash = ''): Promise<void> {
  const { format: _format, ...design } = document;
  const saved = { state: { designs: [{ id: 'd1', design, updatedAt: '2026-06-23T10:00:00.000Z' }], openDesignId: 'd1' }, version: 1 };
  await page.addInitScript((value) => localStorage.setItem('keylab.designs', value), JSON.stringify(saved));
  await page.goto(`/${hash}`);
}

const presentation = (page: Page) => page.getByRole('region', { name: 'Presentation' });
const counter = (page: Page) => presentation(page).getByRole('status');

/** The computed font size (px) of the first key on the slide. */
async function keyFontSize(page: Page): Promise<number> {
  return presentation(page)
    .locator('.slide-key')
    .first()
    .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
}

test.describe('Presentation mode', () => {
  test('Present → step through with the keyboard, the URL keeps the slide across a reload, Esc leaves', async ({ page }) => {
    await openWith(page, LEADERBOARD_DESIGN);
    const present = page.getByRole('button', { name: 'Present', exact: true });
    await present.click();
    await expect(presentation(page)).toBeVisible();
    // Leaderboard: title, Run's order, the table's and byPlayer's item collections, two patterns, findings.
    await expect(counter(page)).toHaveText('1 / 7');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('Leaderboard');
    // Editing chrome is gone: only the slide controls (Presenter view and the theme: e2e/presenterView.spec.ts).
    await expect(presentation(page).getByRole('button')).toHaveText(['Presenter view', 'Light theme', '‹', '›', '✕']);
    await expect(presentation(page).getByRole('textbox')).toHaveCount(0);
    await expect(presentation(page).getByRole('button', { name: 'Previous slide' })).toBeDisabled();

    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText('2 / 7');
    await expect(page).toHaveURL(/#present=2$/);
    await page.keyboard.press('PageDown');
    await expect(counter(page)).toHaveText('3 / 7');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('Item collection of Leaderboard');
    await page.keyboard.press('PageUp');
    await expect(counter(page)).toHaveText('2 / 7');
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page)).toHaveText('1 / 7');
    await page.keyboard.press('End');
    await expect(counter(page)).toHaveText('7 / 7');
    await expect(presentation(page).getByRole('button', { name: 'Next slide' })).toBeDisabled();
    await page.keyboard.press('Home');
    await expect(counter(page)).toHaveText('1 / 7');
    await presentation(page).getByRole('button', { name: 'Next slide' }).click();
    await presentation(page).getByRole('button', { name: 'Next slide' }).click();
    await expect(counter(page)).toHaveText('3 / 7');
    await expect(page).toHaveURL(/#present=3$/);

    await page.reload();
    await expect(presentation(page)).toBeVisible();
    await expect(counter(page)).toHaveText('3 / 7');
    await expect(page.getByRole('tab', { name: 'Design', exact: true })).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Escape');
    await expect(presentation(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/#present/);
    await expect(page.getByRole('button', { name: 'Present', exact: true })).toBeFocused();
  });

  test('a #present=<n> link opens the Design tab at slide n (past the end: the last), and #explorer still opens the explorer', async ({ page }) => {
    await openWith(page, SHOP_DESIGN, '#present=7');
    await expect(counter(page)).toHaveText(/^7 \/ \d+$/);
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('A customer’s orders, newest first');
    // The request, and the result once the patterns have run over the samples.
    await expect(presentation(page).getByRole('region', { name: 'Request' })).toContainText('PK = :PK AND begins_with(SK, :SKPrefix)');
    await expect(presentation(page).getByRole('region', { name: 'Result' })).toContainText('passes · 3 items');
    await expect(
      presentation(page)
        .getByRole('list', { name: /^Returned items by SK/ })
        .getByRole('listitem'),
    ).toHaveCount(3);
    await presentation(page).getByRole('button', { name: 'Exit presentation' }).click();
    await expect(presentation(page)).toHaveCount(0);

    await page.goto('/#present=999');
    await expect(counter(page)).toHaveText(/^(\d+) \/ \1$/);
    await expect(page).not.toHaveURL(/#present=999/);

    await page.goto('/#explorer');
    await expect(page.getByRole('tab', { name: 'Table explorer' })).toHaveAttribute('aria-selected', 'true');
    await expect(presentation(page)).toHaveCount(0);
  });

  test('at 1920×1080 keys are at least 28 px, the first differing byte is a <mark>; readable at 1440×900 and 800 px wide', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openWith(page, LEADERBOARD_DESIGN, '#present=2');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('Run: naive and encoded rankKey');
    const naive = presentation(page).getByRole('list', { name: 'Naive order' });
    const encoded = presentation(page).getByRole('list', { name: 'Encoded order' });
    // Read highest first: naive "9#…" sorts first (0x39 is the largest first byte), and its 9 is what decides it.
    await expect(naive.getByRole('listitem').first()).toContainText('9#1719741600#p_1024');
    await expect(naive.getByRole('listitem').first().locator('mark')).toHaveText('9');
    await expect(naive.getByRole('listitem').first()).toContainText('should be #11');
    await expect(encoded.getByRole('listitem').first()).toContainText('0000002300#0000001719705600#p_7781');
    await expect(encoded.getByRole('listitem').nth(1).locator('mark')).toHaveText('1');
    await expect(presentation(page)).toContainText('11 rows out of place');
    await page.screenshot({ path: testInfo.outputPath('presentation-1920x1080.png') });
    expect(await keyFontSize(page)).toBeGreaterThanOrEqual(28);
    await expectNoSidewaysScroll(page);
    // The whole slide fits a 1080-pixel screen: the last key row and the controls are in view.
    await expect(encoded.getByRole('listitem').last()).toBeInViewport();
    await expect(presentation(page).getByRole('button', { name: 'Exit presentation' })).toBeInViewport();

    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await keyFontSize(page)).toBeGreaterThanOrEqual(28);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('presentation-1440x900.png') });

    await page.setViewportSize({ width: 800, height: 900 });
    expect(await keyFontSize(page)).toBeGreaterThanOrEqual(20);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('presentation-800.png') });
  });

  test('the findings slide shows the code a suggestion quotes as <code>, never a backtick or a ␣ between words', async ({ page }) => {
    await openWith(page, AUDIT_LOG_DESIGN, '#present=1');
    await expect(presentation(page)).toBeVisible();
    await page.keyboard.press('End');
    const findings = presentation(page).getByRole('list', { name: 'Findings' });
    await expect(findings.locator('code').first()).toBeVisible();
    const text = (await presentation(page).textContent()) ?? '';
    expect(text).not.toContain('`');
    expect(text).not.toContain('␣');
  });

  test('long keys (an ISO instant and an id) keep one line per row in both columns at 1920×1080 and 1440×900', async ({ page }) => {
    const samples = ['2026-06-01T01:06:36.141Z', '2026-06-01T02:19:45.345Z', '2026-06-01T11:48:42.814Z'].map((at, index) => ({
      id: `s${index}`,
      values: { tenant: 't1', at, eventId: `evt_4466874${index}` },
    }));
    const longKeys: DesignDocument = {
      format: DESIGN_FORMAT,
      name: 'Audit trail',
      description: '',
      tables: [
        {
          name: 'SaaS',
          description: '',
          partitionKey: { name: 'PK', type: 'S' },
          sortKey: { name: 'SK', type: 'S' },
          indexes: [],
          billingMode: 'PAY_PER_REQUEST',
          entities: [
            {
              name: 'AuditEvent',
              description: '',
              keys: { PK: 'TENANT#{tenant}', SK: '{at:iso(ms)}#{eventId}' },
              attributes: [],
              samples,
              expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
            },
          ],
          accessPatterns: [],
        },
      ],
    };
    await page.setViewportSize({ width: 1440, height: 900 });
    await openWith(page, longKeys, '#present=2');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('AuditEvent: naive and encoded SK');
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      const lines = await presentation(page)
        .locator('.slide-columns-order .slide-key')
        .evaluateAll((keys) => keys.map((key) => Math.round(key.getBoundingClientRect().height / parseFloat(getComputedStyle(key).lineHeight))));
      expect(lines, `${size.width}×${size.height}`).toEqual(Array(6).fill(1));
      expect(await keyFontSize(page)).toBeGreaterThanOrEqual(20);
      await expectNoSidewaysScroll(page);
    }
  });

  test('the deck never contradicts itself: scores stored as text are out of place on the order slide and in the item collection alike (issue 31)', async ({
    page,
  }) => {
    await openWith(page, { format: DESIGN_FORMAT, ...plainScoreDesign() }, '#present=2');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('Score: naive and encoded SK');
    await expect(presentation(page).getByRole('region', { name: 'Encoded order' })).toContainText('✗ 5 rows out of place');
    await page.keyboard.press('ArrowRight');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('Item collection of Scores');
    const verdict = presentation(page).locator('.slide-verdict');
    await expect(verdict).toHaveText('✗ 5 of 5 items out of their intended order');
    await expect(verdict).toHaveClass(/\bbad\b/);
    await expect(presentation(page).getByRole('list', { name: 'Items in DynamoDB’s order' }).getByRole('listitem').first()).toContainText(
      'intended #2 of Score',
    );
    await expect(presentation(page)).not.toContainText('✓');
  });

  test('a design with HTML in its names and samples shows it as text', async ({ page }) => {
    const hostile: DesignDocument = {
      format: DESIGN_FORMAT,
      name: '<img src=x onerror="window.__pwned=1">Design',
      description: '<script>window.__pwned=2</script>',
      tables: [
        {
          name: 'T',
          description: '',
          partitionKey: { name: 'PK', type: 'S' },
          sortKey: { name: 'SK', type: 'S' },
          indexes: [],
          billingMode: 'PAY_PER_REQUEST',
          entities: [
            {
              name: '<b>Entity</b>',
              description: '',
              keys: { PK: 'P', SK: '<i>{name}</i>' },
              attributes: [],
              samples: [
                { id: 's1', values: { name: '<img src=y onerror="window.__pwned=3">' } },
                { id: 's2', values: { name: '<u>b</u>' } },
              ],
              expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
            },
          ],
          accessPatterns: [],
        },
      ],
    };
    await openWith(page, hostile, '#present=1');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('<img src=x onerror="window.__pwned=1">Design');
    await expect(presentation(page)).toContainText('<script>window.__pwned=2</script>');
    await page.keyboard.press('ArrowRight');
    await expect(presentation(page).getByRole('heading', { level: 2 })).toHaveText('<b>Entity</b>: naive and encoded SK');
    await expect(presentation(page).getByRole('list', { name: 'Encoded order' })).toContainText('<i><img src=y onerror="window.__pwned=3"></i>');
    await page.keyboard.press('ArrowRight');
    await expect(presentation(page)).toContainText('<u>b</u>');
    await expect(presentation(page).locator('img, script, b, i, u')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
