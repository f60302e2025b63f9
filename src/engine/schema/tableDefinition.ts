import { keyAttributeNamesOf, type KeySchemaInfo } from '../../expressions';
import type { KeyType } from '../../keys';

/**
 * A table's definition: what CreateTable fixed, in a plain, JSON-safe shape a
 * persistence adapter can store and give back to `restoreTable`.
 */

/** A key attribute: name and scalar type. */
export interface KeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

/** Which attributes an index copies from the table. */
export interface IndexProjection {
  readonly type: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  /** For INCLUDE: the non-key attributes copied besides the keys. */
  readonly nonKeyAttributes?: readonly string[];
}

/** Provisioned read and write capacity. */
export interface Throughput {
  readonly readCapacityUnits: number;
  readonly writeCapacityUnits: number;
}

/** A secondary index. */
export interface IndexDefinition {
  readonly name: string;
  /** `local` shares the table's partition key (LSI); `global` has its own keys (GSI). */
  readonly kind: 'local' | 'global';
  /** A GSI's keys may be multi-attribute (`partitionKeys` / `sortKeys`, see KeySchemaInfo). */
  readonly keys: KeySchemaInfo;
  readonly projection: IndexProjection;
  /** A GSI's own throughput under PROVISIONED billing. */
  readonly provisionedThroughput?: Throughput;
}

/** Everything CreateTable fixes about a table. */
export interface TableDefinition {
  readonly name: string;
  readonly keys: KeySchemaInfo;
  /** As given, in request order (DescribeTable returns them so). */
  readonly attributeDefinitions: readonly KeyAttribute[];
  /** LSIs then GSIs, each in request order. */
  readonly indexes: readonly IndexDefinition[];
  readonly billingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  /** Under PROVISIONED billing. */
  readonly provisionedThroughput?: Throughput;
  /** Creation time, epoch milliseconds. */
  readonly createdAt: number;
}

/**
 * The names of a key schema's attributes: partition attributes first (all of
 * them for multi-attribute keys), then sort attributes.
 *
 * @example
 * keyNames({ partitionKey: { name: "pk", type: "S" }, sortKey: { name: "sk", type: "N" } }) // ["pk", "sk"]
 */
export function keyNames(keys: KeySchemaInfo): string[] {
  if (keys.partitionKeys) return keyAttributeNamesOf(keys);
  return keys.sortKey ? [keys.partitionKey.name, keys.sortKey.name] : [keys.partitionKey.name];
}
