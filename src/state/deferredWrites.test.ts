import { describe, expect, it, vi } from 'vitest';
import { createDeferredWrites, deferredJsonStorage } from './deferredWrites';

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: vi.fn((k: string, v: string) => void map.set(k, v)), removeItem: (k: string) => void map.delete(k) };
}

describe('deferred writes', () => {
  it('write the last value once after a pause, and at once on flush', () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const writes = createDeferredWrites({ delayMs: 300, maxWaitMs: 2000 });
      const persist = deferredJsonStorage<{ n: number }>(storage, writes);
      for (let n = 1; n <= 5; n++) {
        persist.setItem('k', { state: { n }, version: 1 });
        vi.advanceTimersByTime(100);
      }
      expect(storage.setItem).not.toHaveBeenCalled();
      vi.advanceTimersByTime(300);
      expect(storage.setItem).toHaveBeenCalledTimes(1);
      expect(JSON.parse(storage.map.get('k')!).state.n).toBe(5);
      persist.setItem('k', { state: { n: 6 }, version: 1 });
      writes.flush();
      expect(JSON.parse(storage.map.get('k')!).state.n).toBe(6);
      expect(storage.setItem).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never wait longer than maxWaitMs while changes keep coming', () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const persist = deferredJsonStorage<{ n: number }>(storage, createDeferredWrites({ delayMs: 300, maxWaitMs: 1000 }));
      for (let n = 1; n <= 20; n++) {
        persist.setItem('k', { state: { n }, version: 1 });
        vi.advanceTimersByTime(100);
      }
      expect(storage.setItem.mock.calls.length).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a read sees the pending value, and a removal cancels it', () => {
    const storage = memoryStorage();
    const writes = createDeferredWrites({ delayMs: 10_000, maxWaitMs: 10_000 });
    const persist = deferredJsonStorage<{ n: number }>(storage, writes);
    persist.setItem('k', { state: { n: 1 }, version: 1 });
    expect(persist.getItem('k')).toEqual({ state: { n: 1 }, version: 1 });
    persist.setItem('k', { state: { n: 2 }, version: 1 });
    persist.removeItem('k');
    writes.flush();
    expect(storage.map.has('k')).toBe(false);
  });
});
