import { describe, expect, it } from 'vitest';
import { jumpTargetId, type JumpTarget } from './jumpTargets';

describe('jumpTargetId', () => {
  it('gives each table, entity, pattern and finding its own id, without spaces, whatever the names hold', () => {
    const targets: JumpTarget[] = [
      { kind: 'overview' },
      { kind: 'findings' },
      { kind: 'table', table: 'Shop' },
      { kind: 'table', table: 'Shop/Order' },
      { kind: 'entity', table: 'Shop', entity: 'Order' },
      { kind: 'entity', table: 'Shop/Order', entity: '' },
      { kind: 'entity', table: 'Shop', entity: 'Order Item <b>' },
      { kind: 'pattern', table: 'Shop', pattern: 'Order' },
      { kind: 'finding', finding: 'review.noTiebreaker|Shop|Order|SK' },
    ];
    const ids = targets.map(jumpTargetId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[^\s<>"]+$/);
    expect(jumpTargetId({ kind: 'entity', table: 'Shop', entity: 'Order' })).toBe('kl-entity-Shop/Order');
  });
});
