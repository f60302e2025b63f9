/**
 * Sample values of a string field that are digits zero-padded by hand at
 * more than one width (`00000010`, `0000001500`): the widths seen, narrowest
 * first; undefined when a value is not plain digits, none is padded (plain
 * numbers are review.numberInStringField's), or all share one width.
 *
 * @example
 * paddedDigitWidths(['00000010', '0000001500']) // [8, 10]
 * paddedDigitWidths(['10', '1500']) // undefined: not padded
 */
export function paddedDigitWidths(values: readonly (string | undefined)[]): number[] | undefined {
  const widths = new Set<number>();
  let padded = false;
  for (const value of values) {
    if (value === undefined) continue;
    if (!DIGITS.test(value)) return undefined;
    widths.add(value.length);
    padded ||= value.length > 1 && value.startsWith('0');
  }
  return padded && widths.size > 1 ? [...widths].sort((a, b) => a - b) : undefined;
}

const DIGITS = /^\d+$/;

/** `8 and 10`, `8, 9 and 10`. */
export function listWidths(widths: readonly number[]): string {
  return widths.length < 2 ? widths.join('') : `${widths.slice(0, -1).join(', ')} and ${widths.at(-1)}`;
}
