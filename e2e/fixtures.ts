import { test as base, expect } from '@playwright/test';

export interface KeylabFixtures {
  /**
   * Console errors / page errors matching one of these are tolerated.
   * Override per file or describe block: `test.use({ allowedPageErrors: [/expected/] })`.
   */
  allowedPageErrors: RegExp[];
}

/**
 * `test` with a `page` that fails the test (at teardown) if the page logged a
 * console error or threw an uncaught exception — e.g. a CSP violation or a
 * React error that does not break the assertions.
 */
export const test = base.extend<KeylabFixtures>({
  allowedPageErrors: [[], { option: true }],

  page: async ({ page, allowedPageErrors }, use) => {
    const problems: string[] = [];
    const record = (message: string) => {
      if (!allowedPageErrors.some((pattern) => pattern.test(message))) problems.push(message);
    };
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      record(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => {
      record(`uncaught exception: ${error.stack ?? error.message}`);
    });

    await use(page);

    if (problems.length > 0) {
      const report = problems.map((problem, i) => `  ${i + 1}. ${problem}`).join('\n');
      throw new Error(`The page reported ${problems.length} error(s):\n${report}`);
    }
  },
});

export { expect };
