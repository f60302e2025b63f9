/**
 * The generated ElectroDB and dynamodb-toolbox v2 entity code
 * (integration/entityCode/generated, from scripts/generate-entity-code.ts),
 * run with the libraries themselves against the real DynamoDB Local: each
 * design's table is created from the design (toCreateTableInput), every
 * sample of every entity is written through the generated entity, and then
 * - the raw items (read with the SDK) carry exactly the keys the design
 *   shows (buildSampleItem), no more and no fewer;
 * - each item reads back through the library by its key;
 * - each access pattern the library can send as is (no sort condition, or
 *   begins_with on raw key text) returns, through the library, the items
 *   DynamoDB returns for the pattern's own Query, in the same order.
 */
import type { AttributeValue, DynamoDB } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { GetItemCommand, PutItemCommand, QueryCommand } from 'dynamodb-toolbox';
import { afterAll, describe, expect, it } from 'vitest';
import { designModel, type EntityModel, type TableModel } from '../src/codegen/entityCode/entityModel';
import {
  buildPatternRequest,
  buildSampleItem,
  compileTemplateText,
  keyAttributesOf,
  keyRoleOf,
  toCreateTableInput,
  typedKeyValue,
  type AccessPatternDesign,
  type DesignSample,
  type JsonItem,
  type TableDesign,
} from '../src/design';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { ENTITY_CODE_DESIGNS } from './entityCode/designs';
import { expectOk } from '../src/errors/testing';

const client = createDynamoDBLocalClient();
const documentClient = DynamoDBDocumentClient.from(client);
const created: string[] = [];
afterAll(async () => {
  await Promise.allSettled(created.map((TableName) => client.deleteTable({ TableName })));
  client.destroy();
});

type Values = Record<string, unknown>;

/** The surface of a generated ElectroDB entity the test uses. */
interface ElectroEntity {
  setClient(client: DynamoDB): void;
  setTableName(name: string): void;
  put(item: Values): { go(): Promise<unknown> };
  get(key: Values): { go(): Promise<{ data: Values | null }> };
  query: Record<
    string,
    (key: Values) => { begins(key: Values): { go(options: Values): Promise<{ data: Values[] }> }; go(options: Values): Promise<{ data: Values[] }> }
  >;
}

/** A generated dynamodb-toolbox table or entity (their builders are typed per entity: the test goes through them untyped). */
interface ToolboxTable {
  tableName?: string | (() => string);
  documentClient?: DynamoDBDocumentClient;
  build(action: unknown): ToolboxAction;
}
interface ToolboxAction {
  item(item: Values): ToolboxAction;
  key(key: Values): ToolboxAction;
  entities(...entities: unknown[]): ToolboxAction;
  query(query: Values): ToolboxAction;
  options(options: Values): ToolboxAction;
  send(): Promise<{ Item?: Values; Items?: Values[] }>;
}

// The generated entities' DynamoDB Local tables: one per design table and library.
const examples = ENTITY_CODE_DESIGNS.filter(({ folder }) => folder !== 'hostile-names');

/** The sample as the library's item: fields typed as the entity declares them, then the sample's other attributes. */
function libraryItem(model: EntityModel, sample: DesignSample): Values {
  const attributes = sample.attributes ? unmarshall(sample.attributes as Record<string, AttributeValue>) : {};
  const item: Values = {};
  for (const attribute of model.attributes) {
    const text = sample.values[attribute.name];
    if (attribute.field) item[attribute.name] = attribute.type === 'number' ? Number(text) : text;
    else if (attributes[attribute.name] !== undefined) item[attribute.name] = attributes[attribute.name];
  }
  return item;
}

/** The sample as read back: a self-formatted key field (`{at:iso}`) holds the key the design writes (UTC), not the text given. */
function storedItem(table: TableDesign, model: EntityModel, sample: DesignSample): Values {
  const item = libraryItem(model, sample);
  const keys = designKeys(table, model, sample);
  for (const key of model.keys) if (key.selfFormatted) item[key.attribute.name] = unmarshall({ v: keys[key.attribute.name] as AttributeValue }).v;
  return item;
}

/** The key attributes the design gives the sample's item (its templates, typed), as DynamoDB JSON. */
function designKeys(table: TableDesign, model: EntityModel, sample: DesignSample): JsonItem {
  const built = buildSampleItem(table, model.entity, sample);
  expectOk(built, `${model.entity.name} ${sample.id}`);
  const keyNames = new Set(keyAttributesOf(table).map((attribute) => attribute.name));
  return Object.fromEntries(Object.entries(built.item).filter(([name]) => keyNames.has(name)));
}

function primaryKeyText(table: TableDesign, item: Record<string, AttributeValue> | JsonItem): string {
  return JSON.stringify([item[table.partitionKey.name], table.sortKey ? item[table.sortKey.name] : null]);
}

async function createTable(table: TableDesign, library: string): Promise<string> {
  const TableName = uniqueTableName(`entity-${library}`);
  await client.createTable({ ...toCreateTableInput(table), TableName });
  created.push(TableName);
  return TableName;
}

async function rawItems(TableName: string): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.scan({ TableName, ConsistentRead: true, ...(ExclusiveStartKey ? { ExclusiveStartKey } : {}) });
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every raw item carries exactly the key attributes the design shows for its sample. */
function expectDesignKeys(model: TableModel, raw: readonly Record<string, AttributeValue>[]): void {
  const { table } = model;
  const keyNames = keyAttributesOf(table).map((attribute) => attribute.name);
  const byKey = new Map(raw.map((item) => [primaryKeyText(table, item), item]));
  let count = 0;
  for (const entity of model.entities) {
    for (const sample of entity.entity.samples) {
      const expected = designKeys(table, entity, sample);
      const stored = byKey.get(primaryKeyText(table, expected));
      expect(stored, `${entity.entity.name} ${sample.id} lands under ${primaryKeyText(table, expected)}`).toBeDefined();
      const storedKeys = Object.fromEntries(keyNames.filter((name) => stored?.[name] !== undefined).map((name) => [name, stored?.[name]]));
      expect(storedKeys, `${entity.entity.name} ${sample.id}: its key attributes`).toEqual(expected);
      count++;
    }
  }
  expect(raw).toHaveLength(count);
}

/** A key attribute's value for a pattern's partition, as the library takes it (the template encoded from the pattern's values). */
function partitionValue(table: TableDesign, model: EntityModel, attributeName: string, pattern: AccessPatternDesign): unknown {
  const key = model.keys.find((candidate) => candidate.attribute.name === attributeName);
  if (!key) throw new Error(`${model.entity.name} has no template for ${attributeName}`);
  const compiled = compileTemplateText(key.templateText, keyRoleOf(table, attributeName));
  expectOk(compiled);
  const encoded = compiled.value.encode(pattern.partitionValues);
  expectOk(encoded);
  const typed = typedKeyValue(key.attribute, encoded.value);
  if (typeof typed === 'string') throw new Error(typed);
  return 'N' in typed ? Number(typed.N) : 'S' in typed ? typed.S : typed;
}

/** The patterns a library query expresses as is: no sort condition, or begins_with on raw key text. */
function libraryPatterns(table: TableDesign): AccessPatternDesign[] {
  return table.accessPatterns.filter(
    (pattern) => pattern.filter === undefined && (pattern.sort === undefined || (pattern.sort.input === 'raw' && pattern.sort.operator === 'begins_with')),
  );
}

/** The primary keys DynamoDB returns, in order, for the pattern's own Query (buildPatternRequest). */
async function patternOrder(TableName: string, table: TableDesign, pattern: AccessPatternDesign): Promise<string[]> {
  const built = buildPatternRequest(table, pattern);
  expectOk(built);
  const page = await client.query({ ...built.request, TableName, ExpressionAttributeValues: built.request.ExpressionAttributeValues });
  return (page.Items ?? []).map((item) => primaryKeyText(table, item));
}

/** Whether the pattern reads an index that copies only some attributes (not the libraries' own, nor every field). */
function isPartialProjection(model: EntityModel, pattern: AccessPatternDesign): boolean {
  return model.indexes.find((index) => index.name === pattern.index)?.projection.type !== 'ALL';
}

/** A raw item as DynamoDB JSON, whether the library gave it marshalled (ElectroDB's raw data) or as plain values (dynamodb-toolbox's). */
function rawOrMarshalled(item: Record<string, unknown>): Record<string, AttributeValue> {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [
      name,
      typeof value === 'object' && value !== null ? (value as AttributeValue) : typeof value === 'number' ? { N: String(value) } : { S: String(value) },
    ]),
  );
}

function entityFor(model: TableModel, pattern: AccessPatternDesign): EntityModel {
  return model.entities.find((entity) => entity.entity.name === pattern.entities[0]) as EntityModel;
}

function modelOf(design: (typeof examples)[number]['design']): TableModel[] {
  const result = designModel(design, { library: 'electrodb' });
  expectOk(result);
  return [...result.tables];
}

/** Maps a library item (fields, typed) back to its design key, for comparing orders. */
function libraryItemKey(table: TableDesign, model: EntityModel, item: Values): string {
  const sample: DesignSample = {
    id: 'read',
    values: Object.fromEntries(model.attributes.filter((attribute) => attribute.field).map((attribute) => [attribute.name, String(item[attribute.name])])),
  };
  return primaryKeyText(table, designKeys(table, model, sample));
}

describe.each(examples)('generated ElectroDB entities: $folder', { timeout: 120_000 }, ({ folder, design }) => {
  it.each(modelOf(design).map((model) => ({ model, name: model.table.name })))(
    'write every sample at the design’s keys and read them back (table $name)',
    async ({ model }) => {
      const { table } = model;
      const TableName = await createTable(table, 'electrodb');
      const module = (await import(`./entityCode/generated/${folder}/${model.fileStem}.electrodb.ts`)) as Record<string, ElectroEntity>;
      const entities = new Map(model.entities.map((entity) => [entity.entity.name, module[entity.identifier] as ElectroEntity]));
      for (const entity of entities.values()) {
        entity.setClient(client);
        entity.setTableName(TableName);
      }
      for (const entity of model.entities) {
        for (const sample of entity.entity.samples) await (entities.get(entity.entity.name) as ElectroEntity).put(libraryItem(entity, sample)).go();
      }

      expectDesignKeys(model, await rawItems(TableName));

      for (const entity of model.entities) {
        for (const sample of entity.entity.samples) {
          // The key as an application builds it: the generated <Entity>Key function from the item's fields.
          const keyOf = module[`${entity.identifier}Key`] as unknown as (fields: Values) => Values;
          const key = keyOf(libraryItem(entity, sample));
          const keys = designKeys(table, entity, sample);
          expect(key, `${entity.entity.name} ${sample.id}: ${entity.identifier}Key`).toEqual(
            Object.fromEntries(
              [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])].map((attribute) => [
                attribute.name,
                unmarshall({ v: keys[attribute.name] as AttributeValue }).v,
              ]),
            ),
          );
          const { data } = await (entities.get(entity.entity.name) as ElectroEntity).get(key).go();
          expect(data, `${entity.entity.name} ${sample.id} by its key`).toEqual(storedItem(table, entity, sample));
        }
      }

      for (const pattern of libraryPatterns(table)) {
        const entity = entityFor(model, pattern);
        const accessPattern = pattern.index ?? 'primary';
        const partition = entity.indexes.find((index) => index.name === pattern.index)?.partition ?? [];
        const key = Object.fromEntries(partition.map((attribute) => [attribute.name, partitionValue(table, entity, attribute.name, pattern)]));
        const query = (entities.get(entity.entity.name) as ElectroEntity).query[accessPattern]?.(key);
        // An index that does not project ElectroDB's __edb_e__ / __edb_v__ (nor the fields) is read as the generated comment says: ignoreOwnership, raw items.
        const partial = isPartialProjection(entity, pattern);
        const options = {
          order: pattern.direction === 'descending' ? 'desc' : 'asc',
          ...(pattern.limit !== undefined ? { limit: pattern.limit } : {}),
          ...(partial ? { ignoreOwnership: true, data: 'raw' } : {}),
        };
        const sortName = (pattern.index === undefined ? table.sortKey?.name : undefined) ?? '';
        const { data } = (await (pattern.sort?.input === 'raw' ? query?.begins({ [sortName]: pattern.sort.value }).go(options) : query?.go(options))) ?? {
          data: [],
        };
        const items = partial
          ? ((data as unknown as { Items?: Record<string, AttributeValue>[] }).Items ?? []).map((item) => primaryKeyText(table, rawOrMarshalled(item)))
          : data.map((item) => libraryItemKey(table, entity, item));
        const expected = await patternOrder(TableName, table, pattern);
        expect(items, pattern.name).toEqual(expected);
        if (pattern.expected.count !== undefined) expect(items, pattern.name).toHaveLength(pattern.expected.count);
      }
    },
  );
});

describe.each(examples)('generated dynamodb-toolbox entities: $folder', { timeout: 120_000 }, ({ folder, design }) => {
  it.each(modelOf(design).map((model) => ({ model, name: model.table.name })))(
    'write every sample at the design’s keys and read them back (table $name)',
    async ({ model }) => {
      const { table } = model;
      const TableName = await createTable(table, 'toolbox');
      const module = (await import(`./entityCode/generated/${folder}/${model.fileStem}.dynamodb-toolbox.ts`)) as Record<string, unknown>;
      const tableObject = Object.values(module).find(
        (value) => (value as { entityAttributeSavedAs?: string }).entityAttributeSavedAs !== undefined,
      ) as ToolboxTable;
      tableObject.tableName = TableName;
      tableObject.documentClient = documentClient;
      const entities = new Map(model.entities.map((entity) => [entity.entity.name, module[entity.identifier] as ToolboxTable]));
      for (const entity of model.entities) {
        for (const sample of entity.entity.samples)
          await (entities.get(entity.entity.name) as ToolboxTable).build(PutItemCommand).item(libraryItem(entity, sample)).send();
      }

      expectDesignKeys(model, await rawItems(TableName));

      for (const entity of model.entities) {
        for (const sample of entity.entity.samples) {
          const item = libraryItem(entity, sample);
          const key = Object.fromEntries(
            entity.attributes.filter((attribute) => attribute.primaryKeyField).map((attribute) => [attribute.name, item[attribute.name]]),
          );
          const { Item } = await (entities.get(entity.entity.name) as ToolboxTable).build(GetItemCommand).key(key).send();
          expect(Item, `${entity.entity.name} ${sample.id} by its key fields`).toMatchObject(storedItem(table, entity, sample));
        }
      }

      for (const pattern of libraryPatterns(table)) {
        const entity = entityFor(model, pattern);
        const partitionAttributes = entity.indexes.find((index) => index.name === pattern.index)?.partition ?? [];
        const values = partitionAttributes.map((attribute) => [attribute.name, partitionValue(table, entity, attribute.name, pattern)] as const);
        // A multi-attribute partition key is given left to right.
        const partition = values.length === 1 ? values[0]?.[1] : values.map(([, value]) => value);
        const partial = isPartialProjection(entity, pattern);
        const query = {
          ...(pattern.index !== undefined ? { index: pattern.index } : {}),
          partition,
          ...(pattern.sort?.input === 'raw' ? { range: { beginsWith: pattern.sort.value } } : {}),
        };
        // An index that does not project the entity attribute (_et) is read as the generated comment says: through the Table alone, items as stored.
        const command = tableObject.build(QueryCommand);
        const { Items = [] } = await (partial ? command : command.entities(entities.get(entity.entity.name)))
          .query(query)
          .options({ reverse: pattern.direction === 'descending', ...(pattern.limit !== undefined ? { limit: pattern.limit } : {}) })
          .send();
        const expected = await patternOrder(TableName, table, pattern);
        expect(
          Items.map((item) => (partial ? primaryKeyText(table, rawOrMarshalled(item)) : libraryItemKey(table, entity, item))),
          pattern.name,
        ).toEqual(expected);
        if (pattern.expected.count !== undefined) expect(Items, pattern.name).toHaveLength(pattern.expected.count);
      }
    },
  );
});
