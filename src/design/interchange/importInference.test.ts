import { describe, expect, it } from 'vitest';
import type { Design, EntityDesign } from '..';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { reviewDesign } from '../review';
import { exportWorkbenchModel, importWorkbenchModel, KEYLAB_EXTENSION_FIELD } from '.';
import anOnlineShop from './fixtures/an-online-shop.json?raw';
import { expectOk } from '../../errors/testing';

/**
 * The inference examples through the real importer: a small NoSQL
 * Workbench model in, the design's templates and its review out.
 */

type Item = Record<string, { S: string } | { N: string }>;

/** A one-table Workbench model (PK / SK strings) whose items are grouped by key prefix (no facets). */
function workbenchModel(items: readonly Item[], facets?: Record<string, readonly Item[]>): string {
  return JSON.stringify({
    ModelName: 'Inference',
    ModelMetadata: { Version: '3.0' },
    DataModel: [
      {
        TableName: 'T',
        KeyAttributes: { PartitionKey: { AttributeName: 'PK', AttributeType: 'S' }, SortKey: { AttributeName: 'SK', AttributeType: 'S' } },
        ...(facets ? { TableFacets: Object.entries(facets).map(([FacetName, TableData]) => ({ FacetName, TableData })) } : {}),
        TableData: items,
      },
    ],
  });
}

function imported(text: string): Design {
  const result = importWorkbenchModel(text);
  expectOk(result);
  return result.design;
}

const item = (pk: string, sk: string, extra: Item = {}): Item => ({ PK: { S: pk }, SK: { S: sk }, ...extra });
const entity = (design: Design, name: string): EntityDesign => design.tables[0]!.entities.find((candidate) => candidate.name === name)!;

describe('import infers from real data', () => {
  it('AnOnlineShop: ids after one-letter prefixes stay string ids, named by the entity that owns the letter, and no width finding follows', () => {
    const design = imported(anOnlineShop);
    const keys = Object.fromEntries(design.tables[0]!.entities.map((e) => [e.name, e.keys]));
    expect(keys.customer).toEqual({ PK: 'c#{customerId}', SK: 'c#{customerId}' });
    expect(keys.order).toEqual({ PK: 'o#{orderId}', SK: 'o#{orderId}', GSI1PK: 'c#{customerId}', GSI1SK: 'o#{orderId}' });
    expect(keys.orderItem).toEqual({ PK: 'o#{orderId}', SK: 'p#{productId}' });
    expect(keys.inventory).toEqual({ PK: 'p#{productId}', SK: 'w#{warehouseId}' });
    expect(JSON.stringify(keys)).not.toMatch(/int\(/);
    expect(entity(design, 'customer').samples[0]!.values).toEqual({ customerId: '12345' });

    const findings = reviewDesign({ design });
    expect(findings.filter((finding) => finding.code === 'review.widthTooNarrow')).toEqual([]);
    // Named as ids, the digits are ids to the intended-order judge too: not "numbers sorting as text".
    expect(findings.filter((finding) => finding.code === 'review.numberInStringField')).toEqual([]);
  });

  it('names unpadded counters and quantities so that the review still says they sort as text', () => {
    const design = imported(
      workbenchModel([
        item('SEASON#s1', 'SCORE#9'),
        item('SEASON#s1', 'SCORE#10'),
        item('SEASON#s1', 'SCORE#875'),
        item('THREAD#t1', 'MSG#7'),
        item('THREAD#t1', 'MSG#12'),
      ]),
    );
    expect(entity(design, 'Score').keys.SK).toBe('SCORE#{score}');
    expect(entity(design, 'Msg').keys.SK).toBe('MSG#{msgSeq}');
    const numbers = reviewDesign({ design }).filter((finding) => finding.code === 'review.numberInStringField');
    expect(numbers.map((finding) => finding.subject.entity).sort()).toEqual(['Msg', 'Score']);
  });

  it('reads EVT#6/23/2026 as one date field, so the review finds the dates and its fix sorts them by time', () => {
    const design = imported(
      workbenchModel([
        item('ACTOR#u1', 'EVT#6/23/2026'),
        item('ACTOR#u1', 'EVT#11/3/2025'),
        item('ACTOR#u1', 'EVT#1/15/2026'),
        item('ACTOR#u2', 'EVT#12/1/2025'),
      ]),
    );
    const event = entity(design, 'Evt');
    expect(event.keys).toEqual({ PK: 'ACTOR#{actorId}', SK: 'EVT#{date}' });
    expect(event.samples.map((sample) => sample.values.date)).toEqual(['6/23/2026', '11/3/2025', '1/15/2026', '12/1/2025']);

    const findings = reviewDesign({ design });
    const dates = findings.filter((finding) => finding.code === 'review.dateNotIso');
    expect(dates).toHaveLength(1);
    expect(dates[0]!.severity).toBe('error');
    expect(findings.filter((finding) => finding.code === 'review.widthTooNarrow' || finding.code === 'review.numberInStringField')).toEqual([]);

    // The offered fix writes ISO-8601 UTC: June 2026 now sorts after November 2025, and nothing is left to fix.
    const fixed = dates[0]!.fix!.apply(design);
    const fixedEvent = entity(fixed, 'Evt');
    expect(fixedEvent.keys.SK).toBe('EVT#{date:iso}');
    const u1 = fixedEvent.samples.filter((sample) => sample.values.actorId === 'u1').map((sample) => sample.values.date!);
    expect([...u1].sort()).toEqual(['2025-11-03T00:00:00Z', '2026-01-15T00:00:00Z', '2026-06-23T00:00:00Z']);
    expect(reviewDesign({ design: fixed }).filter((finding) => finding.code === 'review.dateNotIso' || finding.severity === 'error')).toEqual([]);
  });

  it.each([
    ['23.06.2026', '03.11.2025'],
    ['2026/06/23', '2025/11/03'],
  ])('reads %s-style dates as one field too', (june, november) => {
    const design = imported(workbenchModel([item('ACTOR#u1', `EVT#${june}#e1`), item('ACTOR#u1', `EVT#${november}#e2`)]));
    expect(entity(design, 'Evt').keys.SK).toBe('EVT#{date}#{evtId}');
  });

  it('reads ORDER0001 next to ORDERITEM#0001#A in one partition as the literal ORDER and a number', () => {
    const design = imported(
      workbenchModel([
        item('CUSTOMER#c1', 'ORDER0001'),
        item('CUSTOMER#c1', 'ORDERITEM#0001#A'),
        item('CUSTOMER#c1', 'ORDERITEM#0001#B'),
        item('CUSTOMER#c1', 'ORDER0002'),
        item('CUSTOMER#c1', 'ORDERITEM#0002#A'),
        item('CUSTOMER#c2', 'ORDER0010'),
      ]),
    );
    expect(design.tables[0]!.entities.map((e) => [e.name, e.keys.SK])).toEqual([
      ['Order', 'ORDER{orderNumber:int(4)}'],
      ['Orderitem', 'ORDERITEM#{orderitemNumber:int(4)}#{skPart2}'],
    ]);
    expect(entity(design, 'Order').samples.map((sample) => sample.values.orderNumber)).toEqual(['1', '2', '10']);
    // With ORDER a literal, the review sees that begins_with(SK, "ORDER") reaches the order items too.
    expect(
      reviewDesign({ design })
        .filter((finding) => finding.code === 'review.prefixOverlap')
        .map((finding) => finding.message),
    ).toEqual([expect.stringContaining('"ORDER" is a prefix of Orderitem')]);
  });

  it('keeps a prefix glued to a value in one facet too (INV2026-0001)', () => {
    const invoices = [item('ACCOUNT#a1', 'INV2026-0001'), item('ACCOUNT#a1', 'INV2026-0002')];
    const design = imported(workbenchModel(invoices, { Invoice: invoices }));
    expect(entity(design, 'Invoice').keys.SK).toBe('INV{invId}');
  });

  it('does not make a partition key constant because its few samples share one value', () => {
    const fares = [item('AIRLINE#AA', 'FARE#JFK', { price: { N: '320' } }), item('AIRLINE#AA', 'FARE#LAX', { price: { N: '180' } })];
    const design = imported(workbenchModel([...fares, item('CONFIG', 'SETTINGS')], { Fare: fares }));
    expect(entity(design, 'Fare').keys).toEqual({ PK: 'AIRLINE#{airlineId}', SK: 'FARE#{fareId}' });
    expect(entity(design, 'Settings').keys).toEqual({ PK: 'CONFIG', SK: 'SETTINGS' });
    // The review may still question the true constant (CONFIG); never the one the samples merely share.
    expect(
      reviewDesign({ design })
        .filter((finding) => finding.code === 'review.lowCardinalityPartitionKey')
        .map((finding) => finding.subject.entity),
    ).not.toContain('Fare');
  });

  it('names a part that repeats another key’s field after that field (the built-in examples, exported without their templates)', () => {
    const reimported = (design: Design) => {
      const model = JSON.parse(exportWorkbenchModel(design).text) as Record<string, unknown>;
      delete model[KEYLAB_EXTENSION_FIELD];
      return imported(JSON.stringify(model));
    };
    expect(entity(reimported(LEADERBOARD_DESIGN), 'Run').keys.rankKey).toBe('{rankKey:int(10)}#{ts:epoch(16)}#{playerId}');
    expect(entity(reimported(SHOP_DESIGN), 'Order').keys).toEqual({
      PK: 'CUSTOMER#{customerId}',
      SK: 'ORDER#{at:iso}#{orderId}',
      GSI1PK: 'STATUS#{statusId}',
      GSI1SK: '{at:iso}#{orderId}',
    });
  });

  it('never invents a width: unpadded numbers stay text, padded ones of two widths stay text, one padded width is kept', () => {
    const design = imported(
      workbenchModel([
        item('SEASON#s1', 'SCORE#00000010#p1'),
        item('SEASON#s1', 'SCORE#0000001500#p2'),
        item('SEASON#s1', 'SCORE#00000240#p3'),
        item('USER#12345', 'PROFILE'),
        item('USER#67890', 'PROFILE'),
        item('SEASON#s1', 'RUN#00042'),
        item('SEASON#s1', 'RUN#00117'),
      ]),
    );
    expect(entity(design, 'Score').keys.SK).toBe('SCORE#{score}#{skPart2}');
    expect(entity(design, 'Profile').keys.PK).toBe('USER#{userId}');
    expect(entity(design, 'Run').keys.SK).toBe('RUN#{runNumber:int(5)}');
    expect(reviewDesign({ design }).filter((finding) => finding.code === 'review.widthTooNarrow')).toEqual([]);
  });
});
