import { describe, expect, it } from 'vitest';
import { buildSampleItem, type Design } from '..';
import { exportWorkbenchModel, importDesignFile, importWorkbenchModel, KEYLAB_EXTENSION_FIELD, tableItems } from '.';
import broken from './fixtures/broken.json?raw';
import gsiInclude from './fixtures/gsi-include.json?raw';
import missingMetadata from './fixtures/missing-metadata.json?raw';
import singleTable from './fixtures/single-table-facets.json?raw';
import twoTables from './fixtures/two-tables.json?raw';
import version1 from './fixtures/version-1.json?raw';
import { expectErr, expectOk } from '../../errors/testing';

function imported(text: string, fileName = 'model.json'): Design {
  const result = importWorkbenchModel(text, { fileName });
  expectOk(result);
  return result.design;
}

const entity = (design: Design, name: string, table = 0) => design.tables[table]!.entities.find((candidate) => candidate.name === name)!;

describe('importWorkbenchModel', () => {
  it('turns facets into entities with inferred templates and decoded samples', () => {
    const design = imported(singleTable);
    expect(design.name).toBe('Shop');
    expect(design.description).toBe('Customers, orders and addresses in one table');
    expect(design.tables[0]!.entities.map((e) => e.name)).toEqual(['Customer', 'Order', 'Address']);
    expect(entity(design, 'Customer').keys).toEqual({ PK: 'CUSTOMER#{customerId}', SK: 'CUSTOMER#{customerId}' });
    expect(entity(design, 'Order').keys).toEqual({ PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{at:iso}#{orderId}' });
    expect(entity(design, 'Address').keys).toEqual({ PK: 'CUSTOMER#{customerId}', SK: 'ADDRESS#{addressId}' });
    const order = entity(design, 'Order').samples.find((sample) => sample.values.orderId === 'o_17')!;
    expect(order).toEqual({
      id: 'item-4',
      values: { customerId: 'c1', at: '2026-06-23T10:00:00Z', orderId: 'o_17' },
      attributes: { total: { N: '7.25' }, lines: { L: [{ M: { sku: { S: 'A-1' }, qty: { N: '2' } } }] } },
    });
    expect(entity(design, 'Order').attributes).toEqual([
      { name: 'total', type: 'N' },
      { name: 'lines', type: 'L' },
    ]);
  });

  it('keeps every sample exactly: rebuilt items equal the model’s items', () => {
    const design = imported(singleTable);
    const model = JSON.parse(singleTable) as { DataModel: { TableData: unknown[] }[] };
    const table = design.tables[0]!;
    const rebuilt = table.entities.flatMap((e) => e.samples.map((sample) => buildSampleItem(table, e, sample)));
    expect(rebuilt.every((result) => result.ok)).toBe(true);
    expect(tableItems(table).map((entry) => entry.item)).toEqual(model.DataModel[0]!.TableData);
  });

  it('keeps sample attributes named like JavaScript’s own (constructor, __proto__) through import and tableItems', () => {
    const text = twoTables.replace(
      '"score": { "N": "2300" }',
      '"score": { "N": "2300" }, "constructor": { "S": "c" }, "__proto__": { "S": "p" }, "toString": { "N": "1" }',
    );
    const design = imported(text);
    const sample = entity(design, 'Run').samples[0]!;
    const own = (record: object | undefined, name: string) => (record ? Object.getOwnPropertyDescriptor(record, name)?.value : undefined);
    expect(own(sample.attributes, 'constructor')).toEqual({ S: 'c' });
    expect(own(sample.attributes, '__proto__')).toEqual({ S: 'p' });
    expect(own(sample.attributes, 'toString')).toEqual({ N: '1' });
    const item = tableItems(design.tables[0]!)[0]!.item;
    expect(Object.keys(item)).toEqual(expect.arrayContaining(['constructor', '__proto__', 'toString']));
    expect(own(item, '__proto__')).toEqual({ S: 'p' });
  });

  it('reads two tables, a table without sort key, and provisioned billing', () => {
    const design = imported(twoTables);
    expect(design.tables.map((t) => t.name)).toEqual(['Leaderboard', 'Players']);
    expect(design.tables[0]).toMatchObject({ billingMode: 'PROVISIONED', provisioned: { readCapacityUnits: 5, writeCapacityUnits: 5 } });
    expect(entity(design, 'Run').keys).toEqual({ leaderboardId: 'SEASON#{seasonId}', rankKey: '{rankKey:int(10)}#{ts:epoch(16)}#{rankKeyPart3}' });
    expect(design.tables[1]!.sortKey).toBeUndefined();
    expect(design.tables[1]!.entities).toHaveLength(1);
    expect(design.tables[1]!.entities[0]!.keys).toEqual({ playerId: '{playerId}' });
  });

  it('reads GSIs with INCLUDE and KEYS_ONLY projections, and leaves sparse index keys as attributes', () => {
    const result = importWorkbenchModel(gsiInclude);
    expectOk(result);
    const table = result.design.tables[0]!;
    expect(table.indexes).toEqual([
      {
        name: 'GSI1',
        kind: 'GSI',
        partitionKey: [{ name: 'GSI1PK', type: 'S' }],
        sortKey: [{ name: 'GSI1SK', type: 'S' }],
        projection: { type: 'INCLUDE', attributes: ['total'] },
      },
      {
        name: 'byTime',
        kind: 'GSI',
        partitionKey: [{ name: 'GSI1PK', type: 'S' }],
        sortKey: [{ name: 'placedAt', type: 'N' }],
        projection: { type: 'KEYS_ONLY', attributes: [] },
      },
    ]);
    const order = table.entities[0]!;
    expect(order.keys).toEqual({ PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{orderNumber:int(5)}' });
    const sparse = result.report.find((entry) => entry.scope === 'entity')!;
    expect(sparse.notes.join(' ')).toMatch(/GSI1PK is in 3 of 4 items: kept as a plain attribute/);
    expect(tableItems(table).map((entry) => entry.item)).toEqual((JSON.parse(gsiInclude) as { DataModel: { TableData: unknown[] }[] }).DataModel[0]!.TableData);
  });

  it('reads a version 1.0 model whose facet items use the key aliases', () => {
    const design = imported(version1);
    expect(entity(design, 'Event').keys).toEqual({ PK: 'ACTOR#{actorId}', SK: 'EVT#{at:iso}' });
    expect(entity(design, 'Event').samples[0]).toEqual({
      id: 'item-1',
      values: { actorId: 'u_8814', at: '2026-06-22T08:15:03Z' },
      attributes: { ip: { S: '203.0.113.24' } },
    });
  });

  it('tolerates missing metadata and unknown keys, and groups items by key prefix without facets', () => {
    const result = importWorkbenchModel(missingMetadata, { fileName: 'library.json' });
    expectOk(result);
    expect(result.design.name).toBe('library');
    expect(result.warnings.map((warning) => warning.path)).toEqual(['ModelMetadata.Version', 'ModelName']);
    const table = result.design.tables[0]!;
    expect(table.entities.map((e) => [e.name, e.keys])).toEqual([
      ['Profile', { pk: 'AUTHOR#{authorId}', sk: 'PROFILE' }],
      ['Book', { pk: 'AUTHOR#{authorId}', sk: 'BOOK#{bookNumber:int(4)}' }],
    ]);
    expect(tableItems(table).map((entry) => entry.item)).toEqual(
      (JSON.parse(missingMetadata) as { DataModel: { TableData: unknown[] }[] }).DataModel[0]!.TableData,
    );
    expect(result.report.some((entry) => entry.summary.startsWith('sk: BOOK#{bookNumber:int(4)}'))).toBe(true);
  });

  it('reports broken JSON with file, line and column', () => {
    const result = importWorkbenchModel(broken, { fileName: 'broken.json' });
    expectErr(result);
    expect(result.errors[0]).toMatchObject({ line: 6, column: 7 });
    expect(result.errors[0]!.message).toMatch(/^broken\.json is not valid JSON at line 6, column 7/);
  });

  it('reports wrong shapes by path and imports nothing', () => {
    const model = JSON.parse(singleTable) as { DataModel: Record<string, unknown>[] };
    const table = model.DataModel[0]!;
    (table.KeyAttributes as { PartitionKey: { AttributeType: string } }).PartitionKey.AttributeType = 'X';
    (table.TableData as unknown[])[1] = { PK: { S: 'CUSTOMER#c1' }, SK: { Q: 'x' } };
    const result = importWorkbenchModel(JSON.stringify(model));
    expectErr(result);
    expect(result.errors.map((error) => error.message)).toEqual([
      'DataModel[0].KeyAttributes.PartitionKey.AttributeType: "X" is not S, N or B.',
      'DataModel[0].TableData[1].SK: "Q" is not a DynamoDB type: use S, N, B, BOOL, NULL, M, L, SS, NS or BS.',
    ]);
  });

  it('refuses an item without the table’s partition key, and an empty string key', () => {
    const model = JSON.parse(missingMetadata) as { DataModel: { TableData: Record<string, unknown>[] }[] };
    model.DataModel[0]!.TableData[0] = { sk: { S: 'PROFILE' } };
    model.DataModel[0]!.TableData[1] = { pk: { S: 'AUTHOR#a1' }, sk: { S: '' } };
    const result = importWorkbenchModel(JSON.stringify(model));
    expectErr(result);
    expect(result.errors.map((error) => error.message).join('\n')).toMatch(/TableData\[0\]: the item has no pk/);
    expect(result.errors.map((error) => error.message).join('\n')).toMatch(/TableData\[1\]\.sk: "" cannot be a DynamoDB S key/);
  });
});

describe('round trips', () => {
  // version1's facet items name their keys by alias (Actor, When): the export writes the attribute names, so it is compared by value above.
  const fixtures = { singleTable, twoTables, gsiInclude, missingMetadata };
  for (const [name, text] of Object.entries(fixtures)) {
    it(`NWB → Keylab → NWB keeps every key and item byte for byte, each once, where the model had it (${name})`, () => {
      const original = JSON.parse(text) as { DataModel: { TableData?: unknown[]; TableFacets?: { TableData?: unknown[] }[] }[] };
      const again = JSON.parse(exportWorkbenchModel(imported(text)).text) as typeof original;
      const items = (table: (typeof original.DataModel)[number]) =>
        [...(table.TableData ?? []), ...(table.TableFacets ?? []).flatMap((facet) => facet.TableData ?? [])].map((item) => JSON.stringify(item));
      original.DataModel.forEach((table, index) => {
        const written = items(again.DataModel[index]!);
        // Byte for byte: each item's JSON, attributes in the model's order; an item the model listed twice (table and facet) is written once.
        expect(new Set(written)).toEqual(new Set(items(table)));
        expect(written).toHaveLength(new Set(written).size);
        expect(again.DataModel[index]!.TableFacets?.map((facet) => facet.TableData?.length)).toEqual(
          table.TableFacets?.map((facet) => facet.TableData?.length),
        );
      });
    });
  }

  it('re-importing the re-export with the extension stripped infers the same templates', () => {
    const design = imported(singleTable);
    const model = JSON.parse(exportWorkbenchModel(design).text) as Record<string, unknown>;
    delete model[KEYLAB_EXTENSION_FIELD];
    expect(imported(JSON.stringify(model)).tables[0]!.entities.map((e) => e.keys)).toEqual(design.tables[0]!.entities.map((e) => e.keys));
  });

  it('importDesignFile detects a Workbench model and refuses unknown JSON listing the formats', () => {
    expect(importDesignFile(singleTable, 'shop.json').ok).toBe(true);
    const unknown = importDesignFile('{"hello": 1}', 'x.json');
    expectErr(unknown);
    expect(unknown.errors[0]!.message).toMatch(/NoSQL Workbench model JSON.*OneTable/);
    const keylab = importDesignFile('{"format": "keylab.design/1"}', 'd.json');
    expect(keylab.ok).toBe(false);
  });
});
