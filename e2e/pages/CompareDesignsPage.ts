import type { Locator, Page } from '@playwright/test';

/** The Design tab's Compare designs region, found by roles and names. */
export class CompareDesignsPage {
  readonly openButton: Locator;
  readonly region: Locator;
  readonly right: Locator;
  readonly leftTemplate: Locator;
  readonly rightTemplate: Locator;
  readonly readDirection: Locator;
  readonly summary: Locator;
  readonly leftOrder: Locator;
  readonly rightOrder: Locator;
  readonly patterns: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByRole('button', { name: 'Compare designs' });
    this.region = page.getByRole('region', { name: 'Compare designs' });
    this.right = this.region.getByRole('combobox', { name: 'Right', exact: true });
    this.leftTemplate = this.region.getByRole('textbox', { name: 'Left template' });
    this.rightTemplate = this.region.getByRole('textbox', { name: 'Right template' });
    this.readDirection = this.region.getByRole('combobox', { name: /^(Left read direction|Read direction)$/ });
    this.summary = this.region.getByRole('status');
    this.leftOrder = this.region.getByRole('region', { name: /^Left order/ });
    this.rightOrder = this.region.getByRole('region', { name: /^Right order/ });
    this.patterns = this.region.getByRole('table', { name: 'Access patterns each key can serve' });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.openButton.click();
    await this.region.waitFor();
  }

  /** The keys of one side's order, top to bottom. */
  keys(order: Locator): Locator {
    return order.getByRole('list', { name: 'Keys in order' }).getByRole('listitem');
  }

  /** The verdict cell of a pattern row for one key ("Concatenated key" is column 1, "Multi-attribute key" column 2). */
  verdict(patternName: string | RegExp, key: 'concatenated' | 'multi'): Locator {
    return this.patterns
      .getByRole('row', { name: patternName })
      .getByRole('cell')
      .nth(key === 'concatenated' ? 0 : 1);
  }
}
