import { describe, expect, it } from 'vitest';
import { backoff, backoffDelay, BACKOFF_DEFAULTS, sleepFor } from './backoff';

describe('full-jitter backoff', () => {
  it('waits random · min(cap, base · 2^attempt)', () => {
    const top = (attempt: number) => backoffDelay(attempt, { random: () => 0.999999 });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(top)).toEqual([49, 99, 199, 399, 799, 1599, 3199, 4999, 4999]);
    expect(backoffDelay(3, { random: () => 0.5 })).toBe(100);
    expect(backoffDelay(12, { random: () => 0 })).toBe(0);
    expect(backoffDelay(3, { random: () => 0.5, baseMs: 100, capMs: 300 })).toBe(150);
    expect(BACKOFF_DEFAULTS).toEqual({ baseMs: 25, capMs: 5000 });
  });

  it('spreads the waits over the whole window (full jitter, not equal jitter)', () => {
    const draws = [0, 0.25, 0.5, 0.75];
    expect(draws.map((value) => backoffDelay(2, { random: () => value }))).toEqual([0, 25, 50, 75]);
  });

  it('sleeps through the injected sleep, passing the signal on', async () => {
    const waits: [number, AbortSignal | undefined][] = [];
    const signal = new AbortController().signal;
    await backoff(4, { random: () => 0.5, sleep: async (ms, passed) => void waits.push([ms, passed]) }, signal);
    expect(waits).toEqual([[200, signal]]);
  });

  it('the default sleep ends at once when the signal is aborted', async () => {
    const controller = new AbortController();
    const waiting = sleepFor(3_600_000, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    await expect(sleepFor(3_600_000, controller.signal)).resolves.toBeUndefined();
  });
});
