import { describe, expect, it } from 'vitest';
import { createImportSlice } from './transferImportSlice';
import { transferSliceOnItsOwn } from './transferSlices.fixtures';

describe('the transfer store’s import slice', () => {
  it('a file whose first items do not fit the key schema waits for Import anyway, writing nothing; a connection that cannot write takes no file', async () => {
    const { store, engine, shared } = await transferSliceOnItsOwn(createImportSlice, { items: 0 });
    const text = '{"pk": {"S": "o"}, "sk": {"S": "not a number"}}';
    await store.getState().startImport({ name: 'wrong.jsonl', size: text.length, chunks: [text] });
    expect(store.getState().job).toMatchObject({
      kind: 'import',
      fileName: 'wrong.jsonl',
      running: false,
      keyMismatch: { message: expect.stringMatching(/sk/) },
    });
    expect((await engine.scan({ TableName: 'Orders' })).Count).toBe(0);
    expect(shared.lastImport?.format).toBe('jsonl');

    const readOnly = await transferSliceOnItsOwn(createImportSlice, { canWrite: () => false });
    await readOnly.store.getState().startImport({ name: 'f.jsonl', size: text.length, chunks: [text] });
    expect(readOnly.shared.lastImport).toBeUndefined();
    expect(readOnly.store.getState().job).toBeUndefined();
  });
});
