/**
 * `npm run docs:screenshots`: writes the docs' screenshots (docs/images/, listed in
 * e2e/docs/screenshotFiles.ts) from the production build served by scripts/serve-dist.ts
 * on a free loopback port, in Debian's Chromium (never a downloaded browser), each screen
 * reached by e2e/docs/screens.ts the way the e2e tests reach it, at 1440×900. A console
 * error, a page error or a screen that is not reached stops the script with the reason.
 * Run after `vite build` (the npm script builds first).
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS, freePort, ROOT, startServer } from '../../bench/appServer';
import playwrightConfig from '../../playwright.config';
import { DOCS_SCREENS } from './screens';
import { DOCS_SCREENSHOT_VIEWPORT, DOCS_SCREENSHOTS, type DocsScreenshot } from './screenshotFiles';

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in DOCS_SCREENSHOTS));
if (unknown.length > 0) {
  console.error(`Unknown screenshot ${unknown.join(', ')}; known: ${Object.keys(DOCS_SCREENSHOTS).join(', ')}`);
  process.exit(2);
}
const names = (only.length > 0 ? only : Object.keys(DOCS_SCREENSHOTS)) as DocsScreenshot[];

const port = await freePort();
const server = await startServer(port);
// The e2e tests' Chromium and flags (playwright.config.ts), so the screenshots show what the tests see.
const browser = await chromium.launch(playwrightConfig.projects?.[0]?.use?.launchOptions ?? CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const name of names) {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: DOCS_SCREENSHOT_VIEWPORT, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
    await DOCS_SCREENS[name](page);
    if (problems.length > 0) throw new Error(`${name}: the page reported errors:\n  ${problems.join('\n  ')}`);
    const file = path.join(ROOT, DOCS_SCREENSHOTS[name]);
    mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    console.log(`${DOCS_SCREENSHOTS[name]}  ${Math.round(statSync(file).size / 1024)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
