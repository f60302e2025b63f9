import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN } from '../../../design';
import type { Item } from '../../explorer/explorerTypes';
import type { DesignBinding } from '../binding';
import { MAX_STORED_KEYS_PER_ATTRIBUTE, storedKeysForDesign } from './storedKeys';

const table = LEADERBOARD_DESIGN.tables[0]!;
const binding: DesignBinding = { designId: 'example-leaderboard', designName: 'Leaderboard', table, automatic: true };

describe('storedKeysForDesign', () => {
  it('collects the loaded items’ string keys per key attribute of the bound design table (numbers left out)', () => {
    const items: Item[] = [
      { leaderboardId: { S: 'SEASON#2026-SUMMER' }, rankKey: { S: '0000002300#0000001719705600#p_7781' }, playerId: { S: 'p_7781' }, ts: { N: '1719705600' } },
      { leaderboardId: { S: 'SEASON#2026-SUMMER' }, rankKey: { S: '1500#p_8842' } },
    ];
    expect(storedKeysForDesign('example-leaderboard', binding, items)).toEqual([
      { table: 'Leaderboard', keyAttribute: 'leaderboardId', keys: ['SEASON#2026-SUMMER', 'SEASON#2026-SUMMER'] },
      { table: 'Leaderboard', keyAttribute: 'rankKey', keys: ['0000002300#0000001719705600#p_7781', '1500#p_8842'] },
      { table: 'Leaderboard', keyAttribute: 'playerId', keys: ['p_7781'] },
    ]);
  });

  it('gives nothing for another design, no binding or no items', () => {
    const items = [{ leaderboardId: { S: 'x' } }];
    expect(storedKeysForDesign('design-2', binding, items)).toBeUndefined();
    expect(storedKeysForDesign('example-leaderboard', undefined, items)).toBeUndefined();
    expect(storedKeysForDesign('example-leaderboard', binding, [])).toBeUndefined();
    expect(storedKeysForDesign('example-leaderboard', binding, [{ other: { S: 'x' } }])).toBeUndefined();
  });

  it('keeps at most MAX_STORED_KEYS_PER_ATTRIBUTE keys per attribute', () => {
    const items = Array.from({ length: MAX_STORED_KEYS_PER_ATTRIBUTE + 10 }, (_, i) => ({ rankKey: { S: String(i) } }));
    expect(storedKeysForDesign('example-leaderboard', binding, items)?.[0]?.keys).toHaveLength(MAX_STORED_KEYS_PER_ATTRIBUTE);
  });
});
