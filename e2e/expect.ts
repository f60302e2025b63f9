import { expect as playwrightExpect } from '@playwright/test';

/**
 * How often `expect.poll` probes, in ms: every 100 ms, then every 250 ms. Playwright's default backs off to one
 * probe a second ([100, 250, 500, 1000]), so a value that turns right 1.2 s in was seen up to a second late, and
 * the e2e specs poll about a hundred times. A probe is one round trip to the page (a few ms), cheap next to that.
 */
export const POLL_INTERVALS_MS = [100, 100, 250];

/** `expect.poll` with {@link POLL_INTERVALS_MS} unless the call gives its own `intervals`. */
const poll: typeof playwrightExpect.poll = (actual, messageOrOptions) =>
  playwrightExpect.poll(actual, {
    intervals: POLL_INTERVALS_MS,
    ...(typeof messageOrOptions === 'string' ? { message: messageOrOptions } : messageOrOptions),
  });

/**
 * Playwright's `expect`, whose `expect.poll` probes at {@link POLL_INTERVALS_MS}. Every e2e file, page object and
 * helper imports `expect` from here (or from ./fixtures, which re-exports it), never from '@playwright/test'.
 */
export const expect: typeof playwrightExpect = new Proxy(playwrightExpect, {
  get: (target, property, receiver) => (property === 'poll' ? poll : Reflect.get(target, property, receiver)),
});
