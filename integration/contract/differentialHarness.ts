import { afterAll, beforeAll } from 'vitest';
import { Contract } from './contract';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './sides';

/**
 * What every randomized differential file shares: its fast-check settings,
 * read from the environment the same way everywhere (README, "Differential
 * tests"), and the two sides with the {@link Contract} between them.
 */

/** Fixed in CI so a run is repeatable; `KEYLAB_DIFF_SEED=n` explores other cases. */
export const DIFFERENTIAL_SEED = Number(process.env.KEYLAB_DIFF_SEED ?? 0);

/** How many runs a property makes: `variable` from the environment (`npm run fuzz:engine` raises them all), else CI's `fallback`. */
export function differentialRuns(variable: string, fallback: number): number {
  return Number(process.env[variable] ?? fallback);
}

/**
 * fast-check's parameters for `numRuns` runs at the fixed seed. A failure ends
 * the property at once: shrinking creates tables on both sides for every
 * attempt and takes minutes, so it is opt-in with `KEYLAB_DIFF_SHRINK=1`.
 */
export function differentialParameters(numRuns: number): { seed: number; numRuns: number; endOnFailure: boolean } {
  return { seed: DIFFERENTIAL_SEED, numRuns, endOnFailure: process.env.KEYLAB_DIFF_SHRINK !== '1' };
}

/** The file's sides, set before its first test: read them inside tests and hooks only. */
export interface DifferentialSides {
  readonly engine: Side;
  readonly local: Side;
  readonly contract: Contract;
}

/** Starts the engine side and DynamoDB Local's before the file's tests and closes them after. */
export function useDifferentialSides(): DifferentialSides {
  let started: DifferentialSides | undefined;
  beforeAll(async () => {
    const engine = await startEngineSide();
    const local = createDynamoDBLocalSide();
    started = { engine, local, contract: new Contract(engine, local) };
  });
  afterAll(async () => {
    await started?.local.close();
    await started?.engine.close();
  });
  const current = (): DifferentialSides => {
    if (!started) throw new Error('The differential sides are started in beforeAll: read them inside a test.');
    return started;
  };
  return {
    get engine() {
      return current().engine;
    },
    get local() {
      return current().local;
    },
    get contract() {
      return current().contract;
    },
  };
}

/** DynamoDB Local's side alone, for a file that makes its own engine per run (the TTL differential drives each engine's clock). */
export function useDynamoDBLocalSide(): { readonly local: Side } {
  let local: Side | undefined;
  beforeAll(() => {
    local = createDynamoDBLocalSide();
  });
  afterAll(async () => {
    await local?.close();
  });
  return {
    get local() {
      if (!local) throw new Error('DynamoDB Local’s side is started in beforeAll: read it inside a test.');
      return local;
    },
  };
}
