import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { compareSampleOrders } from '../keys';
import { createKeyDesignStore, KEY_DESIGN_STORAGE_KEY } from './keyDesignStore';
import { LEADERBOARD_TEMPLATE } from './sampleValues';

function createMemoryStorage(initial: Record<string, string> = {}): StateStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (name) => data.get(name) ?? null,
    setItem: (name, value) => void data.set(name, value),
    removeItem: (name) => void data.delete(name),
  };
}

const scoresIn = (store: ReturnType<typeof createKeyDesignStore>, list: 'rawOrder' | 'encodedOrder') => {
  const state = store.getState();
  const orders = compareSampleOrders(state.template, state.sampleRows, state.direction);
  const byId = new Map(state.sampleRows.map((row) => [row.id, row.values.score]));
  return orders[list].map((entry) => byId.get(entry.id));
};

describe('key design store', () => {
  it('starts with the article leaderboard: raw order 10, 1500, 240, 9 and encoded order 9, 10, 240, 1500', () => {
    const store = createKeyDesignStore();
    expect(store.getState().templateText).toBe(LEADERBOARD_TEMPLATE);
    expect(scoresIn(store, 'rawOrder')).toEqual(['10', '1500', '240', '9']);
    expect(scoresIn(store, 'encodedOrder')).toEqual(['9', '10', '240', '1500']);
  });

  it('keeps the last valid template and reports findings while the text is invalid', () => {
    const store = createKeyDesignStore();
    const before = store.getState().template;
    store.getState().setTemplateText('{score:int(10}');
    const state = store.getState();
    expect(state.templateText).toBe('{score:int(10}');
    expect(state.template).toBe(before);
    expect(state.templateFindings.length).toBeGreaterThan(0);
    store.getState().setTemplateText('{score:int(10,desc)}#{playerId}');
    expect(store.getState().templateFindings).toEqual([]);
    expect(scoresIn(store, 'encodedOrder')).toEqual(['1500', '240', '10', '9']);
  });

  it('fills suggested values for fields the rows do not have yet', () => {
    const store = createKeyDesignStore();
    store.getState().setTemplateText('EVT#{at:iso}');
    const rows = store.getState().sampleRows;
    expect(rows.every((row) => /^2026-06-2\dT\d\d:00:00Z$/.test(row.values.at ?? ''))).toBe(true);
    // Existing values are kept, not overwritten.
    expect(rows[0]?.values.score).toBe('10');
  });

  it('reprints the template text from edited segments', () => {
    const store = createKeyDesignStore();
    const segments = store.getState().template.segments;
    store.getState().setSegments([segments[0]!]);
    expect(store.getState().templateText).toBe('{score:int(10)}');
    store.getState().applyWidth('score', 12);
    expect(store.getState().templateText).toBe('{score:int(12)}');
  });

  it('adds and removes sample rows with unique ids', () => {
    const store = createKeyDesignStore();
    store.getState().addSampleRow();
    const rows = store.getState().sampleRows;
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.id)).size).toBe(5);
    expect(rows[4]?.values.score).toMatch(/^\d+$/);
    store.getState().removeSampleRow(rows[0]!.id);
    expect(store.getState().sampleRows.map((row) => row.id)).not.toContain(rows[0]!.id);
  });

  it('persists the design but not the sample rows, and restores it', async () => {
    const storage = createMemoryStorage();
    const store = createKeyDesignStore({ storage });
    store.getState().setTemplateText('{score:int(10,desc)}#{playerId}');
    store.getState().setDirection('descending');
    store.getState().setSampleValue('row-1', 'score', '77');
    const saved = JSON.parse(storage.data.get(KEY_DESIGN_STORAGE_KEY) ?? '{}');
    expect(saved.state).toEqual({
      templateText: '{score:int(10,desc)}#{playerId}',
      direction: 'descending',
      advisorLargestValues: { score: '10000000' },
      advisorHeadroomDigits: '2',
    });

    const reloaded = createKeyDesignStore({ storage });
    await Promise.resolve();
    expect(reloaded.getState().templateText).toBe('{score:int(10,desc)}#{playerId}');
    expect(reloaded.getState().direction).toBe('descending');
    expect(reloaded.getState().sampleRows[0]?.values.score).toBe('10');
  });

  it('ignores saved data of the wrong shape instead of crashing', () => {
    const storage = createMemoryStorage({
      [KEY_DESIGN_STORAGE_KEY]: JSON.stringify({
        state: { templateText: 42, direction: 'sideways', advisorLargestValues: ['x'], advisorHeadroomDigits: 3 },
        version: 1,
      }),
    });
    const store = createKeyDesignStore({ storage });
    expect(store.getState().templateText).toBe(LEADERBOARD_TEMPLATE);
    expect(store.getState().direction).toBe('ascending');
    expect(store.getState().advisorLargestValues).toEqual({ score: '10000000' });
    expect(store.getState().advisorHeadroomDigits).toBe('2');
  });

  it.each([{ 'not a name': '5' }, { score: 5 }, null, 'x'])('ignores saved largest values of the wrong shape: %j', (advisorLargestValues) => {
    const storage = createMemoryStorage({ [KEY_DESIGN_STORAGE_KEY]: JSON.stringify({ state: { advisorLargestValues }, version: 1 }) });
    expect(createKeyDesignStore({ storage }).getState().advisorLargestValues).toEqual({ score: '10000000' });
  });

  it('restores per-field largest values; a design saved with one shared value drops it', () => {
    const storage = createMemoryStorage({
      [KEY_DESIGN_STORAGE_KEY]: JSON.stringify({ state: { advisorLargestValues: { ts: '99' }, advisorLargestValue: '500' }, version: 1 }),
    });
    const state = createKeyDesignStore({ storage }).getState();
    expect(state.advisorLargestValues).toEqual({ ts: '99' });
    expect(state).not.toHaveProperty('advisorLargestValue');
  });

  it('restores an invalid saved template as typed, with its findings', () => {
    const storage = createMemoryStorage({
      [KEY_DESIGN_STORAGE_KEY]: JSON.stringify({ state: { templateText: '{score:int(0)}' }, version: 1 }),
    });
    const store = createKeyDesignStore({ storage });
    expect(store.getState().templateText).toBe('{score:int(0)}');
    expect(store.getState().templateFindings[0]?.code).toBe('template.badArguments');
  });
});
