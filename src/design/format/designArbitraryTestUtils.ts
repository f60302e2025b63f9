import fc from 'fast-check';
import { encodeBase64, setOwnValue } from '../../dynamo';
import type { AccessPatternDesign, Design, EntityDesign, IndexDesign, JsonAttributeValue, JsonItem, TableDesign } from '../design.types';
import { keyTemplateOf } from '../designKeys';

/**
 * Generated designs for the format's property tests (the round trip and the
 * canonical layout): every optional field exercised, every design valid.
 */

const text = fc.string({ maxLength: 12 });
const name = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim().length > 0);
const tableName = fc.stringMatching(/^[A-Za-z0-9_.-]{3,16}$/);

const jsonValue: fc.Arbitrary<JsonAttributeValue> = fc.letrec<{ value: JsonAttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text.map((S) => ({ S })),
    fc.integer({ min: -1e9, max: 1e9 }).map((n) => ({ N: String(n) })),
    fc.uint8Array({ maxLength: 6 }).map((bytes) => ({ B: encodeBase64(bytes) })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true as const }),
    fc.uniqueArray(text, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 3 }).map((ns) => ({ NS: ns.map(String) })),
    fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 3 }).map(encodeBase64), { minLength: 1, maxLength: 2 }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(name, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;
const jsonItem: fc.Arbitrary<JsonItem> = fc.dictionary(name, jsonValue, { maxKeys: 3 });

/** Sort-key templates with their fields (all valid for an S key). */
const SORT_TEMPLATES = [
  ['ORDER#{at:iso}#{orderId}', ['at', 'orderId']],
  ['{score:int(10)}#{ts:epoch(16)}#{playerId}', ['score', 'ts', 'playerId']],
  ['EVT#{at:iso(ms)}', ['at']],
  ['{amount:dec(8,2)}', ['amount']],
  ['{delta:sint(6)}#{n:int(4,desc)}', ['delta', 'n']],
  ['PROFILE', []],
] as const;

interface TableChoice {
  readonly name: string;
  readonly description: string;
  readonly sortKey: 'none' | 'S' | 'N';
  readonly gsis: readonly ('single' | 'multi' | 'hashOnly')[];
  readonly lsi: boolean;
  readonly provisioned?: { readCapacityUnits: number; writeCapacityUnits: number };
  readonly entities: readonly EntityChoice[];
  readonly patterns: readonly PatternChoice[];
}

interface EntityChoice {
  readonly description: string;
  readonly template: number;
  readonly inIndexes: readonly boolean[];
  readonly attributes: readonly { name: string; type: 'S' | 'N' | 'M' | 'SS' }[];
  readonly samples: readonly { values: Record<string, string>; attributes?: JsonItem }[];
  readonly expectations: { headroomDigits: number; itemCount?: number; itemSizeBytes?: number; largest: string };
}

interface PatternChoice {
  readonly description: string;
  readonly entity: number;
  readonly index: number;
  readonly sort: 'none' | 'raw' | 'rawBetween' | 'fields' | 'fieldsBetween';
  readonly direction: 'ascending' | 'descending';
  readonly limit?: number;
  readonly filter?: string;
  readonly projection: readonly string[];
  readonly consistentRead: boolean;
  readonly count?: number;
  readonly orderBy?: 'ascending' | 'descending';
  readonly requestsPerSecond?: number;
}

const entityChoice: fc.Arbitrary<EntityChoice> = fc.record({
  description: text,
  template: fc.nat(SORT_TEMPLATES.length - 1),
  inIndexes: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  attributes: fc.uniqueArray(fc.record({ name, type: fc.constantFrom('S' as const, 'N' as const, 'M' as const, 'SS' as const) }), {
    selector: (attribute) => attribute.name,
    maxLength: 3,
  }),
  samples: fc.array(fc.record({ values: fc.dictionary(name, text, { maxKeys: 3 }), attributes: jsonItem }, { requiredKeys: ['values'] }), { maxLength: 3 }),
  expectations: fc.record(
    { headroomDigits: fc.nat(4), itemCount: fc.nat(1000), itemSizeBytes: fc.integer({ min: 1, max: 400_000 }), largest: fc.nat().map(String) },
    { requiredKeys: ['headroomDigits', 'largest'] },
  ),
});

const patternChoice: fc.Arbitrary<PatternChoice> = fc.record(
  {
    description: text,
    entity: fc.nat(5),
    index: fc.integer({ min: -1, max: 2 }),
    sort: fc.constantFrom('none' as const, 'raw' as const, 'rawBetween' as const, 'fields' as const, 'fieldsBetween' as const),
    direction: fc.constantFrom('ascending' as const, 'descending' as const),
    limit: fc.integer({ min: 1, max: 100 }),
    filter: text,
    projection: fc.uniqueArray(name, { maxLength: 2 }),
    consistentRead: fc.boolean(),
    count: fc.nat(50),
    orderBy: fc.constantFrom('ascending' as const, 'descending' as const),
    requestsPerSecond: fc.double({ min: 0.5, max: 1000, noNaN: true }),
  },
  { requiredKeys: ['description', 'entity', 'index', 'sort', 'direction', 'projection', 'consistentRead'] },
);

const tableChoice: fc.Arbitrary<TableChoice> = fc.record(
  {
    name: tableName,
    description: text,
    sortKey: fc.constantFrom('none' as const, 'S' as const, 'N' as const),
    gsis: fc.array(fc.constantFrom('single' as const, 'multi' as const, 'hashOnly' as const), { maxLength: 3 }),
    lsi: fc.boolean(),
    provisioned: fc.record({ readCapacityUnits: fc.integer({ min: 1, max: 50 }), writeCapacityUnits: fc.integer({ min: 1, max: 50 }) }),
    entities: fc.array(entityChoice, { minLength: 1, maxLength: 3 }),
    patterns: fc.array(patternChoice, { maxLength: 3 }),
  },
  { requiredKeys: ['name', 'description', 'sortKey', 'gsis', 'lsi', 'entities', 'patterns'] },
);

function buildTable(choice: TableChoice): TableDesign {
  const sortKey = choice.sortKey === 'none' ? undefined : { name: 'SK', type: choice.sortKey };
  const indexes: IndexDesign[] = choice.gsis.map((kind, i): IndexDesign => ({
    name: `GSI${i + 1}`,
    kind: 'GSI',
    partitionKey:
      kind === 'multi'
        ? [
            { name: `g${i}a`, type: 'S' },
            { name: `g${i}b`, type: 'N' },
          ]
        : [{ name: `GSI${i + 1}PK`, type: 'S' }],
    sortKey:
      kind === 'hashOnly'
        ? []
        : kind === 'multi'
          ? [
              { name: `g${i}c`, type: 'N' },
              { name: `g${i}d`, type: 'S' },
            ]
          : [{ name: `GSI${i + 1}SK`, type: 'S' }],
    projection:
      i === 0 ? { type: 'INCLUDE', attributes: ['total', 'status'] } : i === 1 ? { type: 'KEYS_ONLY', attributes: [] } : { type: 'ALL', attributes: [] },
  }));
  if (choice.lsi && sortKey)
    indexes.push({
      name: 'byLocal',
      kind: 'LSI',
      partitionKey: [{ name: 'PK', type: 'S' }],
      sortKey: [{ name: 'L', type: 'S' }],
      projection: { type: 'ALL', attributes: [] },
    });
  const entities = choice.entities.map((entity, e): EntityDesign => {
    const [template] = SORT_TEMPLATES[entity.template]!;
    const keys: Record<string, string> = { PK: `E${e}#{id}` };
    if (sortKey) keys.SK = sortKey.type === 'N' ? '{seq}' : template;
    indexes.forEach((index, i) => {
      if (index.kind === 'LSI' ? !entity.inIndexes[2] : !entity.inIndexes[i]) return;
      for (const attribute of [...index.partitionKey, ...index.sortKey]) {
        if (attribute.name === 'PK') continue;
        setOwnValue(keys, attribute.name, attribute.type === 'N' ? `{${attribute.name}v}` : `${attribute.name.toUpperCase()}#{${attribute.name}v}`);
      }
    });
    return {
      name: `Entity${e}`,
      description: entity.description,
      keys,
      attributes: entity.attributes,
      samples: entity.samples.map((sample, s) => ({ id: `s${s}`, values: sample.values, ...(sample.attributes ? { attributes: sample.attributes } : {}) })),
      expectations: {
        largestValues: { score: entity.expectations.largest },
        headroomDigits: entity.expectations.headroomDigits,
        maxLengths: { id: 24 },
        ...(entity.expectations.itemCount !== undefined ? { itemCount: entity.expectations.itemCount } : {}),
        ...(entity.expectations.itemSizeBytes !== undefined ? { itemSizeBytes: entity.expectations.itemSizeBytes } : {}),
      },
    };
  });
  const base = {
    name: choice.name,
    description: choice.description,
    partitionKey: { name: 'PK', type: 'S' as const },
    ...(sortKey ? { sortKey } : {}),
    indexes,
    billingMode: choice.provisioned ? ('PROVISIONED' as const) : ('PAY_PER_REQUEST' as const),
    ...(choice.provisioned ? { provisioned: choice.provisioned } : {}),
    entities,
  };
  const accessPatterns = choice.patterns.map((pattern, p) => buildPattern(pattern, p, base, choice));
  return { ...base, accessPatterns };
}

function buildPattern(pattern: PatternChoice, p: number, table: Omit<TableDesign, 'accessPatterns'>, choice: TableChoice): AccessPatternDesign {
  const entityIndex = pattern.entity % table.entities.length;
  const entity = table.entities[entityIndex]!;
  const index = table.indexes[pattern.index];
  const usable =
    index && [...index.partitionKey, ...index.sortKey].every((attribute) => keyTemplateOf(entity, attribute.name) !== undefined) ? index : undefined;
  const partition = usable ? usable.partitionKey : [table.partitionKey];
  const sort = usable ? usable.sortKey : table.sortKey ? [table.sortKey] : [];
  const fieldsOf = (names: readonly string[]) =>
    names.flatMap((attribute) => [...(keyTemplateOf(entity, attribute) ?? '').matchAll(/\{(\w+)/g)].map((match) => match[1]!));
  const partitionFields = fieldsOf(partition.map((attribute) => attribute.name));
  const sortFields = fieldsOf(sort.map((attribute) => attribute.name));
  const sortCondition: AccessPatternDesign['sort'] =
    sort.length === 0 || pattern.sort === 'none'
      ? undefined
      : pattern.sort === 'raw'
        ? { input: 'raw', operator: 'begins_with', value: 'ORDER#' }
        : pattern.sort === 'rawBetween'
          ? { input: 'raw', operator: 'between', value: 'A', valueHigh: 'B' }
          : pattern.sort === 'fields'
            ? { input: 'fields', operator: '>=', values: Object.fromEntries(sortFields.slice(0, 1).map((field) => [field, '1'])) }
            : { input: 'fields', operator: 'between', values: {}, valuesHigh: Object.fromEntries(sortFields.map((field) => [field, '9'])) };
  return {
    id: `p${p}`,
    name: `Pattern ${p}`,
    description: pattern.description,
    entities: [
      entity.name,
      ...table.entities
        .filter((other) => other !== entity)
        .slice(0, 1)
        .map((other) => other.name),
    ],
    ...(usable ? { index: usable.name } : {}),
    partitionValues: Object.fromEntries(partitionFields.map((field) => [field, `v-${field}`])),
    ...(sortCondition ? { sort: sortCondition } : {}),
    direction: pattern.direction,
    ...(pattern.limit !== undefined ? { limit: pattern.limit } : {}),
    ...(pattern.filter !== undefined ? { filter: pattern.filter } : {}),
    projection: pattern.projection,
    consistentRead: usable?.kind === 'GSI' || choice.lsi === undefined ? false : pattern.consistentRead,
    expected: {
      ...(pattern.count !== undefined ? { count: pattern.count } : {}),
      ...(pattern.orderBy ? { orderBy: { field: 'at', direction: pattern.orderBy } } : {}),
    },
    ...(pattern.requestsPerSecond !== undefined ? { requestsPerSecond: pattern.requestsPerSecond } : {}),
  };
}

export const designArbitrary: fc.Arbitrary<Design> = fc
  .record({ name, description: text, tables: fc.uniqueArray(tableChoice, { selector: (table) => table.name, minLength: 0, maxLength: 2 }) })
  .map((choice) => ({ name: choice.name, description: choice.description, tables: choice.tables.map(buildTable) }));
