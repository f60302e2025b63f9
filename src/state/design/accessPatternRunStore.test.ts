import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN } from '../../design';
import { createAccessPatternRunStore } from './runAccessPatterns';

const shop = SHOP_DESIGN.tables[0]!;

describe('the Access patterns region store', () => {
  it('the store keeps the outcomes per pattern id and the table they are of', async () => {
    const store = createAccessPatternRunStore();
    const running = store.getState().run(shop);
    expect(store.getState().running).toBe(true);
    await running;
    expect(store.getState()).toMatchObject({ running: false, ranFor: shop });
    expect(Object.keys(store.getState().lastRun!.outcomes)).toEqual(shop.accessPatterns.map((pattern) => pattern.id));
    store.getState().clear();
    expect(store.getState().lastRun).toBeUndefined();
  });
});
