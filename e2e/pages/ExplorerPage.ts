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

  /**
   * Opens the explorer by its link (`/#explorer`, what clicking the tab puts in the address bar), without loading the
   * Design tab first and clicking: the same screen, a second or two sooner on two loaded cores. `openByTab()` is the
   * user's way in, for the tests of that wiring.
   */
  async open(): Promise<void> {
    const onTheApp = this.page.url() !== 'about:blank';
    await this.page.goto('/#explorer');
    // From a page of the app, a link that only adds #explorer does not load the page again: load it, as a first open does.
    if (onTheApp) await this.page.reload();
    await this.tablesListed();
  }

  /** Opens the app on its first screen (the Design tab) and clicks "Table explorer". */
  async openByTab(): Promise<void> {
    await this.page.goto('/');
    await this.tab.click();
    await this.tablesListed();
  }

  /** Waits until the table picker lists the tables (the built-in table opened, its sample tables read). */
  async tablesListed(): Promise<void> {
    await this.tablePicker.locator('option').first().waitFor({ state: 'attached' });
  }

  /** The body cell of `column` in the row at 1-based `position`, found by the column's header, not by its place. */
  async cell(position: number, column: string): Promise<Locator> {
    const headers = await this.grid.getByRole('columnheader').allInnerTexts();
    const index = headers.findIndex((header) => header.split('\n')[0]?.trim() === column);
    if (index < 0) throw new Error(`No column ${column}; columns: ${headers.join(' | ')}`);
    return this.grid.locator(`[role="row"][aria-rowindex="${position + 1}"] [role="cell"]`).nth(index);
  }

  /** The label under a key column's name (`partition key (byPlayer)`, `table sort key`, …), per column in order. */
  keyTags(): Promise<string[]> {
    return this.grid.locator('.key-tag').allInnerTexts();
  }

  resizeHandle(column: string): Locator {
    return this.grid.getByRole('separator', { name: `Resize column ${column}` });
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
