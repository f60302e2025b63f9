/**
 * Designs for the entity-code generators' tests: a table with a
 * multi-attribute GSI key, and a design whose every name is hostile. Also
 * generated into integration/entityCode/generated (see
 * integration/entityCode/designs.ts), type-checked there by `npx tsc -b` and
 * run against DynamoDB Local.
 */
import { SHOP_DESIGN, type Design, type TableDesign } from '../../design';

/** Scores: a player's runs, and a GSI keyed by four typed attributes (season, region → score, ts), as DynamoDB allows since November 2025. */
export const MULTI_ATTRIBUTE_GSI_DESIGN: Design = {
  name: 'Scores (multi-attribute GSI)',
  description: 'A GSI whose key is four typed attributes instead of a concatenated string.',
  tables: [
    {
      name: 'Scores',
      description: '',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      indexes: [
        {
          name: 'bySeasonRegion',
          kind: 'GSI',
          partitionKey: [
            { name: 'season', type: 'S' },
            { name: 'region', type: 'S' },
          ],
          sortKey: [
            { name: 'score', type: 'N' },
            { name: 'at', type: 'S' },
          ],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      billingMode: 'PAY_PER_REQUEST',
      entities: [
        {
          name: 'Run',
          description: 'One run of a player.',
          // at = {at:iso}: a typed GSI attribute stored as the key builder writes it (UTC, to the second), whatever zone it is given in.
          keys: { PK: 'PLAYER#{playerId}', SK: 'RUN#{runId}', season: '{season}', region: '{region}', score: '{score}', at: '{at:iso}' },
          attributes: [],
          samples: [
            { id: 'r1', values: { playerId: 'p_1', runId: 'r1', at: '2026-06-23T12:00:00+02:00', season: '2026-SUMMER', region: 'eu', score: '1500' } },
            { id: 'r2', values: { playerId: 'p_2', runId: 'r2', at: '2026-06-23T11:00:00Z', season: '2026-SUMMER', region: 'eu', score: '875' } },
            { id: 'r3', values: { playerId: 'p_1', runId: 'r3', at: '2026-06-23T09:30:00-01:00', season: '2026-SUMMER', region: 'eu', score: '875' } },
            { id: 'r4', values: { playerId: 'p_3', runId: 'r4', at: '2026-06-24T08:00:00Z', season: '2026-SUMMER', region: 'us', score: '42' } },
          ],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
      ],
      accessPatterns: [
        {
          id: 'season-region-top',
          name: 'Top scores of a season in a region',
          description: 'Equality on both partition attributes, highest score first (ties: latest first).',
          entities: ['Run'],
          index: 'bySeasonRegion',
          partitionValues: { season: '2026-SUMMER', region: 'eu' },
          direction: 'descending',
          projection: [],
          consistentRead: false,
          expected: { count: 3, orderBy: { field: 'score', direction: 'descending' } },
        },
      ],
    },
  ],
};

/** Every name a generator could trip on: quotes, comment ends, backticks, `${`, reserved words, `__proto__`, non-ASCII, names that collapse to one identifier. */
export const HOSTILE_NAMES_DESIGN: Design = {
  name: 'Hostile */ `${process.exit(1)}` "names"',
  description: 'Names that must stay text in generated code.',
  tables: [
    {
      name: 'Tab"le */ `${1}`',
      description: '*/ throw new Error("ran") /*',
      partitionKey: { name: 'p"k */', type: 'S' },
      sortKey: { name: 's`k${1}', type: 'S' },
      indexes: [
        {
          name: 'by "class" */',
          kind: 'GSI',
          partitionKey: [{ name: 'delete', type: 'S' }],
          sortKey: [{ name: '__proto__', type: 'N' }],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      billingMode: 'PAY_PER_REQUEST',
      entities: [
        {
          name: 'class',
          description: '*/ process.exit(1) /*',
          keys: { 'p"k */': 'O"R`D$*/#{orderId}', 's`k${1}': '{at:iso}#{n:int(6,desc)}', delete: 'DEL\\{{{orderId}', ['__proto__']: '{n}' },
          attributes: [
            { name: 'the "price" */', type: 'N' },
            { name: 'constructor', type: 'S' },
            { name: 'tags`${x}`', type: 'SS' },
            { name: 'Größe 注文', type: 'M' },
          ],
          samples: [{ id: 's1', values: { orderId: 'o"1*/`${x}`', at: '2026-06-23T10:00:00Z', n: '7' } }],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
        {
          name: 'A-b',
          description: '',
          keys: { 'p"k */': 'AB#{id}', 's`k${1}': 'AB' },
          attributes: [{ name: 'ok', type: 'BOOL' }],
          samples: [{ id: 's1', values: { id: '1' } }],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
        {
          name: 'A b',
          description: '',
          keys: { 'p"k */': 'A_B#{id}', 's`k${1}': 'A_B' },
          attributes: [],
          samples: [{ id: 's1', values: { id: '1' } }],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
        {
          name: '注文',
          description: '',
          keys: { 'p"k */': 'ORDER#{id}', 's`k${1}': 'ORDER' },
          attributes: [],
          samples: [{ id: 's1', values: { id: '1' } }],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
        },
      ],
      accessPatterns: [],
    },
  ],
};

const SHOP_TABLE = SHOP_DESIGN.tables[0] as TableDesign;

/**
 * The Shop with GSI1 as multi-attribute GSI keys, as the review's conversion writes it: status →
 * at (`{at:iso}`, the same field the sort key uses), orderId. One order is given with a zone offset:
 * both its sort key and its `at` attribute hold the UTC instant.
 */
export const SHOP_MULTI_ATTRIBUTE_GSI_DESIGN: Design = {
  ...SHOP_DESIGN,
  name: 'Shop (GSI1 as multi-attribute keys)',
  tables: [
    {
      ...SHOP_TABLE,
      indexes: [
        {
          name: 'GSI1',
          kind: 'GSI',
          partitionKey: [{ name: 'status', type: 'S' }],
          sortKey: [
            { name: 'at', type: 'S' },
            { name: 'orderId', type: 'S' },
          ],
          projection: { type: 'INCLUDE', attributes: ['total'] },
        },
      ],
      entities: SHOP_TABLE.entities.map((entity) =>
        entity.name !== 'Order'
          ? entity
          : {
              ...entity,
              keys: { PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{at:iso}#{orderId}', status: '{status}', at: '{at:iso}', orderId: '{orderId}' },
              samples: entity.samples.map((sample) =>
                sample.id === 'o_17' ? { ...sample, values: { ...sample.values, at: '2026-06-23T12:00:00+02:00' } } : sample,
              ),
            },
      ),
    },
  ],
};
