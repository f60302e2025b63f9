import type { Locator, Page } from '@playwright/test';

/** The table explorer, found by roles and names. */
export class ExplorerPage {
  readonly tab: Locator;
  readonly tablePicker: Locator;
  readonly indexPicker: Locator;
  readonly limit: Locator;
  readonly descending: Locator;
  readonly runQuery: Locator;
  readonly loadMore: Locator;
  readonly grid: Locator;
  readonly pages: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Table explorer' });
    this.tablePicker = page.getByRole('combobox', { name: 'Table', exact: true });
    this.indexPicker = page.getByRole('combobox', { name: 'Index' });
    this.limit = page.getByRole('textbox', { name: 'Limit' });
    this.descending = page.getByRole('checkbox', { name: /Descending/ });
    this.runQuery = page.getByRole('button', { name: 'Run query' });
    this.loadMore = page.getByRole('button', { name: 'Load more' });
    this.grid = page.getByRole('table', { name: 'Items' });
    this.pages = page.getByRole('table', { name: 'Pages' });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.tab.click();
    await this.tablePicker.locator('option').first().waitFor({ state: 'attached' });
  }

  partitionKey(name: string): Locator {
    return this.page.getByRole('textbox', { name: new RegExp(`^${name}`) });
  }

  /**
   * The text of one column, row by row, as the grid shows it (values only, without the type badge).
   * While the grid re-renders for a new run it may briefly have no such column: then this returns a
   * marker instead of throwing, so `expect.poll` keeps polling (and a real absence shows in the diff).
   */
  async columnValues(column: string): Promise<string[]> {
    const headers = await this.grid.getByRole('columnheader').allInnerTexts();
    const index = headers.findIndex((header) => header.split('\n')[0]?.trim() === column);
    if (index < 0) return [`(no column ${column}; columns: ${headers.join(' | ')})`];
    const rows = this.grid.getByRole('rowgroup').nth(1).getByRole('row');
    // The grid reuses row elements in place while scrolling, so DOM order isn't row order: aria-rowindex is.
    return rows.evaluateAll(
      (elements, cellIndex) =>
        elements
          .toSorted((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
          .map((row) => row.querySelectorAll('[role="cell"]')[cellIndex]?.textContent?.replace(/^(S|N|B|BOOL|NULL|SS|NS|BS|L|M)/, '') ?? ''),
      index,
    );
  }
}
