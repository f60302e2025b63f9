import { defineConfig, devices } from '@playwright/test';
import { E2E_CHROMIUM_ARGS } from './e2e/chromiumArgs';

/**
 * E2E tests run against the production build (dist/, built by `npm test` or
 * `npm run test:e2e`) served by the same server as `npm start`, on its own port.
 * Browser: the system Chromium (never a Playwright-downloaded one).
 */
const port = Number(process.env.E2E_PORT ?? 5179);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  // Ceilings, not expectations: on two cores shared with CI (load 15–20) a long end-to-end test
  // (DynamoDB Local, several writes) took 31 s against the default 30 s; each wait is still on a condition.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: E2E_CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: `${JSON.stringify(process.execPath)} --import tsx scripts/serve-dist.ts --port ${port}`,
    url: `${baseURL}/`,
    env: { HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
  },
});
