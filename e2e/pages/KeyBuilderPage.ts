import type { Locator, Page } from '@playwright/test';
import { DESIGNS_STORAGE_KEY, KEY_BUILDER_DESIGN } from './keyBuilderDesign';

/**
 * The key builder as it lives in the Design tab: the sort-key template of
 * one entity ("Run", in a design seeded before the page loads: the article's
 * four leaderboard rows under `{score:int(10)}#{ts:epoch(16)}#{playerId}`),
 * found the way a screen reader finds it: by roles and names.
 */
export class KeyBuilderPage {
  /** The entity's list item; its sample rows and Add row live here. */
  readonly entity: Locator;
  /** The sort key's template, segments and width advisor. */
  readonly keyGroup: Locator;
  /** The sort key's raw and encoded orders and its module export. */
  readonly orderGroup: Locator;
  readonly templateInput: Locator;
  readonly rawOrder: Locator;
  readonly encodedOrder: Locator;
  readonly descendingSwitch: Locator;
  readonly addRowButton: Locator;

  constructor(readonly page: Page) {
    this.entity = page.getByRole('region', { name: 'Entities' }).getByRole('listitem', { name: 'Run', exact: true });
    this.keyGroup = this.entity.getByRole('group', { name: 'SK key', exact: true });
    this.orderGroup = this.entity.getByRole('group', { name: 'SK order', exact: true });
    this.templateInput = this.keyGroup.getByRole('textbox', { name: 'SK template', exact: true });
    this.rawOrder = this.orderGroup.getByRole('region', { name: 'Raw order' });
    this.encodedOrder = this.orderGroup.getByRole('region', { name: 'Encoded order' });
    this.descendingSwitch = this.orderGroup.getByRole('switch', { name: /Descending/ });
    this.addRowButton = this.entity.getByRole('button', { name: 'Add row' });
  }

  /** Opens the Design tab on the seeded key-builder design (seeded once: a reload keeps what the test changed). */
  async open(): Promise<void> {
    await this.page.addInitScript(
      ([key, value]) => {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      },
      [
        DESIGNS_STORAGE_KEY,
        JSON.stringify({
          state: { designs: [{ id: 'design-1', design: KEY_BUILDER_DESIGN, updatedAt: '2026-06-23T10:00:00.000Z' }], openDesignId: 'design-1' },
          version: 1,
        }),
      ] as const,
    );
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
    return this.entity.getByRole('textbox', { name: `${field}, row ${row}`, exact: true });
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
    return this.keyGroup.getByRole('status', { name: `Advice for ${field}` });
  }

  largestValue(field: string): Locator {
    return this.keyGroup.getByRole('textbox', { name: `Largest value for ${field}`, exact: true });
  }
}
