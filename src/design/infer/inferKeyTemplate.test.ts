import { describe, expect, it } from 'vitest';
import { firstRoundTripFailure, inferKeyTemplate } from '.';

const infer = (values: readonly string[], attributeName = 'SK', keyType: 'S' | 'N' | 'B' = 'S') => {
  const result = inferKeyTemplate(values, { attributeName, keyType });
  // The rule every inference keeps: each sample re-encodes byte for byte.
  if (!result.unencodable) expect(firstRoundTripFailure(result.template, values), result.template).toBeUndefined();
  return result;
};

describe('inferKeyTemplate', () => {
  it('reads the issue’s order key: constant prefix, ISO instant, id named after the prefix', () => {
    expect(infer(['ORDER#2026-06-23T10:00:00Z#o_17', 'ORDER#2026-06-21T16:20:00Z#o_15']).template).toBe('ORDER#{at:iso}#{orderId}');
  });

  it('takes the partition key’s prefix as a literal and names the field after it', () => {
    expect(infer(['CUSTOMER#c1', 'CUSTOMER#c2'], 'PK').template).toBe('CUSTOMER#{customerId}');
  });

  it('treats a part with digits as a field when every sample has the same value', () => {
    const result = infer(['CUSTOMER#c1', 'CUSTOMER#c1'], 'PK');
    expect(result.template).toBe('CUSTOMER#{customerId}');
    expect(result.notes.join(' ')).toMatch(/same value/);
    expect(infer(['PROFILE']).template).toBe('PROFILE');
  });

  it('gives zero-padded integers their width and epoch numbers their unit', () => {
    expect(infer(['0000001500#0000001719100800#p_8842', '0000002300#0000001719705600#p_7781']).template).toBe('{sk:int(10)}#{ts:epoch(16)}#{skPart3}');
    expect(infer(['V#0001', 'V#0042']).template).toBe('V#{vNumber:int(4)}');
    expect(infer(['EVT#1719100800123', 'EVT#1719705600000']).template).toBe('EVT#{ts:epochms(13)}');
    expect(infer(['T#1719100800', 'T#1719705600']).template).toBe('T#{ts:epoch(10)}');
  });

  it('keeps numbers of different widths as a string field and says why', () => {
    const unpadded = infer(['SCORE#9', 'SCORE#10', 'SCORE#875']);
    expect(unpadded.template).toBe('SCORE#{score}');
    expect(unpadded.notes.join(' ')).toMatch(/different widths.*10 before 9/);
    const mixedPadding = infer(['N#007', 'N#0042']);
    expect(mixedPadding.template).toBe('N#{nSeq}');
    expect(mixedPadding.notes.join(' ')).toMatch(/zero-padded to different widths \(3, 4 digits\)/);
  });

  it('reads timestamps at millisecond precision, and keeps other precisions and zones as strings with a reason', () => {
    expect(infer(['E#2026-06-23T10:00:00.120Z', 'E#2026-06-23T10:00:01.000Z']).template).toBe('E#{at:iso(ms)}');
    const mixed = infer(['E#2026-06-23T10:00:00Z', 'E#2026-06-23T10:00:00.500Z']);
    expect(mixed.template).toBe('E#{at}');
    expect(mixed.notes.join(' ')).toMatch(/1 have second and 1 millisecond precision/);
    const zoned = infer(['E#2026-06-23T10:00:00+02:00', 'E#2026-06-23T11:00:00+02:00']);
    expect(zoned.template).toBe('E#{at}');
    expect(zoned.notes.join(' ')).toMatch(/UTC offset/);
    const minutes = infer(['E#2026-06-23T10:00Z', 'E#2026-06-23T11:00Z']);
    expect(minutes.notes.join(' ')).toMatch(/not all at second/);
  });

  it('falls back to one string field for the rest when a value contains the delimiter', () => {
    const result = infer(['USER#alice', 'USER#bob#smith', 'USER#carol']);
    expect(result.template).toBe('USER#{userId}');
    expect(result.notes.join(' ')).toMatch(/not all built the same way/);
  });

  it('handles empty parts (a doubled delimiter) by a coarser template', () => {
    const result = infer(['A##1', 'A#x#2']);
    expect(result.template).toBe('A{aId}');
    expect(infer(['A##1', 'A##2']).template).toBe('A##{aSeq}');
  });

  it('splits on |, :, /, ~ and $ too', () => {
    expect(infer(['tenant|t1|user|u1', 'tenant|t2|user|u2']).template).toBe('tenant|{tenantId}|user|{userId}');
    expect(infer(['a:1:x', 'a:2:y']).template).toBe('a:{aSeq}:{skPart2}');
    // Unpadded digits of one width show no width to pad to: a string field, not an int(4) made up from them.
    expect(infer(['p/2026/x', 'p/2027/y']).template).toBe('p/{pId}/{skPart2}');
    expect(infer(['k~a$1', 'k~b$2']).template).toBe('k~{kId}${skPart2}');
  });

  it('keeps unicode values in string fields', () => {
    expect(infer(['CITY#Zürich', 'CITY#東京', 'CITY#🎉party']).template).toBe('CITY#{cityId}');
  });

  it('reports values no template can hold', () => {
    const result = inferKeyTemplate(['', 'x'], { attributeName: 'SK', keyType: 'S' });
    expect(result.unencodable).toEqual(['']);
  });

  it('gives N and B keys one field of their type', () => {
    expect(infer(['1', '42', '-3.5'], 'score', 'N').template).toBe('{score}');
    const unnormalized = inferKeyTemplate(['1.50'], { attributeName: 'score', keyType: 'N' });
    expect(unnormalized.unencodable).toEqual(['1.50']);
    expect(infer(['AQI='], 'blob', 'B').template).toBe('{blob}');
  });

  it('names a lone field after its attribute and keeps names unique', () => {
    expect(infer(['p_1', 'p_2'], 'playerId').template).toBe('{playerId}');
    expect(infer(['ORDER#a#ORDER#b', 'ORDER#c#ORDER#d']).template).toBe('ORDER#{orderId}#ORDER#{orderId2}');
  });

  describe('dates in any common spelling are one field', () => {
    it.each([
      ['month/day/year', ['EVT#6/23/2026', 'EVT#11/3/2025', 'EVT#1/15/2026'], 'EVT#{date}'],
      ['day.month.year', ['EVT#23.06.2026', 'EVT#03.11.2025'], 'EVT#{date}'],
      ['year/month/day', ['EVT#2026/06/23', 'EVT#2025/11/03'], 'EVT#{date}'],
      ['day-month-year with dashes', ['EVT#23-06-2026', 'EVT#03-11-2025'], 'EVT#{date}'],
      ['an ISO date without a time', ['EVT#2026-06-23', 'EVT#2025-11-03'], 'EVT#{date}'],
      ['ISO with offsets', ['EVT#2026-06-23T10:00:00+09:00', 'EVT#2025-11-03T08:00:00-05:00'], 'EVT#{at}'],
      ['ISO UTC as the codec writes it', ['EVT#2026-06-23T10:00:00Z', 'EVT#2025-11-03T08:00:00Z'], 'EVT#{at:iso}'],
      ['epoch seconds', ['EVT#1782208800', 'EVT#1762156800'], 'EVT#{ts:epoch(10)}'],
      ['epoch milliseconds', ['EVT#1782208800000', 'EVT#1762156800123'], 'EVT#{ts:epochms(13)}'],
    ])('%s', (_form, values, template) => {
      expect(infer(values).template).toBe(template);
    });

    it('reads the issue’s EVT#6/23/2026 as one date, not three numbers, followed by more parts', () => {
      const result = infer(['EVT#6/23/2026#e_1', 'EVT#11/3/2025#e_2']);
      expect(result.template).toBe('EVT#{date}#{evtId}');
      expect(result.notes.join(' ')).toMatch(/dates written like "6\/23\/2026" kept as one string field.*ISO-8601 UTC/);
      // A single sample is a date too (every part with digits is a field then).
      expect(infer(['EVT#6/23/2026', 'EVT#6/23/2026']).template).toBe('EVT#{date}');
    });

    it('reads ISO hour and month buckets as one field, even when every sample is in the same one', () => {
      expect(infer(['SITE#plant-1#2026-06-23T10', 'SITE#plant-2#2026-06-23T10'], 'GSI1PK').template).toBe('SITE#{siteId}#{hour}');
      expect(infer(['SENSOR#s1#2026-06', 'SENSOR#s2#2026-07'], 'PK').template).toBe('SENSOR#{sensorId}#{month}');
      expect(infer(['EVT#2026-06-23T10:00:00Z#a', 'EVT#2026-06-23T10:00:00Z#b']).template).toBe('EVT#{at:iso}#{evtId}');
      expect(infer(['V#2026-13', 'V#2026-14']).template).not.toContain('{month}');
    });

    it('keeps paths and versions that only look like dates apart', () => {
      expect(infer(['p/13/45/2026', 'p/14/46/2027']).template).not.toContain('{date}');
      expect(infer(['v1.2.3', 'v1.2.4']).template).not.toContain('{date}');
      expect(infer(['R#1.2.1234', 'R#1.3.1234']).template).not.toContain('{date}');
    });
  });

  it('keeps an e-mail address whole although @ separates parts of other keys', () => {
    const users = infer(['USER#ada@acme1.example', 'USER#alan@acme2.example', 'USER#barbara@acme2.example']);
    expect(users.template).toBe('USER#{userId}');
    expect(infer(['USER#ada@acme1.example#PROFILE', 'USER#alan@acme2.example#PROFILE']).template).toBe('USER#{userId}#PROFILE');
    // Without a domain it is no address: @ still separates two parts.
    expect(infer(['TENANT#t1@2026-06-23', 'TENANT#t2@2026-06-24']).template).not.toContain('@}');
  });

  describe('ids stay ids; only padded numbers get a width, the one seen', () => {
    it('types an id after a one-letter prefix as a string, named by what the letter stands for', () => {
      const customer = inferKeyTemplate(['c#12345'], { attributeName: 'PK', keyType: 'S', prefixWords: new Map([['c', 'customer']]) });
      expect(customer.template).toBe('c#{customerId}');
      expect(infer(['c#12345', 'c#67890']).template).toBe('c#{cId}');
      // Padded, the digits after an entity's own letter are still its id: no int(3) for w#001.
      expect(inferKeyTemplate(['w#001', 'w#002'], { attributeName: 'SK', keyType: 'S', prefixWords: new Map([['w', 'warehouse']]) }).template).toBe(
        'w#{warehouseId}',
      );
    });

    it.each([
      [['CUSTOMER#12345', 'CUSTOMER#67890'], 'CUSTOMER#{customerId}'],
      [['USER#00042', 'USER#00117'], 'USER#{userId}'],
      [['c_77b2', 'c_90af'], '{customerId}'],
      [['9f86d081', '3e23e816'], '{customerId}'],
      [['01J0ZK3M8Q4N5V6W7X8Y9Z0ABC', '01J0ZK3M8Q4N5V6W7X8Y9Z0ABD'], '{customerId}'],
      [['7c9e6679-7425-40de-944b-e07fc1f90ae7', '550e8400-e29b-41d4-a716-446655440000'], '{customerId}'],
      [['12345', '67890'], '{customerId}'],
    ])('%j → %s', (values, template) => {
      expect(infer(values, 'customerId').template).toBe(template);
    });

    it('gives zero-padded numbers the width seen, and unpadded quantities no width', () => {
      expect(infer(['SCORE#00042', 'SCORE#01500']).template).toBe('SCORE#{score:int(5)}');
      expect(infer(['SCORE#0000001500', 'SCORE#0000000042']).template).toBe('SCORE#{score:int(10)}');
      expect(infer(['SCORE#12345', 'SCORE#67890']).template).toBe('SCORE#{score}');
      expect(infer(['ORDER#12345', 'ORDER#67890']).template).toBe('ORDER#{orderId}');
    });

    it('keeps signed and decimal numbers as text named as values, and mixed epoch units as one ts field', () => {
      const prices = infer(['PRICE#100.00', 'PRICE#12.50', 'PRICE#9.99']);
      expect(prices.template).toBe('PRICE#{price}');
      expect(prices.notes.join(' ')).toMatch(/signed or decimal numbers \("100.00"\) kept as a string field/);
      expect(infer(['AMT#-0000150', 'AMT#-0000020', 'AMT#0000300']).template).toBe('AMT#{amt}');
      // Padded to one shape, decimals get dec(I,F) at the shape seen.
      expect(infer(['PRICE#00012.50#sku1', 'PRICE#00100.00#sku2']).template).toBe('PRICE#{price:dec(5,2)}#{skPart2}');
      expect(infer(['DELTA#-1.5', 'DELTA#2']).template).toBe('DELTA#{deltaValue}');
      const epochs = infer(['TS#1719705600', 'TS#1719709200000']);
      expect(epochs.template).toBe('TS#{ts}');
      expect(epochs.notes.join(' ')).toMatch(/epoch seconds and milliseconds mixed \(1 of 10 digits, 1 of 13\)/);
    });

    it('keeps padded numbers of different widths a string field: the stored widths stay evidence', () => {
      const result = infer(['SCORE#00000010#p1', 'SCORE#0000001500#p2']);
      expect(result.template).toBe('SCORE#{score}#{skPart2}');
      expect(result.notes.join(' ')).toMatch(/zero-padded to different widths \(8, 10 digits\)/);
    });
  });

  describe('a literal prefix without a delimiter', () => {
    it('reads ORDER0001 as the word ORDER and a number', () => {
      expect(infer(['ORDER0001', 'ORDER0002', 'ORDER0010']).template).toBe('ORDER{orderNumber:int(4)}');
      expect(infer(['ORDER0001', 'ORDER0001']).template).toBe('ORDER{orderNumber:int(4)}');
      expect(infer(['INV2026-0001', 'INV2026-0002']).template).toBe('INV{invId}');
    });

    it('reads the versioning pattern v0, v1 … v12 as the word v and a version number, padded or not (held-out model-wiki-versions)', () => {
      expect(infer(['v0', 'v1', 'v2', 'v9', 'v10', 'v12']).template).toBe('v{vSeq}');
      expect(infer(['v000000', 'v000001', 'v000004']).template).toBe('v{vNumber:int(6)}');
      expect(infer(['V1', 'V2', 'V3']).template).toBe('V{vSeq}');
      // Any other lone letter glued to digits is an id's own spelling (u1, u12), not a word.
      expect(infer(['u1', 'u12', 'u7']).template).toBe('{sk}');
    });

    it('leaves ids that merely start with letters whole', () => {
      expect(infer(['AB12CD', 'XY98ZZ']).template).toBe('{sk}');
      expect(infer(['ORDERITEM#0001#A', 'ORDERITEM#0001#B']).template).toBe('ORDERITEM#0001#{orderitemId}');
    });
  });

  it('takes a partition key the samples give one value as a field after its word, not a constant', () => {
    const pk = (values: readonly string[]) => inferKeyTemplate(values, { attributeName: 'PK', keyType: 'S', partitionKey: true }).template;
    expect(pk(['AIRPORT#SEA', 'AIRPORT#SEA'])).toBe('AIRPORT#{airportId}');
    expect(pk(['TENANT#acme#USERS', 'TENANT#acme#USERS'])).toBe('TENANT#{tenantId}#USERS');
    expect(pk(['CONFIG'])).toBe('CONFIG');
    // A sort key keeps its constant: PROFILE, METADATA#SEA are literals there.
    expect(infer(['METADATA#SEA', 'METADATA#SEA']).template).toBe('METADATA#SEA');
  });

  it('says so when there are no samples', () => {
    expect(inferKeyTemplate([], { attributeName: 'GSI1PK', keyType: 'S' })).toMatchObject({ template: '{gsi1pk}' });
  });
});
