import { expect, test } from './fixtures';
import { KeyBuilderPage } from './pages/KeyBuilderPage';

test.describe('key builder', () => {
  test('shows the article leaderboard in raw and encoded order', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    expect(await keyBuilder.fieldValuesIn(keyBuilder.rawOrder, 'score')).toEqual(['10', '1500', '240', '9']);
    expect(await keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
    await expect(keyBuilder.rawOrder).toContainText('3 of 4 rows out of place');
    await expect(keyBuilder.encodedOrder).toContainText('Every row is in its intended place');
    await expect(keyBuilder.encodedOrder.getByRole('listitem').first()).toContainText('0000000009#0000001719108000#p_0007');
    // The composite tiebreaker key from the article, with its byte length.
    const row2 = page.getByRole('row', { name: /^2 / });
    await expect(row2).toContainText('0000001500#0000001719100800#p_8842');
    await expect(row2.getByRole('cell').nth(5)).toHaveText('34');
  });

  test('inverting the score gives 1500, 240, 10, 9; descending reads reverse it', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('{score:int(10,desc)}#{ts:epoch(16)}#{playerId}');
    expect(await keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['1500', '240', '10', '9']);
    await expect(keyBuilder.encodedOrder).toContainText('9999998499#');
    await expect(keyBuilder.encodedOrder).toContainText('Every row is in its intended place');

    await keyBuilder.descendingSwitch.check();
    expect(await keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
    expect(await keyBuilder.fieldValuesIn(keyBuilder.rawOrder, 'score')).toEqual(['9', '240', '1500', '10']);
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
    expect(await keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
  });

  test('rows can be added and edited; duplicate keys are flagged', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('{score:int(10)}');
    await keyBuilder.addRowButton.click();
    await keyBuilder.sampleValue('score', 5).fill('1500');
    await expect(page.getByText(/Row 5 encodes to the same key as row 2/)).toBeVisible();
    await keyBuilder.sampleValue('score', 5).fill('100000');
    expect(await keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500', '100000']);
  });

  test('the width advisor advises and applies a width', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await page.getByRole('textbox', { name: 'Largest value' }).fill('250000');
    await page.getByRole('textbox', { name: 'Headroom digits' }).fill('3');
    await expect(page.getByRole('status').filter({ hasText: 'Advised width' })).toContainText('Advised width: 9 digits');
    await page.getByRole('button', { name: 'Use width 9 for score' }).click();
    await expect(keyBuilder.templateInput).toHaveValue('{score:int(9)}#{ts:epoch(16)}#{playerId}');
    await page.getByRole('textbox', { name: 'Headroom digits' }).fill('x');
    await expect(page.getByRole('textbox', { name: 'Headroom digits' })).toHaveAccessibleDescription(/must be a whole number/);
  });

  test('the template and direction survive a reload', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.setTemplate('EVT#{at:iso(ms)}');
    await keyBuilder.descendingSwitch.check();
    await page.reload();
    await expect(keyBuilder.templateInput).toHaveValue('EVT#{at:iso(ms)}');
    await expect(keyBuilder.descendingSwitch).toBeChecked();
  });

  test('untrusted sample values render as text, with invisible characters shown', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.sampleValue('playerId', 1).fill('<img src=x onerror=alert(1)> tab\there');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.getByRole('row', { name: /^1 / })).toContainText('<img src=x onerror=alert(1)> tab␉here');
  });
});
