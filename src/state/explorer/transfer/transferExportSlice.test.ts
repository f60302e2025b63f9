import { describe, expect, it } from 'vitest';
import { createExportSlice } from './transferExportSlice';
import { transferSliceOnItsOwn } from './transferSlices.fixtures';

async function exportText(chunks: AsyncGenerator<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('the transfer store’s export slice', () => {
  it('exports the current result from its first page, counting the items as it goes, then keeps the summary', async () => {
    const { store } = await transferSliceOnItsOwn(createExportSlice, { items: 3 });
    const text = await exportText(store.getState().exportChunks('jsonl', 'results'));
    expect(text.trim().split('\n')).toHaveLength(3);
    expect(text).toContain('"note":{"S":"order 2"}');
    expect(store.getState().exporting).toEqual({ running: false, items: 3, summary: { items: 3, csvValuesLeftOut: 0 } });
  });

  it('exports the whole table as CSV, the key columns first, each header naming its type', async () => {
    const { store } = await transferSliceOnItsOwn(createExportSlice, { items: 2 });
    const text = await exportText(store.getState().exportChunks('csv', 'table'));
    expect(text.split(/\r?\n/)[0]).toBe('pk (S),sk (N),note (S)');
    expect(store.getState().exporting?.items).toBe(2);
  });

  it('a read that fails mid-export is in `exporting` and thrown to the caller', async () => {
    const { store, engine } = await transferSliceOnItsOwn(createExportSlice);
    await engine.deleteTable({ TableName: 'Orders' });
    await expect(exportText(store.getState().exportChunks('jsonl', 'table'))).rejects.toThrow('Requested resource not found');
    expect(store.getState().exporting).toMatchObject({
      running: false,
      items: 0,
      error: expect.objectContaining({ message: expect.stringMatching(/Requested resource not found/) }),
    });
  });
});
