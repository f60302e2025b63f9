import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS } from '../../examples';
import { designOf, entity, run, samples, tableDesign } from './capacityTestUtils';
import { itemSize } from './itemSize';

function documentDesign(bodyLength: number, itemSizeBytes?: number) {
  return designOf(
    tableDesign({
      entities: [
        entity(
          'Doc',
          { PK: 'DOC#{docId}', SK: 'V#{version:int(4)}' },
          {
            attributes: [{ name: 'body', type: 'S' }],
            samples: samples(
              [
                { docId: 'd1', version: '1' },
                { docId: 'd1', version: '2' },
              ],
              (index) => ({ body: { S: 'x'.repeat(index === 1 ? bodyLength : 10) }, pages: { N: '12' } }),
            ),
            expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {}, ...(itemSizeBytes !== undefined ? { itemSizeBytes } : {}) },
          },
        ),
      ],
    }),
  );
}

describe('review.itemSize', () => {
  it('warns about a sample item near 400 KB, sized DynamoDB’s way, naming its largest attribute', () => {
    const findings = run(itemSize, documentDesign(330_000));
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    // PK "DOC#d1" 2+6, SK "V#0002" 2+6, body 4+330,000, pages 5+2 (12: one byte per two digits, plus one).
    expect(finding).toMatchObject({ code: 'review.itemSize', severity: 'warning', subject: { table: 'Tbl', entity: 'Doc' } });
    expect(finding?.message).toContain('Sample s1 of Doc is 330,027 bytes, 81%');
    expect(finding?.message).toContain('409,600');
    expect(finding?.evidence).toEqual([
      { label: 'largest sample item (s1)', text: '330,027 bytes (322.3 KB)' },
      { label: 'its largest attribute', text: 'body: 330,004 bytes (name and value)' },
    ]);
    expect(finding?.suggestion).toContain('S3');
  });

  it('is an error when the expected item size is over the limit, and a note at half of it', () => {
    expect(run(itemSize, documentDesign(10, 500_000))[0]).toMatchObject({ severity: 'error' });
    expect(run(itemSize, documentDesign(10, 500_000))[0]?.message).toContain('expected item size (itemSizeBytes) is 500,000 bytes: over');
    expect(run(itemSize, documentDesign(10, 250_000))[0]?.severity).toBe('note');
  });

  it('finds nothing for small items', () => {
    expect(run(itemSize, documentDesign(4000, 2000))).toEqual([]);
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('finds nothing in the %s example', (_id, design) => {
    expect(run(itemSize, design)).toEqual([]);
  });
});
