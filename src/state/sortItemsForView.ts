import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getOwnAttribute } from '../expressions';
import { compareBytes, compareDynamoNumbers, compareUtf8 } from '../keys';
import type { Item } from './explorerStore';

/**
 * The order of types when one column holds values of several types: numbers,
 * strings, binary, booleans, null, the sets, lists, maps; items without the
 * attribute come last. DynamoDB has no order across types (a key attribute has
 * one type), so this one is Keylab's own, stated here and in the UI.
 */
export const VIEW_TYPE_ORDER = ['N', 'S', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', 'L', 'M'] as const;

const rankOfType = new Map<string, number>(VIEW_TYPE_ORDER.map((type, index) => [type, index]));

function typeRank(value: AttributeValue | undefined): number {
  if (value === undefined) return VIEW_TYPE_ORDER.length + 1;
  const type = Object.keys(value).find((key) => key !== '$unknown') ?? '';
  return rankOfType.get(type) ?? VIEW_TYPE_ORDER.length;
}

/**
 * Compares two attribute values for a client-side view. Same-type S, N and B
 * values use the DynamoDB comparator (UTF-8 bytes, numeric value, unsigned
 * bytes); BOOL puts false first; sets, lists and maps compare by size.
 * Values of different types follow {@link VIEW_TYPE_ORDER}.
 */
export function compareValuesForView(a: AttributeValue | undefined, b: AttributeValue | undefined): number {
  const typeOrder = typeRank(a) - typeRank(b);
  if (typeOrder !== 0 || a === undefined || b === undefined) return typeOrder;
  if (a.N !== undefined && b.N !== undefined) return compareDynamoNumbers(a.N, b.N);
  if (a.S !== undefined && b.S !== undefined) return compareUtf8(a.S, b.S);
  if (a.B !== undefined && b.B !== undefined) return compareBytes(a.B, b.B);
  if (a.BOOL !== undefined && b.BOOL !== undefined) return Number(a.BOOL) - Number(b.BOOL);
  return sizeOf(a) - sizeOf(b);
}

function sizeOf(value: AttributeValue): number {
  return value.SS?.length ?? value.NS?.length ?? value.BS?.length ?? value.L?.length ?? (value.M ? Object.keys(value.M).length : 0);
}

/** A client-side view's sort: one column, one direction. */
export interface ViewSort {
  readonly column: string;
  readonly descending: boolean;
}

/**
 * The items sorted by one column for a view — a new array; `items` (the order
 * DynamoDB returned) is left as it is. Stable: ties keep DynamoDB's order.
 * Items without the attribute stay last in both directions.
 */
export function sortItemsForView(items: readonly Item[], sort: ViewSort): Item[] {
  const sign = sort.descending ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = getOwnAttribute(a, sort.column);
    const y = getOwnAttribute(b, sort.column);
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return sign * compareValuesForView(x, y);
  });
}
