import { afterAll, vi } from 'vitest';
import type { Side } from './sides';

/**
 * Runs the engine's contract suite (integration/engineContract.test.ts, every
 * scenario) in the calling test file against another engine side. The suite
 * registers its tests when its module runs, and the integration project shares
 * one module graph per worker (`isolate: false` in vite.config.ts): a second
 * file importing it got the module already run, and no tests ("No test suite
 * found"), and the side set in sides.ts reached the worker's later files (a
 * TTL contract test ran against a spawned separate-database endpoint). So the
 * worker's module registry is cleared before the suite is imported (a fresh
 * suite and a fresh sides.ts, the side set on it) and again after the file, so
 * the next file imports modules of its own.
 */
export async function runEngineContractAgainst(start: () => Promise<Side>): Promise<void> {
  vi.resetModules();
  const { useEngineSide } = await import('./sides');
  useEngineSide(start);
  afterAll(() => {
    vi.resetModules();
  });
  await import('../engineContract.test');
}
