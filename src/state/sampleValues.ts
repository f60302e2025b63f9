import type { FieldFormat, FieldSegment, SampleRow } from '../keys';

/**
 * The article's seasonal leaderboard: raw scores 10, 1500, 240, 9 whose string
 * order is wrong, with timestamps and player ids for the tiebreaker key.
 */
export const LEADERBOARD_TEMPLATE = '{score:int(10)}#{ts:epoch(16)}#{playerId}';

export const LEADERBOARD_ROWS: readonly SampleRow[] = [
  { id: 'row-1', values: { score: '10', ts: '1719100800', playerId: 'p_1021' } },
  { id: 'row-2', values: { score: '1500', ts: '1719100800', playerId: 'p_8842' } },
  { id: 'row-3', values: { score: '240', ts: '1719104400', playerId: 'p_3310' } },
  { id: 'row-4', values: { score: '9', ts: '1719108000', playerId: 'p_0007' } },
];

/**
 * A plausible sample value for a field that the rows don't have yet (a field
 * just added to the template), so a new design shows an order at once rather
 * than a wall of "no value" errors. Values vary by row so the order is visible.
 */
export function suggestSampleValue(field: FieldSegment, rowIndex: number): string {
  return suggestForFormat(field.format, field.name, rowIndex);
}

const INTEGERS = ['10', '1500', '240', '9', '75', '3000'];
const SIGNED = ['-5', '1500', '-240', '9', '0', '-3000'];
const DECIMALS = ['10.5', '1500', '240.25', '9.99', '0.5', '3000.1'];
const HOURS = [10, 2, 23, 7, 15, 0];

function suggestForFormat(format: FieldFormat, name: string, rowIndex: number): string {
  const pick = (list: readonly string[]) => list[rowIndex % list.length] as string;
  switch (format.kind) {
    case 'string':
      return `${name}_${rowIndex + 1}`;
    case 'int':
      return pick(INTEGERS);
    case 'sint':
      return pick(SIGNED);
    case 'dec':
      return pick(DECIMALS);
    case 'iso': {
      const day = 22 + (rowIndex % 3);
      const hour = HOURS[rowIndex % HOURS.length] as number;
      const base = `2026-06-${day}T${String(hour).padStart(2, '0')}:00:00`;
      return format.precision === 'ms' ? `${base}.${String(rowIndex * 125).padStart(3, '0')}Z` : `${base}Z`;
    }
    case 'epoch': {
      const seconds = 1719100800 + ((rowIndex * 7919) % 86400);
      return format.unit === 's' ? String(seconds) : `${seconds}${String((rowIndex * 137) % 1000).padStart(3, '0')}`;
    }
  }
}
