/**
 * The structural diff of two designs (or two revisions of one): what changed,
 * what DynamoDB can do about each change, and which stored items move. It
 * runs the review on both sides, so it loads with the regions that use it
 * (entered directly: src/design/diff), not before the first paint.
 */
export * from './diff.types';
export { diffDesigns } from './diffDesigns';
export { itemMoves } from './itemMoves';
export { keyText, movedItems, movesSummary, placeText } from './movesText';
export { HOW, VERDICT_LABELS, VERDICT_RANK } from './verdicts';
