import type { Browser, Page } from '@playwright/test';
import { LEADERBOARD_DESIGN, type Design } from '../src/design';
import { encodeShareFragment } from '../src/design/share';
import { expect, test } from './fixtures';
import { AccessPatternsPage } from './pages/AccessPatternsPage';
import { DesignPage } from './pages/DesignPage';
import { DesignReviewPage } from './pages/DesignReviewPage';
import { savedDesignNames, savedDesigns } from './savedDesigns';
import { expectOk } from '../src/errors/testing';

/**
 * A share link carries the review: opened in a browser that has never seen
 * the design, it shows the Design tab's own regions read-only (the findings,
 * open and accepted with their notes; the item collection; the access
 * patterns' verdicts, run in that browser; Present; the review document),
 * saves nothing until Make a copy, and each copy gets a name of its own.
 */

const { format: _format, ...leaderboard } = LEADERBOARD_DESIGN;
/** The Leaderboard with the score written as typed and no tiebreaker: an open error (review.numberInStringField) and a warning to accept (review.noTiebreaker); signed off. */
const REVIEWED: Design = {
  ...leaderboard,
  tables: leaderboard.tables.map((table) => ({
    ...table,
    entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: '{score}#{ts:epoch(16)}' } })),
  })),
};
const NOTE = 'One run per player and second: <b>fine</b> for this season.';

/** Opens the app with `design` as the one saved design, open. */
async function openWith(page: Page, design: Design): Promise<void> {
  const saved = { state: { designs: [{ id: 'd1', design, updatedAt: '2026-12-05T09:00:00.000Z' }], openDesignId: 'd1' }, version: 1 };
  await page.addInitScript((value) => {
    if (!localStorage.getItem('keylab.designs')) localStorage.setItem('keylab.designs', value);
  }, JSON.stringify(saved));
  await page.goto('/');
}

/** A fresh browser context (no saved designs) whose page errors are collected. */
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

/** The IndexedDB databases the page's origin has (the built-in table's is `keylab`, the saved designs' `keylab-designs`). */
function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
}

test('a link opened in a fresh browser shows the review, the verdicts, Present and the review document, read-only; nothing is saved until Make a copy, and two copies get two names', async ({
  page,
  browser,
}) => {
  // Two browser contexts, a review, a run and a presentation: more than the default 30 s on a busy machine.
  test.slow();
  await openWith(page, REVIEWED);
  const senderReview = new DesignReviewPage(page);
  const tiebreaker = senderReview.openFindings.filter({ has: page.locator('code', { hasText: /^review\.noTiebreaker$/ }) });
  await senderReview.region.getByRole('textbox', { name: 'Your name' }).fill('Ada Reviewer', { timeout: 30_000 });
  await tiebreaker.getByRole('button', { name: 'Accept', exact: true }).click();
  await tiebreaker.getByRole('textbox', { name: /^Comment/ }).fill(NOTE);
  await tiebreaker.getByRole('button', { name: 'Save' }).click();
  await expect(senderReview.counts).toContainText('1 accepted');
  const senderSignOff = senderReview.region.getByRole('region', { name: 'Sign-off' });
  await senderSignOff.getByRole('button', { name: 'Sign off' }).click();
  await expect(senderSignOff).toContainText('Ada Reviewer signed off on');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/#share=k1\./);

  const recipient = await freshPage(browser);
  try {
    const other = recipient.page;
    await other.goto(link);
    const view = other.getByRole('region', { name: /Shared design \(read-only\)/ });
    await expect(view.getByRole('heading', { level: 2 }).first()).toHaveText('Leaderboard — Shared design (read-only)', { timeout: 30_000 });

    // The overview first: the review's counts and the open error, the verdicts, marked read-only.
    const overview = other.getByRole('region', { name: 'Design overview' });
    await expect(overview).toContainText('read-only');
    await expect(overview.getByRole('list', { name: 'Most severe open findings' })).toContainText('review.numberInStringField', { timeout: 30_000 });
    await expect(overview).toContainText('1 decided');
    // Its jumps land on the shared templates and keep the link in the address (a changed hash would leave the shared view).
    await overview.getByRole('link', { name: 'Run', exact: true }).click();
    await expect(other.locator('[id="kl-entity-Leaderboard/Run"]')).toBeFocused();
    expect(other.url()).toBe(link);

    // The findings: the open error, and the accepted warning with its note (as text).
    const review = new DesignReviewPage(other);
    await expect(review.counts).toHaveText('1 error · 0 warnings · 0 notes · 1 accepted', { timeout: 30_000 });
    await expect(review.openFindings.filter({ has: other.locator('code', { hasText: /^review\.numberInStringField$/ }) })).toContainText('Error');
    await expect(review.accepted.getByRole('listitem').filter({ has: other.locator('code', { hasText: /^review\.noTiebreaker$/ }) })).toContainText(
      `Comment: ${NOTE} — Ada Reviewer`,
    );
    // The sign-off travels with its revision and is current: the link carries the design it covers, unchanged.
    const signOff = review.region.getByRole('region', { name: 'Sign-off' });
    await expect(signOff).toContainText(/Ada Reviewer signed off on .+, revision \d+ — current/);
    // Nothing to decide, sign or fix here: no button and no name to type in the review.
    await expect(review.region.getByRole('button')).toHaveCount(0);
    await expect(review.region.getByRole('textbox')).toHaveCount(0);

    // The item collection, and the verdicts, run in this browser without asking.
    await expect(other.getByRole('region', { name: 'Item collection' }).getByRole('table', { name: 'Items in the collection' })).toBeVisible();
    const patterns = new AccessPatternsPage(other);
    await expect(patterns.region.getByRole('status')).toHaveText(/^\d of 2 pass\.$/, { timeout: 30_000 });
    await expect(patterns.verdict('Top scores of a season, highest first')).toHaveText(/^(passes|fails)$/);
    await expect(patterns.region.getByRole('button', { name: /^(Add access pattern|Edit|Delete)$/ })).toHaveCount(0);

    // The review document, with the decision.
    const reviewDocument = other.getByRole('region', { name: 'Review document' });
    await expect(reviewDocument).toContainText('review.numberInStringField');
    await expect(reviewDocument).toContainText(NOTE);
    await expect(reviewDocument).toContainText('Ada Reviewer');

    // Nothing typed, nothing saved: no saved design, and no built-in table was opened for the run.
    await expect(view.getByRole('textbox')).toHaveCount(0);
    // (A fresh browser saves the built-in examples on its first load, one of them also named Leaderboard: none is the shared one.)
    const shownTemplate = '{score}#{ts:epoch(16)}';
    expect(JSON.stringify(await savedDesigns(other))).not.toContain(shownTemplate);
    expect(await databaseNames(other)).not.toContain('keylab');

    // Present: the slides open and step; leaving them puts the link back in the address.
    await view.getByRole('button', { name: 'Present', exact: true }).click();
    const presentation = other.getByRole('region', { name: 'Presentation' });
    await expect(presentation.getByRole('status')).toHaveText(/^1 \/ \d+$/);
    await expect(presentation.getByRole('heading', { level: 2 })).toHaveText('Leaderboard');
    await other.keyboard.press('ArrowRight');
    await expect(presentation.getByRole('status')).toHaveText(/^2 \/ \d+$/);
    await other.keyboard.press('Escape');
    await expect(presentation).toHaveCount(0);
    expect(other.url()).toBe(link);

    // Make a copy, twice: two designs, two names, beside the built-in Leaderboard.
    const designs = new DesignPage(other);
    await view.getByRole('button', { name: 'Make a copy' }).click();
    await expect(designs.designButton('Leaderboard (copy)')).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    await other.goto(link);
    await view.getByRole('button', { name: 'Make a copy' }).click();
    await expect(designs.designButton('Leaderboard (copy 2)')).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    await expect(designs.designButton('Leaderboard')).toHaveCount(1);
    await expect(designs.designButton('Leaderboard (copy)')).toHaveCount(1);
    // The copy carries the decision: its review shows the note, now with the controls to change it.
    await expect(review.accepted).toContainText(NOTE);
    await expect(review.accepted.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(review.region.getByRole('region', { name: 'Sign-off' }).getByRole('button', { name: 'Sign off' })).toBeVisible();
    await expect.poll(() => savedDesignNames(other)).toEqual(expect.arrayContaining(['Leaderboard (copy)', 'Leaderboard (copy 2)']));
    expect(JSON.stringify(await savedDesigns(other))).toContain(shownTemplate);
    expect(recipient.errors).toEqual([]);
  } finally {
    await recipient.close();
  }
});

test('Make a copy waits until the saved designs are read, so a copy is never named against the examples only (nor dropped by the load)', async ({
  browser,
}) => {
  test.slow();
  const encoded = encodeShareFragment(REVIEWED);
  expectOk(encoded);
  const recipient = await freshPage(browser);
  try {
    const other = recipient.page;
    // Each load's read of the saved designs is held until the test lets it go (window.__readDesigns()), as a slow disk would.
    await other.addInitScript(() => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      (window as { __readDesigns?: () => void }).__readDesigns = release;
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        const request = open.call(this, name, version);
        if (name !== 'keylab-designs') return request;
        const add = request.addEventListener.bind(request);
        request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
          add(type, (event) => void held.then(() => listener.call(request, event)), options)) as typeof request.addEventListener;
        return request;
      };
    });
    const readDesigns = () => other.evaluate(() => (window as { __readDesigns?: () => void }).__readDesigns?.());
    const view = other.getByRole('region', { name: /Shared design \(read-only\)/ });
    const makeCopy = view.getByRole('button', { name: 'Make a copy' });
    const designs = new DesignPage(other);

    await other.goto(`/#${encoded.fragment}`);
    await readDesigns();
    await makeCopy.click({ timeout: 30_000 });
    await expect(designs.designButton('Leaderboard (copy)')).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    await expect.poll(() => savedDesignNames(other)).toContain('Leaderboard (copy)');

    // A new load of the link: until the saved designs (with "Leaderboard (copy)") are read, there is nothing to copy into.
    await other.goto('about:blank');
    await other.goto(`/#${encoded.fragment}`);
    await expect(view.getByRole('status').filter({ hasText: 'Reading your saved designs…' })).toBeVisible({ timeout: 30_000 });
    await expect(makeCopy).toBeDisabled();
    await readDesigns();
    await makeCopy.click();
    await expect(designs.designButton('Leaderboard (copy 2)')).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    await expect(designs.designButton('Leaderboard (copy)')).toHaveCount(1);
    await expect.poll(() => savedDesignNames(other)).toEqual(expect.arrayContaining(['Leaderboard (copy)', 'Leaderboard (copy 2)']));
    expect(recipient.errors).toEqual([]);
  } finally {
    await recipient.close();
  }
});
