import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';
import { OrderComparisonPage } from './pages/OrderComparisonPage';
import { QueryBuilderPage } from './pages/QueryBuilderPage';

/** AuditLog (bound to the AuditLog example design: its Event entity's SK is `EVT#{at:iso}`), ACTOR#u_8814's partition in the builder. */
async function openAuditLogActorUnderIsoTemplate(page: Page): Promise<{ explorer: ExplorerPage; builder: QueryBuilderPage }> {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('AuditLog');
  await explorer.partitionKey('PK').fill('ACTOR#u_8814');
  return { explorer, builder: new QueryBuilderPage(page) };
}

test.describe('query builder', () => {
  test('season top scores: Descending on SEASON#2026-SPRING, the request shows ScanIndexForward = false', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const builder = new QueryBuilderPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    await explorer.descending.check();
    await explorer.limit.fill('3');
    await expect
      .poll(() => builder.request())
      .toEqual({
        TableName: 'Leaderboard',
        KeyConditionExpression: 'leaderboardId = :leaderboardId',
        ExpressionAttributeValues: { ':leaderboardId': { S: 'SEASON#2026-SPRING' } },
        Limit: 3,
        ScanIndexForward: false,
      });
    await explorer.runQuery.click();
    // Raw score strings in byte order, read backwards: "9" is the "top score".
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['9', '240', '1500']);
  });

  test('scores between 200 and 2000 as field values; the order comparison highlights the slice each key order returns', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const builder = new QueryBuilderPage(page);
    const orders = new OrderComparisonPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['10', '1500', '240', '9']);
    // The Leaderboard design's Run template is the article's {score:int(10)}#{ts:epoch(16)}#{playerId}.
    await builder.sortCondition.selectOption('between');
    await builder.fieldValues.check();
    await builder.field('score', 'from').fill('200');
    await builder.field('score', 'to').fill('2000');
    await expect
      .poll(async () => (await builder.request()).ExpressionAttributeValues)
      .toEqual({
        ':leaderboardId': { S: 'SEASON#2026-SPRING' },
        ':rankKeyLow': { S: '0000000200#' },
        ':rankKeyHigh': { S: '0000002000#\u{10FFFF}' },
      });
    await expect(orders.region.getByRole('note', { name: 'Query slice' })).toContainText('0 under the stored keys, 2 under the template’s keys');
    await expect(orders.encodedOrder.locator('.oc-in-slice .oc-stored-key')).toHaveText(['240', '1500']);
    await expect(orders.storedOrder.locator('.oc-in-slice')).toHaveCount(0);
    // The stored keys are raw numbers of different widths: the builder says why a range on them can't work.
    await expect(builder.warnings).toContainText('numbers of different widths');
    // Run returns none of them (their text is above the padded bounds), and the warning stays: it reads every page loaded, not the rows on screen.
    await explorer.runQuery.click();
    await expect(page.getByText('0 items in 1 page · end of results')).toBeVisible();
    await expect(builder.warnings).toContainText('numbers of different widths');
  });

  test('events of ACTOR#u_8814 on 2026-06-23 from field values under EVT#{at:iso}', async ({ page }) => {
    const { explorer, builder } = await openAuditLogActorUnderIsoTemplate(page);
    await builder.sortCondition.selectOption('=');
    await builder.fieldValues.check();
    await builder.field('at').fill('2026-06-23');
    await expect(page.getByText('2026-06-23 = the whole day')).toBeVisible();
    await expect
      .poll(() => builder.request())
      .toMatchObject({
        KeyConditionExpression: 'PK = :PK AND SK BETWEEN :SKLow AND :SKHigh',
        ExpressionAttributeValues: { ':PK': { S: 'ACTOR#u_8814' }, ':SKLow': { S: 'EVT#2026-06-23T00:00:00Z' }, ':SKHigh': { S: 'EVT#2026-06-23T23:59:59Z' } },
      });
    await explorer.runQuery.click();
    await expect
      .poll(() => explorer.columnValues('SK'))
      .toEqual(['EVT#2026-06-23T00:00:00Z', 'EVT#2026-06-23T09:14:05Z', 'EVT#2026-06-23T10:00:00Z', 'EVT#2026-06-23T13:37:42Z', 'EVT#2026-06-23T23:59:59Z']);

    // A filter on a reserved word: action is fine, but "status"-like names get a placeholder.
    await builder.addCondition('action', '=', 'login');
    await expect.poll(async () => (await builder.request()).FilterExpression).toBe('#action = :action');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('SK')).toEqual(['EVT#2026-06-23T09:14:05Z']);
  });

  test('copies the request, and pastes one back into the builder', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const explorer = new ExplorerPage(page);
    const builder = new QueryBuilderPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('AuditLog');
    await explorer.partitionKey('PK').fill('ACTOR#u_8814');
    await builder.aliasEveryName.check();
    await builder.copyRequest.click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(copied).toEqual({
      TableName: 'AuditLog',
      KeyConditionExpression: '#PK = :PK',
      ExpressionAttributeNames: { '#PK': 'PK' },
      ExpressionAttributeValues: { ':PK': { S: 'ACTOR#u_8814' } },
    });

    // The same request as an AWS CLI command (integration/codegen runs these against DynamoDB Local).
    const copyAs = page.getByRole('region', { name: 'Copy as code' });
    await copyAs.getByRole('combobox', { name: 'Language' }).selectOption('AWS CLI');
    await copyAs.getByRole('button', { name: 'Copy code' }).click();
    await expect(copyAs.getByRole('status')).toHaveText('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        'aws dynamodb query \\',
        '  --table-name AuditLog \\',
        "  --key-condition-expression '#PK = :PK' \\",
        '  --expression-attribute-names \'{"#PK":"PK"}\' \\',
        '  --expression-attribute-values \'{":PK":{"S":"ACTOR#u_8814"}}\' \\',
        '  --no-paginate',
      ].join('\n'),
    );

    await explorer.tablePicker.selectOption('Leaderboard');
    await builder.paste(
      JSON.stringify(
        {
          TableName: 'AuditLog',
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :day)',
          FilterExpression: '#a IN (:login, :logout) AND attribute_exists(ip)',
          ExpressionAttributeNames: { '#a': 'action' },
          ExpressionAttributeValues: { ':pk': { S: 'ACTOR#u_8814' }, ':day': { S: 'EVT#2026-06-24' }, ':login': { S: 'login' }, ':logout': { S: 'logout' } },
          ScanIndexForward: false,
        },
        null,
        2,
      ),
    );
    await expect(builder.pasteDialog).toBeHidden();
    await expect(explorer.tablePicker).toHaveValue('AuditLog');
    await expect(explorer.partitionKey('PK')).toHaveValue('ACTOR#u_8814');
    await expect(builder.sortCondition).toHaveValue('begins_with');
    await expect(page.getByRole('textbox', { name: 'SK value' })).toHaveValue('EVT#2026-06-24');
    await expect(explorer.descending).toBeChecked();
    await expect(page.getByRole('group', { name: 'Condition on action' }).getByRole('textbox', { name: 'Values (comma-separated)' })).toHaveValue(
      'login, logout',
    );
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('SK')).toEqual(['EVT#2026-06-24T18:05:00Z', 'EVT#2026-06-24T07:30:00Z']);

    // Broken JSON: the dialog stays open and says where.
    await builder.paste('{\n  "TableName": "AuditLog",\n  "Limit": ,\n}');
    await expect(builder.pasteDialog.getByRole('alert')).toContainText('line 3, column 12');
  });

  test('warns about traps: a begins_with inside a date field, a Scan that should be a Query', async ({ page }) => {
    const { explorer, builder } = await openAuditLogActorUnderIsoTemplate(page);
    await builder.sortCondition.selectOption('begins_with');
    await page.getByRole('textbox', { name: 'SK value' }).fill('EVT#2026-1');
    await expect(builder.warnings).toContainText('2026-10, 2026-11 and 2026-12, not one month');

    await page.getByRole('radio', { name: 'Scan' }).check();
    await builder.addCondition('PK', '=', 'ACTOR#u_8814');
    await expect(builder.warnings).toContainText('a Query reads only that partition');
    await builder.warnings.getByRole('button', { name: 'Make it a Query' }).click();
    await expect(page.getByRole('radio', { name: 'Query' })).toBeChecked();
    await expect(explorer.partitionKey('PK')).toHaveValue('ACTOR#u_8814');

    await builder.consistentRead.check();
    await explorer.indexPicker.selectOption('byAction');
    await expect(page.getByText('Consistent reads are not supported on global secondary indexes')).toBeVisible();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
    { width: 800, height: 900 },
  ]) {
    test(`after Run query the first result row is on screen at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const explorer = new ExplorerPage(page);
      await explorer.open();
      await explorer.tablePicker.selectOption('AuditLog');
      await explorer.partitionKey('PK').fill('ACTOR#u_8814');
      await explorer.runQuery.click();
      const firstRow = explorer.grid.getByRole('rowgroup').nth(1).getByRole('row').first();
      await expect(firstRow).toBeInViewport();
      // A second Run, from a form scrolled to its end (the Copy as code section), brings its results back into view too.
      await page.getByRole('region', { name: 'Copy as code' }).scrollIntoViewIfNeeded();
      await page.getByRole('combobox', { name: 'Sort key condition' }).selectOption('begins_with');
      await page.getByRole('textbox', { name: 'SK value' }).fill('EVT#2026-06-24');
      await explorer.runQuery.click();
      await expect.poll(async () => (await explorer.columnValues('SK')).every((key) => key.startsWith('EVT#2026-06-24'))).toBe(true);
      await expect(firstRow).toBeInViewport();
    });
  }

  test('Limit is refused outside 1 … 2,147,483,647 with DynamoDB’s message, before anything is sent', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    for (const [typed, constraint] of [
      ['99999999999999999999', 'Member must have value less than or equal to 2147483647'],
      ['3000000000', 'Member must have value less than or equal to 2147483647'],
      ['0', 'Member must have value greater than or equal to 1'],
    ] as const) {
      await explorer.limit.fill(typed);
      await expect(explorer.limit).toHaveAccessibleDescription(
        `1 validation error detected: Value at 'Limit' failed to satisfy constraint: ${constraint} — enter a whole number from 1 to 2,147,483,647, or leave Limit empty for no limit.`,
      );
      await explorer.runQuery.click();
      await expect(page.getByRole('region', { name: 'Results' })).toContainText('Run the query (or scan) to see its items here');
    }
    await explorer.limit.fill('1e3');
    await expect(explorer.limit).toHaveAccessibleDescription(
      /Limit must be a whole number from 1 to 2,147,483,647; "1e3" has an exponent: write the digits, 1000/,
    );
    await explorer.limit.fill('2147483647');
    await expect(explorer.limit).not.toHaveAttribute('aria-invalid');
    await expect.poll(async () => (await new QueryBuilderPage(page).request()).Limit).toBe(2147483647);
  });

  test('binary values: hex or base64 as chosen, the bytes that will be sent, and invalid input refused', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const builder = new QueryBuilderPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('AuditLog');
    await page.getByRole('radio', { name: 'Scan' }).check();
    await builder.addCondition('blob', '=', '010203', 'B');
    const row = page.getByRole('group', { name: 'Condition on blob' });
    const value = row.getByRole('textbox', { name: 'Value' });
    // Hex is the default: 010203 is three bytes, sent as base64 AQID in the request JSON.
    await expect(row.getByRole('combobox', { name: 'Bytes as' })).toHaveValue('hex');
    await expect(value).toHaveAccessibleDescription('Sends 3 bytes: 01 02 03');
    await expect.poll(async () => (await builder.request()).ExpressionAttributeValues).toEqual({ ':blob': { B: 'AQID' } });
    // Switching keeps the bytes, re-typed in the new encoding.
    await row.getByRole('combobox', { name: 'Bytes as' }).selectOption('base64');
    await expect(value).toHaveValue('AQID');
    await expect(value).toHaveAccessibleDescription('Sends 3 bytes: 01 02 03');
    // 010203 is not base64 (it used to become 01020w==): refused, with the way out.
    await value.fill('010203');
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(value).toHaveAccessibleDescription(/"010203" is not valid base64 .* it looks like hex: choose hex/);
    await expect(builder.requestJson).toHaveText('The request is not complete yet: fix the marked inputs.');
    await value.fill('01 02 0');
    await row.getByRole('combobox', { name: 'Bytes as' }).selectOption('hex');
    await expect(value).toHaveAccessibleDescription(/5 hex digits is not a whole number of bytes/);
  });

  test('switching to a GSI starts its partition key empty, and switching back restores the table’s value', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('AuditLog');
    await explorer.partitionKey('PK').fill('ACTOR#u_8814');
    await explorer.indexPicker.selectOption('byAction');
    await expect(explorer.partitionKey('action')).toHaveValue('');
    await explorer.partitionKey('action').fill('login');
    await explorer.indexPicker.selectOption({ index: 0 });
    await expect(explorer.partitionKey('PK')).toHaveValue('ACTOR#u_8814');
    await explorer.indexPicker.selectOption('byAction');
    await expect(explorer.partitionKey('action')).toHaveValue('login');
  });
});
