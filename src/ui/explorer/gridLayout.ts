import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { CSSProperties } from 'react';
import { getOwnAttribute } from '../../expressions';
import type { Item } from '../../state';
import { toVisibleText, visibleWidth, type VisiblePart } from '../common/visibleText';
import { appendsTo, type ItemScan } from './gridColumns';
import { formatAttributeValue, isPlainVisibleText } from './formatAttributeValue';

/** A one-line row's height (CSS holds it too); rows whose keys wrap add {@link KEY_LINE_PX} per extra line. */
export const ROW_HEIGHT = 34;
/** The line height of a wrapped key (`.key-lines` in app.css). */
export const KEY_LINE_PX = 20;
/** The row number column's narrowest width (up to three digits, no checkbox). */
export const ROW_NUMBER_PX = 56;
/** A digit of the row number (the UI font's digits are about 0.55 em at 16 px; a little over, so none is cut). */
const DIGIT_PX = 9.5;
/** A row's checkbox (13 px) and its margin. */
const ROW_CHECK_PX = 22;

/**
 * The row number column's width for `rowCount` rows: wide enough for the last row's number
 * and, when bulk delete's checkboxes are shown, the checkbox before it (row 100 with a
 * checkbox showed "…").
 *
 * @example
 * rowNumberWidth(99, false) // 56
 * rowNumberWidth(100_000, true) > rowNumberWidth(100, true) // true
 */
export function rowNumberWidth(rowCount: number, checks: boolean): number {
  const digits = String(Math.max(1, rowCount)).length;
  return Math.max(ROW_NUMBER_PX, Math.ceil(CELL_CHROME_PX + digits * DIGIT_PX + (checks ? ROW_CHECK_PX : 0)));
}
/** A non-key column's width until the user resizes it. */
export const COLUMN_PX = 192;
export const MIN_COLUMN_PX = 48;
export const MAX_COLUMN_PX = 1600;
/** Key columns grow with their longest loaded value up to this many characters, then wrap. */
export const KEY_CAP_CHARS = 36;
const MIN_KEY_CHARS = 8;
/** Cell padding (0.5rem each side) plus a little slack, so a monospace estimate never clips the last character. */
const CELL_CHROME_PX = 16 + 4;

/** The key font's measurements: key widths are counted in characters of a monospace font. */
export interface KeyFontMetrics {
  /** Width of one character of the key font (px). */
  readonly charPx: number;
  /** Width the type badge (`S`, `N`, `B`) takes before the key text (px). */
  readonly badgePx: number;
}

/** A fallback when nothing can be measured (no canvas): a monospace character is about 0.6 em. */
export const FALLBACK_METRICS: KeyFontMetrics = { charPx: 8.5, badgePx: 20 };

/** The text a key cell shows for a value (the cell's own format). */
function keyTextOf(value: AttributeValue | undefined): string {
  return value === undefined ? '' : formatAttributeValue(value);
}

/** Monospace columns of a key text as shown, with a fast path for plain ASCII (nearly every key). */
function keyWidthOf(text: string): number {
  return isPlainVisibleText(text) ? text.length : visibleWidth(text);
}

/** The widest loaded value of each key column, in characters. */
export interface KeyWidthScan extends ItemScan {
  readonly widths: readonly number[];
}

/**
 * The widest value of each key column over `items`, reusing `previous` when `items` only appends
 * to what it scanned (page after page); the widths array stays the same when no column grew.
 */
export function scanKeyWidths(previous: KeyWidthScan | undefined, items: readonly Item[], keyNames: readonly string[]): KeyWidthScan {
  const appended = appendsTo(previous, items, keyNames);
  const widths = appended ? [...previous.widths] : keyNames.map(() => 0);
  for (let index = appended ? previous.items.length : 0; index < items.length; index++) {
    const item = items[index] as Item;
    keyNames.forEach((name, column) => {
      const width = keyWidthOf(keyTextOf(getOwnAttribute(item, name)));
      if (width > (widths[column] as number)) widths[column] = width;
    });
  }
  const grew = !appended || widths.some((width, column) => width !== previous.widths[column]);
  return { items, keyNames, widths: grew ? widths : previous.widths };
}

/**
 * A key's visible text in lines of at most `columns` characters, broken after each `#` (a
 * segment boundary of a composite key; for binary, after each byte) and, only where one segment
 * is longer than a line, inside it. Works on the visible parts, so a marker like `⟨U+202E⟩` is
 * never split and a space at a break is not mistaken for an edge space.
 *
 * @example
 * wrapKey("0000000003#000000171974", 12, "#").map(partsText) // ["0000000003#", "000000171974"]
 */
export function wrapKey(text: string, columns: number, breakAfter: string): VisiblePart[][] {
  const lines: VisiblePart[][] = [];
  let line: VisiblePart[] = [];
  let lineWidth = 0;
  let segment: VisiblePart[] = [];
  let segmentWidth = 0;
  const push = (parts: VisiblePart[], part: VisiblePart) => {
    const last = parts[parts.length - 1];
    if (part.kind === 'text' && last?.kind === 'text') parts[parts.length - 1] = { kind: 'text', text: last.text + part.text };
    else parts.push(part);
  };
  const endLine = () => {
    if (line.length > 0) lines.push(line);
    line = [];
    lineWidth = 0;
  };
  const placeSegment = () => {
    if (lineWidth + segmentWidth > columns) endLine();
    if (segmentWidth <= columns) {
      for (const part of segment) push(line, part);
      lineWidth += segmentWidth;
    } else {
      // Longer than a line on its own: break it where the line is full.
      for (const part of segment) {
        const pieces = part.kind === 'text' ? Array.from(part.text, (char): VisiblePart => ({ kind: 'text', text: char })) : [part];
        for (const piece of pieces) {
          const width = piece.kind === 'text' ? visibleWidth(piece.text) : Array.from(piece.symbol).length;
          if (lineWidth + width > columns && lineWidth > 0) endLine();
          push(line, piece);
          lineWidth += width;
        }
      }
    }
    segment = [];
    segmentWidth = 0;
  };
  for (const part of toVisibleText(text)) {
    if (part.kind === 'invisible') {
      push(segment, part);
      segmentWidth += Array.from(part.symbol).length;
      continue;
    }
    for (const char of part.text) {
      push(segment, { kind: 'text', text: char });
      segmentWidth += visibleWidth(char);
      if (breakAfter.includes(char)) placeSegment();
    }
  }
  placeSegment();
  endLine();
  return lines.length > 0 ? lines : [[]];
}

/** Where a key of this type may break: binary shows spaced hex bytes, the other types read as composite keys. */
export function keyBreaksFor(value: AttributeValue | undefined): string {
  return value?.B !== undefined ? ' ' : '#';
}

/** The grid's column layout, the same for every row (each row is its own CSS grid, so columns need fixed widths to line up). */
export interface GridLayout {
  readonly columnNames: readonly string[];
  readonly keyCount: number;
  /** Each column's width (px), in `columnNames` order. */
  readonly widths: readonly number[];
  /** Characters a line of each key column holds. */
  readonly keyLineChars: readonly number[];
  /** Whether every loaded key fits on one line: then every row has {@link ROW_HEIGHT} and nothing is wrapped. */
  readonly oneLine: boolean;
  /** `grid-template-columns` of every row. */
  readonly template: string;
  /** The `left` of each sticky key column (one object per column, shared by all rows). */
  readonly stickyStyles: readonly CSSProperties[];
  /**
   * Custom properties the body rows read their columns and width from (rows are `contain: strict`,
   * so their width can't come from their content), set once on the body rather than parsed per row.
   */
  readonly bodyStyle: CSSProperties;
}

export interface GridLayoutInput {
  readonly columnNames: readonly string[];
  readonly keyCount: number;
  /** The widest loaded value of each key column, in characters ({@link scanKeyWidths}). */
  readonly keyWidths: readonly number[];
  /** Widths the user set by resizing (px), by column name. */
  readonly sizing: Readonly<Record<string, number>>;
  readonly metrics: KeyFontMetrics;
  /** The row number column's width ({@link rowNumberWidth}); {@link ROW_NUMBER_PX} when not given. */
  readonly rowNumberPx?: number;
}

/** A column's width the user set, kept inside the bounds the resize handle allows. */
export function clampColumnWidth(px: number): number {
  return Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, px)));
}

/**
 * Column widths: a key column is as wide as its longest loaded value (and its name) up to
 * {@link KEY_CAP_CHARS} characters; other columns {@link COLUMN_PX}; a width the user set wins.
 */
/** The Entity column's id among the grid's column names (no attribute name holds a NUL). */
export const ENTITY_COLUMN = '\u0000entity';

export function gridLayout({ columnNames, keyCount, keyWidths, sizing, metrics, rowNumberPx = ROW_NUMBER_PX }: GridLayoutInput): GridLayout {
  const keyChrome = CELL_CHROME_PX + metrics.badgePx;
  const widths = columnNames.map((name, column) => {
    // Own widths only: `sizing.constructor` is Object, not a width (an attribute may be named so).
    const set = Object.hasOwn(sizing, name) ? sizing[name] : undefined;
    if (set !== undefined) return clampColumnWidth(set);
    if (column >= keyCount) return COLUMN_PX;
    const chars = Math.min(KEY_CAP_CHARS, Math.max(MIN_KEY_CHARS, keyWidths[column] ?? 0, name.length));
    return Math.ceil(keyChrome + chars * metrics.charPx);
  });
  const keyLineChars = widths.slice(0, keyCount).map((width) => Math.max(1, Math.floor((width - keyChrome) / metrics.charPx)));
  const oneLine = keyLineChars.every((chars, column) => (keyWidths[column] ?? 0) <= chars);
  const template = [rowNumberPx, ...widths].map((px) => `${px}px`).join(' ');
  const stickyStyles: CSSProperties[] = [];
  let left = rowNumberPx;
  for (let column = 0; column < keyCount; column++) {
    stickyStyles.push({ left: `${left}px` });
    left += widths[column] as number;
  }
  const width = `${widths.reduce((sum, px) => sum + px, rowNumberPx)}px`;
  return {
    columnNames,
    keyCount,
    widths,
    keyLineChars,
    oneLine,
    template,
    stickyStyles,
    bodyStyle: { '--grid-columns': template, '--grid-width': width } as CSSProperties,
  };
}

/** How many lines a key value takes in its column. */
export function keyLineCount(value: AttributeValue | undefined, lineChars: number): number {
  const text = keyTextOf(value);
  if (keyWidthOf(text) <= lineChars) return 1;
  return wrapKey(text, lineChars, keyBreaksFor(value)).length;
}

/** A row's height: its tallest wrapped key decides. */
export function rowHeightOf(item: Item | undefined, layout: GridLayout): number {
  if (layout.oneLine || !item) return ROW_HEIGHT;
  let lines = 1;
  for (let column = 0; column < layout.keyCount; column++) {
    lines = Math.max(lines, keyLineCount(getOwnAttribute(item, layout.columnNames[column] as string), layout.keyLineChars[column] as number));
  }
  return ROW_HEIGHT + (lines - 1) * KEY_LINE_PX;
}
