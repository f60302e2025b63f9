import { describe, expect, it } from 'vitest';
import { emptyTable } from '../emptyDesign';
import type { Design, EntityDesign, TableDesign } from '../design.types';
import { MAX_COLUMNS_PER_SAMPLES, ReviewContext } from './reviewContext';

function entity(name: string, sk: string): EntityDesign {
  return {
    name,
    description: '',
    keys: { PK: 'P', SK: sk },
    attributes: [],
    samples: [
      { id: 's1', values: { n: '7' } },
      { id: 's2', values: { n: '42' } },
    ],
    expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
  };
}

function designOf(entities: EntityDesign[]): Design {
  const table: TableDesign = { ...emptyTable('T'), entities };
  return { name: 'd', description: '', tables: [table] };
}

const sortKeys = (design: Design, index: number) =>
  (new ReviewContext({ design }).entities()[index] as ReturnType<ReviewContext['entities']>[number]).encodedKeys('SK');

describe('ReviewContext encoded keys across reviews', () => {
  it('reuses an unchanged entity’s column in the next review and re-encodes the edited one', () => {
    const a = entity('A', '{n:int(3)}');
    const b = entity('B', '{n:int(3)}#B');
    const before = designOf([a, b]);
    const firstA = sortKeys(before, 0);
    const firstB = sortKeys(before, 1);
    expect(firstA).toEqual(['007', '042']);
    // A keystroke in A's template: a new design, B's entity object kept.
    const after = designOf([{ ...a, keys: { ...a.keys, SK: '{n:int(4)}' } }, b]);
    expect(sortKeys(after, 1)).toBe(firstB);
    const secondA = sortKeys(after, 0);
    expect(secondA).not.toBe(firstA);
    expect(secondA).toEqual(['0007', '0042']);
    // Typing back to the earlier text finds its column again.
    expect(sortKeys(designOf([a, b]), 0)).toBe(firstA);
  });

  it('re-encodes when the samples change, and keeps a bounded number of template texts per samples array', () => {
    const a = entity('A', '{n:int(3)}');
    const first = sortKeys(designOf([a]), 0);
    const edited = { ...a, samples: [...a.samples, { id: 's3', values: { n: '5' } }] };
    expect(sortKeys(designOf([edited]), 0)).toEqual(['007', '042', '005']);
    for (let width = 4; width < 4 + MAX_COLUMNS_PER_SAMPLES; width++) sortKeys(designOf([{ ...a, keys: { ...a.keys, SK: `{n:int(${width})}` } }]), 0);
    const again = sortKeys(designOf([a]), 0);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('keeps no column for a template that does not compile', () => {
    expect(sortKeys(designOf([entity('A', '{n:int(')]), 0)).toEqual([undefined, undefined]);
  });
});
