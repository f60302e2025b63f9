import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect } from './expect';
import { startDynamoDBLocal, type RunningDynamoDBLocal } from '../scripts/dynamodbLocal';

export interface KeylabFixtures {
  /**
   * Console errors / page errors matching one of these are tolerated.
   * Override per file or describe block: `test.use({ allowedPageErrors: [/expected/] })`.
   */
  allowedPageErrors: RegExp[];
}

interface WatchFixtures {
  /** Watches every page of the test for console errors and uncaught exceptions (automatic). */
  pageErrorWatch: void;
}

interface WorkerFixtures {
  /**
   * One DynamoDB Local (in memory, `-sharedDb`) per worker, stopped with the worker. Files share it one after the
   * other (a worker runs one test at a time), so each file empties it first (`emptyDynamoDBLocal` of
   * e2e/sharedDynamoDBLocal.ts in its `beforeAll`) and never stops it. A file that needs other flags, a fixed port,
   * or stops and restarts DynamoDB Local starts its own.
   */
  dynamoDBLocal: RunningDynamoDBLocal;
  /**
   * The start of the worker's DynamoDB Local, begun when the worker starts (automatic) and not awaited there: Java's
   * start costs seconds of both cores (about 30 s at load 20), and a file that asked for it waited that long before
   * its first test; begun early, it overlaps the worker's tests that need no DynamoDB Local. Stopped with the worker.
   */
  dynamoDBLocalStart: Promise<RunningDynamoDBLocal>;
}

/**
 * `test` that fails (at teardown) if any page of the test logged a console
 * error or threw an uncaught exception — e.g. a CSP violation or a React error
 * that does not break the assertions. Every page is watched, with the same
 * allow-list: the test's `page`, pages the test opens itself
 * (`context.newPage()`, popups such as the presenter view, second tabs), and
 * the pages of contexts it creates with `browser.newContext()` / `browser.newPage()`.
 */
export const test = base.extend<KeylabFixtures & WatchFixtures, WorkerFixtures>({
  allowedPageErrors: [[], { option: true }],

  dynamoDBLocalStart: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this parameter.
    async ({}, use) => {
      const starting = startDynamoDBLocal({ sharedDb: true });
      // A failed start fails the files that ask for it (dynamoDBLocal awaits it), not the worker's other tests.
      starting.catch(() => undefined);
      try {
        await use(starting);
      } finally {
        const started = await starting.catch(() => undefined);
        await started?.stop();
      }
    },
    { scope: 'worker', auto: true },
  ],

  dynamoDBLocal: [
    async ({ dynamoDBLocalStart }, use) => {
      await use(await dynamoDBLocalStart);
    },
    // A ceiling on Java's start (as the files' own beforeAll had), not an expectation.
    { scope: 'worker', timeout: 120_000 },
  ],

  pageErrorWatch: [
    async ({ browser, context, allowedPageErrors }, use) => {
      const problems: string[] = [];
      const watched = new WeakSet<Page>();
      let pages = 0;
      const watchPage = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        // The test's first page is "page"; later ones are numbered in the order they opened.
        const label = ++pages === 1 ? 'page' : `page ${pages}`;
        const record = (message: string) => {
          if (!allowedPageErrors.some((pattern) => pattern.test(message))) problems.push(`${label}: ${message}`);
        };
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const { url, lineNumber } = message.location();
          record(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
        });
        page.on('pageerror', (error) => {
          record(`uncaught exception: ${error.stack ?? error.message}`);
        });
      };
      const watchContext = (watchedContext: BrowserContext) => {
        watchedContext.pages().forEach(watchPage);
        watchedContext.on('page', watchPage);
      };
      watchContext(context);
      // Contexts the test creates itself (browser.newPage() creates one through newContext too).
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
        const created = await newContext.apply(this, args);
        watchContext(created);
        return created;
      };

      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }

      if (problems.length > 0) {
        const report = problems.map((problem, i) => `  ${i + 1}. ${problem}`).join('\n');
        throw new Error(`The test's pages reported ${problems.length} error(s):\n${report}`);
      }
    },
    { auto: true },
  ],
});

export { expect };
