import { safeFileName } from '../export';
import { DESIGN_FORMAT, type AttributeTypeName, type Design, type IndexDesign, type KeyAttributeDesign, type TableDesign } from '../design.types';
import { keyAttributesOf } from '../designKeys';
import { typeOfValue } from './entityFromItems';
import { tableItems } from './tableItems';
import { KEYLAB_EXTENSION_FIELD, WORKBENCH_SERVICE, type WorkbenchKeyAttribute, type WorkbenchKeyAttributes } from './workbenchModel.types';

export interface WorkbenchExportOptions {
  /** The model's DateCreated / DateLastModified (tests pass a fixed one). */
  readonly now?: Date;
  readonly author?: string;
}

/**
 * A NoSQL Workbench model (version 3.0) of a design: every table with its
 * GSIs, one facet per entity, and every sample as an item with fully encoded
 * keys. The design itself rides along in an extension field Workbench
 * ignores, so importing the file into Keylab restores it exactly.
 * LSIs and multi-attribute GSI keys have no Workbench form: they are kept in
 * the extension only (a multi-attribute key's first attributes are written).
 *
 * @example
 * exportWorkbenchModel(SHOP_DESIGN).fileName // "Shop (single table).json"
 */
export function exportWorkbenchModel(design: Design, options: WorkbenchExportOptions = {}): { fileName: string; text: string } {
  const date = workbenchDate(options.now ?? new Date());
  const model = {
    ModelName: design.name,
    ModelMetadata: {
      Author: options.author ?? '',
      DateCreated: date,
      DateLastModified: date,
      Description: design.description,
      AWSService: WORKBENCH_SERVICE,
      Version: '3.0',
    },
    DataModel: design.tables.map(workbenchTable),
    [KEYLAB_EXTENSION_FIELD]: { format: DESIGN_FORMAT, design },
  };
  return { fileName: `${safeFileName(design.name)}.json`, text: JSON.stringify(model, null, 2) + '\n' };
}

function workbenchTable(table: TableDesign) {
  const items = tableItems(table);
  const tableKeys = new Set([table.partitionKey.name, table.sortKey?.name]);
  const nonKey = new Map<string, AttributeTypeName>();
  // Workbench wants GSI key attributes declared among the non-key attributes.
  for (const attribute of keyAttributesOf(table)) if (!tableKeys.has(attribute.name)) nonKey.set(attribute.name, attribute.type);
  for (const entity of table.entities) for (const attribute of entity.attributes) if (!tableKeys.has(attribute.name) && !nonKey.has(attribute.name)) nonKey.set(attribute.name, attribute.type);
  for (const { item } of items) for (const [name, value] of Object.entries(item)) if (!tableKeys.has(name) && !nonKey.has(name)) nonKey.set(name, typeOfValue(value));
  const gsis = table.indexes.filter((index) => index.kind === 'GSI');
  return {
    TableName: table.name,
    KeyAttributes: keyAttributes(table.partitionKey, table.sortKey),
    NonKeyAttributes: [...nonKey].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    ...(gsis.length > 0 ? { GlobalSecondaryIndexes: gsis.map(workbenchIndex) } : {}),
    TableFacets: table.entities.map((entity) => ({
      FacetName: entity.name,
      KeyAttributeAlias: {
        PartitionKeyAlias: entity.keys[table.partitionKey.name] ?? table.partitionKey.name,
        ...(table.sortKey ? { SortKeyAlias: entity.keys[table.sortKey.name] ?? table.sortKey.name } : {}),
      },
      TableData: items.filter((entry) => entry.entity === entity).map((entry) => entry.item),
      NonKeyAttributes: [...new Set([...entity.attributes.map((attribute) => attribute.name), ...Object.keys(entity.keys).filter((name) => !tableKeys.has(name))])],
      DataAccess: { MySql: {} },
    })),
    TableData: items.map((entry) => entry.item),
    DataAccess: { MySql: {} },
    BillingMode: table.billingMode,
    ...(table.billingMode === 'PROVISIONED' && table.provisioned
      ? { ProvisionedCapacitySettings: { ProvisionedThroughput: { ReadCapacityUnits: table.provisioned.readCapacityUnits, WriteCapacityUnits: table.provisioned.writeCapacityUnits } } }
      : {}),
  };
}

function workbenchIndex(index: IndexDesign) {
  return {
    IndexName: index.name,
    KeyAttributes: keyAttributes(index.partitionKey[0]!, index.sortKey[0]),
    Projection: { ProjectionType: index.projection.type, ...(index.projection.type === 'INCLUDE' ? { NonKeyAttributes: index.projection.attributes } : {}) },
  };
}

function keyAttributes(partition: KeyAttributeDesign, sort: KeyAttributeDesign | undefined): WorkbenchKeyAttributes {
  const attribute = (key: KeyAttributeDesign): WorkbenchKeyAttribute => ({ AttributeName: key.name, AttributeType: key.type });
  return { PartitionKey: attribute(partition), ...(sort ? { SortKey: attribute(sort) } : {}) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Workbench's own date form, "Jun 23, 2026, 10:00 AM" (UTC here: an export must not depend on the zone). */
function workbenchDate(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
