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
    expect(unpadded.template).toBe('SCORE#{scoreNumber}');
    expect(unpadded.notes.join(' ')).toMatch(/different widths.*10 before 9/);
    const mixedPadding = infer(['N#007', 'N#0042']);
    expect(mixedPadding.template).toBe('N#{nNumber}');
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
    expect(infer(['A##1', 'A##2']).template).toBe('A##{aNumber}');
  });

  it('splits on |, :, /, ~ and $ too', () => {
    expect(infer(['tenant|t1|user|u1', 'tenant|t2|user|u2']).template).toBe('tenant|{tenantId}|user|{userId}');
    expect(infer(['a:1:x', 'a:2:y']).template).toBe('a:{aNumber}:{skPart2}');
    expect(infer(['p/2026/x', 'p/2027/y']).template).toBe('p/{pNumber:int(4)}/{skPart2}');
    expect(infer(['k~a$1', 'k~b$2']).template).toBe("k~{kId}${skPart2}");
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

  it('says so when there are no samples', () => {
    expect(inferKeyTemplate([], { attributeName: 'GSI1PK', keyType: 'S' })).toMatchObject({ template: '{gsi1pk}' });
  });
});
