import { describe, expect, it } from 'vitest';
import { describeMigrateAttribute, designMigrateAttributes } from './migrateAttributes';
import { SHOP_DESIGN } from '../../design';

describe('describeMigrateAttribute', () => {
  it('names the index a GSI key attribute keys: "byAction partition key (action, S)"', () => {
    expect(describeMigrateAttribute({ name: 'action', type: 'S', role: 'partition', uses: [{ index: 'byAction', role: 'partition' }] })).toBe(
      'byAction partition key (action, S)',
    );
    expect(describeMigrateAttribute({ name: 'ts', type: 'N', role: 'sort', uses: [{ role: 'sort' }, { index: 'byPlayer', role: 'sort' }] })).toBe(
      'table sort key, byPlayer sort key (ts, N)',
    );
  });

  it('reads the uses from a design table', () => {
    const table = SHOP_DESIGN.tables[0];
    if (!table) throw new Error('no table');
    const attributes = designMigrateAttributes(table, () => true);
    const index = table.indexes[0];
    const indexKey = index?.partitionKey[0];
    if (!index || !indexKey) return;
    expect(attributes.find((attribute) => attribute.name === indexKey.name)?.uses).toContainEqual({ index: index.name, role: 'partition' });
  });
});
