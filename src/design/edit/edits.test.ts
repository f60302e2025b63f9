import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN } from '../examples';
import type { Design } from '../design.types';
import {
  addEntity,
  addIndex,
  addSample,
  addTable,
  composeChanges,
  fillSampleValues,
  removeEntity,
  removeIndex,
  removeSample,
  removeTable,
  renameEntity,
  renameTable,
  setEntityAttributes,
  setEntityKeyTemplate,
  setExpectations,
  setSampleValue,
  setTableKeys,
  updateIndex,
  validateIndex,
  validateName,
} from '.';

const { format: _format, ...shop } = SHOP_DESIGN;
const design: Design = shop;
const table = (d: Design, name = 'Shop') => d.tables.find((t) => t.name === name)!;
const entity = (d: Design, name: string) => table(d).entities.find((e) => e.name === name)!;

describe('table edits', () => {
  it('adds, renames and removes tables, keeping at least one', () => {
    const added = addTable()(design);
    expect(added.tables.map((t) => t.name)).toEqual(['Shop', 'Table']);
    expect(table(added, 'Table').partitionKey).toEqual({ name: 'PK', type: 'S' });
    const renamed = renameTable('Table', 'Archive')(added);
    expect(renamed.tables.map((t) => t.name)).toEqual(['Shop', 'Archive']);
    expect(renameTable('Archive', 'Shop')(renamed)).toBe(renamed);
    expect(renameTable('Archive', '  ')(renamed)).toBe(renamed);
    expect(removeTable('Archive')(renamed).tables.map((t) => t.name)).toEqual(['Shop']);
    expect(removeTable('Shop')(design)).toBe(design);
  });

  it('renaming a key attribute carries the templates with it; dropping the sort key drops its templates', () => {
    const renamed = setTableKeys('Shop', { name: 'pk', type: 'S' }, { name: 'sk', type: 'S' })(design);
    expect(entity(renamed, 'Order').keys).toMatchObject({ pk: 'CUSTOMER#{customerId}', sk: 'ORDER#{at:iso}#{orderId}' });
    expect(entity(renamed, 'Order').keys).not.toHaveProperty('PK');
    const noSort = setTableKeys('Shop', { name: 'PK', type: 'S' }, undefined)(design);
    expect(table(noSort).sortKey).toBeUndefined();
    expect(entity(noSort, 'Order').keys).not.toHaveProperty('SK');
    expect(setTableKeys('Shop', { name: 'PK', type: 'S' }, { name: 'SK', type: 'S' })(design)).toBe(design);
    expect(setTableKeys('Shop', { name: 'K', type: 'S' }, { name: 'K', type: 'S' })(design)).toBe(design);
  });

  it('validates names', () => {
    expect(validateName('', [], 'A table')).toBe('A table needs a name.');
    expect(validateName('Order', ['Order'], 'An entity')).toBe('An entity called "Order" already exists: choose another name.');
    expect(validateName('Order', ['Customer'], 'An entity')).toBeUndefined();
  });
});

describe('entity edits', () => {
  it('adds an entity with default templates for the table keys', () => {
    const added = addEntity('Shop', 'Review')(design);
    expect(entity(added, 'Review')).toMatchObject({ keys: { PK: 'REVIEW#{id}', SK: 'REVIEW' }, samples: [] });
    expect(addEntity('Shop', 'Order')(design)).toBe(design);
    expect(addEntity('Shop', '')(design)).toBe(design);
  });

  it('renaming an entity updates the access patterns that return it', () => {
    const withPattern: Design = {
      ...design,
      tables: [
        {
          ...table(design),
          accessPatterns: [
            {
              id: 'p',
              name: 'orders',
              description: '',
              entities: ['Order', 'Customer'],
              partitionValues: {},
              direction: 'ascending',
              projection: [],
              consistentRead: false,
              expected: {},
            },
          ],
        },
      ],
    };
    const renamed = renameEntity('Shop', 'Order', 'Purchase')(withPattern);
    expect(table(renamed).entities.map((e) => e.name)).toEqual(['Customer', 'Purchase', 'Address']);
    expect(table(renamed).accessPatterns[0]?.entities).toEqual(['Purchase', 'Customer']);
    expect(renameEntity('Shop', 'Order', 'Customer')(withPattern)).toBe(withPattern);
    const removed = removeEntity('Shop', 'Customer')(withPattern);
    expect(table(removed).entities.map((e) => e.name)).toEqual(['Order', 'Address']);
    expect(table(removed).accessPatterns[0]?.entities).toEqual(['Order']);
  });

  it('sets and removes key templates, attributes and expectations', () => {
    const changed = composeChanges(
      setEntityKeyTemplate('Shop', 'Order', 'SK', 'ORDER#{at:iso(ms)}#{orderId}'),
      setEntityKeyTemplate('Shop', 'Order', 'GSI1PK', undefined),
      setEntityAttributes('Shop', 'Order', [
        { name: 'total', type: 'N' },
        { name: 'lines', type: 'L' },
      ]),
      setExpectations('Shop', 'Order', { largestValues: { total: '100000' }, itemCount: 5000 }),
    )(design);
    const order = entity(changed, 'Order');
    expect(order.keys.SK).toBe('ORDER#{at:iso(ms)}#{orderId}');
    expect(order.keys).not.toHaveProperty('GSI1PK');
    expect(order.attributes.map((a) => a.name)).toEqual(['total', 'lines']);
    expect(order.expectations).toMatchObject({ largestValues: { total: '100000' }, headroomDigits: 2, itemCount: 5000 });
    expect(setExpectations('Shop', 'Order', { itemCount: undefined })(changed)).not.toHaveProperty('tables.0.entities.1.expectations.itemCount');
    expect(setEntityKeyTemplate('Shop', 'Order', 'SK', 'ORDER#{at:iso}#{orderId}')(design)).toBe(design);
    expect(setEntityKeyTemplate('Shop', 'Nobody', 'SK', 'X')(design)).toBe(design);
  });
});

describe('sample edits', () => {
  it('edits, adds, fills and removes sample rows by id', () => {
    const edited = setSampleValue('Shop', 'Customer', 'c1', 'customerId', 'c9')(design);
    expect(entity(edited, 'Customer').samples[0]?.values).toEqual({ customerId: 'c9' });
    expect(entity(edited, 'Customer').samples[0]?.attributes).toEqual({ email: { S: 'ada@example.com' } });
    expect(setSampleValue('Shop', 'Customer', 'c1', 'customerId', 'c1')(design)).toBe(design);
    const added = addSample('Shop', 'Customer', { customerId: 'c3' })(design);
    expect(entity(added, 'Customer').samples.map((s) => s.id)).toEqual(['c1', 'c2', 'row-3']);
    const filled = fillSampleValues('Shop', 'Customer', ['customerId', 'tier'], (field, row) => `${field}${row}`)(added);
    expect(entity(filled, 'Customer').samples.map((s) => s.values.tier)).toEqual(['tier0', 'tier1', 'tier2']);
    expect(entity(filled, 'Customer').samples[0]?.values.customerId).toBe('c1');
    const removed = removeSample('Shop', 'Customer', 'c2')(filled);
    expect(entity(removed, 'Customer').samples.map((s) => s.id)).toEqual(['c1', 'row-3']);
  });
});

describe('index edits', () => {
  it('adds a GSI and an LSI with fresh names', () => {
    const added = composeChanges(addIndex('Shop', 'GSI'), addIndex('Shop', 'LSI'))(design);
    expect(table(added).indexes.map((i) => i.name)).toEqual(['GSI1', 'GSI2', 'LSI1']);
    expect(table(added).indexes[2]).toMatchObject({ kind: 'LSI', partitionKey: [{ name: 'PK', type: 'S' }], sortKey: [{ name: 'LSI1SK', type: 'S' }] });
  });

  it('updates a GSI to a multi-attribute key, carrying templates of renamed attributes', () => {
    const gsi = table(design).indexes[0]!;
    const multi = {
      ...gsi,
      name: 'byStatus',
      partitionKey: [{ name: 'status', type: 'S' as const }],
      sortKey: [
        { name: 'GSI1SK', type: 'S' as const },
        { name: 'total', type: 'N' as const },
      ],
      projection: { type: 'INCLUDE' as const, attributes: ['total', 'email'] },
    };
    const updated = updateIndex('Shop', 'GSI1', multi)(design);
    expect(table(updated).indexes[0]).toEqual(multi);
    expect(entity(updated, 'Order').keys).toMatchObject({ status: 'STATUS#{status}', GSI1SK: '{at:iso}#{orderId}' });
    const tooMany = { ...multi, sortKey: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, type: 'S' as const })) };
    expect(validateIndex(tooMany, table(design), 'GSI1')).toBe("A GSI's sort key has at most 4 attributes; byStatus has 5.");
    expect(updateIndex('Shop', 'GSI1', tooMany)(design)).toBe(design);
    const badLsi = { ...gsi, kind: 'LSI' as const };
    expect(validateIndex(badLsi, table(design), 'GSI1')).toBe("An LSI shares the table's partition key, PK.");
  });

  it('removing an index sends its access patterns back to the table', () => {
    const withPattern: Design = {
      ...design,
      tables: [
        {
          ...table(design),
          accessPatterns: [
            {
              id: 'p',
              name: 'by status',
              description: '',
              entities: ['Order'],
              index: 'GSI1',
              partitionValues: {},
              direction: 'ascending',
              projection: [],
              consistentRead: false,
              expected: {},
            },
          ],
        },
      ],
    };
    const removed = removeIndex('Shop', 'GSI1')(withPattern);
    expect(table(removed).indexes).toEqual([]);
    expect(table(removed).accessPatterns[0]).not.toHaveProperty('index');
  });
});
