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
export interface TableDefinition extends TableSettings {
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
  /** DynamoDB's TableId (a UUID) given by CreateTable; tables saved before Keylab kept one get a stable one derived from name and creation time. */
  readonly tableId?: string;
  /** When UpdateTable last switched the table to PAY_PER_REQUEST (epoch ms); absent while it never did. */
  readonly lastUpdateToPayPerRequest?: number;
  /** UpdateTimeToLive's setting; absent while TTL was never enabled. */
  readonly timeToLive?: TimeToLiveSetting;
  /** The table's stream (StreamSpecification); absent while none was ever enabled. */
  readonly stream?: StreamSetting;
  /** TagResource's tags, in the order they were first set. */
  readonly tags?: readonly Tag[];
}

/** DynamoDB's table classes. */
export type TableClassName = 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';

/** A table's configuration parameters (tableSettings.ts reads, changes and describes them); all absent on tables saved before Keylab kept them. */
export interface TableSettings {
  /** DeletionProtectionEnabled; absent means false. */
  readonly deletionProtection?: boolean;
  /** TableClass once a request named one, and when (epoch ms), for TableClassSummary. */
  readonly tableClass?: { readonly name: TableClassName; readonly updatedAt: number };
  /** SSE with a KMS key (SSESpecification Enabled); absent means DynamoDB's default AWS-owned key. */
  readonly sse?: { readonly kmsMasterKeyArn: string };
  /** On-demand maximum request units, -1 meaning no limit. */
  readonly onDemandThroughput?: { readonly maxReadRequestUnits: number; readonly maxWriteRequestUnits: number };
}

/** A table's time-to-live attribute. */
export interface TimeToLiveSetting {
  readonly attributeName: string;
  readonly enabled: boolean;
}

/** A table's stream: what its records hold, and its label (the ARN's last part). */
export interface StreamSetting {
  readonly enabled: boolean;
  readonly viewType: 'KEYS_ONLY' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES';
  /** The stream's label, an ISO timestamp as DynamoDB writes it (`2026-12-01T16:17:02.123`). */
  readonly label: string;
}

/** A resource tag. */
export interface Tag {
  readonly key: string;
  readonly value: string;
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

/**
 * The attributes the table's indexes are keyed by that are not the table's
 * own key attributes, each once, in the order of the indexes and their key
 * schemas: what a data file keeps beside each item's key so that index
 * entries can be made without reading the item (deferredItem.ts).
 *
 * @example
 * indexKeyAttributeNames({ keys: { partitionKey: { name: "pk", type: "S" } }, indexes: [{ keys: { partitionKey: { name: "g", type: "S" }, sortKey: { name: "pk", type: "S" } } }] }) // ["g"]
 */
export function indexKeyAttributeNames(definition: Pick<TableDefinition, 'keys' | 'indexes'>): string[] {
  const tableKeys = new Set(keyNames(definition.keys));
  const names = new Set<string>();
  for (const index of definition.indexes ?? []) for (const name of keyNames(index.keys)) if (!tableKeys.has(name)) names.add(name);
  return [...names];
}
