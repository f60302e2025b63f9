import { expect, test } from './fixtures';
import { expectFullyVisible, expectNoSidewaysScroll } from './layout';
import { AccessPatternsPage } from './pages/AccessPatternsPage';

const BUILT_IN = ['A customer’s orders, newest first', 'Orders of customer c1 on 2026-06-23', 'Placed orders, oldest first'];

test.describe('Design tab: access patterns', () => {
  test('the Shop example’s patterns pass, a pattern without a sort condition and one read backwards fail for the right reasons', async ({ page }) => {
    // Some forty steps and a reload: on a loaded machine (2 cores, load 16) they take longer than the default 30 s.
    test.slow();
    const patterns = new AccessPatternsPage(page);
    await patterns.openExample('example-shop');

    // Each pattern shows its request before any run.
    const orders = patterns.pattern(BUILT_IN[0]!);
    await expect(orders.getByRole('definition').first()).toHaveText('PK = :PK AND begins_with(SK, :SKPrefix)');
    await expect(orders).toContainText('"ORDER#"');
    await expect(orders).toContainText('false (descending)');
    await orders.getByRole('button', { name: 'Show code' }).click();
    await expect(orders.getByRole('region', { name: 'Copy as code' }).locator('pre')).toContainText('new QueryCommand(');
    await expect(orders.getByRole('region', { name: 'Copy as code' }).locator('pre')).toContainText('ScanIndexForward: false');

    await patterns.run();
    for (const name of BUILT_IN) await expect(patterns.verdict(name), name).toHaveText('passes');
    await expect(patterns.region.getByRole('status')).toHaveText('3 of 3 pass.');

    // Add "Customer's items": the whole partition, expecting only Order.
    await patterns.addButton.click();
    const form = patterns.editor('Add access pattern');
    await form.getByRole('textbox', { name: 'Name' }).fill('Customer’s items');
    await form.getByRole('checkbox', { name: 'Customer' }).uncheck();
    await form.getByRole('checkbox', { name: 'Order' }).check();
    await form.getByRole('textbox', { name: 'customerId' }).fill('c1');
    await form.getByRole('button', { name: 'Save access pattern' }).click();
    await expect(patterns.pattern('Customer’s items')).toBeVisible();
    // The design changed: the earlier verdicts are not shown as current.
    await expect(patterns.region.getByRole('status')).toHaveText(/changed since the last run/);
    await expect(patterns.verdict(BUILT_IN[0]!)).toHaveCount(0);

    await patterns.run();
    await expect(patterns.verdict('Customer’s items')).toHaveText('fails');
    const mixed = patterns.reasons('Customer’s items');
    await expect(mixed).toContainText("ADDRESS#home (Address) is mixed into the result of 'Customer’s items'.");
    await expect(mixed).toContainText("CUSTOMER#c1 (Customer) is mixed into the result of 'Customer’s items'.");
    await expect(patterns.pattern('Customer’s items').getByRole('list', { name: 'Returned items' })).toContainText('Address: PK CUSTOMER#c1, SK ADDRESS#home');
    for (const name of BUILT_IN) await expect(patterns.verdict(name), name).toHaveText('passes');

    // Edit the newest-first pattern to read ascending: it fails on order.
    await orders.getByRole('button', { name: 'Edit' }).click();
    const edit = patterns.editor(`Edit ${BUILT_IN[0]}`);
    await edit.getByRole('combobox', { name: 'Direction', exact: true }).selectOption('ascending');
    await edit.getByRole('button', { name: 'Save access pattern' }).click();
    await expect(orders).toContainText('true (ascending)');
    await patterns.run();
    await expect(patterns.verdict(BUILT_IN[0]!)).toHaveText('fails');
    await expect(patterns.reasons(BUILT_IN[0]!)).toHaveText(
      '2026-06-21T16:20:00Z is 1st but the newest at, 2026-06-23T10:00:00Z, should come first; the order by at, newest first, is 2026-06-23T10:00:00Z, 2026-06-23T08:05:00Z, 2026-06-21T16:20:00Z.',
    );

    // Kept across a reload (the designs store saves the edits); results are not.
    await page.reload();
    // The saved designs are read from IndexedDB after the app's code has loaded (the examples show until then).
    await expect(patterns.pattern('Customer’s items')).toBeVisible({ timeout: 30_000 });
    await expect(patterns.verdict('Customer’s items')).toHaveCount(0);
  });

  test('a pattern written in field values: the editor builds the day prefix, Limit and the expected order', async ({ page }) => {
    const patterns = new AccessPatternsPage(page);
    await patterns.openExample('example-shop');
    await patterns.addButton.click();
    const form = patterns.editor('Add access pattern');
    await form.getByRole('textbox', { name: 'Name' }).fill('c2’s orders on 2026-06-22');
    await form.getByRole('checkbox', { name: 'Customer' }).uncheck();
    await form.getByRole('checkbox', { name: 'Order' }).check();
    await form.getByRole('textbox', { name: 'customerId' }).fill('c2');
    await form.getByRole('combobox', { name: 'Sort condition' }).selectOption('fields');
    await form.getByRole('textbox', { name: 'at (sort)' }).fill('2026-06-22');
    await form.getByRole('textbox', { name: 'Limit' }).fill('1e3');
    await expect(form).toContainText('has an exponent');
    await expect(form.getByRole('button', { name: 'Save access pattern' })).toBeDisabled();
    await form.getByRole('textbox', { name: 'Limit' }).fill('5');
    await form.getByRole('textbox', { name: 'Expected count' }).fill('1');
    await form.getByRole('combobox', { name: 'Expected order', exact: true }).selectOption('at');
    await form.getByRole('button', { name: 'Save access pattern' }).click();
    const pattern = patterns.pattern('c2’s orders on 2026-06-22');
    await expect(pattern).toContainText('"ORDER#2026-06-22T"');
    await expect(pattern).toContainText('2026-06-22 = the whole day');
    await patterns.run();
    await expect(patterns.verdict('c2’s orders on 2026-06-22')).toHaveText('passes');
    // A passing pattern's items are folded away.
    await pattern.getByText('Returned 1 item', { exact: true }).click();
    await expect(pattern.getByRole('list', { name: 'Returned items' })).toContainText('Order: PK CUSTOMER#c2, SK ORDER#2026-06-22T12:00:00Z#o_21');
  });

  test('a pattern is deleted only after a second click', async ({ page }) => {
    const patterns = new AccessPatternsPage(page);
    await patterns.openExample('example-shop');
    const pattern = patterns.pattern(BUILT_IN[2]!);
    await pattern.getByRole('button', { name: 'Delete' }).click();
    await expect(pattern).toBeVisible();
    await pattern.getByRole('button', { name: 'Delete access pattern' }).click();
    await expect(pattern).toHaveCount(0);
    await expect(patterns.region.getByRole('listitem', { name: BUILT_IN[0] })).toBeVisible();
  });

  for (const [width, height] of [
    [1440, 900],
    [1920, 1080],
    [800, 900],
  ] as const) {
    test(`after a run, verdicts, reasons and the editor fit at ${width}×${height}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const patterns = new AccessPatternsPage(page);
      await patterns.openExample('example-shop');
      await patterns.pattern(BUILT_IN[0]!).getByRole('button', { name: 'Edit' }).click();
      await patterns.editor(`Edit ${BUILT_IN[0]}`).getByRole('combobox', { name: 'Direction', exact: true }).selectOption('ascending');
      await patterns.editor(`Edit ${BUILT_IN[0]}`).getByRole('button', { name: 'Save access pattern' }).click();
      await patterns.run();
      await patterns.addButton.click();
      await expectFullyVisible(patterns.reasons(BUILT_IN[0]!));
      await expectFullyVisible(patterns.pattern(BUILT_IN[0]!).getByRole('list', { name: 'Returned items' }));
      await expectFullyVisible(patterns.editor('Add access pattern'));
      await expectNoSidewaysScroll(page);
    });
  }
});
