import type { AttributeTypeName, Design, IndexDesign, JsonItem, KeyAttributeDesign, ProjectionDesign, TableDesign } from '../design.types';
import { ATTRIBUTE_TYPES } from '../../dynamo';
import { keyAttributesOf } from '../designKeys';
import { entityFromItems, keyText, oneLetterPrefixWords, type EntitySource, type SourceItem } from './entityFromItems';
import { checkItemCount, checkModelSize } from './importLimits';
import { restoreKeylabExtension } from './keylabExtension';
import type { ImportReportEntry, ImportResult } from './importResult';
import { parseJsonText } from './jsonText';
import { ShapeReader } from './shapeReader';
import { WORKBENCH_VERSIONS } from './workbenchModel.types';
import { workbenchSourceOf } from './workbenchSource';
import { withoutCredentials } from '../format';

const KEY_TYPES = ['S', 'N', 'B'] as const;

/**
 * Imports a NoSQL Workbench model: tables, GSIs, billing, and entities —
 * one per facet, or (items no facet holds) one per key prefix — with key
 * templates inferred from the sample keys. Untrusted input: every problem is
 * reported with its path, and nothing is imported when there is one.
 *
 * @example
 * const result = importWorkbenchModel(text, { fileName: "shop.json" });
 * if (result.ok) stores.designs.getState().addDesign(result.design);
 */
export function importWorkbenchModel(text: string, options: { readonly fileName?: string } = {}): ImportResult {
  const parsed = parseJsonText(text, options.fileName);
  if (!parsed.ok) return parsed;
  return importWorkbenchValue(parsed.value, options);
}

/** The import of an already parsed model (importDesignFile parses once to detect the format). */
export function importWorkbenchValue(value: unknown, options: { readonly fileName?: string } = {}): ImportResult {
  const reader = new ShapeReader();
  const report: ImportReportEntry[] = [];
  const root = reader.object(value, '', 'a NoSQL Workbench model (an object with ModelName and DataModel)');
  if (!root) return { ok: false, errors: reader.errors };
  const metadata = reader.optional(root.ModelMetadata, (raw) => reader.object(raw, 'ModelMetadata'));
  const version = metadata?.Version;
  if (version === undefined) reader.warn('ModelMetadata.Version', 'missing; read as version 3.0.');
  else if (!(WORKBENCH_VERSIONS as readonly unknown[]).includes(version))
    reader.warn('ModelMetadata.Version', `${JSON.stringify(version)} is not a version Keylab knows (${WORKBENCH_VERSIONS.join(', ')}); read as 3.0.`);
  const name =
    typeof root.ModelName === 'string' && root.ModelName.trim() !== '' ? root.ModelName : (options.fileName?.replace(/\.[^.]*$/, '') ?? 'Imported model');
  if (typeof root.ModelName !== 'string') reader.warn('ModelName', `missing; the design is named "${name}".`);
  const description = typeof metadata?.Description === 'string' ? metadata.Description : '';
  const tooLarge = checkModelSize(root.DataModel);
  if (tooLarge) return { ok: false, errors: [tooLarge] };
  const dataModel = reader.array(root.DataModel, 'DataModel', 'a list of tables');
  if (dataModel && dataModel.length === 0) reader.error('DataModel', 'the model has no tables.');
  const tables = (dataModel ?? []).map((raw, index) => readTable(raw, `DataModel[${index}]`, reader, report));
  if (reader.errors.length > 0) return { ok: false, errors: reader.errors };

  const inferred: Design = { name, description, tables: tables as TableDesign[] };
  const restored = restoreKeylabExtension(root, inferred, reader);
  // What the model holds beyond the design (metadata, aliases, facets' shape, where items live), for the export to write back.
  const scrubbed = withoutCredentials(root, '', (path) => reader.warn(path, 'a credential-like key: it is not kept with the design and never exported.'));
  const keep = (design: Design): Design =>
    scrubbed && typeof scrubbed === 'object' ? { ...design, workbenchSource: workbenchSourceOf(scrubbed as Record<string, unknown>, design) } : design;
  if (restored) {
    return {
      ok: true,
      design: keep(restored),
      report: [
        {
          scope: 'model',
          summary: `Restored Keylab design "${restored.name}" from the model's Keylab extension field (templates, entities, samples and access patterns exactly as exported).`,
          notes: [],
        },
      ],
      warnings: reader.warnings,
    };
  }
  const design = keep(inferred);
  report.unshift({
    scope: 'model',
    summary: `NoSQL Workbench model "${name}" (version ${typeof version === 'string' ? version : 'unknown'}): ${tables.length} table${tables.length === 1 ? '' : 's'}.`,
    notes: reader.warnings.map((warning) => warning.message),
  });
  return { ok: true, design, report, warnings: reader.warnings };
}

function readKeyAttribute(raw: unknown, path: string, reader: ShapeReader): KeyAttributeDesign | undefined {
  const object = reader.object(raw, path, 'a key attribute ({"AttributeName": "PK", "AttributeType": "S"})');
  if (!object) return undefined;
  const name = reader.string(object.AttributeName, `${path}.AttributeName`, 'an attribute name');
  const type = reader.oneOf(object.AttributeType, `${path}.AttributeType`, KEY_TYPES);
  return name && type ? { name, type } : undefined;
}

function readKeyAttributes(raw: unknown, path: string, reader: ShapeReader): { partition?: KeyAttributeDesign; sort?: KeyAttributeDesign } {
  const object = reader.object(raw, path, 'the key attributes ({"PartitionKey": {…}, "SortKey": {…}})');
  if (!object) return {};
  const partition = readKeyAttribute(object.PartitionKey, `${path}.PartitionKey`, reader);
  const sort = reader.optional(object.SortKey, (value) => readKeyAttribute(value, `${path}.SortKey`, reader));
  return { ...(partition ? { partition } : {}), ...(sort ? { sort } : {}) };
}

function readIndex(raw: unknown, path: string, reader: ShapeReader): IndexDesign | undefined {
  const object = reader.object(raw, path, 'a global secondary index');
  if (!object) return undefined;
  const name = reader.string(object.IndexName, `${path}.IndexName`, 'an index name');
  const keys = readKeyAttributes(object.KeyAttributes, `${path}.KeyAttributes`, reader);
  const projection = reader.optional(object.Projection, (value) => readProjection(value, `${path}.Projection`, reader)) ?? { type: 'ALL', attributes: [] };
  if (!name || !keys.partition) return undefined;
  return { name, kind: 'GSI', partitionKey: [keys.partition], sortKey: keys.sort ? [keys.sort] : [], projection };
}

function readProjection(raw: unknown, path: string, reader: ShapeReader): ProjectionDesign | undefined {
  const object = reader.object(raw, path, 'a projection ({"ProjectionType": "ALL"})');
  if (!object) return undefined;
  const type =
    reader.optional(object.ProjectionType, (value) => reader.oneOf(value, `${path}.ProjectionType`, ['ALL', 'KEYS_ONLY', 'INCLUDE'] as const)) ?? 'ALL';
  const names = reader.optional(object.NonKeyAttributes, (value) => readNames(value, `${path}.NonKeyAttributes`, reader)) ?? [];
  if (type === 'INCLUDE' && names.length === 0) reader.warn(`${path}.NonKeyAttributes`, 'an INCLUDE projection without attributes projects the keys only.');
  return { type, attributes: type === 'INCLUDE' ? names : [] };
}

function readNames(raw: unknown, path: string, reader: ShapeReader): string[] {
  const list = reader.array(raw, path, 'a list of attribute names') ?? [];
  return list.flatMap((entry, index) => reader.string(entry, `${path}[${index}]`, 'an attribute name') ?? []);
}

function readItems(raw: unknown, path: string, reader: ShapeReader): { item: JsonItem; path: string }[] {
  const list = reader.array(raw, path, 'a list of items in DynamoDB JSON') ?? [];
  return list.flatMap((entry, index) => {
    const item = reader.item(entry, `${path}[${index}]`);
    return item ? [{ item, path: `${path}[${index}]` }] : [];
  });
}

function readTable(raw: unknown, path: string, reader: ShapeReader, report: ImportReportEntry[]): TableDesign | undefined {
  const object = reader.object(raw, path, 'a table');
  if (!object) return undefined;
  const name = reader.string(object.TableName, `${path}.TableName`, 'a table name') ?? `Table${path}`;
  const keys = readKeyAttributes(object.KeyAttributes, `${path}.KeyAttributes`, reader);
  const indexes = (reader.optional(object.GlobalSecondaryIndexes, (value) => reader.array(value, `${path}.GlobalSecondaryIndexes`)) ?? []).flatMap(
    (entry, index) => readIndex(entry, `${path}.GlobalSecondaryIndexes[${index}]`, reader) ?? [],
  );
  const declaredTypes = new Map<string, AttributeTypeName>();
  (reader.optional(object.NonKeyAttributes, (value) => reader.array(value, `${path}.NonKeyAttributes`)) ?? []).forEach((entry, index) => {
    const at = `${path}.NonKeyAttributes[${index}]`;
    const attribute = reader.object(entry, at, 'an attribute ({"AttributeName": "…", "AttributeType": "S"})');
    const attributeName = attribute && reader.string(attribute.AttributeName, `${at}.AttributeName`, 'an attribute name');
    const type = attribute && reader.oneOf(attribute.AttributeType, `${at}.AttributeType`, ATTRIBUTE_TYPES);
    if (attributeName && type) declaredTypes.set(attributeName, type);
  });
  const billing = readBilling(object, path, reader);
  const tableItems = reader.optional(object.TableData, (value) => readItems(value, `${path}.TableData`, reader)) ?? [];
  const facets = (reader.optional(object.TableFacets, (value) => reader.array(value, `${path}.TableFacets`)) ?? []).flatMap(
    (entry, index) => readFacet(entry, `${path}.TableFacets[${index}]`, reader, keys) ?? [],
  );
  if (!keys.partition) return undefined;

  const shell: TableDesign = {
    name,
    description: '',
    partitionKey: keys.partition,
    ...(keys.sort ? { sortKey: keys.sort } : {}),
    indexes,
    ...billing,
    entities: [],
    accessPatterns: [],
  };
  const sources = entitySources(shell, tableItems, facets);
  // The exact count of distinct items, before any template is inferred from them.
  const tooMany = checkItemCount(
    sources.reduce((sum, source) => sum + source.items.length, 0),
    path,
    'table',
  );
  if (tooMany) {
    reader.error(tooMany.path, tooMany.message);
    return undefined;
  }
  const keyAttributes = keyAttributesOf(shell);
  const tableReport: ImportReportEntry[] = [];
  const prefixWords = oneLetterPrefixWords(shell, sources);
  const entities = sources.map((source) => entityFromItems(shell, keyAttributes, source, declaredTypes, reader, tableReport, prefixWords));
  const itemCount = sources.reduce((sum, source) => sum + source.items.length, 0);
  report.push({
    scope: 'table',
    table: name,
    summary: `Table ${name}: ${keys.partition.name} (${keys.partition.type})${keys.sort ? ` / ${keys.sort.name} (${keys.sort.type})` : ''}, ${indexes.length} GSI${indexes.length === 1 ? '' : 's'}, ${itemCount} item${itemCount === 1 ? '' : 's'}, ${entities.length} entit${entities.length === 1 ? 'y' : 'ies'}`,
    notes: facets.length === 0 && itemCount > 0 ? ['No facets: items grouped into entities by their key prefixes.'] : [],
  });
  report.push(...tableReport);
  return { ...shell, entities };
}

function readBilling(object: Record<string, unknown>, path: string, reader: ShapeReader): Pick<TableDesign, 'billingMode' | 'provisioned'> {
  const settings = reader.optional(object.ProvisionedCapacitySettings, (value) => reader.object(value, `${path}.ProvisionedCapacitySettings`));
  const mode =
    reader.optional(object.BillingMode, (value) => reader.oneOf(value, `${path}.BillingMode`, ['PROVISIONED', 'PAY_PER_REQUEST'] as const)) ??
    'PAY_PER_REQUEST';
  if (mode !== 'PROVISIONED') return { billingMode: mode };
  const throughput =
    settings && reader.optional(settings.ProvisionedThroughput, (value) => reader.object(value, `${path}.ProvisionedCapacitySettings.ProvisionedThroughput`));
  const units = (value: unknown, field: string) => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
    reader.warn(
      `${path}.ProvisionedCapacitySettings.ProvisionedThroughput.${field}`,
      `${JSON.stringify(value) ?? 'missing'} is not a whole number ≥ 1; 5 is used.`,
    );
    return 5;
  };
  return {
    billingMode: 'PROVISIONED',
    provisioned: {
      readCapacityUnits: units(throughput?.ReadCapacityUnits, 'ReadCapacityUnits'),
      writeCapacityUnits: units(throughput?.WriteCapacityUnits, 'WriteCapacityUnits'),
    },
  };
}

interface FacetRead {
  readonly name: string;
  readonly items: { item: JsonItem; path: string }[];
  readonly attributeNames: string[];
}

function readFacet(
  raw: unknown,
  path: string,
  reader: ShapeReader,
  keys: { partition?: KeyAttributeDesign; sort?: KeyAttributeDesign },
): FacetRead | undefined {
  const object = reader.object(raw, path, 'a facet');
  if (!object) return undefined;
  const name = reader.string(object.FacetName, `${path}.FacetName`, 'a facet name');
  const alias = reader.optional(object.KeyAttributeAlias, (value) => reader.object(value, `${path}.KeyAttributeAlias`));
  const items = reader.optional(object.TableData, (value) => readItems(value, `${path}.TableData`, reader)) ?? [];
  const attributeNames = reader.optional(object.NonKeyAttributes, (value) => readNames(value, `${path}.NonKeyAttributes`, reader)) ?? [];
  // Some tools write facet items under the key aliases instead of the key attribute names.
  const renames: [string | undefined, string | undefined][] = [
    [typeof alias?.PartitionKeyAlias === 'string' ? alias.PartitionKeyAlias : undefined, keys.partition?.name],
    [typeof alias?.SortKeyAlias === 'string' ? alias.SortKeyAlias : undefined, keys.sort?.name],
  ];
  const renamed = items.map((entry) => {
    let item = entry.item;
    for (const [from, to] of renames) {
      if (from && to && from !== to && item[to] === undefined && item[from] !== undefined) {
        const { [from]: value, ...rest } = item;
        item = { [to]: value!, ...rest };
      }
    }
    return { ...entry, item };
  });
  return name ? { name, items: renamed, attributeNames } : undefined;
}

/** An item's identity: its table key values (an item is in a facet when its keys are). */
function identityOf(table: TableDesign, item: JsonItem): string {
  const sort = table.sortKey ? item[table.sortKey.name] : undefined;
  return JSON.stringify([item[table.partitionKey.name] ?? null, sort ?? null]);
}

/**
 * Who each item belongs to: the facet holding it, else a group of the items
 * sharing its key prefixes (an empty facet of the same name takes the group).
 * Positions follow the table's TableData, then the items only facets hold.
 */
function entitySources(table: TableDesign, tableItems: readonly { item: JsonItem; path: string }[], facets: readonly FacetRead[]): EntitySource[] {
  // Each facet item's identity once (JSON of its keys: the import's hot path for a 5 MB model).
  const facetIdentities = facets.map((facet) => facet.items.map((entry) => identityOf(table, entry.item)));
  const facetOf = new Map<string, number>();
  facetIdentities.forEach((identities, index) => identities.forEach((identity) => facetOf.has(identity) || facetOf.set(identity, index)));
  const sources = facets.map((facet) => ({
    name: facet.name,
    description: `From facet ${facet.name}.`,
    items: [] as SourceItem[],
    attributeNames: facet.attributeNames,
  }));
  const groups = new Map<string, SourceItem[]>();
  const placed = new Set<string>();
  tableItems.forEach((entry, position) => {
    const identity = identityOf(table, entry.item);
    placed.add(identity);
    const facet = facetOf.get(identity);
    if (facet !== undefined) sources[facet]!.items.push({ ...entry, position });
    else {
      const group = prefixGroup(table, entry.item);
      const members = groups.get(group);
      if (members) members.push({ ...entry, position });
      else groups.set(group, [{ ...entry, position }]);
    }
  });
  let position = tableItems.length;
  facets.forEach((facet, index) => {
    for (const [k, entry] of facet.items.entries()) {
      const identity = facetIdentities[index]![k]!;
      if (placed.has(identity)) continue;
      placed.add(identity);
      sources[index]!.items.push({ ...entry, position: position++ });
    }
  });
  const names = new Set(sources.map((source) => source.name));
  for (const [group, items] of groups) {
    const base = entityNameOf(group, table.name);
    const emptyFacet = sources.find((source) => source.items.length === 0 && source.name.toLowerCase() === base.toLowerCase());
    if (emptyFacet) {
      emptyFacet.items.push(...items);
      continue;
    }
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}${n}`;
    names.add(name);
    sources.push({ name, description: `Items whose keys start ${describeGroup(group)}.`, items, attributeNames: [] });
  }
  return sources;
}

/** The constant word a key starts with (`ORDER` of `ORDER#…` and of `ORDER0001`, `PROFILE`), or "" when it starts with a value. */
function keyPrefix(text: string): string {
  // A word before a delimiter, an upper-case word glued to digits (ORDER0001: the word, not each order),
  // or a key that is one upper-case word (PROFILE, METADATA); not a value like p_7781.
  const match = /^([A-Za-z][A-Za-z0-9_-]*)(?=[#|:/~$@;!^])/.exec(text) ?? /^([A-Z]{2,}(?:_[A-Z]+)*)(?=\d)/.exec(text) ?? /^([A-Z][A-Z0-9_]*)$/.exec(text);
  return match ? match[1]! : '';
}

function prefixGroup(table: TableDesign, item: JsonItem): string {
  const partition = item[table.partitionKey.name];
  const sort = table.sortKey ? item[table.sortKey.name] : undefined;
  return JSON.stringify([partition ? keyPrefix(keyText(partition)) : '', sort ? keyPrefix(keyText(sort)) : '']);
}

function entityNameOf(group: string, tableName: string): string {
  const [partition, sort] = JSON.parse(group) as [string, string];
  const word = sort || partition;
  if (!word) return `${tableName}Item`;
  return word
    .split(/[_-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1).toLowerCase())
    .join('');
}

function describeGroup(group: string): string {
  const [partition, sort] = JSON.parse(group) as [string, string];
  const parts = [partition ? `partition key ${partition}…` : 'partition key with a value', sort ? `sort key ${sort}…` : ''].filter(Boolean);
  return parts.join(', ');
}
