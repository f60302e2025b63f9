import { describe, expect, it } from 'vitest';
import { elapsedMs, formatElapsed, isTimerRunning, resetTimer, startTimer, toggleTimer } from './presenterTimer';

describe('presenter timer', () => {
  it('counts from the start, stops counting while paused, resumes where it stopped', () => {
    let timer = startTimer(1_000);
    expect(elapsedMs(timer, 61_000)).toBe(60_000);
    timer = toggleTimer(timer, 61_000);
    expect(isTimerRunning(timer)).toBe(false);
    expect(elapsedMs(timer, 500_000)).toBe(60_000);
    timer = toggleTimer(timer, 500_000);
    expect(isTimerRunning(timer)).toBe(true);
    expect(elapsedMs(timer, 515_000)).toBe(75_000);
  });

  it('reset goes back to zero and keeps running (or paused) as it was', () => {
    const running = resetTimer(startTimer(0), 10_000);
    expect(elapsedMs(running, 12_000)).toBe(2_000);
    const paused = resetTimer(toggleTimer(startTimer(0), 10_000), 20_000);
    expect(isTimerRunning(paused)).toBe(false);
    expect(elapsedMs(paused, 99_000)).toBe(0);
  });

  it('never counts backwards when the clock reads earlier than the start', () => {
    expect(elapsedMs(startTimer(5_000), 4_000)).toBe(0);
  });

  it('formats m:ss, and h:mm:ss from an hour on', () => {
    expect([0, 999, 9_000, 75_000, 600_000, 3_599_999, 3_600_000, 3_726_000].map(formatElapsed)).toEqual([
      '0:00',
      '0:00',
      '0:09',
      '1:15',
      '10:00',
      '59:59',
      '1:00:00',
      '1:02:06',
    ]);
  });
});
