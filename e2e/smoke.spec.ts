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
