/**
 * The design exports against the real DynamoDB Local: every example design's
 * tables are created from the exported CreateTable input JSON, from the
 * CloudFormation template's Properties, and (with the AWS CLI v2) by
 * `aws dynamodb create-table --cli-input-json file://…`; DescribeTable must
 * then show the design's keys, indexes, projections and billing.
 */
import type { CreateTableCommandInput, TableDescription } from '@aws-sdk/client-dynamodb';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { awsCliPath } from '../scripts/ensure-system-deps';
import { EXAMPLE_DESIGNS, exportCloudFormation, exportCreateTableInputs, parseDesignDocument, type Design, type TableDesign } from '../src/design';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { expectOk } from '../src/errors/testing';

const client = createDynamoDBLocalClient();
const created: string[] = [];
afterAll(async () => {
  await Promise.allSettled(created.map((TableName) => client.deleteTable({ TableName })));
  client.destroy();
});

/** A table with a multi-attribute GSI key (DynamoDB since November 2025) and an LSI, provisioned. */
const MULTI_ATTRIBUTE_DESIGN: Design = {
  name: 'Multi-attribute GSI',
  description: '',
  tables: [
    {
      name: 'Scores',
      description: '',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
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
          projection: { type: 'INCLUDE', attributes: ['playerName'] },
        },
      ],
      billingMode: 'PROVISIONED',
      provisioned: { readCapacityUnits: 3, writeCapacityUnits: 2 },
      entities: [],
      accessPatterns: [],
    },
  ],
};

/** Single-attribute tables with an LSI and provisioned capacity too, so every part of the export is created once. */
const LSI_DESIGN: Design = {
  name: 'LSI and provisioned',
  description: '',
  tables: [
    {
      ...(MULTI_ATTRIBUTE_DESIGN.tables[0] as TableDesign),
      name: 'Events',
      indexes: [
        {
          name: 'byAt',
          kind: 'LSI',
          partitionKey: [{ name: 'PK', type: 'S' }],
          sortKey: [{ name: 'at', type: 'N' }],
          projection: { type: 'KEYS_ONLY', attributes: [] },
        },
        { name: 'byKind', kind: 'GSI', partitionKey: [{ name: 'kind', type: 'S' }], sortKey: [], projection: { type: 'ALL', attributes: [] } },
      ],
    },
  ],
};

const DESIGNS: readonly { readonly id: string; readonly design: Design }[] = [
  ...EXAMPLE_DESIGNS,
  { id: 'lsi-provisioned', design: LSI_DESIGN },
  { id: 'multi-attribute-gsi', design: MULTI_ATTRIBUTE_DESIGN },
];

/** The design with unique table names (DynamoDB Local is shared by the run), still a valid design. */
function renamed(design: Design, tag: string): Design {
  const copy = { ...design, tables: design.tables.map((table) => ({ ...table, name: uniqueTableName(`${table.name}-${tag}`) })) };
  const read = parseDesignDocument({ format: 'keylab.design/1', ...copy });
  expectOk(read);
  return read.design;
}

function isMultiAttribute(table: TableDesign): boolean {
  return table.indexes.some((index) => index.partitionKey.length > 1 || index.sortKey.length > 1);
}

/**
 * Creates a table; for a multi-attribute GSI key that this DynamoDB Local
 * rejects, returns why (the test skips that table only, saying so).
 */
async function create(table: TableDesign, create: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await create();
    created.push(table.name);
    return undefined;
  } catch (error) {
    if (!isMultiAttribute(table)) throw error;
    return `DynamoDB Local rejects the multi-attribute GSI key of ${table.name} (${error instanceof Error ? error.message : String(error)}); the export itself is checked by src/design/export/exports.test.ts.`;
  }
}

function skipWith(reason: string, skip: () => void): void {
  console.warn(`[designCreateTable] skipped: ${reason}`);
  skip();
}

/** DescribeTable must show what the design says (read from the design, not from the export). */
async function expectTableMatchesDesign(table: TableDesign): Promise<void> {
  const { Table: description } = await client.describeTable({ TableName: table.name });
  const described = description as TableDescription;
  const schema = (partition: readonly { name: string }[], sort: readonly { name: string }[]) => [
    ...partition.map((attribute) => ({ AttributeName: attribute.name, KeyType: 'HASH' })),
    ...sort.map((attribute) => ({ AttributeName: attribute.name, KeyType: 'RANGE' })),
  ];
  expect(described.TableName).toBe(table.name);
  expect(described.KeySchema).toEqual(schema([table.partitionKey], table.sortKey ? [table.sortKey] : []));
  const definitions = new Map<string, string>();
  for (const attribute of [
    table.partitionKey,
    ...(table.sortKey ? [table.sortKey] : []),
    ...table.indexes.flatMap((index) => [...index.partitionKey, ...index.sortKey]),
  ])
    definitions.set(attribute.name, attribute.type);
  expect(new Map((described.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName, definition.AttributeType]))).toEqual(definitions);
  for (const kind of ['GSI', 'LSI'] as const) {
    const expected = table.indexes
      .filter((index) => index.kind === kind)
      .map((index) => ({
        IndexName: index.name,
        KeySchema: schema(index.partitionKey, index.sortKey),
        Projection:
          index.projection.type === 'INCLUDE'
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.attributes].sort() }
            : { ProjectionType: index.projection.type },
      }));
    const actual = ((kind === 'GSI' ? described.GlobalSecondaryIndexes : described.LocalSecondaryIndexes) ?? []).map((index) => ({
      IndexName: index.IndexName,
      KeySchema: index.KeySchema,
      Projection: index.Projection?.NonKeyAttributes
        ? { ...index.Projection, NonKeyAttributes: [...index.Projection.NonKeyAttributes].sort() }
        : index.Projection,
    }));
    expect(actual.sort((a, b) => String(a.IndexName).localeCompare(String(b.IndexName), 'en'))).toEqual(
      expected.sort((a, b) => a.IndexName.localeCompare(b.IndexName, 'en')),
    );
  }
  if (table.billingMode === 'PROVISIONED') {
    expect(described.ProvisionedThroughput).toMatchObject({
      ReadCapacityUnits: table.provisioned?.readCapacityUnits,
      WriteCapacityUnits: table.provisioned?.writeCapacityUnits,
    });
  } else {
    expect(described.BillingModeSummary?.BillingMode ?? 'PAY_PER_REQUEST').toBe('PAY_PER_REQUEST');
  }
}

describe.each(DESIGNS)('the $id design', ({ design }) => {
  it('creates every table from its exported CreateTable input JSON', async ({ skip }) => {
    const copy = renamed(design, 'cti');
    const files = exportCreateTableInputs(copy);
    expect(files).toHaveLength(copy.tables.length);
    for (const [i, table] of copy.tables.entries()) {
      const input = JSON.parse(files[i]!.text) as CreateTableCommandInput;
      const rejected = await create(table, () => client.createTable(input));
      if (rejected) return skipWith(rejected, skip);
      await expectTableMatchesDesign(table);
    }
  });

  it('creates every table from the CloudFormation template’s Properties', async ({ skip }) => {
    const copy = renamed(design, 'cfn');
    const template = JSON.parse(exportCloudFormation(copy, 'json').text) as {
      Resources: Record<string, { Type: string; Properties: CreateTableCommandInput }>;
    };
    const resources = Object.values(template.Resources);
    expect(resources).toHaveLength(copy.tables.length);
    for (const [i, table] of copy.tables.entries()) {
      const resource = resources[i]!;
      expect(resource.Type).toBe('AWS::DynamoDB::Table');
      // An AWS::DynamoDB::Table's Properties use CreateTable's member names: they are the input as they stand.
      const rejected = await create(table, () => client.createTable(resource.Properties));
      if (rejected) return skipWith(rejected, skip);
      await expectTableMatchesDesign(table);
    }
  });

  const cli = awsCliPath(process.env);
  const cliVersion = spawnSync(cli, ['--version'], { encoding: 'utf8' });
  const cliProblem = cliVersion.status !== 0 || !/aws-cli\/2\./.test(`${cliVersion.stdout}${cliVersion.stderr}`) ? `${cli} is not the AWS CLI v2` : undefined;

  it('creates every table with aws dynamodb create-table --cli-input-json file://<exported file>', async ({ skip }) => {
    if (cliProblem) return skipWith(`${cliProblem}: apt-get install awscli (or set KEYLAB_AWS_CLI) to run the CLI check.`, skip);
    const copy = renamed(design, 'cli');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keylab-create-table-'));
    try {
      const config = path.join(dir, 'aws-config');
      writeFileSync(config, '');
      // The integration fixture's dummy keys, and nothing from the machine's ~/.aws.
      const env = {
        PATH: '/usr/bin:/bin',
        HOME: dir,
        LANG: 'C.UTF-8',
        AWS_CONFIG_FILE: config,
        AWS_SHARED_CREDENTIALS_FILE: config,
        AWS_ACCESS_KEY_ID: 'keylab',
        AWS_SECRET_ACCESS_KEY: 'keylab',
        AWS_DEFAULT_REGION: 'us-east-1',
        AWS_PAGER: '',
        AWS_EC2_METADATA_DISABLED: 'true',
      };
      for (const [i, file] of exportCreateTableInputs(copy).entries()) {
        const table = copy.tables[i]!;
        const filePath = path.join(dir, file.fileName);
        writeFileSync(filePath, file.text);
        const rejected = await create(
          table,
          () =>
            new Promise<void>((resolve, reject) =>
              execFile(
                cli,
                ['dynamodb', 'create-table', '--cli-input-json', `file://${filePath}`, '--endpoint-url', inject('dynamodbLocalEndpoint'), '--output', 'json'],
                { env, timeout: 60_000, encoding: 'utf8' },
                (error, _stdout, stderr) => (error ? reject(new Error(stderr.trim() || error.message)) : resolve()),
              ),
            ),
        );
        if (rejected) return skipWith(rejected, skip);
        await expectTableMatchesDesign(table);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
