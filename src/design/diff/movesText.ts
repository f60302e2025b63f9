import type { KeyMoves, PlacedKey } from './diff.types';

/*
 * The words every surface of the structural diff uses for items that move
 * (the Structural diff view, `keylab diff` as text and as Markdown).
 */

/** "3 of 12" (its place in its partition), or "not there". */
export const placeText = (place: PlacedKey | undefined): string => (place ? `${place.position} of ${place.of}` : 'not there');

/** "SEASON#2026-SUMMER / 0000002300#…" (partition / sort), the partition alone without a sort key, or "—". */
export function keyText(place: PlacedKey | undefined): string {
  if (!place) return '—';
  return place.sort === '' ? place.partition : `${place.partition} / ${place.sort}`;
}

/**
 * "12 of 12 items get new keys; 11 change place in their partition
 * (leaderboardId, rankKey, in DynamoDB’s order)."
 */
export function movesSummary(moves: KeyMoves): string {
  const total = moves.items.length;
  const rewritten =
    moves.index === undefined
      ? moves.moving === 1
        ? `1 of ${total} items gets a new key`
        : `${moves.moving} of ${total} items get new keys`
      : `${moves.moving} of ${total} items ${moves.moving === 1 ? 'has a new key' : 'have new keys'} in ${moves.keySpace}`;
  const placed = moves.repositioned === 1 ? '1 changes place in its partition' : `${moves.repositioned} change place in their partition`;
  return `${rewritten}; ${placed} (${moves.keyAttributes.join(', ')}, in DynamoDB’s order).`;
}

/** The items whose key or place changes (or that can't be placed), in the new order: the ones worth showing. */
export const movedItems = (moves: KeyMoves) => moves.items.filter((item) => item.keyChanged || item.positionChanged || item.problems.length > 0);
