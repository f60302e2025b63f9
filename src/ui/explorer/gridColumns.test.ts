import { describe, expect, it } from 'vitest';
import type { Item } from '../../state';
import type { TableSummary } from '../../state';
import { columnNamesFor, gridKeyColumns, scanColumnNames } from './gridColumns';

const item = (...names: string[]): Item => Object.fromEntries(names.map((name) => [name, { S: name }]));

describe('columnNamesFor', () => {
  it('puts the keys first, then attributes in the order they first appear', () => {
    expect(columnNamesFor([item('b', 'pk'), item('a', 'b', 'sk')], ['pk', 'sk'])).toEqual(['pk', 'sk', 'b', 'a']);
  });
});

describe('scanColumnNames', () => {
  const first = [item('pk', 'a'), item('pk', 'b')];

  it('reads only the appended page and keeps the names array when nothing new appears', () => {
    const scan = scanColumnNames(undefined, first, ['pk']);
    expect(scan.names).toEqual(['pk', 'a', 'b']);
    const same = scanColumnNames(scan, [...first, item('pk', 'a')], ['pk']);
    expect(same.names).toBe(scan.names);
    const grown = scanColumnNames(same, [...same.items, item('pk', 'c')], ['pk']);
    expect(grown.names).toEqual(['pk', 'a', 'b', 'c']);
  });

  it('starts over for new items or other keys', () => {
    const scan = scanColumnNames(undefined, first, ['pk']);
    expect(scanColumnNames(scan, [item('pk', 'z')], ['pk']).names).toEqual(['pk', 'z']);
    expect(scanColumnNames(scan, first, ['a']).names).toEqual(['a', 'pk', 'b']);
  });

  it('agrees with a full scan whatever the pages hold', () => {
    const pages = [[item('pk', 'x')], [item('pk', 'y', 'x')], [], [item('pk', 'w')]];
    let items: Item[] = [];
    let scan = scanColumnNames(undefined, items, ['pk']);
    for (const page of pages) {
      items = [...items, ...page];
      scan = scanColumnNames(scan, items, ['pk']);
      expect(scan.names).toEqual(columnNamesFor(items, ['pk']));
    }
  });
});

describe('gridKeyColumns', () => {
  const table: TableSummary = {
    name: 'Orders',
    keys: { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
    indexes: [
      { name: 'byStatus', kind: 'global', keys: { partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'at', type: 'S' } }, projection: 'ALL' },
      { name: 'bySk', kind: 'global', keys: { partitionKey: { name: 'SK', type: 'S' } }, projection: 'ALL' },
      { name: 'byAmount', kind: 'local', keys: { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'amount', type: 'N' } }, projection: 'ALL' },
    ],
  };

  it('labels a table query’s keys', () => {
    expect(gridKeyColumns(table, '')).toEqual({ names: ['PK', 'SK'], labels: ['partition key', 'sort key'] });
  });

  it('labels a GSI’s keys by the index, then the table’s keys as the table’s', () => {
    expect(gridKeyColumns(table, 'byStatus')).toEqual({
      names: ['status', 'at', 'PK', 'SK'],
      labels: ['partition key (byStatus)', 'sort key (byStatus)', 'table partition key', 'table sort key'],
    });
  });

  it('says both roles of an attribute that is a key of the index and of the table', () => {
    expect(gridKeyColumns(table, 'bySk')).toEqual({ names: ['SK', 'PK'], labels: ['partition key (bySk), table sort key', 'table partition key'] });
    expect(gridKeyColumns(table, 'byAmount')).toEqual({
      names: ['PK', 'amount', 'SK'],
      labels: ['partition key (byAmount)', 'sort key (byAmount)', 'table sort key'],
    });
  });
});
