import type { Locator, Page } from '@playwright/test';

/** The Design tab's Load into a table region, by roles and names. */
export class LoadIntoTablePage {
  readonly region: Locator;
  readonly builtInTarget: Locator;
  readonly connectionTarget: Locator;
  readonly load: Locator;
  readonly report: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Load into a table' });
    this.builtInTarget = this.region.getByRole('radio', { name: /^Built-in table/ });
    this.connectionTarget = this.region.getByRole('radio', { name: /^The explorer’s connection/ });
    this.load = this.region.getByRole('button', { name: 'Load into a table' });
    this.report = this.region.getByLabel('Load report');
    this.confirmation = this.region.getByRole('alertdialog');
  }

  browse(table: string): Locator {
    return this.region.getByRole('button', { name: `Browse ${table} in the explorer` });
  }
}
