import { describe, expect, it } from 'vitest';
import { importDesignFile, importOneTableSchema } from '.';
import { expectErr, expectOk } from '../../errors/testing';

const SCHEMA = {
  format: 'onetable:1.1.0',
  version: '0.0.1',
  indexes: {
    primary: { hash: 'pk', sort: 'sk' },
    gs1: { hash: 'gs1pk', sort: 'gs1sk', project: ['total'] },
    ls1: { type: 'local', sort: 'lsk', project: 'keys' },
  },
  models: {
    Account: {
      pk: { type: 'string', value: 'account#${id}' },
      sk: { type: 'string', value: 'account#' },
      id: { type: 'string', generate: 'ulid' },
      name: { type: 'string', required: true },
    },
    Invoice: {
      pk: { type: 'string', value: 'account#${accountId}' },
      sk: { type: 'string', value: 'invoice#${number:8:0}#${created}' },
      gs1pk: { type: 'string', value: 'status#${status}' },
      gs1sk: { type: 'string', value: '${created}' },
      number: { type: 'number' },
      created: { type: 'date' },
      status: { type: 'string' },
      total: { type: 'number' },
      code: { type: 'string' },
      lsk: { type: 'string', value: 'code#${code:6:_}' },
    },
  },
  params: { isoDates: true, timestamps: true },
};

describe('importOneTableSchema', () => {
  it('maps indexes to keys and value templates to key templates', () => {
    const result = importOneTableSchema(JSON.stringify(SCHEMA), { fileName: 'billing.json' });
    expectOk(result);
    const table = result.design.tables[0]!;
    expect(table).toMatchObject({ name: 'billing', partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } });
    expect(table.indexes).toEqual([
      {
        name: 'gs1',
        kind: 'GSI',
        partitionKey: [{ name: 'gs1pk', type: 'S' }],
        sortKey: [{ name: 'gs1sk', type: 'S' }],
        projection: { type: 'INCLUDE', attributes: ['total'] },
      },
      {
        name: 'ls1',
        kind: 'LSI',
        partitionKey: [{ name: 'pk', type: 'S' }],
        sortKey: [{ name: 'lsk', type: 'S' }],
        projection: { type: 'KEYS_ONLY', attributes: [] },
      },
    ]);
    expect(table.entities.map((entity) => [entity.name, entity.keys])).toEqual([
      ['Account', { pk: 'account#{id}', sk: 'account#' }],
      [
        'Invoice',
        {
          pk: 'account#{accountId}',
          sk: 'invoice#{number:int(8)}#{created:iso(ms)}',
          gs1pk: 'status#{status}',
          gs1sk: '{created:iso(ms)}',
          lsk: 'code#{code}',
        },
      ],
    ]);
    expect(table.entities[1]!.attributes).toEqual([
      { name: 'number', type: 'N' },
      { name: 'created', type: 'S' },
      { name: 'status', type: 'S' },
      { name: 'total', type: 'N' },
      { name: 'code', type: 'S' },
    ]);
    expect(result.report.find((entry) => entry.attribute === 'lsk')!.notes.join(' ')).toMatch(/pads a string/);
  });

  it('is detected by importDesignFile and refuses a schema without a primary index', () => {
    expect(importDesignFile(JSON.stringify(SCHEMA), 's.json').ok).toBe(true);
    const result = importOneTableSchema(JSON.stringify({ ...SCHEMA, indexes: { gs1: { hash: 'x' } } }));
    expectErr(result);
    expect(result.errors[0]!.message).toMatch(/^indexes\.primary: the schema needs a primary index/);
  });
});
