import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN, buildSampleItem, type EntityDesign, type TableDesign } from '..';
import { createEntityRecogniser, recogniseEntity } from '.';
import { expectOk } from '../../errors/testing';

const shop = SHOP_DESIGN.tables[0]!;
const leaderboard = LEADERBOARD_DESIGN.tables[0]!;
const auditLog = AUDIT_LOG_DESIGN.tables[0]!;

function entity(name: string, keys: Record<string, string>): EntityDesign {
  return { name, description: '', keys, attributes: [], samples: [], expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} } };
}

function tableWith(entities: readonly EntityDesign[], overrides: Partial<TableDesign> = {}): TableDesign {
  return { ...shop, indexes: [], entities, accessPatterns: [], ...overrides };
}

describe('recogniseEntity', () => {
  it('tells the single-table Shop entities apart by their sort keys', () => {
    expect(recogniseEntity(shop, { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'CUSTOMER#c1' } })?.name).toBe('Customer');
    expect(recogniseEntity(shop, { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ORDER#2026-06-23T10:00:00Z#o_17' } })?.name).toBe('Order');
    expect(recogniseEntity(shop, { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ADDRESS#home' } })?.name).toBe('Address');
  });

  it('recognises every sample item of every example design as its own entity', () => {
    for (const table of [shop, leaderboard, auditLog]) {
      for (const expected of table.entities) {
        for (const sample of expected.samples) {
          const built = buildSampleItem(table, expected, sample);
          expectOk(built, sample.id);
          expect(recogniseEntity(table, built.item)?.name, `${table.name} ${sample.id}`).toBe(expected.name);
        }
      }
    }
  });

  it('matches no entity when a key does not re-encode to the same text', () => {
    // The naive spring season: the raw score, not the padded composite.
    expect(recogniseEntity(leaderboard, { leaderboardId: { S: 'SEASON#2026-SPRING' }, rankKey: { S: '1500' } })).toBeUndefined();
    // A timestamp the iso field would print otherwise (no seconds).
    expect(recogniseEntity(auditLog, { PK: { S: 'ACTOR#u_1' }, SK: { S: 'EVT#2026-06-23T10:00Z' } })).toBeUndefined();
    expect(recogniseEntity(shop, { PK: { S: 'ORDER#o_1' }, SK: { S: 'ORDER#2026-06-23T10:00:00Z#o_17' } })).toBeUndefined();
    expect(recogniseEntity(shop, { PK: { S: 'CUSTOMER#c1' } })).toBeUndefined();
    expect(recogniseEntity(shop, { PK: { N: '1' }, SK: { S: 'ADDRESS#home' } })).toBeUndefined();
  });

  it('knows the items of an index by the index’s keys and the table’s, and leaves out entities not in it', () => {
    const order = {
      PK: { S: 'CUSTOMER#c1' },
      SK: { S: 'ORDER#2026-06-23T10:00:00Z#o_17' },
      GSI1PK: { S: 'STATUS#PLACED' },
      GSI1SK: { S: '2026-06-23T10:00:00Z#o_17' },
    };
    expect(recogniseEntity(shop, order, 'GSI1')?.name).toBe('Order');
    expect(recogniseEntity(shop, { ...order, GSI1SK: { S: 'late' } }, 'GSI1')).toBeUndefined();
    // Customers have no GSI1 keys: not in the index, so never recognised through it.
    expect(recogniseEntity(shop, { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'CUSTOMER#c1' }, GSI1PK: { S: 'STATUS#X' } }, 'GSI1')).toBeUndefined();
    expect(recogniseEntity(shop, order, 'noSuchIndex')).toBeUndefined();
  });

  it('reads number keys as numbers (Leaderboard byPlayer: ts is N)', () => {
    const run = {
      leaderboardId: { S: 'SEASON#2026-SUMMER' },
      rankKey: { S: '0000001500#0000001719709200#p_8842' },
      playerId: { S: 'p_8842' },
      ts: { N: '1719709200' },
    };
    expect(recogniseEntity(leaderboard, run, 'byPlayer')?.name).toBe('Run');
    expect(recogniseEntity(leaderboard, { ...run, ts: { S: '1719709200' } }, 'byPlayer')).toBeUndefined();
  });

  it('reads binary keys as base64 text, from bytes or from DynamoDB JSON', () => {
    const table = tableWith([entity('Blob', { PK: 'BLOB#{id}', SK: '{hash}' })], { sortKey: { name: 'SK', type: 'B' } });
    expect(recogniseEntity(table, { PK: { S: 'BLOB#1' }, SK: { B: new Uint8Array([1, 2, 255]) } })?.name).toBe('Blob');
    expect(recogniseEntity(table, { PK: { S: 'BLOB#1' }, SK: { B: 'AQL/' } })?.name).toBe('Blob');
    expect(recogniseEntity(table, { PK: { S: 'BLOB#1' }, SK: { S: 'AQL/' } })).toBeUndefined();
  });

  it('picks the most specific entity when several templates match', () => {
    const table = tableWith([
      entity('Anything', { PK: '{pk}', SK: '{sk}' }),
      entity('Order', { PK: 'CUSTOMER#{id}', SK: 'ORDER#{orderId}' }),
      entity('Customer item', { PK: 'CUSTOMER#{id}', SK: '{sk}' }),
    ]);
    expect(recogniseEntity(table, { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ORDER#o_1' } })?.name).toBe('Order');
    expect(recogniseEntity(table, { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } })?.name).toBe('Customer item');
    expect(recogniseEntity(table, { PK: { S: 'USER#u1' }, SK: { S: 'PROFILE' } })?.name).toBe('Anything');
  });

  it('keeps the design’s order between equally specific matches, and skips entities whose templates do not parse', () => {
    const table = tableWith([
      entity('Broken', { PK: 'CUSTOMER#{id', SK: '{sk}' }),
      entity('First', { PK: 'A#{a}', SK: '{sk}' }),
      entity('Second', { PK: '{p}', SK: 'A#{b}' }),
    ]);
    expect(recogniseEntity(table, { PK: { S: 'A#1' }, SK: { S: 'A#2' } })?.name).toBe('First');
    expect(recogniseEntity(table, { PK: { S: 'CUSTOMER#1' }, SK: { S: 'x' } })).toBeUndefined();
  });

  it('lists the item collections a row belongs to even when its sort key follows no template', () => {
    const recogniser = createEntityRecogniser(leaderboard);
    expect(recogniser.collectionEntitiesOf({ leaderboardId: { S: 'SEASON#2026-SPRING' }, rankKey: { S: '1500' } }).map((found) => found.name)).toEqual(['Run']);
    expect(recogniser.collectionEntitiesOf({ leaderboardId: { S: 'OTHER' } })).toEqual([]);
  });

  it('recognises 100,000 rows of a 20-entity table', () => {
    const entities = Array.from({ length: 20 }, (_, n) => entity(`E${n}`, { PK: `TENANT#{tenant}`, SK: `KIND${String(n).padStart(2, '0')}#{at:iso}#{id}` }));
    const table = tableWith(entities);
    const recogniser = createEntityRecogniser(table);
    const counts = new Map<string, number>();
    for (let row = 0; row < 100_000; row++) {
      const kind = String(row % 20).padStart(2, '0');
      const found = recogniser.entityOf({ PK: { S: `TENANT#t${row % 7}` }, SK: { S: `KIND${kind}#2026-06-23T10:00:00Z#r${row}` } });
      counts.set(found?.name ?? '-', (counts.get(found?.name ?? '-') ?? 0) + 1);
    }
    expect(counts.get('E0')).toBe(5000);
    expect(counts.get('-')).toBeUndefined();
  });
});
