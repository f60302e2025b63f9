import { describe, expect, it } from 'vitest';
import { portNumber } from './commandLine';

describe('portNumber', () => {
  it('accepts whole numbers from 1 to 65535, spaces around them allowed', () => {
    expect(portNumber('1')).toBe(1);
    expect(portNumber(' 8000 ')).toBe(8000);
    expect(portNumber('65535')).toBe(65535);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '65536', '80.5', '-1', '1e3', '0x50', 'eighty', '８０']) expect(portNumber(text)).toBeUndefined();
  });
});
