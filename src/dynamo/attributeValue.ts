import type { AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB's values, one type for every layer: the AWS SDK v3's own
 * `AttributeValue` (a type import only, so nothing of the SDK runs), which is
 * the wire shape with binary as bytes:
 * `{ S } | { N } | { B: Uint8Array } | { SS } | { NS } | { BS } | { M } | { L } | { NULL: true } | { BOOL }`.
 */
export type AttributeValue = SdkAttributeValue;

/** An item: attribute names to values, as the SDK, the engine and the wire carry it. */
export type Item = Record<string, AttributeValue>;

/**
 * An attribute value in DynamoDB JSON, the text form of the wire and of `aws dynamodb`:
 * the same shape with binary as base64 text (design samples, Workbench files, exports).
 */
export type WireAttributeValue =
  | { readonly S: string }
  | { readonly N: string }
  | { readonly B: string }
  | { readonly BOOL: boolean }
  | { readonly NULL: true }
  | { readonly M: WireItem }
  | { readonly L: readonly WireAttributeValue[] }
  | { readonly SS: readonly string[] }
  | { readonly NS: readonly string[] }
  | { readonly BS: readonly string[] };

/** An item in DynamoDB JSON (binary as base64). */
export type WireItem = Readonly<Record<string, WireAttributeValue>>;

/** The ten type keys of an attribute value, in the order DynamoDB's documentation lists them. */
export const ATTRIBUTE_TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'] as const;

export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/**
 * Whether `key` is one of the ten type keys.
 *
 * @example
 * isAttributeType("SS") // true
 * isAttributeType("X")  // false
 */
export function isAttributeType(key: string): key is AttributeType {
  return TYPE_SET.has(key);
}

const TYPE_SET: ReadonlySet<string> = new Set(ATTRIBUTE_TYPES);
