import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, type Design } from '..';
import { designArbitrary } from './designArbitraryTestUtils';
import { parseDesignDocument } from './parseDesignDocument';
import { serializeDesignDocument } from './serializeDesignDocument';
import { expectOk } from '../../errors/testing';

/**
 * parseDesignDocument(serializeDesignDocument(d)) is d, for the examples and
 * for generated designs that exercise every optional field.
 */

describe('serializeDesignDocument ∘ parseDesignDocument', () => {
  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('gives %s back', (_id, document) => {
    const { format: _format, ...design } = document;
    const text = serializeDesignDocument(design);
    expect(parseDesignDocument(text)).toEqual({ ok: true, design, warnings: [] });
    // Stable: writing what was read gives the same text.
    const read = parseDesignDocument(text);
    expectOk(read);
    expect(serializeDesignDocument(read.design)).toBe(text);
  });

  it('gives every generated design back, exactly', () => {
    fc.assert(
      fc.property(designArbitrary, (design) => {
        const read = parseDesignDocument(serializeDesignDocument(design));
        expectOk(read);
        expect(read).toEqual({ ok: true, design, warnings: [] });
      }),
      { numRuns: 150 },
    );
  });

  it('writes format first and only the fields the format knows', () => {
    const design = { ...EXAMPLE_DESIGNS[0]!.design, connection: { secretAccessKey: 'SECRET' } } as Design;
    const text = serializeDesignDocument(design);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['format', 'name', 'description', 'tables']);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('connection');
  });
});
