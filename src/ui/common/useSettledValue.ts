import { startTransition, useEffect, useState } from 'react';

/** How long typing pauses before work that follows it catches up (the design's saves wait as long). */
export const TYPING_PAUSE_MS = 300;

/**
 * `value` as it was when it last stayed unchanged for `delayMs`, for work too
 * long to interrupt (the design review runs all its rules in one go): while
 * the user types, the previous result stays on screen and no keystroke waits
 * for it; the pause after typing brings it up to date, as a transition.
 *
 * @example
 * const reviewed = useSettledValue(design); // the design of the last pause in typing
 */
export function useSettledValue<T>(value: T, delayMs = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return;
    const timer = setTimeout(() => startTransition(() => setSettled(() => value)), delayMs);
    return () => clearTimeout(timer);
  }, [settled, value, delayMs]);
  return settled;
}
