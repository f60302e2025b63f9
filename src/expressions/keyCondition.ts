import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * A key condition as a structure, the one type for both directions: what the
 * query builder edits (`buildExpressions` writes it as a
 * KeyConditionExpression) and what `prepareExpressions` reads back out of one
 * (the engine's Query runs it).
 */

/** The sort-key part of a key condition. */
export type SortKeyConditionModel =
  | { readonly operator: '=' | '<' | '<=' | '>' | '>='; readonly value: AttributeValue }
  | { readonly operator: 'between'; readonly low: AttributeValue; readonly high: AttributeValue }
  | { readonly operator: 'begins_with'; readonly prefix: AttributeValue };

/** A key condition: the partition key value and an optional sort-key condition. */
export interface KeyConditionModel {
  readonly partitionKey: { readonly name: string; readonly value: AttributeValue };
  readonly sortKey?: { readonly name: string; readonly condition: SortKeyConditionModel };
  /**
   * Multi-attribute keys only: every partition attribute's value, in key
   * schema order (`partitionKey` is the first).
   */
  readonly partitionKeys?: readonly { readonly name: string; readonly value: AttributeValue }[];
  /**
   * Multi-attribute keys only: the equalities on the sort attributes left of
   * `sortKey` (the last sort attribute constrained), in key schema order.
   */
  readonly sortKeyPrefix?: readonly { readonly name: string; readonly value: AttributeValue }[];
}
