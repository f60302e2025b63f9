import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures';
import { DesignImportExportPage, IMPORT_OUTCOME } from './pages/DesignImportExportPage';
import { DesignPage } from './pages/DesignPage';
import { DesignReviewPage } from './pages/DesignReviewPage';

/**
 * A review meeting's record: a decision on a finding (Won't fix, with a
 * comment and who) and a sign-off made in one browser are in the exported
 * design file, in a share link opened in another browser and in the review
 * document; a change afterwards marks the sign-off out of date.
 */

const REVIEW_DESIGN = path.join(import.meta.dirname, 'designs/review-findings.keylab.json');
const COMMENT = 'Scores are unique per season: <b>no tie</b> can happen';

test('a decision and a sign-off travel in the design file and a share link, show in the review document, and a later change marks the sign-off out of date', async ({
  page,
  context,
  browser,
}) => {
  // An import, a download, a second browser context: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const importExport = new DesignImportExportPage(page);
  await importExport.open();
  await importExport.importFile(REVIEW_DESIGN);
  await expect(importExport.importReport.getByRole('status')).toContainText('Imported “Review findings”', IMPORT_OUTCOME);
  const review = new DesignReviewPage(page);
  await expect(review.region.getByRole('heading', { name: 'Design review', level: 2 })).toBeVisible({ timeout: 30_000 });

  // Decide: Won't fix, with a comment, under the name typed in "Your name".
  await review.yourName.fill('Ada Lovelace');
  const finding = review.openFindings.filter({ has: page.locator('code', { hasText: /^review\.noTiebreaker$/ }) }).first();
  await finding.getByRole('button', { name: "Won't fix", exact: true }).click();
  await finding.getByRole('textbox', { name: /^Comment/ }).fill(COMMENT);
  await finding.getByRole('button', { name: 'Save' }).click();
  const wontFix = review.decided("Won't fix");
  const decided = wontFix.getByRole('listitem').filter({ has: page.locator('code', { hasText: /^review\.noTiebreaker$/ }) });
  await expect(decided).toContainText(`Won't fix Comment: ${COMMENT} — Ada Lovelace, `);
  await expect(review.counts).toContainText("1 won't fix");

  // Sign off: name, date, revision; current.
  await review.signOff.getByRole('button', { name: 'Sign off' }).click();
  const signOffEntry = review.signOff.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
  await expect(signOffEntry).toContainText(/Ada Lovelace signed off on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, revision \d+ — current/);

  // The exported design file holds both.
  await importExport.exportFormat.selectOption({ label: 'Keylab design (JSON)' });
  const downloading = page.waitForEvent('download');
  await importExport.downloadButton.click();
  const file = JSON.parse(await readFile((await (await downloading).path())!, 'utf8'));
  expect(file.decisions).toEqual([
    expect.objectContaining({
      code: 'review.noTiebreaker',
      kind: 'wontFix',
      comment: COMMENT,
      decidedBy: 'Ada Lovelace',
      decidedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    }),
  ]);
  expect(file.signOffs).toEqual([
    expect.objectContaining({ reviewer: 'Ada Lovelace', revision: expect.any(Number), fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) }),
  ]);
  expect(file).not.toHaveProperty('acceptedFindings');

  // The review document on the page: stamped, the decision by kind, the sign-off current.
  const document = page.getByRole('region', { name: 'Review document' });
  await expect(document).toContainText(/Design: Review findings · Revision \d+ · Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  const decisions = document.locator('[data-section="decisions"]');
  await expect(decisions).toContainText("Won't fix (1)");
  await expect(decisions).toContainText(COMMENT);
  await expect(decisions).toContainText('Ada Lovelace');
  await expect(document.locator('[data-section="sign-off"]').getByRole('row', { name: /Ada Lovelace/ })).toContainText('current');

  // The share link, copied from the Share button, opened in a new browser context: the decision and the sign-off are there.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied to the clipboard.' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#share=k1\./);
  const elsewhere = await browser.newContext();
  try {
    const recipient = await elsewhere.newPage();
    await recipient.goto(link);
    const shared = recipient.getByRole('region', { name: /Shared design \(read-only\)/ });
    await expect(shared.getByRole('heading', { level: 2 }).first()).toContainText('Review findings', { timeout: 30_000 });
    // The shared view's own Design review (read-only) lists the decision with its finding.
    const wontFix = shared
      .getByRole('region', { name: "Won't fix (1)" })
      .getByRole('listitem')
      .filter({ has: recipient.locator('code', { hasText: /^review\.noTiebreaker$/ }) });
    await expect(wontFix).toContainText(`Won't fix Comment: ${COMMENT} — Ada Lovelace`, { timeout: 30_000 });
    const sharedSignOff = shared.getByRole('region', { name: 'Sign-off' });
    await expect(sharedSignOff).toContainText(/Ada Lovelace signed off on .* UTC, revision \d+ — current/);
    // Read-only: no Sign off there.
    await expect(sharedSignOff.getByRole('button')).toHaveCount(0);
  } finally {
    await elsewhere.close();
  }

  // A change after the sign-off marks it out of date, here and in the review document.
  await page.keyboard.press('Escape');
  await new DesignPage(page).renameOpenDesign('Review findings (changed)');
  await expect(signOffEntry).toContainText('out of date: the design changed after this sign-off');
  await expect(document.locator('[data-section="sign-off"]').getByRole('row', { name: /Ada Lovelace/ })).toContainText(
    'out of date: the design changed after this sign-off',
  );
});
