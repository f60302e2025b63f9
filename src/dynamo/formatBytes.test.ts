import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes';
import { MAX_ITEM_BYTES } from './limits';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [MAX_ITEM_BYTES, '400.0 KB'],
    [1024 ** 2 - 1, '1024.0 KB'],
    [1024 ** 2, '1.0 MB'],
    [5.25 * 1024 ** 2, '5.3 MB'],
    [1024 ** 3, '1.0 GB'],
    [10 * 1024 ** 3, '10.0 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
