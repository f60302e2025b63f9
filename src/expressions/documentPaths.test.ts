import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResolvedPath } from './ast';
import { findDocumentPathClash, formatPathForMessage } from './documentPaths';

const clash = (...paths: ResolvedPath[]): string | undefined =>
  findDocumentPathClash(paths)?.message.replace(/^Two document paths (\w+) with each other; must remove or rewrite one of these paths; /, '$1: ');

describe('findDocumentPathClash', () => {
  it('finds overlaps (a path and its prefix, or a path twice) and conflicts (index and name under one parent)', () => {
    expect(clash(['a', 'b'], ['a'])).toBe('overlap: path one: [a, b], path two: [a]');
    expect(clash(['a'], ['a'])).toBe('overlap: path one: [a], path two: [a]');
    expect(clash(['a', 0], ['a', 'b'])).toBe('conflict: path one: [a, [0]], path two: [a, b]');
    expect(clash(['a', 'b'], ['a', 0])).toBe('conflict: path one: [a, b], path two: [a, [0]]');
  });

  it('accepts independent paths', () => {
    expect(clash(['a', 0], ['a', 1], ['b'], ['c', 'd'], ['c', 'e'])).toBeUndefined();
  });

  // Observed on DynamoDB Local 3.3.1; see the module comment for the rule.
  it.each<[string, ResolvedPath[], string]>([
    ['the last clash wins', [['a'], ['a'], ['b', 'c'], ['b', 0]], 'conflict: path one: [b, c], path two: [b, [0]]'],
    ['path two: the greatest later sibling', [['a'], ['b'], ['c'], ['a']], 'overlap: path one: [a], path two: [c]'],
    ['path two: siblings created after the clash count', [['a'], ['b'], ['a'], ['c']], 'overlap: path one: [a], path two: [c]'],
    ['path two: earlier siblings do not', [['c'], ['b'], ['b']], 'overlap: path one: [b], path two: [b]'],
    ['path two: the greatest path under that sibling', [['a'], ['c', 'x'], ['c', 'y'], ['a']], 'overlap: path one: [a], path two: [c, y]'],
    ['path one: the latest path through the node', [['a', 'c'], ['a', 'b'], ['a']], 'overlap: path one: [a, b], path two: [a]'],
    [
      'indexes compare as numbers',
      [
        ['a', 1],
        ['a', 2],
        ['a', 1],
      ],
      'overlap: path one: [a, [1]], path two: [a, [2]]',
    ],
    [
      'conflict: the greatest path of the other kind',
      [
        ['a', 1],
        ['a', 2],
        ['a', 'x'],
      ],
      'conflict: path one: [a, [2]], path two: [a, x]',
    ],
  ])('%s', (_rule, paths, expected) => {
    expect(clash(...paths)).toBe(expected);
  });

  it('reports the index of the path that recorded the clash', () => {
    expect(findDocumentPathClash([['x'], ['a', 'b'], ['y'], ['a']])?.index).toBe(3);
  });

  it('never throws, and finds a clash exactly when two paths overlap or conflict', () => {
    const element = fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 2 }));
    const paths = fc.array(fc.array(element, { minLength: 1, maxLength: 3 }), { maxLength: 6 });
    const related = (p: ResolvedPath, q: ResolvedPath): boolean => {
      for (let n = 0; n < Math.min(p.length, q.length); n++) {
        if (typeof p[n] !== typeof q[n]) return true;
        if (p[n] !== q[n]) return false;
      }
      return true;
    };
    fc.assert(
      fc.property(paths, (list) => {
        const expected = list.some((p, i) => list.some((q, j) => i < j && related(p, q)));
        expect(findDocumentPathClash(list) !== undefined).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('formatPathForMessage', () => {
  it('prints names bare and indexes in brackets', () => {
    expect(formatPathForMessage(['a', 'b', 0])).toBe('[a, b, [0]]');
  });
});
