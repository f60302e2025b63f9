import { safeFileName } from '../export';
import {
  DESIGN_FORMAT,
  type AttributeTypeName,
  type Design,
  type IndexDesign,
  type JsonItem,
  type KeyAttributeDesign,
  type TableDesign,
} from '../design.types';
import { keyAttributesOf, keyTemplateOf } from '../designKeys';
import { toDesignDocument } from '../format';
import { typeOfValue } from './entityFromItems';
import { tableItems } from './tableItems';
import { designContentTag } from './workbenchSource';
import { KEYLAB_EXTENSION_FIELD, WORKBENCH_SERVICE, type WorkbenchKeyAttribute, type WorkbenchKeyAttributes } from './workbenchModel.types';

export interface WorkbenchExportOptions {
  /** The model's DateCreated / DateLastModified (tests pass a fixed one). */
  readonly now?: Date;
  readonly author?: string;
}

type Json = Record<string, unknown>;

/**
 * A NoSQL Workbench model (version 3.0) of a design: every table with its
 * GSIs, one facet per entity, and every sample once, as an item with fully
 * encoded keys in its entity's facet. The design itself rides along in an
 * extension field Workbench ignores, so importing the file into Keylab
 * restores it exactly.
 * A design imported from a Workbench model is written back in that model's
 * shape (its `workbenchSource`): ModelMetadata as read (DateLastModified
 * moves only when the design changed), key order, facet key aliases,
 * NonKeyAttributes, DataAccess, auto scaling and unknown fields, and each
 * item where the model had it (its facet, or the table's TableData), once.
 * LSIs and multi-attribute GSI keys have no Workbench form: they are kept in
 * the extension only (a multi-attribute key's first attributes are written).
 *
 * @example
 * exportWorkbenchModel(SHOP_DESIGN).fileName // "Shop (single table).json"
 */
export function exportWorkbenchModel(design: Design, options: WorkbenchExportOptions = {}): { fileName: string; text: string } {
  const date = workbenchDate(options.now ?? new Date());
  const source = design.workbenchSource;
  const changed = source === undefined || source.designTag !== designContentTag(design);
  // The design as its file writes it (known fields only, the canonical layout), so a saved and reloaded design carries the same extension.
  const { format: _format, workbenchSource: _source, ...extensionDesign } = toDesignDocument(design);
  const sourceTables = source && Array.isArray(source.model.DataModel) ? (source.model.DataModel as unknown[]).filter(isObject) : [];
  const dataModel = design.tables.map((table) => {
    const sourceTable = sourceTables.find((candidate) => candidate.TableName === table.name);
    return sourceTable
      ? sourceShapedTable(table, sourceTable, source?.itemFacets[table.name] ?? [], source?.attributeOrder?.[table.name] ?? {})
      : workbenchTable(table);
  });
  const metadata: Json = {
    Author: options.author ?? '',
    DateCreated: date,
    DateLastModified: date,
    Description: design.description,
    AWSService: WORKBENCH_SERVICE,
    Version: '3.0',
  };
  const generated: Json = {
    ModelName: design.name,
    ModelMetadata: metadata,
    DataModel: dataModel,
    [KEYLAB_EXTENSION_FIELD]: { format: DESIGN_FORMAT, design: extensionDesign },
  };
  let model = generated;
  if (source) {
    const sourceMetadata = isObject(source.model.ModelMetadata) ? source.model.ModelMetadata : undefined;
    const keptMetadata = sourceMetadata
      ? merge(sourceMetadata, {
          Description: design.description,
          ...(options.author !== undefined ? { Author: options.author } : {}),
          ...(changed ? { DateLastModified: date } : {}),
        })
      : metadata;
    model = merge(source.model, { ...generated, ModelMetadata: keptMetadata });
  }
  return { fileName: `${safeFileName(design.name)}.json`, text: JSON.stringify(model, null, 2) + '\n' };
}

/** A table of a design with no Workbench source: everything from the design, items in their entities' facets. */
function workbenchTable(table: TableDesign): Json {
  const items = tableItems(table);
  const gsis = table.indexes.filter((index) => index.kind === 'GSI');
  return {
    TableName: table.name,
    KeyAttributes: keyAttributes(table.partitionKey, table.sortKey),
    NonKeyAttributes: nonKeyAttributes(
      table,
      items.map((entry) => entry.item),
    ),
    ...(gsis.length > 0 ? { GlobalSecondaryIndexes: gsis.map(workbenchIndex) } : {}),
    TableFacets: table.entities.map((entity) =>
      facetOf(
        table,
        entity,
        items.filter((entry) => entry.entity === entity).map((entry) => entry.item),
      ),
    ),
    DataAccess: { MySql: {} },
    ...billing(table),
  };
}

/**
 * A table written in the shape of the model it was imported from: the
 * source table's keys in their order, with what the design owns (keys, GSIs,
 * facets, items, billing) from the design and the rest as read. Items go
 * where the model had them: the facets that held items keep theirs, the
 * others' items are in the table's TableData (when the model had one).
 */
function sourceShapedTable(table: TableDesign, source: Json, itemFacets: readonly string[], attributeOrder: Readonly<Record<string, readonly string[]>>): Json {
  const sourceFacets = (Array.isArray(source.TableFacets) ? source.TableFacets : []).filter(isObject);
  const hasTableData = 'TableData' in source;
  const inFacetOf = (name: string) => (sourceFacets.some((facet) => facet.FacetName === name) ? itemFacets.includes(name) || !hasTableData : !hasTableData);
  const items = tableItems(table).map((entry) => {
    const order = attributeOrder[inFacetOf(entry.entity.name) ? entry.entity.name : ''];
    return order ? { ...entry, item: inOrder(entry.item, order) } : entry;
  });
  const inFacet = inFacetOf;
  const facets = [
    ...sourceFacets.flatMap((sourceFacet) => {
      const entity = table.entities.find((candidate) => candidate.name === sourceFacet.FacetName);
      if (!entity) return [];
      const generated = facetOf(table, entity, inFacet(entity.name) ? items.filter((entry) => entry.entity === entity).map((entry) => entry.item) : []);
      const names = Array.isArray(sourceFacet.NonKeyAttributes) ? (sourceFacet.NonKeyAttributes as unknown[]) : [];
      return [
        merge(sourceFacet, {
          FacetName: entity.name,
          KeyAttributeAlias: sourceFacet.KeyAttributeAlias ?? generated.KeyAttributeAlias,
          TableData: (generated.TableData as unknown[]).length > 0 || 'TableData' in sourceFacet ? generated.TableData : undefined,
          NonKeyAttributes: [...names, ...(generated.NonKeyAttributes as string[]).filter((name) => !names.includes(name))],
          DataAccess: 'DataAccess' in sourceFacet ? sourceFacet.DataAccess : undefined,
        }),
      ];
    }),
    ...table.entities
      .filter((entity) => !sourceFacets.some((facet) => facet.FacetName === entity.name) && inFacet(entity.name))
      .map((entity) =>
        facetOf(
          table,
          entity,
          items.filter((entry) => entry.entity === entity).map((entry) => entry.item),
        ),
      ),
  ];
  const tableData = items.filter((entry) => !inFacet(entry.entity.name)).map((entry) => entry.item);
  const declared = (Array.isArray(source.NonKeyAttributes) ? source.NonKeyAttributes : []).filter(isObject);
  const declaredNames = new Set(declared.map((attribute) => attribute.AttributeName));
  const nonKey = [
    ...declared,
    ...nonKeyAttributes(
      table,
      items.map((entry) => entry.item),
    ).filter((attribute) => !declaredNames.has(attribute.AttributeName)),
  ];
  const gsis = table.indexes.filter((index) => index.kind === 'GSI');
  const sourceGsis = (Array.isArray(source.GlobalSecondaryIndexes) ? source.GlobalSecondaryIndexes : []).filter(isObject);
  const sourceBilling = source.BillingMode === 'PROVISIONED' ? 'PROVISIONED' : 'PAY_PER_REQUEST';
  const generatedBilling = billing(table);
  const sourceCapacity = isObject(source.ProvisionedCapacitySettings) ? source.ProvisionedCapacitySettings : undefined;
  return merge(source, {
    TableName: table.name,
    KeyAttributes: keyAttributes(table.partitionKey, table.sortKey),
    // Not added to a model that had none (Workbench reads a table without them).
    NonKeyAttributes: 'NonKeyAttributes' in source ? nonKey : undefined,
    GlobalSecondaryIndexes:
      gsis.length > 0 || 'GlobalSecondaryIndexes' in source
        ? gsis.map((index) => merge(sourceGsis.find((candidate) => candidate.IndexName === index.name) ?? {}, workbenchIndex(index)))
        : undefined,
    TableFacets: facets.length > 0 || 'TableFacets' in source ? facets : undefined,
    TableData: tableData.length > 0 || hasTableData ? tableData : undefined,
    // Billing as read while the design keeps it; a model without BillingMode stays without one while on demand.
    BillingMode: 'BillingMode' in source || table.billingMode === 'PROVISIONED' ? table.billingMode : undefined,
    ProvisionedCapacitySettings:
      table.billingMode === 'PROVISIONED'
        ? merge(sourceCapacity ?? {}, {
            ProvisionedThroughput: merge(
              isObject(sourceCapacity?.ProvisionedThroughput) ? sourceCapacity.ProvisionedThroughput : {},
              (generatedBilling.ProvisionedCapacitySettings as Json).ProvisionedThroughput as Json,
            ),
          })
        : sourceBilling === 'PAY_PER_REQUEST'
          ? sourceCapacity
          : undefined,
  });
}

/** An item with its attributes in the model's order (attributes the model did not use follow, in their own order). */
function inOrder(item: JsonItem, order: readonly string[]): JsonItem {
  const known = order.filter((name) => Object.hasOwn(item, name));
  const rest = Object.keys(item).filter((name) => !order.includes(name));
  return Object.fromEntries([...known, ...rest].map((name) => [name, item[name]!]));
}

/**
 * `base` with `over` laid on it: base's keys first, in base's order, each
 * with over's value where over has the key (undefined removes it), then
 * over's other keys.
 */
function merge(base: Json, over: Json): Json {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(base)) {
    if (!Object.hasOwn(over, key)) entries.push([key, value]);
    else if (over[key] !== undefined) entries.push([key, over[key]]);
  }
  for (const [key, value] of Object.entries(over)) if (!Object.hasOwn(base, key) && value !== undefined) entries.push([key, value]);
  // fromEntries: a key named __proto__ stays a key.
  return Object.fromEntries(entries);
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function facetOf(table: TableDesign, entity: TableDesign['entities'][number], items: readonly JsonItem[]): Json {
  const tableKeys = new Set([table.partitionKey.name, table.sortKey?.name]);
  return {
    FacetName: entity.name,
    KeyAttributeAlias: {
      PartitionKeyAlias: keyTemplateOf(entity, table.partitionKey.name) ?? table.partitionKey.name,
      ...(table.sortKey ? { SortKeyAlias: keyTemplateOf(entity, table.sortKey.name) ?? table.sortKey.name } : {}),
    },
    TableData: items,
    NonKeyAttributes: [
      ...new Set([...entity.attributes.map((attribute) => attribute.name), ...Object.keys(entity.keys).filter((name) => !tableKeys.has(name))]),
    ],
    DataAccess: { MySql: {} },
  };
}

/** Every attribute besides the table keys, typed: GSI keys first (Workbench wants them declared), then entities' attributes, then the items'. */
function nonKeyAttributes(table: TableDesign, items: readonly JsonItem[]): { AttributeName: string; AttributeType: AttributeTypeName }[] {
  const tableKeys = new Set([table.partitionKey.name, table.sortKey?.name]);
  const nonKey = new Map<string, AttributeTypeName>();
  for (const attribute of keyAttributesOf(table)) if (!tableKeys.has(attribute.name)) nonKey.set(attribute.name, attribute.type);
  for (const entity of table.entities)
    for (const attribute of entity.attributes) if (!tableKeys.has(attribute.name) && !nonKey.has(attribute.name)) nonKey.set(attribute.name, attribute.type);
  for (const item of items)
    for (const [name, value] of Object.entries(item)) if (!tableKeys.has(name) && !nonKey.has(name)) nonKey.set(name, typeOfValue(value));
  return [...nonKey].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

function billing(table: TableDesign): Json {
  return {
    BillingMode: table.billingMode,
    ...(table.billingMode === 'PROVISIONED' && table.provisioned
      ? {
          ProvisionedCapacitySettings: {
            ProvisionedThroughput: { ReadCapacityUnits: table.provisioned.readCapacityUnits, WriteCapacityUnits: table.provisioned.writeCapacityUnits },
          },
        }
      : {}),
  };
}

function workbenchIndex(index: IndexDesign): Json {
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
