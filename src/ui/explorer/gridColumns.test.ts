import { describe, expect, it } from 'vitest';
import type { Item } from '../../state';
import { columnNamesFor, scanColumnNames } from './gridColumns';

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
