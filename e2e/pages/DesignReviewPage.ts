import type { Locator, Page } from '@playwright/test';

/** The Design tab's Design review region, found by roles and names. */
export class DesignReviewPage {
  readonly region: Locator;
  readonly counts: Locator;
  readonly openFindings: Locator;
  readonly accepted: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Design review' });
    this.counts = this.region.getByRole('status');
    this.openFindings = this.region.getByRole('list', { name: 'Open findings' }).getByRole('listitem');
    this.accepted = this.region.getByRole('region', { name: /^Accepted \(\d+\)$/ });
  }

  /** A finding (open or accepted) by its code. */
  finding(code: string): Locator {
    return this.region.getByRole('listitem').filter({ has: this.page.locator('code', { hasText: code }) });
  }

  /** "Your name": who decisions and sign-offs are recorded under (remembered in this browser). */
  get yourName(): Locator {
    return this.region.getByRole('textbox', { name: 'Your name' });
  }

  /** The Sign-off region inside the Design review. */
  get signOff(): Locator {
    return this.region.getByRole('region', { name: 'Sign-off' });
  }

  /** The findings decided one way: "Accepted", "Won't fix" or "Fix later". */
  decided(label: string): Locator {
    return this.region.getByRole('region', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`) });
  }
}
