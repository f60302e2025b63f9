/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives
 * the same sequence in every runtime, so generated collections are
 * reproducible. Not for anything secret.
 *
 * @example
 * const random = createSeededRandom(42);
 * random(); // a number in [0, 1), always the same first value for seed 42
 */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}
