import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Comparator, ResolvedPath } from './ast';
import type { KeyConditionModel, SortKeyConditionModel } from './keyCondition';

/**
 * Expressions after validation: `#name` placeholders replaced by attribute
 * names and `:value` placeholders by their AttributeValues, so evaluation
 * needs only the item. Produced by `prepareExpressions`, consumed by
 * `evaluateCondition`, `projectItem` and `applyUpdate`.
 */

/** An item: attribute names to AttributeValues (the SDK's low-level shape; B is a Uint8Array): src/dynamo's one type. */
export type { Item } from '../dynamo';

/** An operand with its references resolved. */
export type PreparedOperand =
  | { readonly kind: 'path'; readonly path: ResolvedPath }
  | { readonly kind: 'value'; readonly value: AttributeValue }
  | { readonly kind: 'size'; readonly path: ResolvedPath };

/** The functions that are conditions. */
export type ConditionFunctionName = 'attribute_exists' | 'attribute_not_exists' | 'attribute_type' | 'begins_with' | 'contains';

export type PreparedCondition =
  | { readonly kind: 'compare'; readonly operator: Comparator; readonly left: PreparedOperand; readonly right: PreparedOperand }
  | { readonly kind: 'between'; readonly operand: PreparedOperand; readonly low: PreparedOperand; readonly high: PreparedOperand }
  | { readonly kind: 'in'; readonly operand: PreparedOperand; readonly list: readonly PreparedOperand[] }
  | { readonly kind: 'and' | 'or'; readonly left: PreparedCondition; readonly right: PreparedCondition }
  | { readonly kind: 'not'; readonly operand: PreparedCondition }
  | { readonly kind: 'function'; readonly name: ConditionFunctionName; readonly args: readonly PreparedOperand[] };

/** A value computed in a SET action. */
export type PreparedSetValue =
  | PreparedOperand
  | { readonly kind: 'if_not_exists'; readonly path: ResolvedPath; readonly fallback: PreparedSetValue }
  | { readonly kind: 'list_append'; readonly first: PreparedSetValue; readonly second: PreparedSetValue }
  | { readonly kind: 'arithmetic'; readonly operator: '+' | '-'; readonly left: PreparedSetValue; readonly right: PreparedSetValue };

export type PreparedUpdateAction =
  | { readonly kind: 'SET'; readonly path: ResolvedPath; readonly value: PreparedSetValue }
  | { readonly kind: 'REMOVE'; readonly path: ResolvedPath }
  | { readonly kind: 'ADD'; readonly path: ResolvedPath; readonly value: AttributeValue }
  | { readonly kind: 'DELETE'; readonly path: ResolvedPath; readonly value: AttributeValue };

/** An update: actions in the order DynamoDB applies them. */
export interface PreparedUpdate {
  readonly actions: readonly PreparedUpdateAction[];
}

/** The sort-key part of a key condition: the same type as the builder's `SortKeyConditionModel` (./keyCondition.ts). */
export type PreparedSortKeyCondition = SortKeyConditionModel;

/** A KeyConditionExpression validated against a table's or index's key schema: the same type as the builder's `KeyConditionModel`. */
export type PreparedKeyCondition = KeyConditionModel;

/** One key attribute: its name and scalar type. */
export interface KeyAttributeInfo {
  readonly name: string;
  readonly type: 'S' | 'N' | 'B';
}

/**
 * A table's or index's key attributes, for validating key conditions.
 *
 * A GSI may have multi-attribute keys (up to four HASH and four RANGE
 * attributes): then `partitionKeys` and `sortKeys` list them all in KeySchema
 * order, `partitionKey` / `sortKey` being their first members. Both lists are
 * absent for single-attribute keys, so those keep their one shape everywhere
 * (see keySchema.ts for the helpers that read either).
 */
export interface KeySchemaInfo {
  readonly partitionKey: KeyAttributeInfo;
  readonly sortKey?: KeyAttributeInfo;
  /** Multi-attribute keys: every HASH attribute, left to right (two or more, or one with several RANGE attributes). */
  readonly partitionKeys?: readonly KeyAttributeInfo[];
  /** Multi-attribute keys: every RANGE attribute, left to right (possibly none). */
  readonly sortKeys?: readonly KeyAttributeInfo[];
}

/** All the expressions of one request, validated together (unused names/values are request-wide). */
export interface PreparedExpressions {
  readonly keyCondition?: KeyConditionModel;
  readonly filter?: PreparedCondition;
  readonly condition?: PreparedCondition;
  readonly projection?: readonly ResolvedPath[];
  readonly update?: PreparedUpdate;
}
