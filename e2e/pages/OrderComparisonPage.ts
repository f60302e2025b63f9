import type { Locator, Page } from '@playwright/test';

/** The explorer's tools below the grid: order comparison, byte inspector, client-side sort view, cell popovers. */
export class OrderComparisonPage {
  readonly region: Locator;
  readonly storedOrder: Locator;
  readonly encodedOrder: Locator;
  readonly intendedOrder: Locator;
  readonly storedKeyTemplate: Locator;
  readonly notCompared: Locator;
  /** Rows whose keys match no entity of the bound design. */
  readonly noEntity: Locator;
  /** The note shown when no key design is bound to the table. */
  readonly noKeyDesign: Locator;
  /** The explorer's Key design select. */
  readonly keyDesign: Locator;
  /** The comparison's verdict line (its tone is in data-tone). */
  readonly verdict: Locator;
  readonly byteInspector: Locator;
  readonly sortBanner: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Order comparison' });
    this.storedOrder = this.region.getByRole('region', { name: 'Stored order' });
    this.encodedOrder = this.region.getByRole('region', { name: 'Encoded order' });
    this.intendedOrder = this.region.getByRole('region', { name: 'Intended order' });
    this.storedKeyTemplate = this.region.getByRole('textbox', { name: 'Stored key template' });
    this.notCompared = this.region.getByRole('region', { name: 'Not compared' });
    this.noEntity = this.region.getByRole('region', { name: 'No entity' });
    this.noKeyDesign = this.region.getByRole('note', { name: 'No key design' });
    this.keyDesign = page.getByRole('combobox', { name: 'Key design' });
    this.verdict = this.region.locator('.verdict[role="status"]');
    this.byteInspector = page.getByRole('region', { name: 'Byte inspector' });
    this.sortBanner = page.getByRole('status').filter({ hasText: 'Sorted in this browser by' });
  }

  /** One entity's comparison (its verdict, notes and orders). */
  entity(name: string): Locator {
    return this.region.getByRole('region', { name: `Entity ${name}` });
  }

  /** The stored sort keys of one order's entries, top to bottom. */
  async storedKeysIn(list: Locator): Promise<string[]> {
    return list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('.oc-stored-key')?.textContent ?? ''));
  }

  /** The entries of a list whose rank changed, as their "was #… → now #…" text. */
  moves(list: Locator): Locator {
    return list.getByText(/^was #\d+ → now #\d+$/);
  }

  /** Opens a column header's menu and picks a client-side sort. */
  async sortViewBy(column: string): Promise<void> {
    await this.page.getByRole('columnheader').getByRole('button', { name: column, exact: true }).click();
    await this.page.getByRole('button', { name: `Sort this view by ${column}`, exact: true }).click();
  }

  /** Picks a row (1-based, as the grid numbers it) for the byte inspector. */
  async inspectRow(row: number): Promise<void> {
    await this.page.getByRole('button', { name: `Inspect the key of row ${row}`, exact: true }).click();
  }
}
