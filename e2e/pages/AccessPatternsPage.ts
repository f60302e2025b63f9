import type { Locator, Page } from '@playwright/test';
import { EXAMPLE_DESIGNS } from '../../src/design/examples';

/** The Design tab's Access patterns region, found by roles and names. */
export class AccessPatternsPage {
  readonly region: Locator;
  readonly runButton: Locator;
  readonly addButton: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Access patterns' });
    this.runButton = this.region.getByRole('button', { name: 'Run access patterns' });
    this.addButton = this.region.getByRole('button', { name: 'Add access pattern' });
  }

  /**
   * Opens the app on one built-in example (by its id), as the Designs list
   * would have left it: the saved designs are put into storage before load.
   */
  async openExample(exampleId: string): Promise<void> {
    const saved = EXAMPLE_DESIGNS.map(({ id, design: { format: _format, ...design } }) => ({ id, design, updatedAt: '2026-12-01T10:00:00.000Z' }));
    await this.page.addInitScript(
      ({ designs, openDesignId }) => {
        if (!localStorage.getItem('keylab.designs')) localStorage.setItem('keylab.designs', JSON.stringify({ state: { designs, openDesignId }, version: 1 }));
      },
      { designs: saved, openDesignId: exampleId },
    );
    await this.page.goto('/');
    await this.runButton.waitFor();
  }

  pattern(name: string): Locator {
    return this.region.getByRole('listitem', { name, exact: true });
  }

  verdict(name: string): Locator {
    return this.pattern(name).locator('.pattern-verdict');
  }

  reasons(name: string): Locator {
    return this.pattern(name).getByRole('list', { name: 'Why it fails' });
  }

  /** The form of the pattern being added or edited. */
  editor(label: string): Locator {
    return this.region.getByRole('form', { name: label });
  }

  async run(): Promise<void> {
    await this.runButton.click();
    await this.region
      .getByRole('status')
      .filter({ hasText: /of \d+ pass/ })
      .waitFor();
  }
}
