import { describe, expect, it } from 'vitest';
import { importDesignFile } from './importDesignFile';
import { MAX_IMPORTED_SAMPLES } from './importLimits';
import { expectErr } from '../../errors/testing';

/** A Workbench model of `items` items (in TableData, or split with a facet), each a distinct user. */
function model(items: number, inFacet = 0): string {
  const item = (i: number) => `{"PK":{"S":"USER#u${i}"},"SK":{"S":"PROFILE"}}`;
  const data = Array.from({ length: items - inFacet }, (_, i) => item(i)).join(',');
  const facet = Array.from({ length: inFacet }, (_, i) => item(items + i)).join(',');
  return `{"ModelName":"Big","DataModel":[{"TableName":"Big","KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"},"SortKey":{"AttributeName":"SK","AttributeType":"S"}},"TableData":[${data}],"TableFacets":[{"FacetName":"User","KeyAttributeAlias":{"PartitionKeyAlias":"PK","SortKeyAlias":"SK"},"TableData":[${facet}]}]}]}`;
}

describe('imports too large to keep', () => {
  it('refuses a 150,000-item Workbench model up front, saying how many, the limit, and what to do instead', () => {
    const result = importDesignFile(model(150_000), 'attack.json');
    expectErr(result);
    expect(result.errors).toEqual([
      {
        path: 'DataModel',
        line: 1,
        column: 20,
        severity: 'error',
        message: `the model has 150,000 sample items; a design keeps at most ${MAX_IMPORTED_SAMPLES.toLocaleString('en-US')} (they show the key order, not the data): keep fewer items in the model's TableData, or create the table and load its data with the explorer's Import… instead.`,
      },
    ]);
  });

  it('counts the items only facets hold too (one over the limit is refused; the bench imports a model at the limit)', () => {
    const result = importDesignFile(model(MAX_IMPORTED_SAMPLES + 1, 10), 'over.json');
    expect(!result.ok && result.errors).toEqual([
      {
        path: 'DataModel[0]',
        line: 1,
        column: 33,
        severity: 'error',
        message: expect.stringMatching(/^DataModel\[0\]: the table has 20,001 sample items; a design keeps at most 20,000/),
      },
    ]);
  });

  it("counts an item once when a facet repeats the table's own (as Keylab's and Workbench's exports do)", () => {
    const item = (i: number) => `{"PK":{"S":"USER#u${i}"},"SK":{"S":"PROFILE"}}`;
    const data = Array.from({ length: 12_000 }, (_, i) => item(i)).join(',');
    const text = `{"ModelName":"Twice","DataModel":[{"TableName":"T","KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"},"SortKey":{"AttributeName":"SK","AttributeType":"S"}},"TableData":[${data}],"TableFacets":[{"FacetName":"User","KeyAttributeAlias":{"PartitionKeyAlias":"PK","SortKeyAlias":"SK"},"TableData":[${data}]}]}]}`;
    const result = importDesignFile(text, 'twice.json');
    expect(result.ok && result.design.tables[0]!.entities.map((entity) => entity.samples.length)).toEqual([12_000]);
  });
});
