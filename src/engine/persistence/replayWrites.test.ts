import { describe, expect, it } from 'vitest';
import type { Item } from '../../expressions';
import { B, N, S } from '../engine.fixtures';
import type { TableDefinition } from '../schema/tableDefinition';
import { TableReplay } from './replayWrites';

function definition(sortKey?: 'S' | 'N' | 'B'): TableDefinition {
  return {
    name: 'T',
    keys: { partitionKey: { name: 'pk', type: 'S' }, ...(sortKey ? { sortKey: { name: 'sk', type: sortKey } } : {}) },
    attributeDefinitions: [],
    indexes: [],
    billingMode: 'PAY_PER_REQUEST',
    createdAt: 0,
  };
}

describe('TableReplay', () => {
  it('hands puts over as they came while there is no delete (restoreTable lets later items win)', () => {
    const replay = new TableReplay(definition('S'));
    const a1 = { pk: S('a'), sk: S('1'), v: N(1) };
    const a1again = { pk: S('a'), sk: S('1'), v: N(2) };
    replay.put(a1);
    replay.put(a1again);
    expect(replay.items()).toEqual([a1, a1again]);
    expect(replay.hasDeletes).toBe(false);
    expect(replay.writes).toBe(2);
  });

  it.each<[string, (Item | ['delete', Item])[], Item[]]>([
    [
      'a delete removes every earlier put of the key',
      [{ pk: S('a'), sk: S('1') }, { pk: S('a'), sk: S('1'), v: N(2) }, ['delete', { pk: S('a'), sk: S('1') }]],
      [],
    ],
    [
      'a put after a delete brings the item back',
      [{ pk: S('a'), sk: S('1') }, ['delete', { pk: S('a'), sk: S('1') }], { pk: S('a'), sk: S('1'), v: N(3) }],
      [{ pk: S('a'), sk: S('1'), v: N(3) }],
    ],
    ['a delete of a missing key changes nothing', [{ pk: S('a'), sk: S('1') }, ['delete', { pk: S('b'), sk: S('1') }]], [{ pk: S('a'), sk: S('1') }]],
    // Without the length prefix, "a" + "S:b…" and "a…" + "S:…" could meet.
    [
      'partition and sort key boundaries cannot be faked',
      [{ pk: S('aS:b'), sk: S('c') }, { pk: S('a'), sk: S('bS:c') }, ['delete', { pk: S('a'), sk: S('bS:c') }]],
      [{ pk: S('aS:b'), sk: S('c') }],
    ],
  ])('%s', (_, writes, expected) => {
    const replay = new TableReplay(definition('S'));
    for (const write of writes) {
      if (Array.isArray(write)) replay.delete(write[1]);
      else replay.put(write);
    }
    expect(replay.items()).toEqual(expected);
    expect(replay.hasDeletes).toBe(true);
  });

  it('keys numbers by value and binary by bytes, and hash-only tables by the partition key', () => {
    const numeric = new TableReplay(definition('N'));
    numeric.put({ pk: S('a'), sk: N('1000') });
    numeric.delete({ pk: S('a'), sk: N('1e3') });
    expect(numeric.items()).toEqual([]);

    const binary = new TableReplay(definition('B'));
    binary.put({ pk: S('a'), sk: B(0, 255) });
    binary.put({ pk: S('a'), sk: B(0) });
    binary.delete({ pk: S('a'), sk: B(0, 255) });
    expect(binary.items()).toEqual([{ pk: S('a'), sk: B(0) }]);

    const hashOnly = new TableReplay(definition());
    hashOnly.put({ pk: S('a'), v: N(1) });
    hashOnly.put({ pk: S('b') });
    hashOnly.delete({ pk: S('b') });
    expect(hashOnly.items()).toEqual([{ pk: S('a'), v: N(1) }]);
  });
});
