import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonErrorOffset, locateJsonError } from './jsonErrorPosition';

describe('JSON error offsets', () => {
  it.each([
    ['{"a": ,}', 6],
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ['[1, 2', 5],
    ['{"a": tru}', 9],
  ])('%s', (text, offset) => {
    expect(findJsonErrorOffset(text)).toBe(offset);
  });
  it('finds none in valid JSON, agreeing with JSON.parse', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(findJsonErrorOffset(text)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.json(), fc.nat(), (text, cut) => {
        const broken = text.slice(0, cut % (text.length + 1));
        let valid = true;
        try {
          JSON.parse(broken);
        } catch {
          valid = false;
        }
        expect(findJsonErrorOffset(broken) === undefined).toBe(valid);
      }),
    );
  });
});

describe('locateJsonError', () => {
  it('gives the line and column of the first error, 1-based', () => {
    const text = '{\n  "TableName": "AuditLog",\n  "Limit": ,\n}';
    expect(locateJsonError(text, new SyntaxError('Unexpected token')).where).toEqual({ line: 3, column: 12, endsEarly: false });
  });
  it('says when the text ends too early', () => {
    expect(locateJsonError('{"a": 1', new SyntaxError('Unexpected end of JSON input')).where).toEqual({ line: 1, column: 8, endsEarly: true });
  });
  it("reads V8's line and column when it gives them, and cleans the reason", () => {
    const located = locateJsonError('x', new SyntaxError("Expected ',' or '}' after property value in JSON at position 9 (line 2 column 5)"));
    expect(located.where).toEqual({ line: 2, column: 5, endsEarly: false });
    expect(located.reason).toBe("Expected ',' or '}' after property value");
  });
});
