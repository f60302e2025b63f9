import type { CodecFinding } from './codecFinding';

/** An instant read from a timestamp value. */
export interface ParsedInstant {
  /** Milliseconds since 1970-01-01T00:00:00Z. */
  readonly epochMs: number;
  /** True when the text had non-zero digits below a millisecond. */
  readonly subMillisecond: boolean;
}

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * Reads an ISO-8601 timestamp (`2026-06-23T10:00:00Z`, with an optional
 * fraction and a `Z` or `±HH:MM` offset; a bare date means midnight UTC) into
 * an instant, or says what is wrong with it. Times without a zone are refused:
 * a key must not depend on the writer's time zone.
 *
 * @example
 * parseTimestamp("2026-06-23T19:00:00+09:00", "at") // { epochMs: Date.UTC(2026, 5, 23, 10), subMillisecond: false }
 * parseTimestamp("6/23/2026", "at")                 // finding keys.notIsoDate
 */
export function parseTimestamp(value: string, field: string): ParsedInstant | CodecFinding {
  const match = ISO_TIMESTAMP.exec(value);
  if (!match) return notIso(value, field);
  const [, year, month, day, hour, minute, second, fraction = '', zulu, offsetSign, offsetHours, offsetMinutes] = match;
  if (hour !== undefined && zulu === undefined && offsetSign === undefined) {
    return {
      code: 'keys.notIsoDate',
      field,
      message: `${field} ${value} has no time zone: add Z for UTC (${value}Z) or an offset such as +09:00, so every writer produces the same key.`,
    };
  }
  const parts = [year, month, day, hour ?? '0', minute ?? '0', second ?? '0'].map(Number) as [number, number, number, number, number, number];
  const [y, mo, d, h, mi, s] = parts;
  // Set the fields one by one rather than through Date.UTC: Date.UTC maps the years 0–99 to 1900–1999,
  // and 1900 is no leap year while the year 0 is, so 0000-02-29 would be refused. Impossible dates such
  // as 2026-02-30 roll over into March; the round trip below catches them.
  const check = new Date(0);
  check.setUTCFullYear(y, mo - 1, d);
  check.setUTCHours(h, mi, s, 0);
  const valid =
    mo >= 1 &&
    mo <= 12 &&
    h <= 23 &&
    mi <= 59 &&
    s <= 59 &&
    check.getUTCFullYear() === y &&
    check.getUTCMonth() === mo - 1 &&
    check.getUTCDate() === d &&
    check.getUTCHours() === h;
  if (!valid) {
    return {
      code: 'keys.invalidDate',
      field,
      message: `${field} ${value} is not a real date and time: check the month (01–12), day, hours (00–23), minutes and seconds (00–59).`,
    };
  }
  const offsetMs = offsetSign === undefined ? 0 : (offsetSign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) {
    return { code: 'keys.invalidDate', field, message: `${field} ${value} has an impossible offset: write ±HH:MM with HH up to 23.` };
  }
  const milliseconds = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const epochMs = check.getTime() + milliseconds - offsetMs;
  const year4 = new Date(epochMs).getUTCFullYear();
  if (year4 < 0 || year4 > 9999) {
    return { code: 'keys.invalidDate', field, message: `${field} ${value} falls outside the years 0000–9999 that a fixed-width ISO-8601 key can hold.` };
  }
  return { epochMs, subMillisecond: /[1-9]/.test(fraction.slice(3)) };
}

function notIso(value: string, field: string): CodecFinding {
  const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(value);
  const hint = usDate
    ? ` Write ${usDate[3]}-${usDate[1]?.padStart(2, '0')}-${usDate[2]?.padStart(2, '0')}T00:00:00Z: dates like ${usDate[0]} sort by month first, so the order breaks at every month and year boundary.`
    : ' Write it like 2026-06-23T10:00:00Z.';
  return { code: 'keys.notIsoDate', field, message: `${field} "${value}" is not an ISO-8601 timestamp.${hint}` };
}

/**
 * Prints an instant as ISO-8601 UTC at a fixed precision — fixed width, so
 * byte order is chronological order for the years 0000–9999.
 *
 * @example
 * formatIsoTimestamp(Date.UTC(2026, 5, 23, 10), "s")  // "2026-06-23T10:00:00Z"
 * formatIsoTimestamp(Date.UTC(2026, 5, 23, 10), "ms") // "2026-06-23T10:00:00.000Z"
 */
export function formatIsoTimestamp(epochMs: number, precision: 's' | 'ms'): string {
  const date = new Date(epochMs);
  const base = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return precision === 'ms' ? `${base}.${pad(date.getUTCMilliseconds(), 3)}Z` : `${base}Z`;
}

/** A module function, not a closure per call: under tsx (esbuild keepNames) every closure pays a naming helper. */
function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}
