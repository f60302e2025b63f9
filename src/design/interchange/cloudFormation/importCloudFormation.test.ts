import { describe, expect, it } from 'vitest';
import { exportCloudFormation, type Design, type DesignDocument, EXAMPLE_DESIGNS } from '../..';
import { importDesignBytes, importDesignFile } from '..';
import broken from '../fixtures/cloudformation/broken.yaml?raw';
import ordersYaml from '../fixtures/cloudformation/orders-single-table.yaml?raw';
import sessionsJson from '../fixtures/cloudformation/sessions-global-table.json?raw';
import { expectErr, expectOk } from '../../../errors/testing';

function imported(text: string, fileName: string) {
  const result = importDesignFile(text, fileName);
  expectOk(result);
  return result;
}

describe('CloudFormation import', () => {
  it('reads a YAML single-table template: keys, attribute types, two GSIs and an LSI, projections, provisioned billing', () => {
    const { design } = imported(ordersYaml, 'orders.yaml');
    expect(design.name).toBe('orders');
    expect(design.description).toBe('Orders service - one table for customers, orders and order lines');
    expect(design.tables).toHaveLength(1);
    const table = design.tables[0]!;
    expect(table.partitionKey).toEqual({ name: 'PK', type: 'S' });
    expect(table.sortKey).toEqual({ name: 'SK', type: 'S' });
    expect(table.billingMode).toBe('PROVISIONED');
    expect(table.provisioned).toEqual({ readCapacityUnits: 10, writeCapacityUnits: 4 });
    expect(table.indexes).toEqual([
      {
        name: 'GSI1',
        kind: 'GSI',
        partitionKey: [{ name: 'GSI1PK', type: 'S' }],
        sortKey: [{ name: 'GSI1SK', type: 'S' }],
        projection: { type: 'ALL', attributes: [] },
      },
      {
        name: 'ByStatus',
        kind: 'GSI',
        partitionKey: [{ name: 'GSI2PK', type: 'S' }],
        sortKey: [],
        projection: { type: 'INCLUDE', attributes: ['total', 'status'] },
      },
      {
        name: 'ByCreatedAt',
        kind: 'LSI',
        partitionKey: [{ name: 'PK', type: 'S' }],
        sortKey: [{ name: 'createdAt', type: 'N' }],
        projection: { type: 'KEYS_ONLY', attributes: [] },
      },
    ]);
    expect(table.entities).toEqual([]);
  });

  it('reads a name built by !Sub as a readable placeholder, with a warning, without evaluating it', () => {
    const result = imported(ordersYaml, 'orders.yaml');
    expect(result.design.tables[0]!.name).toBe('Stage-orders');
    const warning = result.warnings.find((entry) => entry.path === 'Resources.OrdersTable.Properties.TableName')!;
    // Where it is in the YAML text: line 13, `TableName: !Sub "${Stage}-orders"` (the value after the tag).
    expect([warning.line, warning.column]).toEqual([13, 23]);
    expect(warning.message).toMatch(
      /!Sub "\$\{Stage\}-orders" builds the name when the stack is created \(not evaluated here\); the table is named "Stage-orders"/,
    );
  });

  it('lists what it ignored: other resources, Tags, StreamSpecification, TTL, DeletionPolicy, Parameters, Outputs', () => {
    const { report } = imported(ordersYaml, 'orders.yaml');
    const notes = report.flatMap((entry) => entry.notes).join('\n');
    expect(notes).toContain('Ignored resources (not DynamoDB tables): OrdersFunction (AWS::Lambda::Function).');
    expect(notes).toContain('Ignored properties: StreamSpecification, TimeToLiveSpecification, Tags.');
    expect(notes).toContain('Ignored resource attributes: DeletionPolicy.');
    expect(notes).toContain('Ignored section: Parameters');
    expect(notes).toContain('Ignored section: Outputs');
    expect(report[0]!.summary).toBe('CloudFormation template: 1 table (Stage-orders).');
  });

  it('reads a JSON template with a GlobalTable and a Table into one design with two tables', () => {
    const result = imported(sessionsJson, 'sessions.template');
    const [sessions, audit] = result.design.tables;
    expect(sessions!.name).toBe('StackName-sessions');
    expect(sessions!.partitionKey).toEqual({ name: 'userId', type: 'S' });
    expect(sessions!.sortKey).toEqual({ name: 'startedAt', type: 'N' });
    // Writes: the auto scaling minimum for every replica; reads: the first replica's fixed capacity.
    expect(sessions!.billingMode).toBe('PROVISIONED');
    expect(sessions!.provisioned).toEqual({ readCapacityUnits: 12, writeCapacityUnits: 3 });
    expect(sessions!.indexes).toEqual([
      {
        name: 'ByDevice',
        kind: 'GSI',
        partitionKey: [{ name: 'deviceId', type: 'S' }],
        sortKey: [{ name: 'startedAt', type: 'N' }],
        projection: { type: 'KEYS_ONLY', attributes: [] },
      },
    ]);
    expect(audit).toMatchObject({ name: 'audit-log', partitionKey: { name: 'id', type: 'S' }, billingMode: 'PAY_PER_REQUEST', indexes: [] });
    expect(audit!.sortKey).toBeUndefined();
    expect(result.warnings.map((warning) => warning.message).join('\n')).toMatch(/!Join .* builds the name/);
    expect(result.report.flatMap((entry) => entry.notes).join('\n')).toContain('Ignored properties: SSESpecification, StreamSpecification.');
  });

  it('says where a YAML template stops being YAML (line and column), not "not valid JSON … a missing comma"', () => {
    const result = importDesignFile(broken, 'broken.yaml');
    expectErr(result);
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error!.message).toMatch(/^broken\.yaml: YAML error at line \d+, column \d+: /);
    expect(error!.message).not.toMatch(/JSON|comma/);
    expect(error!.line).toBe(7);
    expect(error!.message).toContain(`line ${error!.line}, column ${error!.column}`);
  });

  it('reads a template by its content whatever the file name, and refuses other YAML naming what Keylab reads', () => {
    expect(importDesignFile(ordersYaml, 'stack.txt').ok).toBe(true);
    const other = importDesignFile('name: my-app\nversion: 2\n', 'docker-compose.yml');
    expectErr(other);
    expect(other.errors[0]!.message).toMatch(
      /^docker-compose\.yml is YAML, but not a CloudFormation template with DynamoDB tables .* Accepted: Keylab design JSON .*NoSQL Workbench model JSON.*CloudFormation template, YAML or JSON/,
    );
  });

  it('reports a key without an attribute definition at its path', () => {
    const text = ordersYaml.replace('        - AttributeName: GSI1SK\n          AttributeType: S\n', '');
    const result = importDesignFile(text, 'orders.yaml');
    expectErr(result);
    const error = result.errors.find((entry) => entry.path === 'Resources.OrdersTable.Properties.GlobalSecondaryIndexes[0].KeySchema[1].AttributeName')!;
    expect(error.message).toBe(
      'Resources.OrdersTable.Properties.GlobalSecondaryIndexes[0].KeySchema[1].AttributeName: "GSI1SK" is not in AttributeDefinitions: add {"AttributeName": "GSI1SK", "AttributeType": "S"} (or N, B) there.',
    );
    // `- AttributeName: GSI1SK` under GSI1's KeySchema, at the name's value.
    expect(text.split('\n')[error.line! - 1]).toBe('            - AttributeName: GSI1SK');
    expect(error.column).toBe(30);
  });

  it('refuses a template without DynamoDB tables', () => {
    const result = importDesignFile('AWSTemplateFormatVersion: "2010-09-09"\nResources:\n  Bucket:\n    Type: AWS::S3::Bucket\n', 'bucket.yaml');
    expectErr(result);
    expect(result.errors[0]!.message).toMatch(/no AWS::DynamoDB::Table or AWS::DynamoDB::GlobalTable resource/);
  });

  for (const { id, design: document } of EXAMPLE_DESIGNS) {
    it(`reads Keylab's own CloudFormation export of ${id} back (YAML and JSON): same tables, keys, indexes and billing`, () => {
      const { format: _format, ...design } = document as DesignDocument;
      const shape = (d: Design) =>
        d.tables.map(({ name, partitionKey, sortKey, indexes, billingMode, provisioned }) => ({
          name,
          partitionKey,
          sortKey,
          indexes,
          billingMode,
          provisioned,
        }));
      for (const format of ['yaml', 'json'] as const) {
        const file = exportCloudFormation(design, format);
        const result = importDesignBytes(new TextEncoder().encode(file.text), file.fileName);
        expectOk(result);
        expect(shape(result.design)).toEqual(shape(design));
      }
    });
  }
});
