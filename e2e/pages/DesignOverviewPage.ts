import type { Locator, Page } from '@playwright/test';
import { expect } from '../expect';

/** The Design tab's Design overview region and its skip links, found by roles and names. */
export class DesignOverviewPage {
  readonly region: Locator;
  readonly verdictsStatus: Locator;
  readonly findings: Locator;
  readonly jumpList: Locator;
  readonly skipToFindings: Locator;
  readonly skipToOverview: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Design overview' });
    this.verdictsStatus = this.region.getByRole('group', { name: 'Access pattern verdicts' }).getByRole('status');
    this.findings = this.region.getByRole('list', { name: 'Most severe open findings' }).getByRole('link');
    this.jumpList = this.region.getByRole('navigation', { name: 'Jump to' });
    this.skipToFindings = page.getByRole('link', { name: 'Skip to findings' });
    this.skipToOverview = page.getByRole('link', { name: 'Skip to overview' });
  }

  /** The review's counts line (errors, warnings, notes open, decided). */
  counts(): Locator {
    return this.region.getByRole('group', { name: 'Review' }).locator('.overview-counts');
  }

  /** A pattern's verdict in the overview ("passes", "fails"), by the pattern's name. */
  verdict(pattern: string): Locator {
    return this.region
      .getByRole('group', { name: 'Access pattern verdicts' })
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name: pattern, exact: true }) })
      .locator('.overview-verdict');
  }

  /** A link of the jump list: group "Tables", "Entities", "Patterns" or "Findings". */
  jumpLink(group: 'Tables' | 'Entities' | 'Patterns' | 'Findings', name: string | RegExp): Locator {
    return this.jumpList.getByRole('list', { name: group }).getByRole('link', { name, exact: typeof name === 'string' });
  }

  /** Fails unless the element's whole box is inside the viewport as the page is (no scrolling). */
  async expectInViewport(locator: Locator): Promise<void> {
    const viewport = this.page.viewportSize();
    const box = await locator.boundingBox();
    expect(box, 'bounding box').not.toBeNull();
    expect(viewport).not.toBeNull();
    if (!box || !viewport) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }
}

/**
 * Opens an entity's editor when it is collapsed (designs with more than three entities open with their editors
 * collapsed): its disclosure button is "Entity <name>".
 */
export async function openEntityEditor(page: Page, name: string): Promise<void> {
  const toggle = page.getByRole('region', { name: 'Entities' }).getByRole('button', { name: `Entity ${name}`, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
