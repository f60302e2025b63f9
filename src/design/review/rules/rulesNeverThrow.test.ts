import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessPatternDesign, Design, EntityDesign, IndexDesign, JsonAttributeValue, JsonItem, TableDesign } from '../../design.types';
import { EXAMPLE_DESIGNS } from '../../examples';
import { parseDesignDocument, serializeDesignDocument } from '../../format';
import { reviewDesign } from '../reviewDesign';
import { REVIEW_CODES } from '../review.types';
import { REVIEW_RULES } from '.';

/**
 * Every rule of REVIEW_RULES, over random valid designs: the review never
 * throws (a rule that threw would show up as its "stopped on this design"
 * finding, which fails here too), and every finding has a known code, a
 * message, a suggestion and an id of its own. Designs are generated from
 * choices (templates from a fixed list, sample values with non-ASCII text,
 * patterns with and without rates) and kept only when the design format
 * reads them back, so rules only ever see designs the editor can hold.
 */

/** Sort-key templates and their fields: int, sint, dec, iso, epoch, desc, strings and constants. */
const SORT_TEMPLATES: readonly (readonly [string, readonly string[]])[] = [
  ['ORDER#{at:iso}#{orderId}', ['at', 'orderId']],
  ['{score:int(10)}#{ts:epoch(16)}#{playerId}', ['score', 'ts', 'playerId']],
  ['EVT#{at:iso(ms)}', ['at']],
  ['{amount:dec(8,2)}', ['amount']],
  ['{delta:sint(6)}#{n:int(4,desc)}', ['delta', 'n']],
  ['{ts:epochms(13)}#{note}', ['ts', 'note']],
  ['PROFILE', []],
];
const PARTITION_TEMPLATES: readonly (readonly [string, readonly string[]])[] = [
  ['CUSTOMER#{id}', ['id']],
  ['STATUS#OPEN', []],
  ['{id}#{note}', ['id', 'note']],
];

/** Field values: some valid for their formats, some not (the rules see samples that don't encode too). */
const fieldValue = fc.oneof(
  fc.constantFrom(
    '1',
    '42',
    '1500',
    '9999999999',
    '-7',
    '12.50',
    '2026-06-23T10:00:00Z',
    '2026-06-23T10:00:00.500Z',
    '1719705600',
    'p_8842',
    'ÄÖÜ€',
    '😀',
    'a#b',
    '',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.nat(10).map((n) => 'x'.repeat(n * 150)),
);
const attributeValue: fc.Arbitrary<JsonAttributeValue> = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }).map((S) => ({ S })), weight: 4 },
  // Now and then an attribute big enough for the size rules (400 KB and more).
  { arbitrary: fc.constantFrom(1000, 250_000, 420_000).map((n) => ({ S: 'y'.repeat(n) })), weight: 1 },
  { arbitrary: fc.integer({ min: -1e6, max: 1e6 }).map((n) => ({ N: String(n) })), weight: 2 },
  { arbitrary: fc.boolean().map((BOOL) => ({ BOOL })), weight: 1 },
  {
    arbitrary: fc
      .array(
        fc.string({ maxLength: 4 }).map((S) => ({ S })),
        { maxLength: 3 },
      )
      .map((L) => ({ L })),
    weight: 1,
  },
);
const ATTRIBUTE_NAMES = ['total', 'status', 'note', 'body', 'ü'] as const;
const jsonItem: fc.Arbitrary<JsonItem> = fc.dictionary(fc.constantFrom(...ATTRIBUTE_NAMES), attributeValue, { maxKeys: 3 });

interface EntityChoice {
  readonly sortTemplate: number;
  readonly partitionTemplate: number;
  readonly inIndexes: readonly boolean[];
  readonly samples: readonly { readonly values: Record<string, string>; readonly attributes: JsonItem }[];
  readonly maxLengths: Record<string, number>;
  readonly itemCount?: number;
  readonly itemSizeBytes?: number;
}

interface PatternChoice {
  readonly entity: number;
  readonly index: number;
  readonly limit?: number;
  readonly projection: readonly string[];
  readonly filter?: string;
  readonly consistentRead: boolean;
  readonly requestsPerSecond?: number;
}

interface TableChoice {
  readonly sortKey: 'none' | 'S' | 'N';
  readonly gsis: readonly ('single' | 'multi' | 'hashOnly')[];
  readonly projections: readonly ('ALL' | 'KEYS_ONLY' | 'INCLUDE')[];
  readonly lsi: boolean;
  readonly entities: readonly EntityChoice[];
  readonly patterns: readonly PatternChoice[];
}

const FIELD_NAMES = ['at', 'orderId', 'score', 'ts', 'playerId', 'amount', 'delta', 'n', 'note', 'id', 'gv'];
const entityChoice: fc.Arbitrary<EntityChoice> = fc.record(
  {
    sortTemplate: fc.nat(SORT_TEMPLATES.length - 1),
    partitionTemplate: fc.nat(PARTITION_TEMPLATES.length - 1),
    inIndexes: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    samples: fc.array(fc.record({ values: fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 6 }), attributes: jsonItem }), {
      maxLength: 8,
    }),
    maxLengths: fc.dictionary(fc.constantFrom('orderId', 'playerId', 'note', 'id', 'gv'), fc.integer({ min: 1, max: 3000 }), { maxKeys: 3 }),
    itemCount: fc.integer({ min: 0, max: 1e9 }),
    itemSizeBytes: fc.integer({ min: 1, max: 500_000 }),
  },
  { requiredKeys: ['sortTemplate', 'partitionTemplate', 'inIndexes', 'samples', 'maxLengths'] },
);
const patternChoice: fc.Arbitrary<PatternChoice> = fc.record(
  {
    entity: fc.nat(4),
    index: fc.integer({ min: -1, max: 3 }),
    limit: fc.integer({ min: 1, max: 1000 }),
    projection: fc.uniqueArray(fc.constantFrom(...ATTRIBUTE_NAMES, 'PK', 'SK'), { maxLength: 3 }),
    filter: fc.constantFrom('total > :min', 'attribute_exists(note)', 'status = :s AND ü <> :x'),
    consistentRead: fc.boolean(),
    requestsPerSecond: fc.oneof(fc.double({ min: 0.5, max: 100_000, noNaN: true }), fc.constant(0)),
  },
  { requiredKeys: ['entity', 'index', 'projection', 'consistentRead'] },
);
const tableChoice: fc.Arbitrary<TableChoice> = fc.record({
  sortKey: fc.constantFrom('none' as const, 'S' as const, 'N' as const),
  gsis: fc.array(fc.constantFrom('single' as const, 'multi' as const, 'hashOnly' as const), { maxLength: 3 }),
  projections: fc.array(fc.constantFrom('ALL' as const, 'KEYS_ONLY' as const, 'INCLUDE' as const), { minLength: 3, maxLength: 3 }),
  lsi: fc.boolean(),
  entities: fc.array(entityChoice, { minLength: 1, maxLength: 3 }),
  patterns: fc.array(patternChoice, { maxLength: 4 }),
});

function buildTable(choice: TableChoice, t: number): TableDesign {
  const sortKey = choice.sortKey === 'none' ? undefined : { name: 'SK', type: choice.sortKey };
  const indexes: IndexDesign[] = choice.gsis.map((kind, i): IndexDesign => {
    const type = choice.projections[i] ?? 'ALL';
    return {
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
      projection: { type, attributes: type === 'INCLUDE' ? ['total'] : [] },
    };
  });
  if (choice.lsi && sortKey)
    indexes.push({
      name: 'byLocal',
      kind: 'LSI',
      partitionKey: [{ name: 'PK', type: 'S' }],
      sortKey: [{ name: 'L', type: 'S' }],
      projection: { type: 'ALL', attributes: [] },
    });
  const entities = choice.entities.map((entity, e): EntityDesign => {
    const keys: Record<string, string> = { PK: `E${e}#${PARTITION_TEMPLATES[entity.partitionTemplate]![0]}` };
    if (sortKey) keys.SK = sortKey.type === 'N' ? '{n}' : SORT_TEMPLATES[entity.sortTemplate]![0];
    indexes.forEach((index, i) => {
      if (!entity.inIndexes[index.kind === 'LSI' ? 3 : i]) return;
      for (const attribute of [...index.partitionKey, ...index.sortKey]) {
        if (attribute.name === 'PK') continue;
        keys[attribute.name] = attribute.type === 'N' ? '{n}' : i % 2 === 0 ? 'FLAG#ON' : `${attribute.name}#{gv}`;
      }
    });
    return {
      name: `Entity${e}`,
      description: '',
      keys,
      attributes: [
        { name: 'total', type: 'N' },
        { name: 'note', type: 'S' },
      ],
      samples: entity.samples.map((sample, s) => ({ id: `s${s}`, values: sample.values, attributes: sample.attributes })),
      expectations: {
        largestValues: {},
        headroomDigits: 2,
        maxLengths: entity.maxLengths,
        ...(entity.itemCount !== undefined ? { itemCount: entity.itemCount } : {}),
        ...(entity.itemSizeBytes !== undefined ? { itemSizeBytes: entity.itemSizeBytes } : {}),
      },
    };
  });
  const table = {
    name: `Table${t}`,
    description: '',
    partitionKey: { name: 'PK', type: 'S' as const },
    ...(sortKey ? { sortKey } : {}),
    indexes,
    billingMode: 'PAY_PER_REQUEST' as const,
    entities,
  };
  return { ...table, accessPatterns: choice.patterns.map((pattern, p) => buildPattern(pattern, p, table)) };
}

function buildPattern(choice: PatternChoice, p: number, table: Omit<TableDesign, 'accessPatterns'>): AccessPatternDesign {
  const entity = table.entities[choice.entity % table.entities.length]!;
  const index = table.indexes[choice.index];
  const usable = index && [...index.partitionKey, ...index.sortKey].every((attribute) => entity.keys[attribute.name] !== undefined) ? index : undefined;
  const partition = usable ? usable.partitionKey : [table.partitionKey];
  const fields = partition.flatMap((attribute) => [...(entity.keys[attribute.name] ?? '').matchAll(/\{(\w+)/g)].map((match) => match[1]!));
  return {
    id: `p${p}`,
    name: `Pattern ${p}`,
    description: '',
    entities: [entity.name],
    ...(usable ? { index: usable.name } : {}),
    partitionValues: Object.fromEntries(fields.map((field) => [field, field === 'n' ? '7' : `v-${field}`])),
    direction: 'ascending',
    ...(choice.limit !== undefined ? { limit: choice.limit } : {}),
    ...(choice.filter !== undefined ? { filter: choice.filter } : {}),
    projection: choice.projection,
    consistentRead: usable?.kind === 'GSI' ? false : choice.consistentRead,
    expected: {},
    ...(choice.requestsPerSecond !== undefined && choice.requestsPerSecond > 0 ? { requestsPerSecond: choice.requestsPerSecond } : {}),
  };
}

/** Random designs the design format reads back (others are discarded, not reviewed). */
const validDesign: fc.Arbitrary<Design> = fc
  .array(tableChoice, { minLength: 1, maxLength: 2 })
  .map((tables) => {
    const read = parseDesignDocument(serializeDesignDocument({ name: 'Random', description: '', tables: tables.map(buildTable) }));
    return read.ok ? read.design : undefined;
  })
  .filter((design): design is Design => design !== undefined);

function checkFindings(design: Design): void {
  const findings = reviewDesign({ design }, REVIEW_RULES);
  const ids = new Set<string>();
  for (const finding of findings) {
    expect(REVIEW_CODES).toContain(finding.code);
    expect(finding.message, finding.message).not.toMatch(/stopped on this design/);
    expect(finding.message.trim().length).toBeGreaterThan(0);
    expect(finding.suggestion.trim().length).toBeGreaterThan(0);
    expect(ids.has(finding.id), `duplicate id ${finding.id}`).toBe(false);
    ids.add(finding.id);
    if (finding.fix) expect(() => finding.fix!.apply(design)).not.toThrow();
  }
}

describe('REVIEW_RULES on random designs', () => {
  it('generates designs the format accepts (the property below is not vacuous)', () => {
    const sampled = fc.sample(validDesign, { numRuns: 20, seed: 11 });
    expect(sampled.length).toBe(20);
    expect(sampled.some((design) => design.tables.some((table) => table.entities.some((entity) => entity.samples.length > 0)))).toBe(true);
  });

  it('never throw, and give every finding a known code, a message, a suggestion and its own id', () => {
    fc.assert(fc.property(validDesign, checkFindings), { numRuns: 100 });
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('hold on the %s example', (_id, design) => {
    checkFindings(design);
  });
});
