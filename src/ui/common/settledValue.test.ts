import { describe, expect, it } from 'vitest';
import { createSettler, type SettleTimers } from './settledValue';

function fakeTimers() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const api: SettleTimers = {
    setTimeout: (run, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = until;
  };
  return { api, advance, pending: () => timers.size };
}

const OPTIONS = { delayMs: 300, maxWaitMs: 2000 };

describe('createSettler', () => {
  it('takes a value once offers pause for the delay, telling its listeners once', () => {
    const clock = fakeTimers();
    const settler = createSettler('a', OPTIONS, clock.api);
    let told = 0;
    settler.subscribe(() => told++);
    settler.offer('ab');
    clock.advance(200);
    settler.offer('abc');
    clock.advance(299);
    expect(settler.current).toBe('a');
    clock.advance(1);
    expect(settler.current).toBe('abc');
    expect(told).toBe(1);
  });

  it('takes the latest value at most maxWait after the first offer of a burst of typing', () => {
    const clock = fakeTimers();
    const settler = createSettler(0, OPTIONS, clock.api);
    for (let typed = 1; typed <= 20; typed++) {
      settler.offer(typed);
      clock.advance(100);
    }
    // 20 offers 100 ms apart never pause for 300 ms: the 2 s cap took the value offered by then.
    expect(settler.current).toBe(20);
    settler.offer(21);
    clock.advance(299);
    expect(settler.current).toBe(20);
    clock.advance(1);
    expect(settler.current).toBe(21);
  });

  it('drops the pending value when the current one is offered again (typed back), and on dispose', () => {
    const clock = fakeTimers();
    const settler = createSettler('a', OPTIONS, clock.api);
    settler.offer('ab');
    settler.offer('a');
    expect(clock.pending()).toBe(0);
    settler.offer('ab');
    settler.dispose();
    clock.advance(1000);
    expect(settler.current).toBe('a');
  });

  it('settles a value at once (another design), dropping what was pending', () => {
    const clock = fakeTimers();
    const settler = createSettler('design 1', OPTIONS, clock.api);
    let told = 0;
    settler.subscribe(() => told++);
    settler.offer('design 1, edited');
    settler.settle('design 2');
    expect(settler.current).toBe('design 2');
    clock.advance(1000);
    expect(settler.current).toBe('design 2');
    expect(told).toBe(1);
  });
});
