import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyFinding } from '../keyFinding';
import { formatIsoTimestamp, parseTimestamp, type ParsedInstant } from './timestamps';

const RUNS = { numRuns: 300 };
/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z. */
const MIN_MS = -62167219200000;
const MAX_MS = 253402300799999;

function instant(value: string): ParsedInstant {
  const result = parseTimestamp(value, 'at');
  if ('code' in result) throw new Error(result.message);
  return result;
}

function finding(value: string): KeyFinding {
  const result = parseTimestamp(value, 'at');
  if (!('code' in result)) throw new Error(`${value} parsed`);
  return result;
}

describe('parseTimestamp', () => {
  it.each([
    ['2026-06-23T10:00:00Z', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23T10:00:00z', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23t10:00:00Z', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23 10:00:00Z', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23T10:00Z', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23T19:00:00+09:00', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23T19:00:00+0900', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23T05:30:00-04:30', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-24T00:30:00+14:30', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23T10:00:00-00:00', Date.UTC(2026, 5, 23, 10)],
    ['2026-06-23', Date.UTC(2026, 5, 23)],
    ['2026-06-23Z', Date.UTC(2026, 5, 23)],
    ['2026-06-23T10:00:00.5Z', Date.UTC(2026, 5, 23, 10, 0, 0, 500)],
    ['2026-06-23T10:00:00,123Z', Date.UTC(2026, 5, 23, 10, 0, 0, 123)],
    ['2026-06-23T10:00:00.123000000Z', Date.UTC(2026, 5, 23, 10, 0, 0, 123)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29', Date.UTC(2000, 1, 29)],
    // Year 0 is a leap year in the proleptic Gregorian calendar (Date.UTC would treat it as 1900).
    ['0000-02-29', MIN_MS + 59 * 86_400_000],
    ['0000-01-01T00:00:00Z', MIN_MS],
    ['0099-12-31T23:59:59Z', -59011459201000],
    ['1970-01-01T00:00:00Z', 0],
    ['9999-12-31T23:59:59.999Z', MAX_MS],
  ])('%s', (value, epochMs) => {
    expect(instant(value)).toEqual({ epochMs, subMillisecond: false });
  });

  it('flags digits below a millisecond', () => {
    expect(instant('2026-06-23T10:00:00.1234Z')).toEqual({ epochMs: Date.UTC(2026, 5, 23, 10, 0, 0, 123), subMillisecond: true });
    expect(instant('2026-06-23T10:00:00.000000001Z').subMillisecond).toBe(true);
  });

  it.each([
    ['2026-06-23T10:00:00', /has no time zone/, /2026-06-23T10:00:00Z/],
    ['2026-06-23T10:00', /has no time zone/, /\+09:00/],
  ])('refuses a time without a zone: %s', (value, reason, fix) => {
    const f = finding(value);
    expect(f.code).toBe('keys.notIsoDate');
    expect(f.field).toBe('at');
    expect(f.message).toMatch(reason);
    expect(f.message).toMatch(fix);
  });

  it.each([
    ['6/23/2026', /at "6\/23\/2026" is not an ISO-8601 timestamp/, /Write 2026-06-23T00:00:00Z/],
    ['12/31/2025', /12\/31\/2025/, /Write 2025-12-31T00:00:00Z: dates like 12\/31\/2025 sort by month first/],
    ['1/2/2026 10:00', /1\/2\/2026/, /Write 2026-01-02T00:00:00Z/],
    ['yesterday', /"yesterday" is not an ISO-8601 timestamp/, /Write it like 2026-06-23T10:00:00Z/],
    ['26-06-23', /is not an ISO-8601/, /2026-06-23T10:00:00Z/],
    ['2026-6-23', /is not an ISO-8601/, /2026-06-23T10:00:00Z/],
    ['2026-06-23T10:00:00+09', /is not an ISO-8601/, /2026-06-23T10:00:00Z/],
    ['2026-06-23T10:00:00.1234567890Z', /is not an ISO-8601/, /2026-06-23T10:00:00Z/],
    ['1719100800', /is not an ISO-8601/, /2026-06-23T10:00:00Z/],
    ['', /is not an ISO-8601/, /2026-06-23T10:00:00Z/],
  ])('refuses %j as not ISO-8601', (value, names, fix) => {
    const f = finding(value);
    expect(f.code).toBe('keys.notIsoDate');
    expect(f.message).toMatch(names);
    expect(f.message).toMatch(fix);
  });

  it.each([
    ['2026-02-30', /not a real date/],
    ['2026-02-29T00:00:00Z', /not a real date/],
    ['1900-02-29', /not a real date/],
    ['2026-04-31', /not a real date/],
    ['2026-13-01', /month \(01–12\)/],
    ['2026-00-10', /not a real date/],
    ['2026-06-00', /not a real date/],
    ['2026-06-23T24:00:00Z', /hours \(00–23\)/],
    ['2026-06-23T10:60:00Z', /minutes and seconds \(00–59\)/],
    ['2026-06-23T10:00:60Z', /not a real date/],
    ['2026-06-23T10:00:00+24:00', /impossible offset/],
    ['2026-06-23T10:00:00+09:60', /impossible offset/],
    ['0000-01-01T00:00:00+01:00', /outside the years 0000–9999/],
    ['9999-12-31T23:59:59-01:00', /outside the years 0000–9999/],
  ])('refuses the impossible %s', (value, reason) => {
    const f = finding(value);
    expect(f.code).toBe('keys.invalidDate');
    expect(f.field).toBe('at');
    expect(f.message).toContain(value);
    expect(f.message).toMatch(reason);
  });
});

describe('formatIsoTimestamp', () => {
  it.each([
    [Date.UTC(2026, 5, 23, 10), 's', '2026-06-23T10:00:00Z'],
    [Date.UTC(2026, 5, 23, 10), 'ms', '2026-06-23T10:00:00.000Z'],
    [Date.UTC(2026, 5, 23, 10, 0, 0, 7), 'ms', '2026-06-23T10:00:00.007Z'],
    [MIN_MS, 's', '0000-01-01T00:00:00Z'],
    [MAX_MS, 'ms', '9999-12-31T23:59:59.999Z'],
    [0, 's', '1970-01-01T00:00:00Z'],
  ] as const)('%i at %s → %s', (epochMs, precision, expected) => {
    expect(formatIsoTimestamp(epochMs, precision)).toBe(expected);
  });
});

describe('properties', () => {
  const epochMs = fc.oneof(fc.integer({ min: MIN_MS, max: MAX_MS }), fc.constantFrom(MIN_MS, MAX_MS, 0, -1, 951782400000, 951868800000));

  it('formatIsoTimestamp(ms) is toISOString for the years 0000–9999, and fixed width', () => {
    fc.assert(
      fc.property(epochMs, (ms) => {
        expect(formatIsoTimestamp(ms, 'ms')).toBe(new Date(ms).toISOString());
        expect(formatIsoTimestamp(ms, 'ms')).toHaveLength(24);
        expect(formatIsoTimestamp(ms, 's')).toHaveLength(20);
      }),
      RUNS,
    );
  });

  it('parseTimestamp reads back what formatIsoTimestamp and toISOString write', () => {
    fc.assert(
      fc.property(epochMs, (ms) => {
        expect(instant(new Date(ms).toISOString())).toEqual({ epochMs: ms, subMillisecond: false });
        expect(instant(formatIsoTimestamp(ms, 's')).epochMs).toBe(Math.floor(ms / 1000) * 1000);
      }),
      RUNS,
    );
  });

  it('the same instant written with any offset parses to the same epoch', () => {
    const offsetMinutes = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });
    fc.assert(
      fc.property(fc.integer({ min: MIN_MS + 86_400_000, max: MAX_MS - 86_400_000 }), offsetMinutes, (ms, offset) => {
        const local = new Date(ms + offset * 60_000).toISOString().slice(0, -1);
        const abs = Math.abs(offset);
        const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        expect(instant(local + zone).epochMs).toBe(ms);
      }),
      RUNS,
    );
  });

  it('byte order of formatted timestamps is chronological order', () => {
    fc.assert(
      fc.property(epochMs, epochMs, (a, b) => {
        const x = formatIsoTimestamp(a, 'ms');
        const y = formatIsoTimestamp(b, 'ms');
        // Fixed-width ASCII: code unit order is byte order.
        expect(x < y).toBe(a < b);
      }),
      RUNS,
    );
  });
});
