import { getOwnAttribute, type Item } from '../../expressions';

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
  return expiresAt < now && expiresAt >= now - TTL_MAX_AGE_SECONDS;
}
