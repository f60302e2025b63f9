import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { EXAMPLE_DESIGNS, SHOP_DESIGN, toCreateTableInput, type Design, type TableDesign } from '..';
import { cloudFormationTemplate, exportCloudFormation, logicalId } from './cloudFormation';
import { exportCreateTableInputs } from './createTableExport';
import { toYaml } from './yaml';

const shopTable = SHOP_DESIGN.tables[0]!;

/** A table with a multi-attribute GSI key (two partition, two sort attributes) and provisioned capacity. */
const MULTI_TABLE: TableDesign = {
  ...shopTable,
  name: 'Scores.v2',
  indexes: [
    {
      name: 'bySeasonScore',
      kind: 'GSI',
      partitionKey: [
        { name: 'season', type: 'S' },
        { name: 'region', type: 'S' },
      ],
      sortKey: [
        { name: 'score', type: 'N' },
        { name: 'ts', type: 'N' },
      ],
      projection: { type: 'KEYS_ONLY', attributes: [] },
    },
    {
      name: 'byDate',
      kind: 'LSI',
      partitionKey: [{ name: 'PK', type: 'S' }],
      sortKey: [{ name: 'at', type: 'S' }],
      projection: { type: 'ALL', attributes: [] },
    },
  ],
  billingMode: 'PROVISIONED',
  provisioned: { readCapacityUnits: 5, writeCapacityUnits: 2 },
  entities: [],
  accessPatterns: [],
};

describe('exportCreateTableInputs', () => {
  it('writes one CreateTable input per table, exactly toCreateTableInput', () => {
    for (const { design } of EXAMPLE_DESIGNS) {
      const files = exportCreateTableInputs(design);
      expect(files.map((file) => file.fileName)).toEqual(design.tables.map((table) => `${table.name}.create-table.json`));
      files.forEach((file, i) => expect(JSON.parse(file.text)).toEqual(toCreateTableInput(design.tables[i]!)));
    }
  });

  it('lists a multi-attribute GSI key attribute by attribute, HASH then RANGE, with every attribute defined', () => {
    const [file] = exportCreateTableInputs({ name: 'm', description: '', tables: [MULTI_TABLE] });
    const input = JSON.parse(file!.text);
    expect(input.GlobalSecondaryIndexes[0]).toEqual({
      IndexName: 'bySeasonScore',
      KeySchema: [
        { AttributeName: 'season', KeyType: 'HASH' },
        { AttributeName: 'region', KeyType: 'HASH' },
        { AttributeName: 'score', KeyType: 'RANGE' },
        { AttributeName: 'ts', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 2 },
    });
    expect(input.AttributeDefinitions.map((definition: { AttributeName: string }) => definition.AttributeName)).toEqual([
      'PK',
      'SK',
      'season',
      'region',
      'score',
      'ts',
      'at',
    ]);
    expect(input.LocalSecondaryIndexes[0].KeySchema).toEqual([
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'at', KeyType: 'RANGE' },
    ]);
    expect(input.ProvisionedThroughput).toEqual({ ReadCapacityUnits: 5, WriteCapacityUnits: 2 });
    expect(file!.fileName).toBe('Scores.v2.create-table.json');
  });
});

describe('exportCloudFormation', () => {
  const design: Design = { name: 'Shop (single table) "v2"', description: 'ignored', tables: [shopTable, MULTI_TABLE] };

  it('has one AWS::DynamoDB::Table per table, Properties from the CreateTable input', () => {
    const template = cloudFormationTemplate(design);
    expect(template.AWSTemplateFormatVersion).toBe('2010-09-09');
    expect(Object.keys(template.Resources)).toEqual(['ShopTable', 'ScoresV2Table']);
    for (const [i, resource] of Object.values(template.Resources).entries()) {
      expect(resource.Type).toBe('AWS::DynamoDB::Table');
      expect(resource.Properties).toEqual(toCreateTableInput(design.tables[i]!));
    }
    expect(Object.keys(template.Resources.ShopTable!.Properties)).toEqual([
      'TableName',
      'BillingMode',
      'KeySchema',
      'AttributeDefinitions',
      'GlobalSecondaryIndexes',
    ]);
  });

  it('writes YAML that a YAML parser reads back as the JSON template', () => {
    const yaml = exportCloudFormation(design, 'yaml');
    const json = exportCloudFormation(design, 'json');
    expect(yaml.fileName).toBe('Shop-single-table-v2.cloudformation.yaml');
    expect(json.fileName).toBe('Shop-single-table-v2.cloudformation.json');
    expect(parseYaml(yaml.text)).toEqual(JSON.parse(json.text));
    expect(JSON.parse(json.text)).toEqual(JSON.parse(JSON.stringify(cloudFormationTemplate(design))));
    expect(yaml.text).toContain('Resources:\n  ShopTable:\n    Type: "AWS::DynamoDB::Table"\n    Properties:\n      TableName: "Shop"\n');
  });

  it('quotes every string, so YAML never reads one as a number, date or boolean', () => {
    const data = {
      a: '2010-09-09',
      b: 'yes',
      c: '012',
      d: 'null',
      e: 'x: y # z',
      f: '\u0085\u007f\ufeff\n"',
      g: [],
      h: {},
      i: [{ j: 1, k: [true, null] }],
      'not plain': 'ok',
    };
    expect(parseYaml(toYaml(data))).toEqual(data);
  });

  it('derives unique logical ids from table names', () => {
    const used = new Set<string>();
    expect([logicalId('orders', used), logicalId('Orders', used), logicalId('orders-2026.v1', used), logicalId('123', used), logicalId('---', used)]).toEqual([
      'OrdersTable',
      'OrdersTable2',
      'Orders2026V1Table',
      'T123Table',
      'DesignTable',
    ]);
  });

  it('writes nothing but tables: no design text, no sample items', () => {
    const text = exportCloudFormation(SHOP_DESIGN, 'json').text;
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('CUSTOMER#');
  });
});
