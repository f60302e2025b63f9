import type { Page } from '@playwright/test';
import { AUDIT_LOG_DESIGN, decideFinding, DESIGN_FORMAT, LEADERBOARD_DESIGN, signOff, type Design, type DesignDocument } from '../src/design';
import { plainScoreDesign } from '../src/design/present/present.fixtures';
import { reviewDesign } from '../src/design/review';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';

/** Opens the app with this design saved in the browser and open (the designs store's localStorage entry), at `hash`. */
async function openWith(page: Page, document: DesignDocument, hash = ''): Promise<void> {
  const { format: _format, ...design } = document;
  const saved = { state: { designs: [{ id: 'd1', design, updatedAt: '2026-06-23T10:00:00.000Z' }], openDesignId: 'd1' }, version: 1 };
  await page.addInitScript((value) => localStorage.setItem('keylab.designs', value), JSON.stringify(saved));
  await page.goto(`/${hash}`);
}

// The app's code and the presentation's chunk load first: on a loaded 2-core machine that alone can take many seconds.
test.describe.configure({ timeout: 90_000 });
const LOADED = { timeout: 30_000 };

const presentation = (page: Page) => page.getByRole('region', { name: 'Presentation' });
const slideHeading = (page: Page) => presentation(page).getByRole('heading', { level: 2 });

/** The presenter window's console errors and uncaught exceptions (the fixture watches only the first page). */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  return problems;
}

/** Opens Presenter view from the presentation on screen: the new window. */
async function openPresenterView(page: Page): Promise<Page> {
  const [presenter] = await Promise.all([page.context().waitForEvent('page'), presentation(page).getByRole('button', { name: 'Presenter view' }).click()]);
  return presenter;
}

/**
 * WCAG contrast ratios of the given elements' text against the slide's background (the
 * presentation's), as the browser computed the colours.
 */
async function contrasts(page: Page, selectors: readonly string[]): Promise<Record<string, number>> {
  return presentation(page).evaluate((root, wanted) => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = luminance(getComputedStyle(root).backgroundColor);
    const ratios: Record<string, number> = {};
    for (const selector of wanted) {
      const element = root.querySelector(selector);
      if (!element) throw new Error(`no ${selector} on the slide`);
      const text = luminance(getComputedStyle(element).color);
      ratios[selector] = (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
    }
    return ratios;
  }, selectors);
}

test.describe('Presenter view', () => {
  test('opens a second window with the current and next slide, notes and a timer; next/previous in either window moves both', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openWith(page, LEADERBOARD_DESIGN, '#present=1');
    await expect(slideHeading(page)).toHaveText('Leaderboard', LOADED);
    const presenter = await openPresenterView(page);
    const errors = watchErrors(presenter);
    await presenter.setViewportSize({ width: 1440, height: 900 });
    const current = presenter.getByRole('region', { name: 'Current slide' });
    const next = presenter.getByRole('region', { name: 'Up next' });
    const notes = presenter.getByRole('region', { name: 'Speaker notes' });

    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Leaderboard', LOADED);
    await expect(next.getByRole('group')).toHaveAccessibleName('Run: naive and encoded rankKey');
    await expect(presenter.getByRole('status')).toHaveText('1 / 7');
    await expect(notes.getByRole('definition').first()).toHaveText(LEADERBOARD_DESIGN.description);
    await expect(notes).toContainText('1 table, 1 entity and 2 access patterns to review.');

    // The presenter window drives the presentation: both show the slide it moved to.
    await presenter.getByRole('button', { name: 'Next slide' }).click();
    await expect(slideHeading(page)).toHaveText('Run: naive and encoded rankKey');
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Run: naive and encoded rankKey');
    await expect(next.getByRole('group')).toHaveAccessibleName('Item collection of Leaderboard');
    await expect(presenter.getByRole('status')).toHaveText('2 / 7');
    await expect(notes.locator('code').first()).toHaveText('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    await expect(notes).toContainText('Values as typed: 11 of 12 rows out of their intended place.');
    await presenter.screenshot({ path: test.info().outputPath('presenter-view-1440x900.png') });

    // And the presentation drives the presenter window.
    await page.keyboard.press('ArrowRight');
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Item collection of Leaderboard');
    await expect(presenter.getByRole('status')).toHaveText('3 / 7');
    await presenter.keyboard.press('ArrowLeft');
    await expect(slideHeading(page)).toHaveText('Run: naive and encoded rankKey');
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Run: naive and encoded rankKey');
    await presenter.getByRole('button', { name: 'Previous slide' }).click();
    await expect(slideHeading(page)).toHaveText('Leaderboard');
    await expect(presenter.getByRole('button', { name: 'Previous slide' })).toBeDisabled();

    // An access pattern: its description, and its verdict once the patterns have run.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Top scores of a season, highest first');
    await expect(notes).toContainText(LEADERBOARD_DESIGN.tables[0]?.accessPatterns[0]?.description ?? '');
    await expect(notes).toContainText(/Passes: \d+ items returned\.|Fails \(/);
    await presenter.keyboard.press('End');
    await expect(slideHeading(page)).toHaveText('Review findings');
    await expect(next).toContainText('End of the deck.');

    // The timer: pause, reset to 0:00 (paused, it stays there), resume.
    const clock = presenter.getByRole('timer', { name: 'Elapsed' });
    await expect(clock).toHaveText(/^\d+:\d\d$/);
    await presenter.getByRole('button', { name: 'Pause' }).click();
    await presenter.getByRole('button', { name: 'Reset' }).click();
    await expect(clock).toHaveText('0:00');
    await presenter.getByRole('button', { name: 'Resume' }).click();
    await expect(presenter.getByRole('button', { name: 'Pause' })).toBeVisible();

    // Leaving the presentation tells the presenter window; presenting again picks it up.
    await page.keyboard.press('Escape');
    await expect(presenter.getByRole('alert')).toContainText('The presentation has ended.');
    await expect(presenter.getByRole('button', { name: 'Next slide' })).toBeDisabled();
    await page.getByRole('button', { name: 'Present', exact: true }).click();
    await expect(presenter.getByRole('alert')).toHaveCount(0);
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Leaderboard');
    expect(errors).toEqual([]);
  });

  test('findings: the notes say what is wrong, why it matters and how to fix it', async ({ page }) => {
    await openWith(page, AUDIT_LOG_DESIGN, '#present=1');
    await expect(slideHeading(page)).toBeVisible(LOADED);
    const presenter = await openPresenterView(page);
    const errors = watchErrors(presenter);
    await page.keyboard.press('End');
    await expect(slideHeading(page)).toHaveText(/^Review findings/);
    const notes = presenter.getByRole('region', { name: 'Speaker notes' });
    await expect(notes.getByRole('term').first()).toHaveText('What is wrong', LOADED);
    await expect(notes.getByRole('term')).toContainText(['What is wrong', 'Why it matters', 'How to fix it']);
    // The code a finding quotes is code in the notes too, never a backtick.
    await expect(notes.locator('code').first()).toBeVisible();
    expect((await notes.textContent()) ?? '').not.toContain('`');
    await presenter.setViewportSize({ width: 1440, height: 900 });
    await presenter.screenshot({ path: test.info().outputPath('presenter-view-findings.png') });
    expect(errors).toEqual([]);
  });

  test('without BroadcastChannel, Presenter view says why it can’t link the windows', async ({ page }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'BroadcastChannel');
    });
    await openWith(page, LEADERBOARD_DESIGN, '#present=1');
    await presentation(page).getByRole('button', { name: 'Presenter view' }).click(LOADED);
    await expect(presentation(page)).toContainText('Presenter view needs a browser that can link two windows (BroadcastChannel)');
  });
});

test.describe('Light theme', () => {
  test('the toggle turns the slides dark on white, keeps every text readable, and is remembered in this browser', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openWith(page, LEADERBOARD_DESIGN, '#present=2');
    await expect(slideHeading(page)).toHaveText('Run: naive and encoded rankKey', LOADED);
    const toggle = presentation(page).getByRole('button', { name: 'Light theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const colours = () =>
      presentation(page).evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, text: getComputedStyle(element).color }));
    const texts = [
      '.slide-title',
      '.slide-kicker',
      '.slide-muted',
      '.slide-verdict.good',
      '.slide-verdict.bad',
      '.slide-should-be',
      '.slide-position',
      '.slide-key',
    ];
    const dark = await colours();
    for (const [selector, ratio] of Object.entries(await contrasts(page, texts))) expect(ratio, `dark ${selector}`).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: test.info().outputPath('slides-dark-1920x1080.png') });

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const light = await colours();
    expect(light).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(17, 24, 39)' });
    expect(light.background).not.toBe(dark.background);
    for (const [selector, ratio] of Object.entries(await contrasts(page, texts))) expect(ratio, `light ${selector}`).toBeGreaterThanOrEqual(4.5);
    // The marked byte: black on yellow in both themes.
    const mark = await presentation(page)
      .locator('mark')
      .first()
      .evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
    expect(mark).toEqual(['rgb(0, 0, 0)', 'rgb(255, 214, 10)']);
    await page.screenshot({ path: test.info().outputPath('slides-light-1920x1080.png') });
    await expectNoSidewaysScroll(page);

    // The other slide kinds, light: a pattern and the findings.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(presentation(page).getByRole('region', { name: 'Request' }).locator('code').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('slides-light-pattern-1920x1080.png') });

    await page.setViewportSize({ width: 800, height: 900 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('slides-light-800.png') });

    // Remembered in this browser: a reload presents in the light theme again.
    await page.reload();
    await expect(presentation(page).getByRole('button', { name: 'Light theme' })).toHaveAttribute('aria-pressed', 'true', LOADED);
    expect((await colours()).background).toBe('rgb(255, 255, 255)');
    await presentation(page).getByRole('button', { name: 'Light theme' }).click();
    await expect(presentation(page).getByRole('button', { name: 'Light theme' })).toHaveAttribute('aria-pressed', 'false');
    expect((await colours()).background).toBe(dark.background);
    await page.screenshot({ path: test.info().outputPath('slides-dark-800.png') });
  });
});

test.describe('Closing slide', () => {
  test('lists the recorded decisions and sign-offs; a change after the sign-off shows it out of date', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const base: Design = { ...plainScoreDesign(), name: 'Scores review', revision: 2 };
    const [finding] = reviewDesign({ design: base });
    if (!finding) throw new Error('the scores design raises no finding');
    const decided = decideFinding(
      base,
      finding,
      { kind: 'wontFix', comment: 'Scores never reach 10 digits <b>here</b>', decidedBy: 'Ada' },
      new Date(Date.UTC(2026, 11, 5, 9, 40)),
    );
    const signed = signOff(decided, 'Grace', new Date(Date.UTC(2026, 11, 5, 10, 0)));
    await openWith(page, { format: DESIGN_FORMAT, ...signed }, '#present=1');
    await expect(slideHeading(page)).toHaveText('Scores review', LOADED);
    await page.keyboard.press('End');
    await expect(slideHeading(page)).toHaveText('Decisions and sign-off');
    const decisions = presentation(page).getByRole('list', { name: 'Decisions' });
    await expect(decisions.getByRole('listitem')).toHaveCount(1);
    await expect(decisions.getByRole('listitem')).toContainText("Won't fix");
    await expect(decisions.getByRole('listitem')).toContainText(finding.code);
    await expect(decisions.getByRole('listitem')).toContainText('Scores never reach 10 digits <b>here</b>');
    await expect(decisions.getByRole('listitem')).toContainText('Ada · 2026-12-05 09:40 UTC');
    const reviewers = presentation(page).getByRole('list', { name: 'Reviewers' });
    await expect(reviewers.getByRole('listitem')).toHaveText(['Grace revision 2 · 2026-12-05 10:00 UTC ✓ current']);
    await expect(presentation(page).locator('b')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('closing-dark-1920x1080.png') });
    await presentation(page).getByRole('button', { name: 'Light theme' }).click();
    await page.screenshot({ path: test.info().outputPath('closing-light-1920x1080.png') });
    await page.setViewportSize({ width: 800, height: 900 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('closing-light-800.png') });
    await page.setViewportSize({ width: 1920, height: 1080 });

    // The presenter's notes carry the same record.
    const presenter = await openPresenterView(page);
    const notes = presenter.getByRole('region', { name: 'Speaker notes' });
    await expect(notes).toContainText('Decided by', LOADED);
    await expect(notes).toContainText('Signed off revision 2 on 2026-12-05 10:00 UTC: current, nothing it covers changed since.');
    await presenter.close();

    // A change after the sign-off: the closing slide says it is out of date.
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Description' }).fill('Changed after the meeting.');
    await page.getByRole('button', { name: 'Present', exact: true }).click();
    await page.keyboard.press('End');
    await expect(slideHeading(page)).toHaveText('Decisions and sign-off');
    await expect(reviewers.getByRole('listitem')).toContainText('✗ out of date: the design changed since');
  });
});
