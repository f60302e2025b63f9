import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN } from '../examples/leaderboardDesign';
import { designArbitrary } from './designArbitraryTestUtils';
import { hasDesignShape } from './designShape';
import { readDesign } from './parseDesignDocument';

describe('hasDesignShape: the guard beside the reader', () => {
  it('holds for everything the reader accepts (property)', () => {
    fc.assert(
      fc.property(designArbitrary, (design) => {
        const read = readDesign(design);
        if (read.ok) expect(hasDesignShape(read.design)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps a design saved mid-edit (the reader refuses its contents) and refuses a broken shape', () => {
    const { format: _format, ...design } = LEADERBOARD_DESIGN;
    const table = design.tables[0]!;
    const midEdit = { ...design, tables: [{ ...table, name: '' }] };
    expect(readDesign(midEdit).ok).toBe(false);
    expect(hasDesignShape(midEdit)).toBe(true);
    expect(hasDesignShape({ ...design, tables: [{ ...table, entities: {} }] })).toBe(false);
    expect(hasDesignShape({ name: 'x', tables: [] })).toBe(false);
  });
});
