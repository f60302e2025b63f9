import type { Locator, Page } from '@playwright/test';

/** The key-builder panel, found the way a screen reader finds it: by roles and names. */
export class KeyBuilderPage {
  readonly templateInput: Locator;
  readonly rawOrder: Locator;
  readonly encodedOrder: Locator;
  readonly descendingSwitch: Locator;
  readonly addRowButton: Locator;

  constructor(readonly page: Page) {
    this.templateInput = page.getByRole('textbox', { name: 'Key template' });
    this.rawOrder = page.getByRole('region', { name: 'Raw order' });
    this.encodedOrder = page.getByRole('region', { name: 'Encoded order' });
    this.descendingSwitch = page.getByRole('switch', { name: /Descending/ });
    this.addRowButton = page.getByRole('button', { name: 'Add row' });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.templateInput.waitFor();
  }

  /** The values of one field, in the order a list shows its rows. */
  async fieldValuesIn(list: Locator, field: string): Promise<string[]> {
    const entries = list.getByRole('listitem');
    const texts = await entries.evaluateAll(
      (items, name) =>
        items.map((item) => {
          const fieldSpan = Array.from(item.querySelectorAll('.order-field')).find((span) => span.querySelector('.muted')?.textContent === name);
          return fieldSpan?.querySelector('.order-value')?.textContent ?? '';
        }),
      field,
    );
    return texts;
  }

  /** The input for a field of a sample row (1-based). */
  sampleValue(field: string, row: number): Locator {
    return this.page.getByRole('textbox', { name: `${field}, row ${row}`, exact: true });
  }

  async setTemplate(text: string): Promise<void> {
    await this.templateInput.fill(text);
  }
}
