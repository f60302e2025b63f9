import { expect, test } from './fixtures';

test('the app loads', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page).toHaveTitle(/Keylab/);
  await expect(page.getByRole('main')).toBeVisible();
});

test('deep links are served the app (SPA fallback)', async ({ page }) => {
  const response = await page.goto('/some/path');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveTitle(/Keylab/);
  await expect(page.getByRole('main')).toBeVisible();
});

test('the first screen is styled by the inline entry stylesheet, allowed by its hash (no CSP violation)', async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toContain('unsafe-inline');
  // Styled before any script ran or any stylesheet file arrived: the header's own colour, the tabs laid out in a row.
  await expect(page.locator('.app-header')).toHaveCSS('background-color', 'rgb(31, 58, 95)');
  await expect(page.getByRole('tablist', { name: 'Views' })).toHaveCSS('display', 'flex');
  expect(stylesheets.filter((pathname) => /\/index-[^/]*\.css$/.test(pathname))).toEqual([]);
  // The header's mark is drawn inline: no image request for it.
  await expect(page.locator('.brand svg')).toHaveAttribute('aria-hidden', 'true');
  expect(await page.locator('.brand img').count()).toBe(0);
});
