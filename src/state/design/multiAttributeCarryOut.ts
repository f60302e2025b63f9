import type { KeyAttributeDesign, KeyAttributeType, MigrateKeysPreparation, MultiAttributeConversion } from '../../design';
import type { AddIndexForm } from '../explorer/tableDetails/addIndexForm';

/**
 * How a multi-attribute conversion is carried out on a stored table:
 * - `updateTable`: every item of the index's entities already carries the
 *   typed attributes, so one UpdateTable creates the new GSI and DynamoDB
 *   backfills it from the items as they are;
 * - `migrateKeys`: the items lack some typed attributes, which Migrate keys
 *   writes (read out of the old concatenated keys; conditional writes,
 *   resumable, every failure reported), one run per entity; then the same
 *   UpdateTable creates the GSI;
 * - `applicationWrites`: an attribute can't be read out of any stored key
 *   (a string field with no delimiter after it): the application must write
 *   it before the GSI is created.
 */
export type CarryOutKind = 'updateTable' | 'migrateKeys' | 'applicationWrites';

export interface ConversionCarryOut {
  readonly kind: CarryOutKind;
  readonly table: string;
  /** Which applies and why, in plain words. */
  readonly summary: string;
  /** The Add index dialog filled in with the converted GSI (the explorer's one UpdateTable path). */
  readonly addIndex: AddIndexForm;
  /** Migrate keys prepared per entity whose items need attributes written (empty for `updateTable`). */
  readonly migrations: readonly MigrateKeysPreparation[];
  /** What the application itself must write (`applicationWrites`). */
  readonly applicationWrites: readonly string[];
  /**
   * The converted GSI keeps the old one's name: DynamoDB can't change a GSI's
   * key schema, so the old index must be deleted before the new one is
   * created (queries on it fail in between).
   */
  readonly replacesIndex?: string;
}

const attributesText = (attributes: readonly { name: string; type: KeyAttributeType }[]) =>
  attributes.map((attribute) => `${attribute.name} (${attribute.type})`).join(', ');

/** The Add index form of the converted GSI: first partition and sort attribute, then the further ones, left to right. */
export function addIndexFormOf(conversion: MultiAttributeConversion): AddIndexForm {
  const { after } = conversion;
  const [partition, ...morePartition] = after.partitionKey as readonly [KeyAttributeDesign, ...KeyAttributeDesign[]];
  const [sort, ...moreSort] = after.sortKey;
  return {
    indexName: after.name,
    partitionKeyName: partition.name,
    partitionKeyType: partition.type,
    sortKeyName: sort?.name ?? '',
    sortKeyType: sort?.type ?? 'S',
    projection: after.projection.type,
    includeText: after.projection.type === 'INCLUDE' ? after.projection.attributes.join(', ') : '',
    ...(morePartition.length > 0 ? { morePartitionKeys: morePartition } : {}),
    ...(moreSort.length > 0 ? { moreSortKeys: moreSort } : {}),
  };
}

/** The old index's key attribute (its type and role), for reading its stored values. */
function oldKeyAttribute(conversion: MultiAttributeConversion, name: string): { type: KeyAttributeType; role: 'partition' | 'sort' } {
  const partition = conversion.before.partitionKey.find((attribute) => attribute.name === name);
  if (partition) return { type: partition.type, role: 'partition' };
  return { type: conversion.before.sortKey.find((attribute) => attribute.name === name)?.type ?? 'S', role: 'sort' };
}

/**
 * What carrying the conversion out on table `conversion.table` takes, decided
 * by the backfill the conversion reports: nothing to write (UpdateTable),
 * typed attributes to write from the old keys (Migrate keys, then
 * UpdateTable), or attributes only the application can write.
 *
 * @example
 * planConversionCarryOut('Leaderboard', conversion).kind // "migrateKeys": playerId and ts are read out of GSI1PK and GSI1SK
 */
export function planConversionCarryOut(designName: string, conversion: MultiAttributeConversion): ConversionCarryOut {
  const { table, before, after } = conversion;
  const addIndex = addIndexFormOf(conversion);
  const replacesIndex = before.name === after.name ? before.name : undefined;
  const keyText = `${after.name} (partition ${attributesText(after.partitionKey)}; sort ${attributesText(after.sortKey) || 'none'})`;
  const then = replacesIndex
    ? ` DynamoDB can't change a GSI's key: delete the table's old ${before.name} first (Delete index in the explorer; queries on it fail until the new one is ACTIVE), or convert under a new index name so the old one serves reads meanwhile.`
    : ` The old ${before.name} keeps serving reads until you delete it.`;

  const blocked = conversion.backfill.flatMap((entity) =>
    entity.attributes
      .filter((attribute) => attribute.status === 'write' && !attribute.derivable)
      .map((attribute) => `${entity.entity}: ${attribute.explanation}`),
  );
  if (blocked.length > 0) {
    return {
      kind: 'applicationWrites',
      table,
      summary: `Neither Migrate keys nor UpdateTable alone: some typed attributes can't be read out of any stored key, so the application must write them to every stored item first; then UpdateTable creates ${keyText} and DynamoDB backfills it.${then}`,
      addIndex,
      migrations: [],
      applicationWrites: blocked,
      ...(replacesIndex ? { replacesIndex } : {}),
    };
  }

  const writing = conversion.backfill.filter((entity) => entity.needsWrite);
  if (writing.length === 0) {
    const carried = attributesText([...after.partitionKey, ...after.sortKey]);
    return {
      kind: 'updateTable',
      table,
      summary: `UpdateTable: the items of ${conversion.entities.join(', ')} already carry ${carried} with these types, so creating ${keyText} is enough. DynamoDB backfills it from the items as they are; nothing is rewritten.${then}`,
      addIndex,
      migrations: [],
      applicationWrites: [],
      ...(replacesIndex ? { replacesIndex } : {}),
    };
  }

  const migrations = writing.map((entity): MigrateKeysPreparation => {
    const writes = entity.attributes.filter((attribute) => attribute.status === 'write');
    const sources = [
      ...new Map(writes.flatMap((attribute) => (attribute.from ? [[attribute.from.attribute, attribute.from.template] as const] : []))).entries(),
    ];
    return {
      designName,
      table,
      entity: entity.entity,
      // New attributes: nothing stored to read (current empty), written by their template.
      templates: Object.fromEntries(writes.map((attribute) => [attribute.name, { current: '', target: attribute.template }])),
      readFrom: sources.map(([name, template]) => ({ name, template, ...oldKeyAttribute(conversion, name) })),
      purpose: `the multi-attribute conversion of ${before.name} in ${designName} (writes ${writes.map((attribute) => attribute.name).join(', ')})`,
    };
  });
  const what = writing
    .map(
      (entity) =>
        `${entity.entity}: ${entity.attributes
          .filter((attribute) => attribute.status === 'write')
          .map((attribute) => `${attribute.name} from ${attribute.from?.attribute ?? '?'}`)
          .join(', ')}`,
    )
    .join('; ');
  return {
    kind: 'migrateKeys',
    table,
    summary: `Migrate keys, then UpdateTable: the stored items lack typed attributes of the new key (${what}). Migrate keys writes them, read out of the old keys, with conditional writes (resumable, every failure reported); then UpdateTable creates ${keyText} and DynamoDB backfills it.${then}`,
    addIndex,
    migrations,
    applicationWrites: [],
    ...(replacesIndex ? { replacesIndex } : {}),
  };
}
