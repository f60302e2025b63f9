import { describe, expect, it } from 'vitest';
import { commandLineOptions, portNumber, UsageError } from './commandLine';

/** Reads every option, taking a value for the flags in `withValue`. */
function read(argv: readonly string[], withValue: readonly string[] = ['--port', '--data']): [string, string | undefined][] {
  const read: [string, string | undefined][] = [];
  for (const option of commandLineOptions(argv, (flag) => `Missing value after ${flag}.`)) read.push([option.flag, withValue.includes(option.flag) ? option.value() : undefined]);
  return read;
}

describe('commandLineOptions', () => {
  it('reads values inline (--port=N) or from the next argument, and leaves bare flags alone', () => {
    expect(read(['--port=5174', '--verbose', '--data', './d', '-h'])).toEqual([
      ['--port', '5174'],
      ['--verbose', undefined],
      ['--data', './d'],
      ['-h', undefined],
    ]);
  });

  it('splits at the first = only, so a value may hold one', () => {
    expect(read(['--data=./a=b'])).toEqual([['--data', './a=b']]);
  });

  it('keeps the argument as typed for "Unknown argument" messages', () => {
    expect([...commandLineOptions(['--colour=red'], () => '')].map((option) => [option.arg, option.flag])).toEqual([['--colour=red', '--colour']]);
  });

  it('refuses a missing value, and a flag where the value should be, with the caller’s message', () => {
    expect(() => read(['--port'])).toThrow(new UsageError('Missing value after --port.'));
    expect(() => read(['--port', '--verbose'])).toThrow(UsageError);
  });
});

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
