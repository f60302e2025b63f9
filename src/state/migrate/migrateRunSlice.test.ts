import { describe, expect, it } from 'vitest';
import { createRunSlice } from './migrateRunSlice';
import { sliceOnItsOwn } from './migrateSlices.fixtures';

describe('the Migrate keys store’s run slice', () => {
  it('asks for a preview before Apply, and says Apply needs a connection without Read-only', async () => {
    const { store } = await sliceOnItsOwn(createRunSlice);
    await store.getState().requestApply();
    expect(store.getState().error).toBe('Preview the migration first: Apply writes what the preview shows.');
    expect(store.getState().confirmation).toBeUndefined();

    const readOnly = await sliceOnItsOwn(createRunSlice, { canWrite: () => false });
    expect(readOnly.store.getState().canWrite()).toBe(false);
    await readOnly.store.getState().resume();
    expect(readOnly.store.getState().error).toBe('No stored migration of this table to resume: Preview and Apply again.');
  });

  it('Cancel aborts the running apply; Verify without a plan says what to do first', async () => {
    const { store, shared } = await sliceOnItsOwn(createRunSlice);
    const controller = new AbortController();
    shared.abort = controller;
    store.getState().cancel();
    expect(controller.signal.aborted).toBe(true);
    await store.getState().verify();
    expect(store.getState().error).toBe('Preview (or Resume) a migration first: Verify checks its planned keys.');
  });
});
