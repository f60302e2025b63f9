import { describe, expect, it } from 'vitest';
import { buildSampleItem, EXAMPLE_DESIGNS, type Design, type DesignDocument } from '..';
import { EXPORT_FORMATS, exportWorkbenchModel, importWorkbenchModel, KEYLAB_EXTENSION_FIELD } from '.';
import { expectOk } from '../../errors/testing';

const designOf = ({ format: _format, ...design }: DesignDocument): Design => design;
const NOW = new Date(Date.UTC(2026, 5, 23, 14, 5));

describe('exportWorkbenchModel', () => {
  it('writes a model Workbench accepts: AWSService, Version 3.0, dates, a facet per entity', () => {
    const design = designOf(EXAMPLE_DESIGNS[2]!.design);
    const { fileName, text } = exportWorkbenchModel(design, { now: NOW, author: 'Ada' });
    expect(fileName).toBe('Shop-single-table.json');
    const model = JSON.parse(text);
    expect(model.ModelMetadata).toEqual({
      Author: 'Ada',
      DateCreated: 'Jun 23, 2026, 2:05 PM',
      DateLastModified: 'Jun 23, 2026, 2:05 PM',
      Description: design.description,
      AWSService: 'Amazon DynamoDB',
      Version: '3.0',
    });
    const table = model.DataModel[0];
    expect(table.KeyAttributes).toEqual({ PartitionKey: { AttributeName: 'PK', AttributeType: 'S' }, SortKey: { AttributeName: 'SK', AttributeType: 'S' } });
    expect(table.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'GSI1',
        KeyAttributes: { PartitionKey: { AttributeName: 'GSI1PK', AttributeType: 'S' }, SortKey: { AttributeName: 'GSI1SK', AttributeType: 'S' } },
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total'] },
      },
    ]);
    expect(table.NonKeyAttributes.slice(0, 2)).toEqual([
      { AttributeName: 'GSI1PK', AttributeType: 'S' },
      { AttributeName: 'GSI1SK', AttributeType: 'S' },
    ]);
    expect(table.TableFacets.map((facet: { FacetName: string }) => facet.FacetName)).toEqual(['Customer', 'Order', 'Address']);
    expect(table.TableFacets[1].KeyAttributeAlias).toEqual({ PartitionKeyAlias: 'CUSTOMER#{customerId}', SortKeyAlias: 'ORDER#{at:iso}#{orderId}' });
    // Each item once, in its entity's facet (no table-level TableData repeating them).
    expect(table.TableData).toBeUndefined();
    expect(table.TableFacets.map((facet: { TableData: unknown[] }) => facet.TableData.length)).toEqual([2, 4, 2]);
    expect(table.TableFacets[1].TableData).toContainEqual({
      PK: { S: 'CUSTOMER#c1' },
      SK: { S: 'ORDER#2026-06-21T16:20:00Z#o_15' },
      GSI1PK: { S: 'STATUS#DELIVERED' },
      GSI1SK: { S: '2026-06-21T16:20:00Z#o_15' },
      total: { N: '12.50' },
    });
    expect(model[KEYLAB_EXTENSION_FIELD].format).toBe('keylab.design/1');
  });

  for (const { id, design: document } of EXAMPLE_DESIGNS) {
    it(`Keylab → NWB → Keylab restores ${id} exactly (templates, entities, samples, patterns)`, () => {
      const design = designOf(document);
      const result = importWorkbenchModel(exportWorkbenchModel(design, { now: NOW }).text);
      expectOk(result);
      expect({ ...result.design, workbenchSource: undefined }).toEqual(design);
    });

    it(`Keylab → NWB → Keylab without the extension keeps ${id}'s keys and samples`, () => {
      const design = designOf(document);
      const model = JSON.parse(exportWorkbenchModel(design).text);
      delete model[KEYLAB_EXTENSION_FIELD];
      const result = importWorkbenchModel(JSON.stringify(model));
      expectOk(result);
      result.design.tables.forEach((table, index) => {
        const original = design.tables[index]!;
        expect(table.entities.map((entity) => entity.name)).toEqual(original.entities.map((entity) => entity.name));
        const items = (t: typeof table) => t.entities.flatMap((entity) => entity.samples.map((sample) => buildSampleItem(t, entity, sample)));
        expect(items(table)).toEqual(items(original).filter((built) => built.ok));
      });
    });
  }

  it('falls back to inference, with a warning, when the model was edited after export', () => {
    const design = designOf(EXAMPLE_DESIGNS[1]!.design);
    const model = JSON.parse(exportWorkbenchModel(design).text);
    model.DataModel[0].TableFacets[0].TableData.pop();
    const result = importWorkbenchModel(JSON.stringify(model));
    expectOk(result);
    expect(result.warnings.map((warning) => warning.message).join(' ')).toMatch(/changed after Keylab exported it/);
    expect(result.design.tables[0]!.entities[0]!.keys.SK).toBe('EVT#{at:iso}');
  });

  it('is registered as the "NoSQL Workbench model (JSON)" export format', () => {
    const format = EXPORT_FORMATS.find((entry) => entry.label === 'NoSQL Workbench model (JSON)')!;
    const [file] = format.export(designOf(EXAMPLE_DESIGNS[0]!.design));
    expect(file).toMatchObject({ fileName: 'Leaderboard.json', mediaType: 'application/json' });
  });
});
