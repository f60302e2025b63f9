import { describe, expect, it } from 'vitest';
import { exportWorkbenchModel, importDesignFile, LEADERBOARD_DESIGN, serializeDesignDocument, type Design, type DesignFileFormat } from '../../design';

import type { ReviewSubject } from '../../design/review';
import { expectOk } from '../../errors/testing';
// The interchange fixtures as text (test data of the design layer, read as the importer reads them).
// eslint-disable-next-line keylab/layer-imports
import onlineShopModel from '../../design/interchange/fixtures/an-online-shop.json?raw';
// eslint-disable-next-line keylab/layer-imports
import ordersYaml from '../../design/interchange/fixtures/cloudformation/orders-single-table.yaml?raw';
// eslint-disable-next-line keylab/layer-imports
import sessionsJson from '../../design/interchange/fixtures/cloudformation/sessions-global-table.json?raw';
import { locateSubjects, type FileLocation } from './locateSubjects';

/** The file text from the location on (1-based line and column). */
function textAt(text: string, location: FileLocation | undefined): string {
  expect(location).toBeDefined();
  const lines = text.split('\n');
  return [lines[location!.line - 1]!.slice(location!.column - 1), ...lines.slice(location!.line)].join('\n');
}

function read(text: string, fileName: string): Design {
  const result = importDesignFile(text, fileName);
  expectOk(result);
  return result.design;
}

function locate(text: string, fileName: string, format: DesignFileFormat, subjects: readonly ReviewSubject[]) {
  return locateSubjects({ text, format, design: read(text, fileName) }, subjects);
}

describe('locateSubjects in a Keylab design file', () => {
  const text = serializeDesignDocument(LEADERBOARD_DESIGN);

  it('points at the key template, the pattern, the index and the table', () => {
    const [template, pattern, index, table, key] = locate(text, 'leaderboard.json', 'keylab', [
      { table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey', field: 'score' },
      { table: 'Leaderboard', pattern: 'player-runs' },
      { table: 'Leaderboard', index: 'byPlayer' },
      { table: 'Leaderboard' },
      { table: 'Leaderboard', keyAttribute: 'leaderboardId' },
    ]);
    expect(textAt(text, template)).toMatch(/^"rankKey": "\{score:int\(10\)\}#/);
    expect(template).toMatchObject({ exact: true, pointsAt: 'the key template of rankKey in entity Run' });
    expect(textAt(text, pattern)).toMatch(/^"id": "player-runs"/);
    expect(textAt(text, index)).toMatch(/^"name": "byPlayer"/);
    expect(textAt(text, table)).toMatch(/^"name": "Leaderboard",\n\s*"description": "One item per run/);
    expect(textAt(text, key)).toMatch(/^"partitionKey": \{\n\s*"name": "leaderboardId"/);
    expect([pattern, index, table, key].every((location) => location?.exact)).toBe(true);
  });

  it('says so when the subject is not in the file, and gives the table', () => {
    const [gone] = locate(text, 'leaderboard.json', 'keylab', [{ table: 'Leaderboard', pattern: 'no-such-pattern' }]);
    expect(gone).toMatchObject({ exact: false, pointsAt: 'table Leaderboard (access pattern no-such-pattern is not in the file)' });
    expect(textAt(text, gone)).toMatch(/^"name": "Leaderboard"/);
    expect(locate(text, 'leaderboard.json', 'keylab', [{ table: 'Elsewhere' }])).toEqual([undefined]);
  });
});

describe('locateSubjects in a NoSQL Workbench model', () => {
  const text = onlineShopModel;

  it("points at the facet's first item, the GSI key attribute and the table", () => {
    const design = read(text, 'an-online-shop.json');
    const entity = design.tables[0]!.entities.find((candidate) => candidate.name === 'product')!;
    const [sortKey, gsiKey, index, table, pattern] = locate(text, 'an-online-shop.json', 'workbench', [
      { table: 'OnlineShop', entity: entity.name, keyAttribute: 'SK' },
      { table: 'OnlineShop', keyAttribute: 'GSI1SK' },
      { table: 'OnlineShop', index: 'GSI1' },
      { table: 'OnlineShop' },
      { table: 'OnlineShop', pattern: 'anything' },
    ]);
    expect(textAt(text, sortKey)).toMatch(/^"SK": \{ "S": "p#12345" \}, "name": \{ "S": "Mouse" \}/);
    expect(sortKey).toMatchObject({ exact: false });
    expect(sortKey!.pointsAt).toContain('no key templates');
    expect(textAt(text, gsiKey)).toMatch(/^"AttributeName": "GSI1SK"/);
    expect(textAt(text, index)).toMatch(/^"IndexName": "GSI1"/);
    expect(textAt(text, table)).toMatch(/^"TableName": "OnlineShop"/);
    expect(textAt(text, pattern)).toMatch(/^"TableName": "OnlineShop"/);
    expect(pattern).toMatchObject({ exact: false, pointsAt: 'table OnlineShop (a NoSQL Workbench model has no access patterns)' });
  });

  it('uses the Keylab design a Workbench export carries for templates and access patterns', () => {
    const exported = exportWorkbenchModel(LEADERBOARD_DESIGN).text;
    const [template, pattern] = locate(exported, 'leaderboard-model.json', 'workbench', [
      { table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey' },
      { table: 'Leaderboard', pattern: 'top-scores' },
    ]);
    expect(textAt(exported, template)).toMatch(/^"rankKey": "\{score:int\(10\)\}/);
    expect(textAt(exported, pattern)).toMatch(/^"id": "top-scores"/);
    expect(template?.exact && pattern?.exact).toBe(true);
  });
});

describe('locateSubjects in a OneTable schema', () => {
  const text = JSON.stringify(
    {
      format: 'onetable:1.1.0',
      version: '0.0.1',
      indexes: { primary: { hash: 'pk', sort: 'sk' }, gs1: { hash: 'gs1pk', sort: 'gs1sk' } },
      models: {
        Account: { pk: { type: 'string', value: 'account#${id}' }, sk: { type: 'string', value: 'account#' }, id: { type: 'string' } },
        Invoice: {
          pk: { type: 'string', value: 'account#${accountId}' },
          sortKey: { type: 'string', map: 'sk', value: 'invoice#${number:8:0}' },
          gs1pk: { type: 'string', value: 'status#${status}' },
          number: { type: 'number' },
          status: { type: 'string' },
        },
      },
    },
    null,
    2,
  );

  it('points at the model field (also a mapped one), the index and the primary index', () => {
    const [field, mapped, index, table, pattern] = locate(text, 'billing.json', 'onetable', [
      { table: 'billing', entity: 'Account', keyAttribute: 'pk' },
      { table: 'billing', entity: 'Invoice', keyAttribute: 'sk' },
      { table: 'billing', index: 'gs1' },
      { table: 'billing' },
      { table: 'billing', pattern: 'p1' },
    ]);
    expect(textAt(text, field)).toMatch(/^"pk": \{\n\s*"type": "string",\n\s*"value": "account#\$\{id\}"/);
    expect(textAt(text, mapped)).toMatch(/^"sortKey": \{/);
    expect(textAt(text, index)).toMatch(/^"gs1": \{/);
    expect(textAt(text, table)).toMatch(/^"primary": \{/);
    expect(pattern).toMatchObject({ exact: false, pointsAt: 'the primary index (a OneTable schema does not name its table and has no access patterns)' });
  });
});

describe('locateSubjects in a CloudFormation template', () => {
  const yaml = ordersYaml;
  const json = sessionsJson;

  it('points at the YAML table name, index and KeySchema entries', () => {
    const design = read(yaml, 'orders-single-table.yaml');
    const name = design.tables[0]!.name;
    const [table, index, key, indexKey, entity] = locate(yaml, 'orders-single-table.yaml', 'cloudformation', [
      { table: name },
      { table: name, index: 'ByStatus' },
      { table: name, keyAttribute: 'SK' },
      { table: name, index: 'GSI1', keyAttribute: 'GSI1SK' },
      { table: name, entity: 'Order', keyAttribute: 'SK' },
    ]);
    expect(textAt(yaml, table)).toMatch(/^"\$\{Stage\}-orders"\n\s*BillingMode/);
    expect(textAt(yaml, index)).toMatch(/^ByStatus\n/);
    expect(textAt(yaml, key)).toMatch(/^SK\n\s*KeyType: RANGE/);
    expect(textAt(yaml, indexKey)).toMatch(/^GSI1SK\n\s*KeyType: RANGE/);
    expect(textAt(yaml, entity)).toMatch(/^SK\n\s*KeyType: RANGE/);
    expect(entity).toMatchObject({ exact: false });
    expect(entity!.pointsAt).toContain('no entities or key templates');
  });

  it('tells the second resource of a JSON template from the first', () => {
    const design = read(json, 'sessions-global-table.json');
    const [sessions, audit, device] = locate(json, 'sessions-global-table.json', 'cloudformation', [
      { table: design.tables[0]!.name },
      { table: design.tables[1]!.name },
      { table: design.tables[0]!.name, index: 'ByDevice', keyAttribute: 'deviceId' },
    ]);
    expect(textAt(json, sessions)).toMatch(/^"TableName": \{ "Fn::Join"/);
    expect(textAt(json, audit)).toMatch(/^"TableName": "audit-log"/);
    expect(textAt(json, device)).toMatch(/^"AttributeName": "deviceId", "KeyType": "HASH"/);
    const [pattern, gone] = locate(json, 'sessions-global-table.json', 'cloudformation', [
      { table: design.tables[1]!.name, pattern: 'p1' },
      { table: design.tables[1]!.name, keyAttribute: 'nope' },
    ]);
    expect(textAt(json, pattern)).toMatch(/^"TableName": "audit-log"/);
    expect(pattern).toMatchObject({ exact: false, pointsAt: `table ${design.tables[1]!.name} (a CloudFormation template has no access patterns)` });
    expect(gone).toMatchObject({ exact: false, pointsAt: `table ${design.tables[1]!.name} (key attribute nope is not written in the template)` });
  });
});
