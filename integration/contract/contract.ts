import { expect } from 'vitest';
import type { DynamoDBDataSource } from '../../src/engine';
import { DEFAULT_NORMALIZERS, type Comparison, type Normalizer } from './normalize';
import { canonicalOutcome, outcomeOf, type Outcome } from './outcome';
import type { Side } from './sides';

/** One call a scenario made: the operation (DataSource method) and its input. */
export interface Call {
  readonly operation: string;
  readonly input: unknown;
}

/** Wraps a data source so every call is recorded (normalisers look at what was asked). */
function recording(db: DynamoDBDataSource, calls: Call[]): DynamoDBDataSource {
  return new Proxy(db, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver) as unknown;
      if (typeof member !== 'function' || typeof property !== 'string') return member;
      return (input: unknown) => {
        calls.push({ operation: property, input });
        return (member as (input: unknown) => Promise<unknown>).call(target, input);
      };
    },
  });
}

/** A scenario step: the same requests, made against one side. */
export type Scenario<T> = (db: DynamoDBDataSource) => Promise<T>;

/**
 * Runs scenarios against the engine and DynamoDB Local and asserts the
 * outcomes are equal after canonicalisation and normalisation:
 * {@link DEFAULT_NORMALIZERS} always (each a documented DynamoDB Local
 * difference that applies wherever it shows), plus the ones a step names.
 */
export class Contract {
  constructor(
    readonly engine: Side,
    readonly local: Side,
  ) {}

  /** Both outcomes of a scenario, canonical and normalised. */
  async compare<T>(scenario: Scenario<T>, normalizers: readonly Normalizer[] = []): Promise<Comparison> {
    const engineCalls: Call[] = [];
    const localCalls: Call[] = [];
    // Sequential: a scenario may depend on its own earlier writes, and the sides must not race each other's timing.
    const engine = canonicalOutcome(await outcomeOf(() => scenario(recording(this.engine.db, engineCalls))));
    const local = canonicalOutcome(await outcomeOf(() => scenario(recording(this.local.db, localCalls))));
    let comparison: Comparison = { engine, local, engineCalls, localCalls };
    for (const normalize of [...DEFAULT_NORMALIZERS, ...normalizers]) comparison = normalize(comparison);
    return comparison;
  }

  /**
   * Asserts both sides answer the same; returns the engine's (canonical,
   * normalised) outcome for further checks.
   */
  async same<T>(label: string, scenario: Scenario<T>, ...normalizers: Normalizer[]): Promise<Outcome> {
    const { engine, local } = await this.compare(scenario, normalizers);
    expect(engine, `${label}: ${this.engine.name} vs ${this.local.name}`).toEqual(local);
    return engine;
  }

  /** {@link same}, and the answer must be a result; returns it. */
  async sameResult<T>(label: string, scenario: Scenario<T>, ...normalizers: Normalizer[]): Promise<unknown> {
    const outcome = await this.same(label, scenario, ...normalizers);
    expect(outcome, `${label}: expected a result`).toHaveProperty('ok', true);
    return (outcome as { value: unknown }).value;
  }

  /** {@link same}, and the answer must be an error; returns it. */
  async sameError<T>(label: string, scenario: Scenario<T>, ...normalizers: Normalizer[]): Promise<{ name: string; message: string }> {
    const outcome = await this.same(label, scenario, ...normalizers);
    expect(outcome, `${label}: expected an error`).toHaveProperty('ok', false);
    return outcome as { name: string; message: string };
  }

  /** Runs a setup step on both sides without comparing (e.g. loading many items). */
  async onBoth(run: Scenario<unknown>): Promise<void> {
    await run(this.engine.db);
    await run(this.local.db);
  }
}
