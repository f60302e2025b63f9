import { describe, expect, it } from 'vitest';
import { copyName, freeDesignName } from './designNames';

describe('copyName', () => {
  it.each([
    ['Leaderboard', ['Leaderboard'], 'Leaderboard (copy)'],
    ['Leaderboard', ['Leaderboard', 'Leaderboard (copy)'], 'Leaderboard (copy 2)'],
    ['Leaderboard', ['Leaderboard', 'Leaderboard (copy)', 'Leaderboard (copy 2)'], 'Leaderboard (copy 3)'],
    ['Leaderboard (copy)', ['Leaderboard', 'Leaderboard (copy)'], 'Leaderboard (copy 2)'],
    ['Leaderboard (copy 2)', ['Leaderboard (copy)', 'Leaderboard (copy 2)'], 'Leaderboard (copy 3)'],
    ['Leaderboard', ['Leaderboard', 'Leaderboard (copy 2)'], 'Leaderboard (copy)'],
    // Composed and decomposed é look alike: one name.
    ['Caf\u00e9', ['Caf\u00e9', 'Cafe\u0301 (copy)'], 'Caf\u00e9 (copy 2)'],
  ] as const)('a copy of %j beside %j is %j', (name, taken, expected) => {
    expect(copyName(name, taken)).toBe(expected);
  });
});

describe('freeDesignName', () => {
  it('keeps a name nobody has, and gives a taken one its copy name', () => {
    expect(freeDesignName('Shop', ['Leaderboard'])).toBe('Shop');
    expect(freeDesignName('Shop', ['Shop'])).toBe('Shop (copy)');
    expect(freeDesignName('Shop', ['Shop', 'Shop (copy)'])).toBe('Shop (copy 2)');
    expect(freeDesignName('Shop (copy)', ['Shop (copy)'])).toBe('Shop (copy 2)');
  });
});
