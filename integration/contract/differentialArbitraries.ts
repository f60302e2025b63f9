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
  { weight: 1, arbitrary: fc.constantFrom('10', '1500', '240', '9', 'EVT#2026-06-23T00:00:00Z', 'EVT#2026-06-23T23:59:59Z', 'ACTOR#u_8814', 'a#b', 'ab', 'A#1') },
);

const numberKey = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0', '-0', '1', '1.0', '1e3', '1000', '1E+3', '-1', '-1.5', '0.001', '1e-3', '1E-130', '-1E-130',
      '9.9999999999999999999999999999999999999E+125', '-9.9999999999999999999999999999999999999E+125',
      '12345678901234567890123456789012345678', '-12345678901234567890123456789012345678', '0.12345678901234567890123456789012345678',
      '99999999999999999999999999999999999999', '1.5e2', '150', '-150.00', '10', '9', '240', '1500',
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: -300, max: 300 }).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: -20, max: 20 })).map(([mantissa, exponent]) => `${mantissa}e${exponent}`) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: -999, max: 999 }), fc.integer({ min: 0, max: 999 })).map(([whole, fraction]) => `${whole}.${String(fraction).padStart(3, '0')}`) },
);

/** Bytes around the signed/unsigned boundary and at both ends. */
const binaryKey = fc.array(fc.constantFrom(0x00, 0x01, 0x23, 0x41, 0x7f, 0x80, 0xc3, 0xfe, 0xff), { minLength: 1, maxLength: 3 }).map((bytes) => Uint8Array.from(bytes));

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
    gsis: shape.gsis.filter((gsi) => (gsi.hash !== 'sk' || shape.skType) && (gsi.range === undefined || (gsi.range !== gsi.hash && (gsi.range !== 'sk' || shape.skType)))),
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
  | { readonly kind: 'put'; readonly key: KeyRef; readonly body: ItemBody; readonly condition: number | undefined; readonly f: number; readonly returnOld: boolean; readonly capacity: boolean }
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
  | { readonly kind: 'delete'; readonly key: KeyRef; readonly condition: number | undefined; readonly f: number; readonly returnOld: boolean; readonly capacity: boolean }
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
  | { readonly kind: 'scan'; readonly target: number; readonly limit: number | undefined; readonly filter: number | undefined; readonly f: number; readonly count: boolean }
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
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('transactWrite' as const), actions: fc.array(transactAction, { minLength: 1, maxLength: 4 }), token: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('transactGet' as const), keys: fc.array(keyRef, { minLength: 1, maxLength: 4 }), projection: fc.boolean() }) },
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

// --- Shared with the PartiQL and legacy-parameter differential tests ---------------------------

export { indexAttributeValue, itemBody, keyRef, sortCondition, limit as pageLimit, smallInt };
