/** Presentation mode's slides: a design as a deck for a schema review meeting (pure data; the UI lays it out). */
export { buildSlides, DEFAULT_FINDINGS_PER_SLIDE, DEFAULT_ROWS_PER_SLIDE, type BuildSlidesOptions } from './buildSlides';
export { DEFAULT_DECISIONS_PER_SLIDE } from './closingSlide';
export { keyDifference, keyList, markedKeys, stringKey, type ListEntry } from './keyMarks';
export type * from './slides.types';
export { speakerNotes } from './speakerNotes';
