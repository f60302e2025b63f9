import { expect, test } from './fixtures';
import { expectFullyVisible, expectNoSidewaysScroll } from './layout';
import { KeyBuilderPage } from './pages/KeyBuilderPage';

/** The verdict colours of app.css: green for success only. */
const TONE_COLOURS = { success: 'rgb(30, 123, 52)', error: 'rgb(179, 38, 30)', warning: 'rgb(138, 83, 0)', neutral: 'rgb(93, 107, 128)' } as const;

test.describe('key builder', () => {
  test('shows the article leaderboard in raw and encoded order', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.rawOrder, 'score')).toEqual(['10', '1500', '240', '9']);
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
    await expect(keyBuilder.rawOrder).toContainText('3 of 4 rows out of place');
    await expect(keyBuilder.encodedOrder).toContainText('Every row is in its intended place');
    await expect(keyBuilder.encodedOrder.getByRole('listitem').first()).toContainText('0000000009#0000001719108000#p_0007');
    // The composite tiebreaker key from the article, with its byte length.
    const row2 = page.getByRole('region', { name: 'Entities' }).getByRole('row', { name: /^2 / });
    await expect(row2).toContainText('0000001500#0000001719100800#p_8842');
    await expect(row2.getByRole('cell').nth(5)).toHaveText('34');
  });

  test('inverting the score gives 1500, 240, 10, 9; descending reads reverse it', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('{score:int(10,desc)}#{ts:epoch(16)}#{playerId}');
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['1500', '240', '10', '9']);
    await expect(keyBuilder.encodedOrder).toContainText('9999998499#');
    await expect(keyBuilder.encodedOrder).toContainText('Every row is in its intended place');

    await keyBuilder.descendingSwitch.check();
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.rawOrder, 'score')).toEqual(['9', '240', '1500', '10']);
  });

  test('the segment editor and the template text stay in sync', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await page.getByRole('combobox', { name: 'Direction of segment 1' }).selectOption('desc');
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(10,desc)}#{ts:epoch(16)}#{playerId}');
    await page.getByRole('textbox', { name: 'Width of segment 1' }).fill('12');
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(12,desc)}#{ts:epoch(16)}#{playerId}');
    await page.getByRole('button', { name: 'Move segment 5 up' }).click();
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(12,desc)}#{ts:epoch(16)}{playerId}#');
    // A string field running into nothing is fine; typing the template back fixes the order of segments.
    await keyBuilder.setTemplate('EVT#{at:iso}');
    await expect(page.getByRole('combobox', { name: 'Type of segment 2' })).toHaveValue('iso');
    await expect(page.getByRole('textbox', { name: 'Text of segment 1' })).toHaveValue('EVT#');
  });

  test('a value wider than the width is an error next to the value, and the row leaves the orders', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    const score = keyBuilder.sampleValue('score', 2);
    await score.fill('12345678901');
    await expect(score).toHaveAttribute('aria-invalid', 'true');
    await expect(score).toHaveAccessibleDescription(/has 11 digits, but int\(10\) holds at most 10/);
    await expect(keyBuilder.encodedOrder.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('1 row is left out of both orders')).toBeVisible();
    await score.fill('1500');
    await expect(score).not.toHaveAttribute('aria-invalid', 'true');
    await expect(keyBuilder.encodedOrder.getByRole('listitem')).toHaveCount(4);
  });

  test('a malformed template gets an inline error, and the screen keeps working', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('{score:int(10)#{playerId}');
    await expect(keyBuilder.templateInput).toHaveAttribute('aria-invalid', 'true');
    await expect(keyBuilder.templateInput).toHaveAccessibleDescription(/never closed/);
    await expect(page.getByText('The template text has errors')).toBeVisible();
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
  });

  test('rows can be added and edited; duplicate keys are flagged', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('{score:int(10)}');
    await keyBuilder.addRowButton.click();
    await keyBuilder.sampleValue('score', 5).fill('1500');
    await expect(page.getByText(/Row 5 encodes to the same key as row 2/)).toBeVisible();
    await keyBuilder.sampleValue('score', 5).fill('100000');
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500', '100000']);
    await keyBuilder.entity.getByRole('button', { name: 'Remove row 5', exact: true }).click();
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
  });

  test('the width advisor advises and applies a width, field by field', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    // ts starts from its largest sample: 10 digits plus 2 of headroom.
    await expect(keyBuilder.largestValue('ts')).toHaveValue('1719108000');
    await expect(keyBuilder.advice('ts')).toContainText('Advised width: 12 digits');
    await keyBuilder.largestValue('score').fill('250000');
    await page.getByRole('textbox', { name: 'Headroom digits' }).fill('3');
    await expect(keyBuilder.advice('score')).toContainText('Advised width: 9 digits');
    await expect(keyBuilder.advice('ts')).toContainText('Advised width: 13 digits');
    await page.getByRole('button', { name: 'Use width 9 for score' }).click();
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(9)}#{ts:epoch(16)}#{playerId}');
    await expect(keyBuilder.advice('score')).toContainText('score already has width 9.');

    // The bug: one box for every field, so 500 offered epoch(5) for ts and every sample went red.
    await keyBuilder.largestValue('score').fill('500');
    await expect(page.getByRole('button', { name: 'Use width 6 for score' })).toBeVisible();
    await expect(page.getByRole('button', { name: /for ts$/ })).toHaveText('Use width 13 for ts');

    // Invalid input clears that field's advice instead of leaving the last one on screen.
    await keyBuilder.largestValue('score').fill('5x');
    await expect(keyBuilder.largestValue('score')).toHaveAccessibleDescription(/"5x" has "x" at character 2, which is not a digit/);
    // The same reader as Generate items: an exponent is refused with its digits, digit groups are read.
    await keyBuilder.largestValue('score').fill('1e7');
    await expect(keyBuilder.largestValue('score')).toHaveAccessibleDescription(
      'Largest value for score must be a whole number ≥ 0: the biggest value you will ever store; "1e7" has an exponent: write the digits, 10000000.',
    );
    await expect(keyBuilder.advice('score')).toHaveCount(0);
    await keyBuilder.largestValue('score').fill('10,000,000');
    await expect(keyBuilder.advice('score')).toContainText('Advised width: 11 digits');
    await keyBuilder.largestValue('score').fill('5x');
    await expect(keyBuilder.advice('score')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /for score$/ })).toHaveCount(0);
    await expect(keyBuilder.advice('ts')).toBeVisible();
    await page.getByRole('button', { name: 'Use the samples’ largest, 1500' }).click();
    await expect(keyBuilder.largestValue('score')).toHaveValue('1500');
    await expect(keyBuilder.advice('score')).toContainText('Advised width: 7 digits');

    await page.getByRole('textbox', { name: 'Headroom digits' }).fill('x');
    await expect(page.getByRole('textbox', { name: 'Headroom digits' })).toHaveAccessibleDescription(/must be a whole number/);
    await expect(keyBuilder.advice('score')).toHaveCount(0);
    await expect(keyBuilder.advice('ts')).toHaveCount(0);
  });

  test('the template and the sample rows survive a reload (the read direction is the screen’s own)', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('EVT#{at:iso(ms)}');
    await keyBuilder.sampleValue('at', 2).fill('2026-06-23T10:00:00.125Z');
    await keyBuilder.descendingSwitch.check();
    await page.reload();
    await expect(keyBuilder.templateInput).toHaveValue('EVT#{at:iso(ms)}');
    await expect(keyBuilder.sampleValue('at', 2)).toHaveValue('2026-06-23T10:00:00.125Z');
    await expect(keyBuilder.sampleValue('at', 1)).toHaveValue(/^2026-06-2\dT/);
  });

  test('untrusted sample values render as text, with invisible characters shown', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.sampleValue('playerId', 1).fill('<img src=x onerror=alert(1)> tab\there');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Entities' }).getByRole('row', { name: /^1 / })).toContainText('<img src=x onerror=alert(1)> tab␉here');
  });

  test('numbers stored in a string field: {score} over 10, 1500, 240, 9 is out of order, and one click fixes it', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('{score}');
    await expect(keyBuilder.verdict(keyBuilder.encodedOrder)).toHaveText('3 of 4 rows out of place.');
    await expect(keyBuilder.verdict(keyBuilder.encodedOrder)).toHaveAttribute('data-tone', 'error');
    await expect(keyBuilder.encodedOrder.locator('.out-of-place')).toHaveCount(3);
    const note = page.getByRole('note', { name: 'Values stored as text' });
    await expect(note).toContainText('Numbers stored in a string field sort as text: use {score:int(6)}');
    await expect(note).toContainText('The largest sample, 1500, needs 4 digits; 2 more leave room for 100× growth');
    await note.getByRole('button', { name: 'Use {score:int(6)}' }).click();
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(6)}');
    await expect(keyBuilder.verdict(keyBuilder.encodedOrder)).toHaveText('Every row is in its intended place.');
    await expect(keyBuilder.verdict(keyBuilder.encodedOrder)).toHaveAttribute('data-tone', 'success');
    await expect(note).toHaveCount(0);
  });

  test('green means success only: left-out rows are a warning, no rows are not a success', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    const encoded = keyBuilder.verdict(keyBuilder.encodedOrder);
    await expect(encoded).toHaveAttribute('data-tone', 'success');
    await expect(encoded).toHaveCSS('color', TONE_COLOURS.success);
    await expect(keyBuilder.verdict(keyBuilder.rawOrder)).toHaveCSS('color', TONE_COLOURS.error);
    // 3 of 4 rows excluded: the one left is in place, but that is not "every row".
    for (const row of [1, 2, 3]) await keyBuilder.sampleValue('score', row).fill('x');
    await expect(encoded).toHaveText('The 1 row compared is in its intended place; 3 rows are left out.');
    await expect(encoded).toHaveAttribute('data-tone', 'warning');
    await expect(encoded).toHaveCSS('color', TONE_COLOURS.warning);
    await keyBuilder.sampleValue('score', 4).fill('x');
    await expect(encoded).toHaveText('No rows to order: all 4 rows have errors.');
    await expect(encoded).toHaveAttribute('data-tone', 'warning');
  });

  test('the export is disabled and marked out of date while the template has errors', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await page.getByRole('button', { name: 'Export as TypeScript' }).click();
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    const download = page.getByRole('button', { name: 'Download keyDesign.ts' });
    await expect(copy).toBeEnabled();
    await keyBuilder.setTemplate('{score:int(10)#');
    await expect(copy).toBeDisabled();
    await expect(download).toBeDisabled();
    await expect(copy).toHaveAccessibleDescription(/Out of date: the key template above has errors/);
    await keyBuilder.setTemplate('{score:int(12)}');
    await expect(copy).toBeEnabled();
    await expect(page.getByText('Out of date')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Use this design in your code' }).locator('pre')).toContainText('int(12)');
  });

  for (const width of [800, 1440]) {
    test(`long content wraps inside its card at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const keyBuilder = new KeyBuilderPage(page);
      await keyBuilder.open();
      await expectNoSidewaysScroll(page);

      // A collision: the whole message is readable, not clipped at "…replaces the first item. Add".
      await keyBuilder.setTemplate('{score:int(10)}');
      await keyBuilder.addRowButton.click();
      await keyBuilder.sampleValue('score', 5).fill('1500');
      const collision = page.getByText(/^Row 5 encodes to the same key as row 2 .* so every item gets its own key\.$/);
      await expect(collision).toBeVisible();
      await expectFullyVisible(collision);
      await expectNoSidewaysScroll(page);

      // One 1,100-character literal.
      await keyBuilder.setTemplate(`${'A'.repeat(1100)}#{score:int(10)}`);
      await expect(page.getByRole('region', { name: 'Entities' }).getByRole('row', { name: /^1 / })).toContainText('A'.repeat(50));
      await expectNoSidewaysScroll(page);
      await expectFullyVisible(page.getByText(/^The sort key is 1111 bytes/).first());
      await keyBuilder.setTemplate(`${'A'.repeat(900)}#{score:int(10)}`);
      await expect(keyBuilder.encodedOrder.getByRole('listitem')).toHaveCount(4);
      await expectNoSidewaysScroll(page);
    });
  }
});
