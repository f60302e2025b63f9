import type { Locator, Page } from '@playwright/test';

/** The Structural diff region (inside Compare designs, or Versions' Compare), by roles and names. */
export class StructuralDiffPage {
  readonly region: Locator;
  readonly summary: Locator;

  constructor(
    readonly page: Page,
    within: Locator | Page = page,
  ) {
    this.region = within.getByRole('region', { name: 'Structural diff' });
    this.summary = this.region.getByRole('status');
  }

  /** One change, by the text of its subject ("index byPlayer keys"). */
  change(subject: string | RegExp): Locator {
    return this.region.getByRole('listitem').filter({ hasText: subject });
  }

  /** The rows of the items that move in a table or index ("table Leaderboard", "index byPlayer"), in DynamoDB's new order. */
  movingItems(keySpace: string): Locator {
    return this.region
      .getByRole('table', { name: `Items that move in ${keySpace}` })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader') });
  }
}
