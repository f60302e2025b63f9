import { useMemo } from 'react';
import type { Design } from '../../design';
import { useSettledValue } from '../common/settledValue';

/**
 * How long the regions that judge the whole design (Design review, Review
 * document) wait for a pause in typing before they follow it: their rules
 * take several milliseconds on a 20,000-sample design, and running them
 * between key presses delays the next key's item collection.
 */
export const SETTLE_DESIGN = { delayMs: 250, maxWaitMs: 2000 } as const;

interface Subject {
  readonly designId: string;
  readonly design: Design;
}

const sameDesignId = (a: Subject, b: Subject) => a.designId === b.designId;

/** The open design as it was when typing paused; another design is followed at once. */
export function useSettledDesign(designId: string, design: Design): Design {
  const subject = useMemo(() => ({ designId, design }), [designId, design]);
  return useSettledValue(subject, SETTLE_DESIGN, sameDesignId).design;
}
