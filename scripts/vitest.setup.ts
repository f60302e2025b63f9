/**
 * Property tests run with a fixed fast-check seed, so CI is repeatable and a
 * failure can be replayed. Explore new cases with KEYLAB_FC_SEED=random (or a
 * number); a failing run prints the seed that reproduces it.
 */
import fc from 'fast-check';

const configured = process.env.KEYLAB_FC_SEED;
const seed = configured === 'random' ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(configured ?? 20261129);
fc.configureGlobal({ seed });
