import type { Locator, Page } from '@playwright/test';
import type { DesignDocument } from '../../src/design';

/** The Design tab's Item collection region, found by roles and names. */
export class ItemCollectionPage {
  readonly region: Locator;
  readonly tableOrIndex: Locator;
  readonly partition: Locator;
  readonly items: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Item collection' });
    this.tableOrIndex = this.region.getByRole('combobox', { name: 'Table or index' });
    this.partition = this.region.getByRole('combobox', { name: 'Partition key value' });
    this.items = this.region.getByRole('table', { name: 'Items in the collection' });
    this.summary = this.region.getByRole('status');
  }

  /** Opens the app with these designs saved in the browser (the designs store's localStorage entry) and `openId` open. */
  async openWith(documents: readonly { id: string; document: DesignDocument }[], openId: string): Promise<void> {
    const designs = documents.map(({ id, document: { format: _format, ...design } }) => ({ id, design, updatedAt: '2026-06-23T10:00:00.000Z' }));
    const saved = { state: { designs, openDesignId: openId }, version: 1 };
    await this.page.addInitScript((value) => localStorage.setItem('keylab.designs', value), JSON.stringify(saved));
    await this.page.goto('/');
    const tab = this.page.getByRole('tab', { name: /^(Design|Key builder)$/ });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await this.region.waitFor();
  }

  /** The data rows shown (the list is virtualized: the rows in view), each as its cells' text. */
  async rows(): Promise<{ position: string; entity: string; encoded: string; raw: string; mark: string; reason: string }[]> {
    return this.items.locator('.ic-body [role="row"]').evaluateAll((rows) =>
      rows.map((row) => {
        const text = (selector: string) => row.querySelector(selector)?.textContent ?? '';
        return {
          position: text('.ic-position'),
          entity: text('.ic-entity'),
          encoded: text('.ic-key:not(.ic-raw)'),
          raw: text('.ic-raw'),
          mark: text('.ic-mark'),
          reason: text('.ic-reason'),
        };
      }),
    );
  }
}
