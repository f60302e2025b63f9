import type { Locator, Page } from '@playwright/test';
import { expect } from './expect';

/** The page does not scroll sideways: nothing is wider than the window. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, 'document.scrollingElement.scrollWidth').toBeLessThanOrEqual(clientWidth);
}

/**
 * The element's whole box is on the page's width and no ancestor that clips
 * (overflow other than visible) cuts any of it off, and its own text does
 * not overflow it.
 */
export async function expectFullyVisible(locator: Locator): Promise<void> {
  const problems = await locator.evaluate((element) => {
    const found: string[] = [];
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) found.push('it has no size');
    if (box.left < 0 || box.right > document.documentElement.clientWidth + 0.5) found.push(`it spans x ${box.left}…${box.right}, past the window`);
    if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) found.push('its text overflows it');
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) found.push(`${parent.tagName}.${parent.className} cuts it off`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}
