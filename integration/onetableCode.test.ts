/**
 * The OneTable schemas Keylab generates for the example designs, run with
 * dynamodb-onetable itself against the real DynamoDB Local: every sample of
 * every entity is written with the generated schema's Model.create, the raw
 * item (read with the SDK) must carry exactly the keys and attributes
 * buildSampleItem shows for it, and OneTable reads each back (get) and
 * answers the design's access patterns (find, on the table or a GSI) with
 * the items and in the order the same Query gives through the SDK.
 */
import { DynamoDBClient, GetItemCommand, QueryCommand, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { Table } from 'dynamodb-onetable';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AUDIT_LOG_DESIGN,
  buildPatternRequest,
  buildSampleItem,
  jsonItemToItem,
  keyAttributesOf,
  keySchemaOf,
  LEADERBOARD_DESIGN,
  SHOP_DESIGN,
  toCreateTableInput,
  type Design,
  type EntityDesign,
  type TableDesign,
} from '../src/design';
import { normalizeDynamoNumber } from '../src/keys';
import { MULTI_ATTRIBUTE_GSI_DESIGN, SHOP_MULTI_ATTRIBUTE_GSI_DESIGN } from '../src/codegen/entityCode/entityCode.fixtures';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import * as auditLog from './entityCode/generated/audit-log/auditlog.onetable';
import * as leaderboard from './entityCode/generated/leaderboard/leaderboard.onetable';
import * as multiAttribute from './entityCode/generated/multi-attribute-gsi/scores.onetable';
import * as shopMultiAttribute from './entityCode/generated/shop-multi-attribute-gsi/shop.onetable';
import * as shop from './entityCode/generated/shop/shop.onetable';
import { expectOk } from '../src/errors/testing';

type Item = Record<string, AttributeValue>;

/** OneTable hides key (value template) fields on reads unless asked: return them, to compare with the SDK's. */
const HIDDEN = { hidden: true } as const;

const admin = createDynamoDBLocalClient();
const client = new DynamoDBClient({
  endpoint: inject('dynamodbLocalEndpoint'),
  region: 'us-east-1',
  credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' },
  maxAttempts: 1,
});
const created: string[] = [];
afterAll(async () => {
  await Promise.allSettled(created.map((TableName) => admin.deleteTable({ TableName })));
  admin.destroy();
  client.destroy();
});

interface GeneratedModule {
  readonly TABLE_NAME: string;
  readonly schema: object;
  keylabValue(model: object, fieldName: string, properties: Readonly<Record<string, unknown>>): string;
}

const CASES: readonly { readonly design: Design; readonly module: GeneratedModule }[] = [
  { design: LEADERBOARD_DESIGN, module: leaderboard },
  { design: SHOP_DESIGN, module: shop },
  { design: AUDIT_LOG_DESIGN, module: auditLog },
  // A multi-attribute GSI is left out of the schema (OneTable's indexes have one hash and one sort attribute); its items still carry its keys.
  { design: MULTI_ATTRIBUTE_GSI_DESIGN, module: multiAttribute },
  // The Shop with GSI1 converted to a multi-attribute key (as convertToMultiAttributeGsi writes it).
  { design: SHOP_MULTI_ATTRIBUTE_GSI_DESIGN, module: shopMultiAttribute },
];

/** What Model.create is given for a sample: its template fields (text, as the design holds them) and its attributes. */
function sampleProperties(entity: EntityDesign, sample: EntityDesign['samples'][number]): Record<string, unknown> {
  return { ...sample.values, ...(sample.attributes ? unmarshall(jsonItemToItem(sample.attributes)) : {}) };
}

/** A number as DynamoDB stores it ("12.50" is kept as 12.5, whoever writes it). */
function asStored(value: AttributeValue): AttributeValue {
  return value.N !== undefined ? { N: normalizeDynamoNumber(value.N) ?? value.N } : value;
}

/** The key attribute values of an item as text (N as DynamoDB writes it), to compare OneTable's answers with the SDK's. */
function keyText(table: TableDesign, item: Readonly<Record<string, unknown>>): string {
  return keyAttributesOf(table)
    .map((attribute) => `${attribute.name}=${item[attribute.name] === undefined ? '' : String(item[attribute.name])}`)
    .join(' ');
}

function rawKeyText(table: TableDesign, item: Item): string {
  return keyText(table, unmarshall(item, { wrapNumbers: false }) as Record<string, unknown>);
}

for (const { design, module } of CASES) {
  const designTable = design.tables[0]!;
  describe(`${design.name}: the generated OneTable schema`, () => {
    const tableName = uniqueTableName(`OneTable-${designTable.name}`);
    const table = { ...designTable, name: tableName };
    const oneTable = new Table({ client, name: tableName, schema: module.schema as never, value: module.keylabValue, partial: false });

    beforeAll(async () => {
      expect(module.TABLE_NAME).toBe(designTable.name);
      await admin.createTable(toCreateTableInput(table));
      created.push(tableName);
      for (const entity of table.entities) {
        const model = oneTable.getModel(entity.name);
        for (const sample of entity.samples) await model.create(sampleProperties(entity, sample) as Parameters<typeof model.create>[0]);
      }
    });

    it('writes every sample under exactly the keys the design shows, with its attributes', async () => {
      let samples = 0;
      for (const entity of table.entities) {
        for (const sample of entity.samples) {
          const built = buildSampleItem(table, entity, sample);
          expectOk(built);
          const expected = jsonItemToItem(built.item);
          const schema = keySchemaOf(table)!;
          const key = Object.fromEntries([...schema.partition, ...schema.sort].map((attribute) => [attribute.name, expected[attribute.name]!]));
          const { Item: stored } = await client.send(new GetItemCommand({ TableName: tableName, Key: key }));
          expect(stored, `${entity.name} ${sample.id} under ${JSON.stringify(key)}`).toBeDefined();
          for (const [name, value] of Object.entries(expected)) expect(stored![name], `${entity.name} ${sample.id}: ${name}`).toEqual(asStored(value));
          // No key attribute the design does not give this entity (an item outside a sparse index stays outside).
          for (const attribute of keyAttributesOf(table))
            if (expected[attribute.name] === undefined) expect(stored![attribute.name], `${entity.name} ${sample.id}: ${attribute.name}`).toBeUndefined();
          samples += 1;
        }
      }
      const { Count } = await client.send(new ScanCommand({ TableName: tableName, Select: 'COUNT' }));
      expect(Count).toBe(samples);
    });

    it('reads each sample back with get, from its template fields', async () => {
      for (const entity of table.entities) {
        const model = oneTable.getModel(entity.name);
        for (const sample of entity.samples) {
          const read = await model.get({ ...sample.values }, HIDDEN);
          expect(read, `${entity.name} ${sample.id}`).toBeDefined();
          const built = buildSampleItem(table, entity, sample);
          expectOk(built, 'unbuildable sample');
          expect(keyText(table, read as Record<string, unknown>)).toBe(rawKeyText(table, jsonItemToItem(built.item)));
        }
      }
    });

    // The patterns OneTable's find expresses: the partition's fields, and a sort condition of begins_with on raw text.
    const indexes = Object.keys((module.schema as { indexes: Record<string, unknown> }).indexes);
    const patterns = designTable.accessPatterns.filter(
      (pattern) =>
        pattern.entities.length === 1 &&
        pattern.filter === undefined &&
        (pattern.index === undefined || indexes.includes(pattern.index)) &&
        (pattern.sort === undefined || (pattern.sort.input === 'raw' && pattern.sort.operator === 'begins_with')),
    );
    it.each(patterns.map((pattern) => [pattern.name, pattern] as const))(
      'answers "%s" with find, in the order DynamoDB gives the same Query',
      async (_name, pattern) => {
        const built = buildPatternRequest(table, pattern);
        expectOk(built);
        const { Items = [] } = await client.send(new QueryCommand({ ...built.request, TableName: tableName }));
        const sortAttribute = keySchemaOf(table, pattern.index)!.sort[0]?.name;
        const begins = pattern.sort?.input === 'raw' && sortAttribute ? { [sortAttribute]: { begins: pattern.sort.value } } : {};
        const found = await oneTable.getModel(pattern.entities[0]!).find(
          { ...pattern.partitionValues, ...begins },
          {
            ...HIDDEN,
            ...(pattern.index ? { index: pattern.index } : {}),
            reverse: pattern.direction === 'descending',
            ...(pattern.limit ? { limit: pattern.limit } : {}),
          },
        );
        expect(Items.length).toBeGreaterThan(0);
        expect(found.map((item) => keyText(table, item as Record<string, unknown>))).toEqual(Items.map((item) => rawKeyText(table, item)));
        if (pattern.expected.count !== undefined) expect(found).toHaveLength(pattern.expected.count);
      },
    );
  });
}
