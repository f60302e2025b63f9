import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS } from '../../examples';
import { designOf, entity, run, samples, tableDesign } from './capacityTestUtils';
import { keyTooLong } from './keyTooLong';

function noteDesign(maxLengths: Record<string, number>, values: Record<string, string>[] = [{ customerId: 'c1', note: 'hello' }]) {
  return designOf(
    tableDesign({
      entities: [
        entity(
          'Note',
          { PK: 'CUSTOMER#{customerId}', SK: 'NOTE#{at:iso}#{note}' },
          {
            samples: samples(values.map((value) => ({ at: '2026-06-23T10:00:00Z', ...value }))),
            expectations: { largestValues: {}, headroomDigits: 2, maxLengths },
          },
        ),
      ],
    }),
  );
}

describe('review.keyTooLong', () => {
  it('warns when string fields at their max lengths pass the sort key’s 1,024 bytes, with the computed maximum per segment and the longest sample', () => {
    const findings = run(keyTooLong, noteDesign({ customerId: 24, note: 1100 }));
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({ code: 'review.keyTooLong', severity: 'warning', subject: { table: 'Tbl', entity: 'Note', keyAttribute: 'SK' } });
    // "NOTE#" 5 + iso 20 + "#" 1 + 1,100 = 1,126 bytes; 3,326 with non-ASCII text.
    expect(finding?.message).toContain('1,126 bytes');
    expect(finding?.message).toContain('3,326');
    expect(finding?.message).toContain('1,024');
    expect(finding?.evidence[0]?.text).toBe('"NOTE#" 5 + {at:iso} 20 + "#" 1 + {note} ≤ 1,100 = 1,126 bytes (3,326 with non-ASCII text)');
    expect(finding?.evidence[1]).toEqual({ label: 'longest sample key (s0, 31 bytes)', text: 'NOTE#2026-06-23T10:00:00Z#hello' });
    expect(finding?.suggestion.length).toBeGreaterThan(0);
  });

  it('is an error when a sample already gives a key over the limit', () => {
    const [finding] = run(keyTooLong, noteDesign({ note: 2000 }, [{ customerId: 'c1', note: 'x'.repeat(1100) }]));
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('1 sample of Note already gives SK keys over');
    expect(finding?.evidence[0]?.text).toContain('1126 bytes');
  });

  it('counts 3 UTF-8 bytes per character for non-ASCII text: a note when only that passes the limit', () => {
    const [finding] = run(keyTooLong, noteDesign({ customerId: 24, note: 400 }, [{ customerId: 'c1', note: 'Überweisung €' }]));
    expect(finding?.severity).toBe('note');
    expect(finding?.message).toContain('1,226 bytes');
    expect(finding?.evidence[1]?.label).toContain('42 bytes');
  });

  it('asks for a max length only where the rest of the key is already large', () => {
    const wide = designOf(
      tableDesign({
        entities: [entity('Wide', { PK: 'P', SK: '{a}#{b}' }, { expectations: { largestValues: {}, headroomDigits: 2, maxLengths: { a: 600 } } })],
      }),
    );
    const long = run(keyTooLong, wide);
    expect(long).toHaveLength(1);
    expect(long[0]).toMatchObject({ severity: 'note', subject: { keyAttribute: 'SK', field: 'b' } });
    expect(long[0]?.message).toContain('{b}');
    // Short known part, no max length for note: no finding (no noise on every design).
    expect(run(keyTooLong, noteDesign({ customerId: 24 }))).toEqual([]);
  });

  it('checks a partition key against 2,048 bytes', () => {
    const design = designOf(
      tableDesign({ entities: [entity('Blob', { PK: 'B#{a}', SK: 'X' }, { expectations: { largestValues: {}, headroomDigits: 2, maxLengths: { a: 600 } } })] }),
    );
    expect(run(keyTooLong, design)).toEqual([]);
    const wider = designOf(
      tableDesign({
        entities: [entity('Blob', { PK: 'B#{a}', SK: 'X' }, { expectations: { largestValues: {}, headroomDigits: 2, maxLengths: { a: 2100 } } })],
      }),
    );
    expect(run(keyTooLong, wider)[0]).toMatchObject({ severity: 'warning', subject: { keyAttribute: 'PK' } });
    expect(run(keyTooLong, wider)[0]?.message).toContain('2,048');
  });

  it('finds nothing in a design whose keys fit', () => {
    expect(run(keyTooLong, noteDesign({ customerId: 24, note: 200 }))).toEqual([]);
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('finds nothing in the %s example', (_id, design) => {
    expect(run(keyTooLong, design)).toEqual([]);
  });
});
