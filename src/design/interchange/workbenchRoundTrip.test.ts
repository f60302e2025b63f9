import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, parseDesignDocument, serializeDesignDocument, type Design, type DesignDocument } from '..';
import { exportWorkbenchModel, importDesignFile, KEYLAB_EXTENSION_FIELD } from '.';
import anOnlineShopFacets from './fixtures/aws-samples/AnOnlineShop_facets.json?raw';
import anOnlineShop from './fixtures/an-online-shop.json?raw';
import gsiInclude from './fixtures/gsi-include.json?raw';
import missingMetadata from './fixtures/missing-metadata.json?raw';
import singleTable from './fixtures/single-table-facets.json?raw';
import twoTables from './fixtures/two-tables.json?raw';
import version1 from './fixtures/version-1.json?raw';
import { expectOk } from '../../errors/testing';

const NOW = new Date(Date.UTC(2026, 5, 23, 14, 5));
const LATER = new Date(Date.UTC(2027, 0, 2, 9, 30));

function imported(text: string, fileName = 'model.json'): Design {
  const result = importDesignFile(text, fileName);
  expectOk(result);
  return result.design;
}

/** The model without Keylab's extension field: what Workbench itself reads. */
function workbenchPart(text: string): Record<string, unknown> {
  const { [KEYLAB_EXTENSION_FIELD]: _extension, ...model } = JSON.parse(text) as Record<string, unknown>;
  return model;
}

const FIXTURES: readonly [string, string][] = [
  ['aws-samples/AnOnlineShop_facets.json (the public AWS sample, 9 facets)', anOnlineShopFacets],
  ['an-online-shop.json', anOnlineShop],
  ['gsi-include.json', gsiInclude],
  ['missing-metadata.json', missingMetadata],
  ['single-table-facets.json', singleTable],
  ['two-tables.json', twoTables],
  ['version-1.json', version1],
];

describe('Workbench round trip', () => {
  for (const [name, text] of FIXTURES) {
    it(`export → import → export is byte-identical for ${name}`, () => {
      const first = exportWorkbenchModel(imported(text), { now: NOW }).text;
      // A later clock: an unchanged design keeps the dates the first export wrote.
      const second = exportWorkbenchModel(imported(first), { now: LATER }).text;
      expect(second).toBe(first);
    });

    it(`a saved design file keeps what ${name} held: the export after a save and a load is the same`, () => {
      const design = imported(text);
      const saved = parseDesignDocument(serializeDesignDocument(design));
      expectOk(saved);
      expect(exportWorkbenchModel(saved.design, { now: LATER }).text).toBe(exportWorkbenchModel(design, { now: LATER }).text);
    });
  }

  it('writes the public AWS sample back as read: metadata, aliases, facets, NonKeyAttributes, DataAccess, each item once in its facet', () => {
    const model = workbenchPart(exportWorkbenchModel(imported(anOnlineShopFacets), { now: LATER }).text);
    expect(model).toEqual(JSON.parse(anOnlineShopFacets));
    // Key order too: the text Workbench sees is the sample's own, re-indented.
    expect(JSON.stringify(model, null, 2)).toBe(anOnlineShopFacets);
  });

  it('keeps ModelMetadata (Author, dates, Version, no added AWSService) and moves DateLastModified only when the design changed', () => {
    const design = imported(anOnlineShopFacets);
    const unchanged = JSON.parse(exportWorkbenchModel(design, { now: LATER }).text);
    expect(unchanged.ModelMetadata).toEqual({
      Author: 'Samaneh Utter',
      DateCreated: 'Jun 22, 2020, 11:55 PM',
      DateLastModified: 'Jun 24, 2020, 04:06 PM',
      Description: 'This is one way of data modelling of an online shop.',
      Version: '1.0',
    });
    const edited: Design = { ...design, description: 'Edited in Keylab' };
    const changed = JSON.parse(exportWorkbenchModel(edited, { now: LATER }).text);
    expect(changed.ModelMetadata).toEqual({
      Author: 'Samaneh Utter',
      DateCreated: 'Jun 22, 2020, 11:55 PM',
      DateLastModified: 'Jan 2, 2027, 9:30 AM',
      Description: 'Edited in Keylab',
      Version: '1.0',
    });
  });

  it('adds nothing the model did not have: no DataAccess on a facet without one, no NonKeyAttributes on a table without them', () => {
    const withoutDataAccess = JSON.parse(exportWorkbenchModel(imported(gsiInclude), { now: NOW }).text);
    expect(withoutDataAccess.DataModel[0].TableFacets[0]).not.toHaveProperty('DataAccess');
    const withoutNonKey = JSON.parse(exportWorkbenchModel(imported(missingMetadata), { now: NOW }).text);
    expect(withoutNonKey.DataModel[0]).not.toHaveProperty('NonKeyAttributes');
    expect(withoutNonKey.DataModel[0].SomethingNewInWorkbench).toEqual(JSON.parse(missingMetadata).DataModel[0].SomethingNewInWorkbench);
  });

  it('writes each item once: an older export with items in both TableData and facets comes back with them in the facets only', () => {
    const model = JSON.parse(exportWorkbenchModel(imported(anOnlineShop), { now: NOW }).text);
    const table = model.DataModel[0];
    const facetItems = table.TableFacets.flatMap((facet: { TableData: unknown[] }) => facet.TableData);
    expect(table.TableData).toEqual([]);
    expect(facetItems).toHaveLength(JSON.parse(anOnlineShop).DataModel[0].TableData.length);
  });

  it('keeps items that lived in the table TableData there, and facets that held none empty', () => {
    const model = JSON.parse(exportWorkbenchModel(imported(singleTable), { now: NOW }).text);
    const source = JSON.parse(singleTable);
    const table = model.DataModel[0];
    expect(table.TableFacets.map((facet: { FacetName: string; TableData: unknown[] }) => [facet.FacetName, facet.TableData.length])).toEqual(
      source.DataModel[0].TableFacets.map((facet: { FacetName: string; TableData: unknown[] }) => [facet.FacetName, facet.TableData.length]),
    );
    expect(table.TableFacets.map((facet: { KeyAttributeAlias: unknown }) => facet.KeyAttributeAlias)).toEqual(
      source.DataModel[0].TableFacets.map((facet: { KeyAttributeAlias: unknown }) => facet.KeyAttributeAlias),
    );
    const all = [...table.TableData, ...table.TableFacets.flatMap((facet: { TableData: unknown[] }) => facet.TableData)].map((item) => JSON.stringify(item));
    expect(new Set(all).size).toBe(all.length);
  });

  for (const { id, design: document } of EXAMPLE_DESIGNS) {
    it(`Keylab → NWB → Keylab → NWB is byte-identical for ${id}, each item once (in its entity's facet)`, () => {
      const { format: _format, ...design } = document as DesignDocument;
      const first = exportWorkbenchModel(design, { now: NOW }).text;
      const back = imported(first);
      const { workbenchSource, ...restored } = back;
      expect(restored).toEqual(design);
      expect(workbenchSource?.model.ModelName).toBe(design.name);
      expect(exportWorkbenchModel(back, { now: LATER }).text).toBe(first);
      for (const table of JSON.parse(first).DataModel) expect(table.TableData).toBeUndefined();
    });
  }

  it('never keeps or exports a credential-like key a model carries (a MySQL connection in DataAccess)', () => {
    const source = JSON.parse(anOnlineShopFacets);
    source.DataModel[0].DataAccess = { MySql: { host: 'db.internal', password: 'hunter2', user: 'admin' } };
    const result = importDesignFile(JSON.stringify(source), 'shop.json');
    expectOk(result);
    const text = exportWorkbenchModel(result.design, { now: NOW }).text + serializeDesignDocument(result.design);
    expect(text).not.toContain('hunter2');
    expect(result.warnings.map((warning) => warning.path)).toContain('DataModel[0].DataAccess.MySql.password');
  });

  it('drops a damaged workbenchSource from a design file with a warning, never failing the load', () => {
    const design = imported(singleTable);
    const document = JSON.parse(serializeDesignDocument(design));
    document.workbenchSource.model = 'not a model';
    const read = parseDesignDocument(document);
    expectOk(read);
    expect(read.design.workbenchSource).toBeUndefined();
    expect(read.warnings.map((warning) => warning.message).join('\n')).toMatch(/has no model object; it was dropped/);
  });
});
