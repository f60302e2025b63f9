import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { LEADERBOARD_DESIGN, serializeDesignDocument, type Design } from '../src/design';
import { encodeShareFragment } from '../src/design/share';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { DesignImportExportPage } from './pages/DesignImportExportPage';
import { DesignPage } from './pages/DesignPage';
import { savedDesignNames } from './savedDesigns';
import { expectOk } from '../src/errors/testing';

/**
 * The Share link: the open design as a URL fragment, opened read-only in a
 * browser that has never seen it, copied into its Designs only on Make a
 * copy. A link is untrusted: HTML and bidi controls in it are text, and a
 * huge or damaged link is refused with a message.
 */

/** A fresh browser context (no saved designs, no clipboard grant) whose page errors fail the test. */
async function freshPage(browser: Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

function sharedView(page: Page) {
  return page.getByRole('region', { name: /Shared design \(read-only\)/ });
}

test('Share → the link opens the same design read-only in a fresh browser → Make a copy puts it in Designs, editable', async ({ page, browser, context }) => {
  // Two browser contexts, a reload: more than the default 30 s on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const design = new DesignPage(page);
  await design.open();
  await design.renameOpenDesign('Season ladder (shared)');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const linkBox = page.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveAttribute('readonly', '');
  const link = await linkBox.inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#share=k1\.[A-Za-z0-9_-]+$/);
  expect(link.length).toBeLessThan(2048);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied to the clipboard.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const recipient = await freshPage(browser);
  try {
    await recipient.page.goto(link);
    const view = sharedView(recipient.page);
    // A fresh context loads the app and the shared view's chunk from nothing: give a busy machine time.
    await expect(view.getByRole('heading', { level: 2 }).first()).toHaveText('Season ladder (shared) — Shared design (read-only)', { timeout: 15_000 });
    await expect(recipient.page.getByRole('tab', { name: 'Design', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(view).toContainText('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    await expect(view.getByRole('row', { name: /^run-2 / })).toContainText('0000001500#0000001719709200#p_8842');
    await expect(view).toContainText('GSI byPlayer: playerId (S) / ts (N), projection ALL');
    // Read-only: nothing to type into, and nothing saved yet.
    await expect(view.getByRole('textbox')).toHaveCount(0);
    expect(await savedDesignNames(recipient.page)).not.toContainEqual(expect.stringContaining('Season ladder'));

    await view.getByRole('button', { name: 'Make a copy' }).click();
    const recipientDesign = new DesignPage(recipient.page);
    await expect(recipientDesign.designButton('Season ladder (shared)')).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    expect(new URL(recipient.page.url()).hash).toBe('');
    const name = recipient.page.getByRole('textbox', { name: 'Design name' });
    await expect(name).toHaveValue('Season ladder (shared)');
    await expect(recipientDesign.template('Run', 'rankKey')).toHaveValue('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    await name.fill('Season ladder (mine)');
    await name.press('Enter');
    await expect(recipientDesign.designButton('Season ladder (mine)')).toBeVisible();
    // The copy is saved: a reload keeps it, and shows the designs rather than the link.
    await recipient.page.reload();
    await recipientDesign.savedDesignsRead('Season ladder (mine)');
    expect(recipient.errors).toEqual([]);
  } finally {
    await recipient.close();
  }
});

test('when the clipboard is refused, Copy link selects the link and says how to copy it', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
  });
  const design = new DesignPage(page);
  await design.open();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'press Ctrl+C' })).toHaveText(
    'The browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
  );
  const linkBox = page.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toBeFocused();
  const selected = await linkBox.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd, input.value.length]);
  expect(selected).toEqual([0, selected[2], selected[2]]);
});

const SPOOFED = '05\u202Egnp.exe';
const HOSTILE: Design = {
  ...LEADERBOARD_DESIGN,
  name: '<img src=x onerror="window.__injected=1">Ladder',
  description: `<script>window.__injected=2</script> by ${SPOOFED}`,
  tables: LEADERBOARD_DESIGN.tables.map((table) => ({
    ...table,
    entities: table.entities.map((entity) => ({
      ...entity,
      name: `<b id="injected">Run</b>${SPOOFED}`,
      samples: entity.samples.map((sample) => ({ ...sample, values: { ...sample.values, playerId: `<i>${SPOOFED}</i>` } })),
    })),
    accessPatterns: table.accessPatterns.map((pattern) => ({
      ...pattern,
      entities: [`<b id="injected">Run</b>${SPOOFED}`],
      name: `<a href="javascript:alert(1)">${pattern.name}</a>`,
    })),
  })),
};

test('a hostile link shows its HTML and bidi controls as text', async ({ page }) => {
  const encoded = encodeShareFragment(HOSTILE);
  expectOk(encoded);
  await page.goto(`/#${encoded.fragment}`);
  const view = sharedView(page);
  await expect(view.getByRole('heading', { level: 2 }).first()).toHaveText('<img src=x onerror="window.__injected=1">Ladder — Shared design (read-only)');
  await expect(view).toContainText('<script>window.__injected=2</script> by 05⟨U+202E⟩gnp.exe');
  await expect(view).toContainText('<b id="injected">Run</b>05⟨U+202E⟩gnp.exe');
  await expect(view.getByRole('row', { name: /^run-2 / })).toContainText('#<i>05⟨U+202E⟩gnp.exe</i>');
  expect(await page.locator('#view-design').evaluate((element) => element.textContent)).not.toContain('\u202E');
  await expect(page.locator('#view-design img, #view-design script, #view-design b#injected, #view-design a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  const marker = view.locator('bdi .invisible-char').first();
  await expect(marker).toHaveAttribute('title', 'U+202E right-to-left override');
});

test('a damaged link says what is wrong, opens nothing, and leads back to the designs', async ({ page }) => {
  const encoded = encodeShareFragment(LEADERBOARD_DESIGN);
  expectOk(encoded);
  await page.goto(`/#${encoded.fragment.slice(0, 400)}`);
  const view = sharedView(page);
  await expect(view.getByRole('heading', { level: 2 })).toHaveText('Shared design (read-only): this link can’t be opened');
  await expect(view.getByRole('alert')).toContainText('The link is damaged: its compressed data does not unpack');
  await view.getByRole('button', { name: 'Back to designs' }).click();
  await expect(new DesignPage(page).designs).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');

  await page.goto('/#share=k9.AAAA');
  await expect(view.getByRole('alert')).toContainText('This link was made by a newer Keylab (link version "k9")');
});

test('a 10 MB link is refused with a message', async ({ page }) => {
  test.slow();
  const design = new DesignPage(page);
  await design.open();
  // Chromium keeps URLs up to 2 MB, so a 10 MB fragment is set as the page's hash from script, as a pasted link would be.
  await page.evaluate(() => {
    window.location.hash = `share=k1.${'A'.repeat(10 * 1024 * 1024)}`;
  });
  expect(await page.evaluate(() => window.location.hash.length)).toBeGreaterThan(10 * 1024 * 1024);
  const view = sharedView(page);
  await expect(view.getByRole('alert')).toContainText('This link is 10.0 MB long; a Keylab share link is at most 32.0 KB, so it was not opened');
  await expectNoSidewaysScroll(page);
});

test('a design too large for a link says so and downloads the design file instead', async ({ page }, testInfo) => {
  test.slow();
  const table = LEADERBOARD_DESIGN.tables[0]!;
  const run = table.entities[0]!;
  // Distinct player ids don't compress: 2,000 runs pack past the 32 KB a link holds.
  const samples = Array.from({ length: 2000 }, (_, i) => ({
    id: `run-${i}`,
    values: {
      season: '2026-SUMMER',
      score: String((i * 7919) % 100000),
      ts: String(1719705600 + i * 37),
      playerId: `p_${((i * 104729) % 999983).toString(36)}`,
    },
  }));
  const big: Design = { ...LEADERBOARD_DESIGN, name: 'Big ladder', tables: [{ ...table, entities: [{ ...run, samples }] }] };
  const file = testInfo.outputPath('big-ladder.keylab.json');
  await writeFile(file, serializeDesignDocument(big));
  const importExport = new DesignImportExportPage(page);
  await importExport.open();
  await importExport.importFile(file);
  await expect(page.getByRole('textbox', { name: 'Design name' })).toHaveValue('Big ladder', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  // Packing a big design takes a moment on a busy machine.
  await expect(page.getByRole('alert').filter({ hasText: 'too large for a link' })).toContainText('“Big ladder” is too large for a link', { timeout: 15_000 });
  await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download design file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Big-ladder.keylab.json');
  expect(JSON.parse(await readFile(await download.path(), 'utf8'))).toMatchObject({ format: 'keylab.design/1', name: 'Big ladder' });
});
