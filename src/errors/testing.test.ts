import { describe, expect, expectTypeOf, it } from 'vitest';
import { expectErr, expectOk } from './testing';

type Parsed = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly problems: readonly { readonly message: string }[] };

const ok = (value: number): Parsed => ({ ok: true, value });
const refused = (message: string): Parsed => ({ ok: false, problems: [{ message }] });

describe('expectOk', () => {
  it('narrows an ok result to its ok branch', () => {
    const result = ok(7);
    expectOk(result);
    expectTypeOf(result).toEqualTypeOf<{ readonly ok: true; readonly value: number }>();
    expect(result.value).toBe(7);
  });

  it('fails on a refusal, printing what the refusal says (and the label)', () => {
    expect(() => expectOk(refused('Enter a value for a.'))).toThrow(
      /^expected an ok result, but it was refused: \{"problems":\[\{"message":"Enter a value for a\."\}\]\}$/,
    );
    expect(() => expectOk(refused('x'), 'sample 3')).toThrow(/^sample 3: expected an ok result/);
  });
});

describe('expectErr', () => {
  it('narrows a refusal to its refusal branch', () => {
    const result = refused('bad');
    expectErr(result);
    expect(result.problems[0]?.message).toBe('bad');
  });

  it('fails on an ok result, printing the value that came back (binary as bytes, long values cut)', () => {
    expect(() => expectErr(ok(7))).toThrow(/^expected a refusal, but the result was ok: \{"value":7\}$/);
    expect(() => expectErr({ ok: true, bytes: Uint8Array.of(0, 255) })).toThrow(/"bytes":"<2 bytes: 0 255>"/);
    expect(() => expectErr({ ok: true, text: 'x'.repeat(5000) })).toThrow(/… \(5011 characters\)$/);
  });
});
