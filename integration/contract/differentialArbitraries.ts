/**
 * fast-check generators for the engine's differential test: a random table
 * (S / N / B keys, optional sort key, GSIs and LSIs with every projection)
 * and a random sequence of writes and reads against it.
 *
 * Key values are drawn as type-free "material" — one S, one N and one B
 * spelling per slot — and the table's key types pick the member at run time,
 * so schemas and operations shrink independently. Small pools make keys
 * collide (overwrites, duplicates in batches, equal index keys) and share
 * prefixes.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { attributeValue } from '../expressionArbitraries';
import type { KeyType } from './fixtures';

/** One value slot, in each key type; the attribute's type chooses. */
export interface KeyMaterial {
  readonly S: string;
  readonly N: string;
  readonly B: Uint8Array;
}

/** Characters whose UTF-8 order differs from UTF-16 order or from case/locale order. */
const ALPHABET = ['a', 'A', 'b', 'B', 'z', 'Z', '0', '1', '9', '#', '$', '-', 'é', '€', '\uE000', '\uFFFF', '𝄞', '😀', '\u{10FFFF}'];

const stringKey = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 4 }).map((chars) => chars.join('')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('10', '1500', '240', '9', 'EVT#2026-06-23T00:00:00Z', 'EVT#2026-06-23T23:59:59Z', 'ACTOR#u_8814', 'a#b', 'ab', 'A#1'),
  },
);

const numberKey = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '-0',
      '1',
      '1.0',
      '1e3',
      '1000',
      '1E+3',
      '-1',
      '-1.5',
      '0.001',
      '1e-3',
      '1E-130',
      '-1E-130',
      '9.9999999999999999999999999999999999999E+125',
      '-9.9999999999999999999999999999999999999E+125',
      '12345678901234567890123456789012345678',
      '-12345678901234567890123456789012345678',
      '0.12345678901234567890123456789012345678',
      '99999999999999999999999999999999999999',
      '1.5e2',
      '150',
      '-150.00',
      '10',
      '9',
      '240',
      '1500',
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: -300, max: 300 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: -20, max: 20 })).map(([mantissa, exponent]) => `${mantissa}e${exponent}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: -999, max: 999 }), fc.integer({ min: 0, max: 999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(3, '0')}`),
  },
);

/** Bytes around the signed/unsigned boundary and at both ends. */
const binaryKey = fc
  .array(fc.constantFrom(0x00, 0x01, 0x23, 0x41, 0x7f, 0x80, 0xc3, 0xfe, 0xff), { minLength: 1, maxLength: 3 })
  .map((bytes) => Uint8Array.from(bytes));

export const keyMaterial: fc.Arbitrary<KeyMaterial> = fc.record({ S: stringKey, N: numberKey, B: binaryKey });

/** The AttributeValue of a slot for a key type. */
export function keyValueOf(material: KeyMaterial, type: KeyType): AttributeValue {
  if (type === 'S') return { S: material.S };
  if (type === 'N') return { N: material.N };
  return { B: material.B };
}

// --- Schemas ---------------------------------------------------------------------------

/** Non-key attribute names that indexes may use as keys. */
export const INDEX_ATTRIBUTES = ['g1', 'g2', 'l1'] as const;
export type IndexAttribute = (typeof INDEX_ATTRIBUTES)[number];

export type ProjectionKind = 'ALL' | 'KEYS_ONLY' | 'INCLUDE';

export interface GsiShape {
  readonly hash: 'g1' | 'g2' | 'sk' | 'pk';
  readonly range: 'g1' | 'g2' | 'sk' | 'pk' | 'l1' | undefined;
  readonly projection: ProjectionKind;
}

export interface LsiShape {
  readonly range: 'l1' | 'g1' | 'g2';
  readonly projection: ProjectionKind;
}

export interface SchemaShape {
  readonly pkType: KeyType;
  readonly skType: KeyType | undefined;
  readonly attributeTypes: Readonly<Record<IndexAttribute, KeyType>>;
  readonly gsis: readonly GsiShape[];
  readonly lsis: readonly LsiShape[];
}

const keyType = fc.constantFrom<KeyType>('S', 'N', 'B');
const projectionKind = fc.constantFrom<ProjectionKind>('ALL', 'KEYS_ONLY', 'INCLUDE');

export const schemaShape: fc.Arbitrary<SchemaShape> = fc
  .record({
    pkType: keyType,
    skType: fc.option(keyType, { nil: undefined, freq: 4 }),
    attributeTypes: fc.record({ g1: keyType, g2: keyType, l1: keyType }),
    gsis: fc.array(
      fc.record({
        hash: fc.constantFrom<GsiShape['hash']>('g1', 'g2', 'sk', 'pk'),
        range: fc.option(fc.constantFrom<NonNullable<GsiShape['range']>>('g1', 'g2', 'sk', 'pk', 'l1'), { nil: undefined }),
        projection: projectionKind,
      }),
      { maxLength: 2 },
    ),
    lsis: fc.array(fc.record({ range: fc.constantFrom<LsiShape['range']>('l1', 'g1', 'g2'), projection: projectionKind }), { maxLength: 2 }),
  })
  .map((shape) => ({
    ...shape,
    // A GSI's keys are two different attributes that exist in this schema; LSIs need a table sort key.
    gsis: shape.gsis.filter(
      (gsi) => (gsi.hash !== 'sk' || shape.skType) && (gsi.range === undefined || (gsi.range !== gsi.hash && (gsi.range !== 'sk' || shape.skType))),
    ),
    lsis: shape.skType ? shape.lsis.filter((lsi, i) => shape.lsis.findIndex((other) => other.range === lsi.range) === i) : [],
  }));

// --- Operations ------------------------------------------------------------------------------

/** What an index-key attribute of a written item holds: a pool value, nothing, or a deliberately bad value. */
export type IndexAttributeValue = { readonly pool: number } | 'absent' | 'wrongType' | 'empty';

const indexAttributeValue: fc.Arbitrary<IndexAttributeValue> = fc.oneof(
  { weight: 12, arbitrary: fc.nat(5).map((pool) => ({ pool })) },
  { weight: 5, arbitrary: fc.constant<'absent'>('absent') },
  { weight: 1, arbitrary: fc.constant<'wrongType'>('wrongType') },
  { weight: 1, arbitrary: fc.constant<'empty'>('empty') },
);

/** The non-key attributes of a written item. */
export interface ItemBody {
  readonly g1: IndexAttributeValue;
  readonly g2: IndexAttributeValue;
  readonly l1: IndexAttributeValue;
  readonly f: number | undefined;
  readonly v: AttributeValue | undefined;
}

const itemBody: fc.Arbitrary<ItemBody> = fc.record({
  g1: indexAttributeValue,
  g2: indexAttributeValue,
  l1: indexAttributeValue,
  f: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined, freq: 5 }),
  v: fc.option(attributeValue, { nil: undefined, freq: 3 }),
});

/** A key: indexes into the run's pools. */
export interface KeyRef {
  readonly pk: number;
  readonly sk: number;
}

const keyRef: fc.Arbitrary<KeyRef> = fc.record({ pk: fc.nat(3), sk: fc.nat(11) });

export type SortOperator = '=' | '<' | '<=' | '>' | '>=' | 'BETWEEN' | 'begins_with';

/** A sort-key condition: the operand is a pool slot or a fresh value. */
export interface SortCondition {
  readonly operator: SortOperator;
  readonly a: { pool: number } | KeyMaterial;
  readonly b: { pool: number } | KeyMaterial;
}

const operand = fc.oneof({ weight: 3, arbitrary: fc.nat(11).map((pool) => ({ pool })) }, { weight: 1, arbitrary: keyMaterial });

const sortCondition: fc.Arbitrary<SortCondition> = fc.record({
  operator: fc.constantFrom<SortOperator>('=', '<', '<=', '>', '>=', 'BETWEEN', 'BETWEEN', 'begins_with'),
  a: operand,
  b: operand,
});

/** Filters over the non-key attribute f (and v). */
export const FILTERS = ['f < :f', 'attribute_exists(v)', 'f = :f OR attribute_not_exists(f)', 'NOT (f > :f)'] as const;
/** Conditions of conditional writes. */
export const CONDITIONS = ['attribute_not_exists(pk)', 'attribute_exists(pk)', 'f < :f', 'attribute_not_exists(f) OR f <> :f'] as const;
/** UpdateExpressions, over f, v and the index attributes. */
export const UPDATES = [
  'SET f = :f',
  'ADD f :f',
  'REMOVE g1',
  'SET g1 = :g',
  'SET v = :v, f = if_not_exists(f, :f)',
  'REMOVE v, l1',
  'SET l1 = :g',
  'SET g2 = :g REMOVE f',
  'SET f = f - :f',
  'SET w = list_append(if_not_exists(w, :empty), :list), v = :v',
  'SET m.v = :v, f = :f',
  'REMOVE w[0], m.v',
] as const;
export const RETURN_VALUES = ['NONE', 'ALL_OLD', 'UPDATED_OLD', 'ALL_NEW', 'UPDATED_NEW'] as const;

export type Operation =
  | {
      readonly kind: 'put';
      readonly key: KeyRef;
      readonly body: ItemBody;
      readonly condition: number | undefined;
      readonly f: number;
      readonly returnOld: boolean;
      readonly capacity: boolean;
    }
  | {
      readonly kind: 'update';
      readonly key: KeyRef;
      readonly update: number;
      readonly value: IndexAttributeValue;
      readonly v: AttributeValue;
      readonly f: number;
      readonly condition: number | undefined;
      readonly returnValues: number;
      readonly capacity: boolean;
    }
  | {
      readonly kind: 'delete';
      readonly key: KeyRef;
      readonly condition: number | undefined;
      readonly f: number;
      readonly returnOld: boolean;
      readonly capacity: boolean;
    }
  | { readonly kind: 'batchWrite'; readonly writes: readonly { readonly key: KeyRef; readonly body: ItemBody | undefined }[] }
  | { readonly kind: 'get'; readonly key: KeyRef; readonly projection: boolean }
  | {
      readonly kind: 'query';
      readonly target: number;
      readonly pk: number;
      readonly condition: SortCondition | undefined;
      readonly limit: number | undefined;
      readonly forward: boolean;
      readonly filter: number | undefined;
      readonly f: number;
      readonly select: 'count' | 'projection' | undefined;
      readonly capacity: boolean;
    }
  | {
      readonly kind: 'scan';
      readonly target: number;
      readonly limit: number | undefined;
      readonly filter: number | undefined;
      readonly f: number;
      readonly count: boolean;
    }
  | { readonly kind: 'transactWrite'; readonly actions: readonly TransactAction[]; readonly token: boolean }
  | { readonly kind: 'transactGet'; readonly keys: readonly KeyRef[]; readonly projection: boolean };

/** A TransactWriteItems action: a put, update or delete as generated for the single-item writes, or a ConditionCheck. */
export type TransactAction =
  | Extract<Operation, { kind: 'put' | 'update' | 'delete' }>
  | { readonly kind: 'check'; readonly key: KeyRef; readonly condition: number; readonly f: number; readonly returnOld: boolean };

const limit = fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined, freq: 3 });
const smallInt = fc.integer({ min: 0, max: 9 });

const singleWrites = {
  put: fc.record({
    kind: fc.constant('put' as const),
    key: keyRef,
    body: itemBody,
    condition: fc.option(fc.nat(CONDITIONS.length - 1), { nil: undefined, freq: 3 }),
    f: smallInt,
    returnOld: fc.boolean(),
    capacity: fc.boolean(),
  }),
  update: fc.record({
    kind: fc.constant('update' as const),
    key: keyRef,
    update: fc.nat(UPDATES.length - 1),
    value: indexAttributeValue,
    v: attributeValue,
    f: smallInt,
    condition: fc.option(fc.nat(CONDITIONS.length - 1), { nil: undefined, freq: 3 }),
    returnValues: fc.nat(RETURN_VALUES.length - 1),
    capacity: fc.boolean(),
  }),
  delete: fc.record({
    kind: fc.constant('delete' as const),
    key: keyRef,
    condition: fc.option(fc.nat(CONDITIONS.length - 1), { nil: undefined, freq: 3 }),
    f: smallInt,
    returnOld: fc.boolean(),
    capacity: fc.boolean(),
  }),
};

const transactAction: fc.Arbitrary<TransactAction> = fc.oneof(
  singleWrites.put,
  singleWrites.update,
  singleWrites.delete,
  fc.record({ kind: fc.constant('check' as const), key: keyRef, condition: fc.nat(CONDITIONS.length - 1), f: smallInt, returnOld: fc.boolean() }),
);

export const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 6, arbitrary: singleWrites.put },
  { weight: 3, arbitrary: singleWrites.update },
  { weight: 2, arbitrary: singleWrites.delete },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('batchWrite' as const),
      writes: fc.array(fc.record({ key: keyRef, body: fc.option(itemBody, { nil: undefined, freq: 4 }) }), { minLength: 1, maxLength: 6 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('get' as const), key: keyRef, projection: fc.boolean() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      target: fc.nat(4),
      pk: fc.nat(5),
      condition: fc.option(sortCondition, { nil: undefined, freq: 4 }),
      limit,
      forward: fc.boolean(),
      filter: fc.option(fc.nat(FILTERS.length - 1), { nil: undefined, freq: 3 }),
      f: smallInt,
      select: fc.constantFrom(undefined, undefined, undefined, 'count' as const, 'projection' as const),
      capacity: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('scan' as const),
      target: fc.nat(4),
      limit,
      filter: fc.option(fc.nat(FILTERS.length - 1), { nil: undefined, freq: 3 }),
      f: smallInt,
      count: fc.nat(3).map((n) => n === 0),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transactWrite' as const),
      actions: fc.array(transactAction, { minLength: 1, maxLength: 4 }),
      token: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('transactGet' as const), keys: fc.array(keyRef, { minLength: 1, maxLength: 4 }), projection: fc.boolean() }),
  },
);

/** One run: a table, its value pools and what to do with it. */
export interface Run {
  readonly schema: SchemaShape;
  readonly pkPool: readonly KeyMaterial[];
  readonly skPool: readonly KeyMaterial[];
  readonly indexPool: readonly KeyMaterial[];
  readonly operations: readonly Operation[];
}

export const run: fc.Arbitrary<Run> = fc.record({
  schema: schemaShape,
  pkPool: fc.array(keyMaterial, { minLength: 1, maxLength: 4 }),
  skPool: fc.array(keyMaterial, { minLength: 2, maxLength: 12 }),
  indexPool: fc.array(keyMaterial, { minLength: 1, maxLength: 6 }),
  operations: fc.array(operation, { minLength: 5, maxLength: 30 }),
});

// --- TTL sweeps (ttlDifferential.test.ts) ----------------------------------------------------

/** How a TTL number is written: DynamoDB compares them by value, whatever the spelling. */
export type TtlSpelling = 'plain' | 'exponent' | 'trailingZeros';

/**
 * A TTL attribute's value, relative to the engine clock when the item is written
 * (whole seconds, then `fraction` as decimal digits after the point).
 */
export type TtlValue =
  | { readonly kind: 'near'; readonly seconds: number; readonly fraction: string; readonly spelling: TtlSpelling }
  | { readonly kind: 'fiveYearsAgo'; readonly seconds: number; readonly fraction: string; readonly spelling: TtlSpelling }
  | { readonly kind: 'milliseconds' }
  | { readonly kind: 'wrongType'; readonly type: 'S' | 'NS' | 'SS' | 'B' | 'BOOL' | 'NULL' | 'L' | 'M' }
  | { readonly kind: 'absent' };

/** Fractions next to the boundaries, down to the 38th significant digit of a ten-digit epoch. */
const ttlFraction = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc.constantFrom('5', '25', '75', '001', '999', '0000000000000000000000000001', '9999999999999999999999999999', '9999999', '0000001'),
  },
  { weight: 1, arbitrary: fc.array(fc.constantFrom('0', '1', '4', '5', '9'), { minLength: 1, maxLength: 28 }).map((digits) => digits.join('')) },
);

const ttlSpelling = fc.constantFrom<TtlSpelling>('plain', 'plain', 'exponent', 'trailingZeros');

const DAY_SECONDS = 24 * 60 * 60;

export const ttlValue: fc.Arbitrary<TtlValue> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('near' as const),
      seconds: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -3, max: 3 }) },
        { weight: 1, arbitrary: fc.integer({ min: -3 * DAY_SECONDS, max: 3 * DAY_SECONDS }) },
      ),
      fraction: ttlFraction,
      spelling: ttlSpelling,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fiveYearsAgo' as const),
      seconds: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -DAY_SECONDS, max: DAY_SECONDS })),
      fraction: ttlFraction,
      spelling: ttlSpelling,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'milliseconds' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wrongType' as const),
      type: fc.constantFrom('S' as const, 'NS' as const, 'SS' as const, 'B' as const, 'BOOL' as const, 'NULL' as const, 'L' as const, 'M' as const),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'absent' as const }) },
);

/** A key of a TTL run's table (pk S from 3 values, sk N from 6). */
export interface TtlKey {
  readonly pk: number;
  readonly sk: number;
}

/** A step of a TTL run; the clock moves in quarter seconds, so every time is exact in binary and in decimal. */
export type TtlStep =
  | { readonly kind: 'put'; readonly key: TtlKey; readonly ttl: TtlValue; readonly g: boolean; readonly batch: boolean }
  | { readonly kind: 'update'; readonly key: TtlKey; readonly ttl: TtlValue }
  | { readonly kind: 'delete'; readonly key: TtlKey }
  | { readonly kind: 'advance'; readonly quarterSeconds: number }
  | { readonly kind: 'sweep'; readonly slice: number | undefined }
  | { readonly kind: 'ttlSetting'; readonly enabled: boolean };

const ttlKey: fc.Arbitrary<TtlKey> = fc.record({ pk: fc.nat(2), sk: fc.nat(5) });

const FIVE_YEARS_QUARTERS = 5 * 365 * DAY_SECONDS * 4;

export const ttlStep: fc.Arbitrary<TtlStep> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('put' as const), key: ttlKey, ttl: ttlValue, g: fc.boolean(), batch: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('update' as const), key: ttlKey, ttl: ttlValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: ttlKey }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      // Mostly short steps, so values written a few seconds around "now" meet a sweep on either side of it.
      quarterSeconds: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 16 }) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 * DAY_SECONDS * 4 }) },
        { weight: 1, arbitrary: fc.constantFrom(4 * 60 * 60, DAY_SECONDS * 4, FIVE_YEARS_QUARTERS, FIVE_YEARS_QUARTERS + 4, FIVE_YEARS_QUARTERS - 4) },
      ),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sweep' as const), slice: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ttlSetting' as const), enabled: fc.boolean() }) },
);

/** One TTL run: a table (with or without a sort key) and its steps; a sweep always ends it. */
export interface TtlRun {
  readonly withSortKey: boolean;
  readonly steps: readonly TtlStep[];
}

export const ttlRun: fc.Arbitrary<TtlRun> = fc.record({ withSortKey: fc.boolean(), steps: fc.array(ttlStep, { minLength: 4, maxLength: 30 }) });

// --- Multi-attribute GSI keys (multiAttributeGsiDifferential.test.ts) ----------------------------

/** How many non-key attributes a multi-attribute GSI run draws its index keys from (`a0` … `a7`). */
export const MULTI_KEY_ATTRIBUTE_COUNT = 8;

/** A GSI over 1–4 HASH and 1–4 RANGE attributes (indexes into `a0` … `a7`, in key order). */
export interface MultiGsiShape {
  readonly hash: readonly number[];
  readonly range: readonly number[];
  readonly projection: 'ALL' | 'KEYS_ONLY';
}

const multiGsiShape: fc.Arbitrary<MultiGsiShape> = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom<'ALL' | 'KEYS_ONLY'>('ALL', 'KEYS_ONLY'))
  .chain(([hashCount, rangeCount, projection]) =>
    fc
      .shuffledSubarray(
        Array.from({ length: MULTI_KEY_ATTRIBUTE_COUNT }, (_, i) => i),
        { minLength: hashCount + rangeCount, maxLength: hashCount + rangeCount },
      )
      .map((attributes) => ({ hash: attributes.slice(0, hashCount), range: attributes.slice(hashCount), projection })),
  );

/** The ways a generated index Query breaks DynamoDB's rules ('valid' keeps them). */
export type MultiQueryForm = 'valid' | 'missingHash' | 'rangeOnHash' | 'skipSort' | 'rangeBeforeLast' | 'wrongType' | 'outsideKey';

export interface MultiQuery {
  readonly gsi: number;
  /** Pool slots of the partition values, one per HASH attribute. */
  readonly hashSlots: readonly number[];
  /** Pool slots of the equality prefix of the sort attributes. */
  readonly sortSlots: readonly number[];
  /** How many sort attributes get an equality (capped at the index's count). */
  readonly prefix: number;
  /** A condition on the sort attribute after the prefix. */
  readonly range: SortCondition | undefined;
  readonly form: MultiQueryForm;
  readonly limit: number | undefined;
  readonly forward: boolean;
  /** Writes the terms in reverse order (DynamoDB takes them in any order). */
  readonly reversed: boolean;
  /**
   * Aims at an item written earlier in the run (its position, modulo how many
   * there are): the HASH and sort-prefix values are that item's, so the Query
   * finds its item collection. Pool slots alone rarely match on every one of
   * up to eight attributes, and a differential of empty answers proves little.
   */
  readonly aim: number | undefined;
}

const multiQuery: fc.Arbitrary<MultiQuery> = fc.record({
  gsi: fc.nat(1),
  hashSlots: fc.array(fc.nat(5), { minLength: 4, maxLength: 4 }),
  sortSlots: fc.array(fc.nat(5), { minLength: 4, maxLength: 4 }),
  prefix: fc.nat(4),
  range: fc.option(sortCondition, { nil: undefined, freq: 3 }),
  form: fc.oneof(
    { weight: 12, arbitrary: fc.constant<MultiQueryForm>('valid') },
    { weight: 1, arbitrary: fc.constantFrom<MultiQueryForm>('missingHash', 'rangeOnHash', 'skipSort', 'rangeBeforeLast', 'wrongType', 'outsideKey') },
  ),
  limit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  forward: fc.boolean(),
  reversed: fc.boolean(),
  aim: fc.option(fc.nat(), { nil: undefined, freq: 3 }),
});

/** A written item: its table key and what each of `a0` … `a7` holds. */
export interface MultiItem {
  readonly pk: number;
  readonly sk: number;
  readonly values: readonly IndexAttributeValue[];
}

/** Mostly present: an item is in an index only with every one of its (up to eight) key attributes. */
const multiKeyValue: fc.Arbitrary<IndexAttributeValue> = fc.oneof(
  { weight: 24, arbitrary: fc.nat(5).map((pool) => ({ pool })) },
  { weight: 2, arbitrary: fc.constant<'absent'>('absent') },
  { weight: 1, arbitrary: fc.constantFrom<'wrongType' | 'empty'>('wrongType', 'empty') },
);

const multiItem: fc.Arbitrary<MultiItem> = fc.record({
  pk: fc.nat(3),
  sk: fc.nat(9),
  values: fc.array(multiKeyValue, { minLength: MULTI_KEY_ATTRIBUTE_COUNT, maxLength: MULTI_KEY_ATTRIBUTE_COUNT }),
});

export type MultiStep =
  | { readonly kind: 'put'; readonly item: MultiItem }
  | { readonly kind: 'update'; readonly key: { readonly pk: number; readonly sk: number }; readonly attribute: number; readonly value: IndexAttributeValue }
  | { readonly kind: 'query'; readonly query: MultiQuery };

export const multiStep: fc.Arbitrary<MultiStep> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('put' as const), item: multiItem }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      key: fc.record({ pk: fc.nat(3), sk: fc.nat(9) }),
      attribute: fc.nat(MULTI_KEY_ATTRIBUTE_COUNT - 1),
      value: indexAttributeValue,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('query' as const), query: multiQuery }) },
);

/** One run: the attributes' types, one or two GSIs, a small value pool (so partitions and sort values repeat) and the steps. */
export interface MultiGsiRun {
  readonly types: readonly KeyType[];
  readonly gsis: readonly MultiGsiShape[];
  readonly pool: readonly KeyMaterial[];
  readonly steps: readonly MultiStep[];
}

export const multiGsiRun: fc.Arbitrary<MultiGsiRun> = fc.record({
  types: fc.array(keyType, { minLength: MULTI_KEY_ATTRIBUTE_COUNT, maxLength: MULTI_KEY_ATTRIBUTE_COUNT }),
  gsis: fc.array(multiGsiShape, { minLength: 1, maxLength: 2 }),
  pool: fc.oneof(
    { weight: 2, arbitrary: fc.array(keyMaterial, { minLength: 1, maxLength: 2 }) },
    { weight: 1, arbitrary: fc.array(keyMaterial, { minLength: 3, maxLength: 4 }) },
  ),
  steps: fc.array(multiStep, { minLength: 10, maxLength: 50 }),
});
// --- Shared with the PartiQL and legacy-parameter differential tests ---------------------------

export { indexAttributeValue, itemBody, keyRef, sortCondition, limit as pageLimit, smallInt };
