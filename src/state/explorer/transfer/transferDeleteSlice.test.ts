import { describe, expect, it } from 'vitest';
import { createDeleteSlice } from './transferDeleteSlice';
import { transferSliceOnItsOwn } from './transferSlices.fixtures';

describe('the transfer store’s bulk delete slice', () => {
  it('ticks rows, and confirms them in the grid’s order with their keys only', async () => {
    const { store, explorer, shared } = await transferSliceOnItsOwn(createDeleteSlice);
    const [first, , third] = explorer.getState().items;
    store.getState().setSelected(third!, true);
    store.getState().setSelected(first!, true);
    await store.getState().askDelete('selected');
    expect(store.getState().confirmation).toEqual({
      scope: 'selected',
      counting: false,
      count: 2,
      firstKeys: ['{"pk":{"S":"o"},"sk":{"N":"1"}}', '{"pk":{"S":"o"},"sk":{"N":"3"}}'],
    });
    expect(shared.confirmedItems).toEqual([
      { pk: { S: 'o' }, sk: { N: '1' } },
      { pk: { S: 'o' }, sk: { N: '3' } },
    ]);
    store.getState().setAllSelected(false);
    expect(store.getState().selected.size).toBe(0);
    store.getState().setAllSelected(true);
    expect(store.getState().selected.size).toBe(3);
  });

  it('a confirmation dismissed while it counts stops counting; a connection that cannot write asks nothing', async () => {
    const { store, shared } = await transferSliceOnItsOwn(createDeleteSlice, { items: 2 });
    const asking = store.getState().askDelete('results');
    store.getState().dismissConfirmation();
    await asking;
    expect(store.getState().confirmation).toBeUndefined();
    expect(shared.confirmationTicket).toBe(2);

    const readOnly = await transferSliceOnItsOwn(createDeleteSlice, { canWrite: () => false });
    await readOnly.store.getState().askDelete('results');
    expect(readOnly.store.getState().confirmation).toBeUndefined();
  });
});
