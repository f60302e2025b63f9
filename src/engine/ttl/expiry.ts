import { getOwnAttribute, type Item } from '../../expressions';
import { compareDynamoNumbers } from '../../keys';

/**
 * How far in the past a TTL value may lie and still count: DynamoDB's TTL
 * process ignores items whose expiry is more than five years old (Developer
 * Guide, "Formatting an item's TTL attribute"), so a value in milliseconds or
 * a stray small number never deletes anything. Five 365-day years.
 */
export const TTL_MAX_AGE_SECONDS = 5 * 365 * 24 * 60 * 60;

/**
 * Whether DynamoDB's TTL process would delete `item` at `nowMs`: its TTL
 * attribute is a Number (a top-level `N`; any other type is ignored), read as
 * epoch seconds, earlier than now and not more than five years earlier.
 *
 * @example
 * isExpired({ exp: { N: "1700000000" } }, "exp", 1_800_000_000_000) // true
 * isExpired({ exp: { S: "1700000000" } }, "exp", 1_800_000_000_000) // false: not a number
 * isExpired({ exp: { N: "1700000000000" } }, "exp", 1_800_000_000_000) // false: milliseconds, far in the future
 */
export function isExpired(item: Item, attributeName: string, nowMs: number): boolean {
  const value = getOwnAttribute(item, attributeName);
  if (value === undefined || typeof value.N !== 'string') return false;
  const expiresAt = Number(value.N);
  const now = nowMs / 1000;
  const oldest = now - TTL_MAX_AGE_SECONDS;
  // A double keeps about 16 digits and a stored number up to 38 (`1799999999.99999999999999999999` reads as
  // 1800000000): within a second of either bound, the decimal text decides, compared exactly.
  if (Math.abs(expiresAt - now) < 1) return compareDynamoNumbers(value.N, secondsText(nowMs)) < 0;
  if (Math.abs(expiresAt - oldest) < 1) return compareDynamoNumbers(value.N, secondsText(nowMs - TTL_MAX_AGE_SECONDS * 1000)) >= 0;
  return expiresAt < now && expiresAt >= oldest;
}

/**
 * Epoch milliseconds as exact decimal seconds.
 *
 * @example
 * secondsText(1_800_000_000_250) // "1800000000.250"
 */
function secondsText(ms: number): string {
  if (!Number.isSafeInteger(ms)) return String(ms / 1000);
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}
