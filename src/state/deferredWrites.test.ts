import { describe, expect, it, vi } from 'vitest';
import { createDeferredWrites } from './deferredWrites';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: vi.fn((k: string, v: string) => void map.set(k, v)),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('deferred writes', () => {
  it('write the last value once after a pause, and at once on flush', () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const writes = createDeferredWrites({ delayMs: 300, maxWaitMs: 2000 });
      const persist = { setItem: (key: string, value: { state: { n: number } }) => writes.schedule(key, () => storage.setItem(key, JSON.stringify(value))) };
      for (let n = 1; n <= 5; n++) {
        persist.setItem('k', { state: { n } });
        vi.advanceTimersByTime(100);
      }
      expect(storage.setItem).not.toHaveBeenCalled();
      vi.advanceTimersByTime(300);
      expect(storage.setItem).toHaveBeenCalledTimes(1);
      expect(JSON.parse(storage.map.get('k')!).state.n).toBe(5);
      persist.setItem('k', { state: { n: 6 } });
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
      const writes = createDeferredWrites({ delayMs: 300, maxWaitMs: 1000 });
      for (let n = 1; n <= 20; n++) {
        writes.schedule('k', () => storage.setItem('k', JSON.stringify({ state: { n } })));
        vi.advanceTimersByTime(100);
      }
      expect(storage.setItem.mock.calls.length).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancel drops a pending write', () => {
    const storage = memoryStorage();
    const writes = createDeferredWrites({ delayMs: 10_000, maxWaitMs: 10_000 });
    writes.schedule('k', () => storage.setItem('k', '1'));
    writes.cancel('k');
    writes.flush();
    expect(storage.map.has('k')).toBe(false);
  });
});
