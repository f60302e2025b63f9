/**
 * The one way a generator rewrites a generated part of a docs page: the text
 * between a start and an end marker (HTML comments, invisible when rendered)
 * is replaced, the rest of the page is left as written by hand.
 */

/**
 * `page` with the text between `start` and `end` replaced by `section`.
 * Throws when the markers are missing, doubled or out of order (nothing is written then),
 * naming the file and the section they belong around.
 */
export function replaceBetweenMarkers(page: string, markers: { start: string; end: string; file: string; around: string }, section: string): string {
  const { start: startMarker, end: endMarker } = markers;
  const start = page.indexOf(startMarker);
  const end = page.indexOf(endMarker);
  if (start < 0 || end < 0 || end < start || page.indexOf(startMarker, start + 1) >= 0 || page.indexOf(endMarker, end + 1) >= 0) {
    throw new Error(`${markers.file} needs exactly one ${startMarker} followed by one ${endMarker}, ${markers.around}.`);
  }
  return `${page.slice(0, start + startMarker.length)}\n${section}\n${page.slice(end)}`;
}
