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

  /** The verdict line of one order list (its tone is in data-tone). */
  verdict(list: Locator): Locator {
    return list.getByRole('status');
  }

  /** The width advisor's advice for one field. */
  advice(field: string): Locator {
    return this.page.getByRole('status', { name: `Advice for ${field}` });
  }

  largestValue(field: string): Locator {
    return this.page.getByRole('textbox', { name: `Largest value for ${field}`, exact: true });
  }

  /** Fills the field of every sample row (1-based order) and removes the rows beyond them. */
  async setSampleValues(field: string, values: readonly string[]): Promise<void> {
    for (const [index, value] of values.entries()) await this.sampleValue(field, index + 1).fill(value);
    const rows = this.page.getByRole('button', { name: /^Remove row \d+$/ });
    while ((await rows.count()) > values.length) await rows.last().click();
  }
}
