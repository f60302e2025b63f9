import { describe, expect, it } from 'vitest';
import { formatOptionHelp, parseCommandLine, UsageError, USAGE_EXIT_CODE } from './commandLine';

const OPTIONS = {
  port: { type: 'string', value: 'N', example: '--port 5174', help: 'TCP port' },
  data: { type: 'string', value: 'DIR', help: 'keep tables in DIR\nacross restarts' },
  tag: { type: 'string', multiple: true },
  verbose: { type: 'boolean', help: 'one line per request' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const;

const parse = (args: readonly string[], positionals = false) => parseCommandLine(args, OPTIONS, { command: 'npm run x --', positionals });

describe('parseCommandLine', () => {
  it('reads values inline (--port=N) or from the next argument, flags, short aliases and repeated options', () => {
    expect(parse(['--port=5174', '--verbose', '--data', './d', '-h', '--tag', 'a', '--tag=b'])).toEqual({
      values: { port: '5174', verbose: true, data: './d', help: true, tag: ['a', 'b'] },
      positionals: [],
    });
  });

  it('splits at the first = only, takes a negative number as a value, and reads everything after -- as plain arguments', () => {
    expect(parse(['--data=./a=b', '--port', '-1']).values).toEqual({ data: './a=b', port: '-1' });
    expect(parse(['file', '--', '--verbose', '-h'], true)).toEqual({ values: {}, positionals: ['file', '--verbose', '-h'] });
  });

  it.each([
    [['--prot', '1'], "Unknown option '--prot'. Did you mean --port?"],
    [['--colour'], "Unknown option '--colour'."],
    [['--Verbos'], "Unknown option '--Verbos'. Did you mean --verbose?"],
    [['-x'], "Unknown option '-x'."],
    [['--port'], 'Missing value after --port, e.g. npm run x -- --port 5174'],
    [['--data', '--verbose'], 'Missing value after --data, e.g. npm run x -- --data DIR'],
    [['--verbose=yes'], '--verbose takes no value: give it alone, without =yes.'],
    [['8000'], 'Unknown argument "8000": npm run x -- takes options only (each starts with --).'],
  ])('refuses %j, naming the argument and the fix', (args, message) => {
    expect(() => parse(args)).toThrow(new UsageError(message));
  });

  it('with commandFollows, reads options up to the first plain argument: from there on it is a command, its own options included', () => {
    const settings = { command: 'npm run test:loaded --', positionals: true, commandFollows: true };
    expect(parseCommandLine(['--port', '4', 'npx', 'playwright', 'test', '--verbose', '-x'], OPTIONS, settings)).toEqual({
      values: { port: '4' },
      positionals: ['npx', 'playwright', 'test', '--verbose', '-x'],
    });
    expect(parseCommandLine(['--verbose', '--', '-weird'], OPTIONS, settings)).toEqual({ values: { verbose: true }, positionals: ['-weird'] });
    expect(() => parseCommandLine(['--prot', '4', 'npm'], OPTIONS, settings)).toThrow("Unknown option '--prot'. Did you mean --port?");
  });

  it('is exit code 2, as keylab has always used', () => {
    expect(USAGE_EXIT_CODE).toBe(2);
  });
});

describe('formatOptionHelp', () => {
  it('lists every option of the table, values and aliases shown, continuation lines indented', () => {
    expect(formatOptionHelp(OPTIONS)).toBe(
      [
        '  --port N     TCP port',
        '  --data DIR   keep tables in DIR',
        '               across restarts',
        '  --tag VALUE',
        '  --verbose    one line per request',
        '  -h, --help   show this help',
      ].join('\n'),
    );
  });
});
