import v8 from 'node:v8';
import vm from 'node:vm';
import { createSeededRandom } from '../src/engine/samples/seededRandom';

/**
 * Small helpers for the Node benchmarks: a seeded PRNG, the random key
 * generator, timing and plain-text tables. No dependencies, no I/O besides
 * what the caller prints.
 */

/** The engine's seeded PRNG (mulberry32), so benches and generated samples share one implementation. */
export const createRandom = createSeededRandom;

/** An integer in [min, max], both inclusive. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const ASCII_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_#-.:';

/** Inclusive code point ranges of BMP non-ASCII characters (no surrogates). */
const BMP_RANGES: readonly (readonly [number, number])[] = [
  [0x00c0, 0x00ff], // Latin-1 letters
  [0x0391, 0x03c9], // Greek
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xe000, 0xffff], // private use, CJK compatibility, specials (U+FFFD, U+FFFF …)
];

/** Inclusive code point ranges of astral characters (surrogate pairs in UTF-16). */
const ASTRAL_RANGES: readonly (readonly [number, number])[] = [
  [0x1f300, 0x1f64f], // emoji
  [0x1f680, 0x1f6ff], // transport emoji
  [0x1d11e, 0x1d11e], // 𝄞 musical symbol G clef
  [0x1f900, 0x1f9ff], // supplemental emoji
];

function pickFrom(random: () => number, ranges: readonly (readonly [number, number])[]): number {
  const range = ranges[Math.floor(random() * ranges.length)] as readonly [number, number];
  return randomInt(random, range[0], range[1]);
}

function pickAscii(random: () => number): number {
  return ASCII_ALPHABET.charCodeAt(Math.floor(random() * ASCII_ALPHABET.length));
}

export type KeyKind = 'ascii' | 'bmp' | 'astral';

export interface KeyMix {
  /** Share of keys that are pure ASCII. */
  readonly ascii: number;
  /** Share of keys with at least one BMP non-ASCII character (and no astral one). */
  readonly bmp: number;
  /** The rest: keys with at least one astral character (they may hold BMP non-ASCII too). */
}

/**
 * Generates `count` random keys of 4–24 code points. Strings are built with
 * `String.fromCharCode(...units)`, so they are flat (sequential) strings, like
 * the ones JSON.parse or the SDK produce — not cons strings from `+=`.
 */
export function generateKeys(count: number, seed: number, mix: KeyMix = { ascii: 0.6, bmp: 0.25 }): { keys: string[]; kinds: Record<KeyKind, number> } {
  const random = createRandom(seed);
  const keys: string[] = new Array<string>(count);
  const kinds: Record<KeyKind, number> = { ascii: 0, bmp: 0, astral: 0 };
  const codePoints: number[] = [];
  for (let k = 0; k < count; k++) {
    const roll = random();
    const kind: KeyKind = roll < mix.ascii ? 'ascii' : roll < mix.ascii + mix.bmp ? 'bmp' : 'astral';
    kinds[kind]++;
    const length = randomInt(random, 4, 24);
    codePoints.length = 0;
    for (let i = 0; i < length; i++) {
      const r = random();
      if (kind === 'bmp' && r < 0.35) codePoints.push(pickFrom(random, BMP_RANGES));
      else if (kind === 'astral' && r < 0.2) codePoints.push(pickFrom(random, ASTRAL_RANGES));
      else if (kind === 'astral' && r < 0.4) codePoints.push(pickFrom(random, BMP_RANGES));
      else codePoints.push(pickAscii(random));
    }
    // Guarantee the kind: at least one character of the key's class.
    if (kind === 'bmp' && !codePoints.some((cp) => cp >= 0x80)) {
      codePoints[randomInt(random, 0, length - 1)] = pickFrom(random, BMP_RANGES);
    } else if (kind === 'astral' && !codePoints.some((cp) => cp > 0xffff)) {
      codePoints[randomInt(random, 0, length - 1)] = pickFrom(random, ASTRAL_RANGES);
    }
    keys[k] = String.fromCodePoint(...codePoints);
  }
  return { keys, kinds };
}

/** Milliseconds `fn` takes, by performance.now(). */
export function timeMs(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Nearest-rank percentile (`fraction` 0.95 for p95). */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

let gcFunction: (() => void) | undefined;

/**
 * Makes {@link collectGarbage} work without `node --expose-gc` (npm scripts
 * can't pass node flags through tsx). Returns whether a collector is available.
 */
export function enableGarbageCollection(): boolean {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') {
    gcFunction = exposed;
    return true;
  }
  try {
    v8.setFlagsFromString('--expose-gc');
    const fresh: unknown = vm.runInNewContext('gc');
    if (typeof fresh === 'function') gcFunction = fresh as () => void;
  } catch {
    gcFunction = undefined;
  }
  return gcFunction !== undefined;
}

/** A full collection before a timed run, so one run's garbage isn't billed to the next (no-op if unavailable). */
export function collectGarbage(): void {
  gcFunction?.();
}

export function formatMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

export function formatInt(value: number): string {
  return value.toLocaleString('en-US');
}

/** A plain-text table: first row is the header; columns after the first are right-aligned. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const line = (row: readonly string[]): string =>
    '  ' + row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  │  ');
  const rule = '  ' + widths.map((w) => '─'.repeat(w)).join('──┼──');
  const [header, ...body] = rows;
  return [header ? line(header) : '', rule, ...body.map(line)].join('\n');
}
