import type { Locator, Page } from '@playwright/test';

/**
 * The Design tab's one-click multi-attribute conversion, by roles and names:
 * an index's Convert to multi-attribute key button, the Multi-attribute
 * conversion preview (Apply, Cancel) and the carry-out region after Apply.
 */
export class MultiAttributeConversionPage {
  readonly dialog: Locator;
  readonly apply: Locator;
  readonly cancel: Locator;
  readonly newIndexName: Locator;
  readonly patterns: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Multi-attribute conversion' });
    this.apply = this.dialog.getByRole('button', { name: 'Apply', exact: true });
    this.cancel = this.dialog.getByRole('button', { name: 'Cancel', exact: true });
    this.newIndexName = this.dialog.getByRole('textbox', { name: 'Converted index name' });
    this.patterns = this.dialog.getByRole('table').filter({ hasText: 'Multi-attribute key (left to right)' });
  }

  /** The index's editor in the Indexes list ("GSI byPlayer"). */
  index(name: string): Locator {
    return this.page.getByRole('listitem', { name: `GSI ${name}`, exact: true });
  }

  async open(indexName: string): Promise<void> {
    await this.index(indexName).getByRole('button', { name: 'Convert to multi-attribute key' }).click();
    await this.dialog.waitFor();
  }

  /** The index's key before or after, left to right ("Before" / "After"; "partition" / "sort"). */
  keyAttributes(column: 'Before' | 'After', role: 'partition' | 'sort'): Locator {
    return this.dialog.getByRole('list', { name: `${column} ${role} attributes` }).getByRole('listitem');
  }

  /** One side of the samples' order ("Left order" = the old string order, "Right order" = the typed order). */
  order(side: 'Left order' | 'Right order'): Locator {
    return this.dialog.getByRole('region', { name: new RegExp(`^${side}`) });
  }

  /** The carry-out region shown after Apply, for the converted index. */
  carryOut(indexName: string): Locator {
    return this.page.getByRole('region', { name: `Carry out the multi-attribute conversion of ${indexName}` });
  }
}
