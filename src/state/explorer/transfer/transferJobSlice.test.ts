import { describe, expect, it } from 'vitest';
import { createJobSlice } from './transferJobSlice';
import { pauseGateOf } from './transferShared';
import { transferSliceOnItsOwn } from './transferSlices.fixtures';

describe('the transfer store’s job slice', () => {
  it('Pause holds the job’s next batches until Resume; with no running job it does nothing', async () => {
    const { store, shared } = await transferSliceOnItsOwn(createJobSlice);
    store.getState().pause();
    expect(shared.pauseGate).toBeUndefined();

    store.setState({ job: { kind: 'import', running: true } });
    store.getState().pause();
    expect(store.getState().job?.paused).toBe(true);
    let released = false;
    const gate = pauseGateOf(shared).then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);
    await store.getState().resume();
    await gate;
    expect(released).toBe(true);
    expect(store.getState().job?.paused).toBe(false);
    expect(shared.pauseGate).toBeUndefined();
  });

  it('Cancel aborts the running job and lets a paused one go; the report can be dismissed', async () => {
    const { store, shared } = await transferSliceOnItsOwn(createJobSlice);
    const controller = new AbortController();
    shared.controller = controller;
    store.setState({ job: { kind: 'delete', running: true } });
    store.getState().pause();
    const gate = pauseGateOf(shared);
    store.getState().cancel();
    await gate;
    expect(controller.signal.aborted).toBe(true);
    expect(shared.pauseGate).toBeUndefined();
    store.getState().dismissReport();
    expect(store.getState().job).toBeUndefined();
  });
});
