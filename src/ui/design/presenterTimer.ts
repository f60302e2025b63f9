/**
 * The presenter view's timer: time elapsed since the talk started, paused
 * and resumed at will, reset to zero. Pure state over a clock reading
 * (milliseconds), so it is tested without waiting; the view reads the clock.
 */
export interface PresenterTimer {
  /** When the running stretch began; undefined while paused. */
  readonly runningSince: number | undefined;
  /** Time counted before the running stretch (or in total, while paused). */
  readonly counted: number;
}

export function startTimer(now: number): PresenterTimer {
  return { runningSince: now, counted: 0 };
}

export function elapsedMs(timer: PresenterTimer, now: number): number {
  return timer.counted + (timer.runningSince === undefined ? 0 : Math.max(0, now - timer.runningSince));
}

export function isTimerRunning(timer: PresenterTimer): boolean {
  return timer.runningSince !== undefined;
}

/** Pauses a running timer, resumes a paused one. */
export function toggleTimer(timer: PresenterTimer, now: number): PresenterTimer {
  return timer.runningSince === undefined ? { runningSince: now, counted: timer.counted } : { runningSince: undefined, counted: elapsedMs(timer, now) };
}

/** Back to 0:00, still running if it was. */
export function resetTimer(timer: PresenterTimer, now: number): PresenterTimer {
  return { runningSince: timer.runningSince === undefined ? undefined : now, counted: 0 };
}

/**
 * Elapsed time as a clock shows it: `m:ss`, from an hour on `h:mm:ss`.
 *
 * @example
 * formatElapsed(75_000)    // "1:15"
 * formatElapsed(3_726_000) // "1:02:06"
 */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
