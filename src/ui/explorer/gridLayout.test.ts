import { describe, expect, it } from 'vitest';
import type { Item } from '../../state';
import type { VisiblePart } from '../common/visibleText';
import { FALLBACK_METRICS, gridLayout, KEY_CAP_CHARS, KEY_LINE_PX, ROW_HEIGHT, rowHeightOf, scanKeyWidths, wrapKey, type GridLayoutInput } from './gridLayout';

const lineText = (parts: readonly VisiblePart[]) => parts.map((part) => (part.kind === 'text' ? part.text : part.symbol)).join('');
const lines = (text: string, columns: number, breakAfter = '#') => wrapKey(text, columns, breakAfter).map(lineText);
const metrics = { charPx: 10, badgePx: 20 };

describe('wrapKey', () => {
  it('keeps a key that fits on one line', () => {
    expect(lines('0000000003#000000171974', 23)).toEqual(['0000000003#000000171974']);
  });

  it('breaks after # so every segment, the tiebreaker too, stays whole', () => {
    expect(lines('0000000003#000000171974', 16)).toEqual(['0000000003#', '000000171974']);
    expect(lines('A#B#CCCC#D', 5)).toEqual(['A#B#', 'CCCC#', 'D']);
  });

  it('breaks inside a segment only when it is longer than a line, and loses no character', () => {
    const key = 'EVT#' + 'x'.repeat(25) + '#end';
    const wrapped = lines(key, 10);
    expect(wrapped.join('')).toBe(key);
    for (const line of wrapped) expect(line.length).toBeLessThanOrEqual(10);
  });

  it('never splits a marker and does not mark spaces at a break as edge spaces', () => {
    const wrapped = lines('ab\u202Ecd#ef gh#ij', 13);
    expect(wrapped).toEqual(['ab⟨U+202E⟩cd#', 'ef gh#ij']);
    expect(lines(' a#b ', 3)).toEqual(['␣a#', 'b␣']);
  });

  it('breaks binary after each byte', () => {
    expect(lines('01 02 03 04', 6, ' ')).toEqual(['01 02 ', '03 04']);
  });
});

describe('scanKeyWidths', () => {
  const item = (sk: string): Item => ({ pk: { S: 'P' }, sk: { S: sk } });

  it('finds the widest key of each column, page by page, keeping the array while nothing grows', () => {
    const first = [item('a'), item('abcd')];
    const scan = scanKeyWidths(undefined, first, ['pk', 'sk']);
    expect(scan.widths).toEqual([1, 4]);
    const same = scanKeyWidths(scan, [...first, item('xy')], ['pk', 'sk']);
    expect(same.widths).toBe(scan.widths);
    expect(scanKeyWidths(same, [...same.items, item('a\u202Eb')], ['pk', 'sk']).widths).toEqual([1, 10]);
  });
});

describe('gridLayout', () => {
  const input = (keyWidths: number[], sizing: Record<string, number> = {}): GridLayoutInput => ({
    columnNames: ['pk', 'sk', 'score'],
    keyCount: 2,
    keyWidths,
    sizing,
    metrics,
  });

  it('makes key columns as wide as their longest value, up to a cap, and other columns a default width', () => {
    const layout = gridLayout(input([10, 23]));
    // 20 px padding and slack + 20 px badge + 10 px a character (at least 8 characters).
    expect(layout.widths).toEqual([140, 270, 192]);
    expect(layout.keyLineChars).toEqual([10, 23]);
    expect(layout.oneLine).toBe(true);
    expect(layout.stickyStyles).toEqual([{ left: '56px' }, { left: '196px' }]);
    const capped = gridLayout(input([10, 200]));
    expect(capped.widths[1]).toBe(40 + KEY_CAP_CHARS * 10);
    expect(capped.oneLine).toBe(false);
  });

  it('uses the width the user set, within bounds', () => {
    expect(gridLayout(input([10, 23], { sk: 100, score: 5 })).widths).toEqual([140, 100, 48]);
  });

  it('gives a row one extra line height per wrapped line of its tallest key', () => {
    const layout = gridLayout(input([10, 23], { sk: 40 + 16 * 10 }));
    const row: Item = { pk: { S: 'P' }, sk: { S: '0000000003#000000171974' } };
    expect(rowHeightOf(row, layout)).toBe(ROW_HEIGHT + KEY_LINE_PX);
    expect(rowHeightOf({ pk: { S: 'P' }, sk: { S: 'short' } }, layout)).toBe(ROW_HEIGHT);
    expect(rowHeightOf(row, gridLayout(input([10, 23])))).toBe(ROW_HEIGHT);
  });

  it('has an estimate for when nothing can be measured', () => {
    expect(FALLBACK_METRICS.charPx).toBeGreaterThan(0);
  });
});
