import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures';
import { DesignImportExportPage, IMPORT_OUTCOME } from './pages/DesignImportExportPage';
import { DesignPage } from './pages/DesignPage';
import { DesignReviewPage } from './pages/DesignReviewPage';

/** A design with the pitfalls the rules flag (numbers and US dates in string fields, a bare score, a UUID sort key, ORDER# / ORDERITEM#, mixed case). */
const REVIEW_DESIGN = path.join(import.meta.dirname, 'designs/review-findings.keylab.json');

// Each test imports a design (a worker, then a durable IndexedDB write) and walks the review: on a loaded machine (2 cores,
// load 16) that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function openReviewDesign(page: import('@playwright/test').Page): Promise<DesignReviewPage> {
  const importExport = new DesignImportExportPage(page);
  await importExport.open();
  await importExport.importFile(REVIEW_DESIGN);
  await expect(importExport.importReport.getByRole('status')).toContainText('Imported “Review findings”', IMPORT_OUTCOME);
  const review = new DesignReviewPage(page);
  await expect(review.region.getByRole('heading', { name: 'Design review', level: 2 })).toBeVisible({ timeout: 30_000 });
  return review;
}

test('the Design review region shows the open design’s counts by severity', async ({ page }) => {
  const review = await openReviewDesign(page);
  await expect(review.counts).toHaveText(/^\d+ errors? · \d+ warnings? · \d+ notes?( · \d+ accepted)?$/);
  await expect(review.region.getByRole('combobox', { name: 'Show' })).toBeVisible();
  // Every open finding shows its severity as text and its code.
  for (const item of await review.openFindings.all()) {
    await expect(item).toContainText(/^(Error|Warning|Note) review\.[a-zA-Z]+/);
  }
});

// Needs the merged rules (src/design/review/rules/*): on a branch without them the design has no finding to accept.
test('Accept with a comment keeps the finding accepted, with its comment and who, across a reload; Reopen reopens it', async ({ page }) => {
  const review = await openReviewDesign(page);
  const first = review.openFindings.first();
  await expect(first).toBeVisible();
  const code = (await first.locator('code').first().textContent()) ?? '';
  expect(code).toMatch(/^review\.[a-zA-Z]+$/);
  const openBefore = await review.openFindings.count();

  await first.getByRole('button', { name: 'Accept', exact: true }).click();
  const note = first.getByRole('textbox', { name: /^Comment/ });
  await expect(note).toBeFocused();
  // A decision records who made it: without a name it is refused with why.
  await note.fill('x');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByRole('alert')).toHaveText(/Type your name in “Your name” first/);
  await review.yourName.fill('Ada');
  // An empty comment is refused with why.
  await note.fill('');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByRole('alert')).toHaveText(/Write a comment saying why/);
  await note.fill('Accepted in the review meeting: <b>known</b> and fine');
  await first.getByRole('button', { name: 'Save' }).click();

  const accepted = review.accepted
    .getByRole('listitem')
    .filter({ has: page.locator('code', { hasText: code }) })
    .first();
  await expect(accepted).toContainText('Accepted');
  // The note is text, never HTML.
  await expect(accepted).toContainText('Comment: Accepted in the review meeting: <b>known</b> and fine — Ada,');
  await expect(review.counts).toContainText('1 accepted');
  await expect(review.openFindings).toHaveCount(openBefore - 1);

  await page.reload();
  // The Design review region shows before the saved designs are read (on the first example): wait for the saved list to
  // have been read, with the imported design open again, not for the region.
  await expect(new DesignPage(page).designButton('Review findings')).toHaveAttribute('aria-current', 'true', { timeout: 30_000 });
  const reloaded = new DesignReviewPage(page);
  // The regions below the editor load after the first paint (their own chunks).
  await expect(reloaded.region).toBeVisible({ timeout: 30_000 });
  const stillAccepted = reloaded.accepted
    .getByRole('listitem')
    .filter({ has: page.locator('code', { hasText: code }) })
    .first();
  await expect(stillAccepted).toContainText('Comment: Accepted in the review meeting: <b>known</b> and fine — Ada,');
  await expect(reloaded.counts).toContainText('1 accepted');
  // The name was typed once: it is remembered in this browser.
  await expect(reloaded.yourName).toHaveValue('Ada');

  await stillAccepted.getByRole('button', { name: 'Reopen' }).click();
  await expect(reloaded.accepted).toHaveCount(0);
  await expect(reloaded.openFindings).toHaveCount(openBefore);
});

test('a design with the articles’ pitfalls shows at least eight rules, each with its code; an accepted finding and its comment are in the exported review', async ({
  page,
}) => {
  const review = await openReviewDesign(page);
  await expect(review.openFindings.first()).toBeVisible();
  const codes = new Set((await review.region.locator('code').allTextContents()).filter((text) => /^review\.[a-zA-Z]+$/.test(text)));
  expect([...codes].length, [...codes].join(', ')).toBeGreaterThanOrEqual(8);
  for (const code of [
    'review.numberInStringField',
    'review.dateNotIso',
    'review.noTiebreaker',
    'review.randomSortKey',
    'review.prefixOverlap',
    'review.caseOrder',
  ]) {
    expect(codes, code).toContain(code);
  }

  const finding = review.openFindings.filter({ has: page.locator('code', { hasText: /^review\.noTiebreaker$/ }) }).first();
  await review.yourName.fill('Ada');
  await finding.getByRole('button', { name: 'Accept', exact: true }).click();
  await finding.getByRole('textbox', { name: /^Comment/ }).fill('One score per player and season: the player id is the partition.');
  await finding.getByRole('button', { name: 'Save' }).click();
  await expect(review.counts).toContainText('1 accepted');

  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Import and export' }).getByRole('button', { name: 'Export review' }).click();
  const markdown = await readFile((await (await downloading).path())!, 'utf8');
  expect(markdown).toContain('review.noTiebreaker');
  expect(markdown).toContain('One score per player and season: the player id is the partition.');
  expect(markdown).toMatch(/## Decisions\n\n### Accepted \(1\)/);
  expect(markdown).toContain('review.numberInStringField');
});

test('a fix button reads “Use {…}”: its code is a <code>, its accessible name has no marker and no backtick; no finding shows a ␣ between words', async ({
  page,
}) => {
  // The import and the review run in a worker and a deferred render: slow on a loaded machine.
  test.slow();
  const review = await openReviewDesign(page);
  const finding = review.openFindings.filter({ has: page.locator('code', { hasText: /^review\.numberInStringField$/ }) }).first();
  const fix = finding.getByRole('button', { name: /^Use/ });
  await expect(fix).toHaveAccessibleName(/^Use \{\w+:int\(\d+\)\}$/);
  await expect(fix.locator('code')).toHaveText(/^\{\w+:int\(\d+\)\}$/);
  const texts = await review.openFindings.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text).not.toContain('␣');
    expect(text).not.toContain('`');
  }
  for (const name of await review.region.getByRole('button', { name: /^Use/ }).allTextContents()) expect(name).not.toMatch(/[␣`]/);
});
