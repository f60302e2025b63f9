/**
 * Randomized differential test of the engine's TTL sweep against DynamoDB
 * Local, with a driven clock. fast-check generates a table and a sequence of
 * writes whose TTL attribute is in the past or the future (by seconds, days,
 * or fractions down to the 38th digit), about five years old, in milliseconds,
 * of the wrong type or missing, spelled plainly, with an exponent or with
 * trailing zeros; clock advances (quarter seconds to five years); TTL switched
 * off and on; and sweeps (full, or in slices).
 *
 * DynamoDB Local's own TTL deletion cannot be driven, so it is the oracle of
 * contract/ttlSweepOracle.ts: at each sweep, the items DynamoDB Local's own
 * Scan filter finds expired at the engine's time are deleted by hand; then
 * both tables (and their GSI) must hold the same items. Final states are
 * compared, never timings.
 *
 * To keep DynamoDB Local's real background sweep out of it, the engine clock
 * starts ten years after today and every TTL value lies after today's real
 * time: DynamoDB Local never finds any of them expired on its own. The clock
 * moves in quarter seconds, so "now" is exact in binary and decimal alike.
 *
 * Fixed seed in CI; `KEYLAB_DIFF_SEED=n` explores others, `KEYLAB_DIFF_TTL_RUNS=n`
 * runs more (`npm run fuzz:engine`).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type LocalDynamoDB } from '../src/engine';
import { DIFFERENTIAL_SEED, differentialParameters, differentialRuns, useDynamoDBLocalSide } from './contract/differentialHarness';
import { Contract } from './contract/contract';
import { ttlRun, type TtlKey, type TtlRun, type TtlSpelling, type TtlStep, type TtlValue } from './contract/differentialArbitraries';
import { N, S, tableSpec, type KeyAttribute, type TableSpec } from './contract/fixtures';
import { scanAsSet } from './contract/normalize';
import { scanAllPages } from './contract/paging';
import type { Side } from './contract/sides';
import { TTL_NORMALIZERS } from './contract/ttlNormalizers';
import { sweepByHand } from './contract/ttlSweepOracle';

type Item = Record<string, AttributeValue>;

const RUNS = differentialRuns('KEYLAB_DIFF_TTL_RUNS', 20);
const SEED = DIFFERENTIAL_SEED;

const TTL_ATTRIBUTE = 'exp';
const FIVE_YEARS_SECONDS = 5 * 365 * 24 * 60 * 60;
/** The engine clock's start: ten years after this year began, so every TTL value is in DynamoDB Local's real future. */
const START_MS = Date.UTC(new Date().getUTCFullYear() + 10, 0, 1);

const sides = useDynamoDBLocalSide();

/** A number written `whole.fraction`, in one of the spellings DynamoDB accepts for the same value. */
function spell(whole: number, fraction: string, spelling: TtlSpelling): string {
  const plain = fraction ? `${whole}.${fraction}` : String(whole);
  const digits = `${whole}${fraction}`;
  if (spelling === 'exponent') return `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${String(whole).length - 1}`;
  // Three trailing zeros, while the spelling stays within 38 digits.
  if (spelling === 'trailingZeros' && digits.length <= 35) return `${whole}.${fraction}000`;
  return plain;
}

/** A generated TTL value at the engine's time `nowMs` (undefined: no TTL attribute). */
function ttlAttribute(value: TtlValue, nowMs: number): AttributeValue | undefined {
  const nowSeconds = Math.floor(nowMs / 1000);
  const past = String(nowSeconds - 10);
  switch (value.kind) {
    case 'absent':
      return undefined;
    case 'milliseconds':
      return N(nowMs);
    case 'near':
      return N(spell(nowSeconds + value.seconds, value.fraction, value.spelling));
    case 'fiveYearsAgo':
      return N(spell(nowSeconds - FIVE_YEARS_SECONDS + value.seconds, value.fraction, value.spelling));
    case 'wrongType':
      switch (value.type) {
        case 'S':
          return S(past);
        case 'NS':
          return { NS: [past] };
        case 'SS':
          return { SS: [past] };
        case 'B':
          return { B: new TextEncoder().encode(past) };
        case 'BOOL':
          return { BOOL: true };
        case 'NULL':
          return { NULL: true };
        case 'L':
          return { L: [N(past)] };
        case 'M':
          return { M: { [TTL_ATTRIBUTE]: N(past) } };
      }
  }
}

/** One run: the engine (fresh, with its own clock) and a fresh table on DynamoDB Local. */
class TtlRunner {
  private nowMs = START_MS;
  private enabled = true;
  readonly engine: LocalDynamoDB = createLocalDynamoDB({ clock: () => this.nowMs });
  readonly contract: Contract;
  readonly keys: KeyAttribute[];
  readonly spec: TableSpec;
  readonly tableName: string;
  sweptItems = 0;

  constructor(private readonly run: TtlRun) {
    this.keys = run.withSortKey
      ? [
          ['pk', 'S'],
          ['sk', 'N'],
        ]
      : [['pk', 'S']];
    this.spec = tableSpec('ttlDiff', this.keys, { gsis: [{ name: 'byG', keys: [['g', 'S']], projection: { ProjectionType: 'ALL' } }] });
    this.tableName = this.spec.name;
    const engineSide: Side = { name: 'engine (driven clock)', db: this.engine, streams: this.engine, close: () => Promise.resolve() };
    this.contract = new Contract(engineSide, sides.local);
  }

  key(ref: TtlKey): Item {
    return this.run.withSortKey ? { pk: S(`p${ref.pk}`), sk: N(ref.sk) } : { pk: S(`p${ref.pk * 6 + ref.sk}`) };
  }

  async create(): Promise<void> {
    await this.contract.onBoth((db) => db.createTable(this.spec.input).then(() => undefined));
    await this.contract.sameResult('enable TTL', (db) =>
      db.updateTimeToLive({ TableName: this.tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }),
    );
  }

  async delete(): Promise<void> {
    await sides.local.db.deleteTable({ TableName: this.tableName });
  }

  async step(index: number, step: TtlStep): Promise<void> {
    const TableName = this.tableName;
    const label = `step ${index} ${JSON.stringify(step)} at ${new Date(this.nowMs).toISOString()}`;
    switch (step.kind) {
      case 'put': {
        const ttl = ttlAttribute(step.ttl, this.nowMs);
        const Item: Item = { ...this.key(step.key), f: N(index), ...(ttl ? { [TTL_ATTRIBUTE]: ttl } : {}), ...(step.g ? { g: S('g') } : {}) };
        if (step.batch) await this.contract.same(label, (db) => db.batchWriteItem({ RequestItems: { [TableName]: [{ PutRequest: { Item } }] } }));
        else await this.contract.same(label, (db) => db.putItem({ TableName, Item, ReturnValues: 'ALL_OLD' }));
        return;
      }
      case 'update': {
        const ttl = ttlAttribute(step.ttl, this.nowMs);
        const update: { UpdateExpression: string; ExpressionAttributeValues: Item } = ttl
          ? { UpdateExpression: 'SET #ttl = :ttl, f = :f', ExpressionAttributeValues: { ':ttl': ttl, ':f': N(index) } }
          : { UpdateExpression: 'REMOVE #ttl SET f = :f', ExpressionAttributeValues: { ':f': N(index) } };
        await this.contract.same(label, (db) =>
          db.updateItem({ TableName, Key: this.key(step.key), ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE }, ...update, ReturnValues: 'ALL_NEW' }),
        );
        return;
      }
      case 'delete':
        await this.contract.same(label, (db) => db.deleteItem({ TableName, Key: this.key(step.key), ReturnValues: 'ALL_OLD' }));
        return;
      case 'advance':
        this.nowMs += step.quarterSeconds * 250;
        return;
      case 'ttlSetting': {
        const outcome = await this.contract.same(
          label,
          (db) => db.updateTimeToLive({ TableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: step.enabled } }),
          ...TTL_NORMALIZERS,
        );
        if (outcome.ok) this.enabled = step.enabled;
        return;
      }
      case 'sweep':
        await this.sweep(label, step.slice);
        return;
    }
  }

  /** The engine's sweep (full, or slices until it has passed over every item) vs DynamoDB Local swept by hand. */
  async sweep(label: string, slice: number | undefined): Promise<void> {
    let swept: number;
    if (slice === undefined) {
      swept = await this.engine.sweepExpiredItems();
    } else {
      // From wherever the last sliced sweep stopped: to the table's end, then one whole pass.
      const { Count = 0 } = await this.engine.scan({ TableName: this.tableName, Select: 'COUNT' });
      swept = 0;
      for (let i = 0; i < 2 * Math.ceil(Count / slice) + 2; i++) swept += await this.engine.sweepExpiredItems({ maxItemsPerTable: slice });
    }
    const keyNames = this.keys.map(([name]) => name);
    const byHand = this.enabled ? await sweepByHand(sides.local.db, this.tableName, keyNames, TTL_ATTRIBUTE, this.nowMs / 1000) : 0;
    this.sweptItems += swept;
    expect(swept, `${label}: items the engine swept vs DynamoDB Local's expired items`).toBe(byHand);
    // Numbers compared by value where DynamoDB Local keeps an UpdateItem's spelling (contract/normalize.ts, README "Numbers").
    const TableName = this.tableName;
    await this.contract.same(`${label}: table`, (db) => scanAllPages(db, { TableName, ConsistentRead: true }), scanAsSet(keyNames));
    await this.contract.same(`${label}: GSI`, (db) => scanAllPages(db, { TableName, IndexName: 'byG' }), scanAsSet(keyNames));
  }
}

describe('the engine’s TTL sweep with a driven clock vs DynamoDB Local swept by hand', () => {
  it(`leaves the same items after ${RUNS} random write, clock and sweep sequences (seed ${SEED})`, async () => {
    let swept = 0;
    let sweeps = 0;
    await fc.assert(
      fc.asyncProperty(ttlRun, async (run) => {
        const runner = new TtlRunner(run);
        await runner.create();
        try {
          for (const [index, step] of run.steps.entries()) await runner.step(index, step);
          await runner.sweep('final sweep', undefined);
          swept += runner.sweptItems;
          sweeps += run.steps.filter((step) => step.kind === 'sweep').length + 1;
        } finally {
          await runner.delete();
        }
      }),
      differentialParameters(RUNS),
    );
    console.log(`ttlDifferential: ${RUNS} runs, seed ${SEED}: ${sweeps} sweeps compared, ${swept} items swept alike`);
    // The generator must make sweeps that delete something.
    expect(swept).toBeGreaterThan(0);
  }, 600_000);
});
