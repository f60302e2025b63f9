import { describe, expect, it } from 'vitest';
import { isReservedWord, RESERVED_WORDS } from './reservedWords';

describe('RESERVED_WORDS', () => {
  it("holds the 573 words of DynamoDB's list, upper case", () => {
    expect(RESERVED_WORDS.size).toBe(573);
    for (const word of RESERVED_WORDS) expect(word).toMatch(/^[A-Z_]+$/);
    for (const word of ['ABORT', 'NAME', 'STATUS', 'DATA', 'SIZE', 'COUNT', 'KEYS', 'ZONE']) expect(RESERVED_WORDS.has(word)).toBe(true);
  });
});

describe('isReservedWord', () => {
  it.each([
    ['name', true],
    ['Status', true],
    ['yEaR', true],
    ['player', false],
    ['players', false],
    ['', false],
  ])('%j → %s', (word, reserved) => {
    expect(isReservedWord(word)).toBe(reserved);
  });
});
