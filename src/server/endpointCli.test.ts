import { describe, expect, it } from 'vitest';
import { UsageError } from './cli';
import { DEFAULT_ENDPOINT_PORT, describeEndpointListenError, openEngine, parseEndpointArgs } from './endpointCli';

describe('npm run endpoint arguments', () => {
  it('defaults to DynamoDB Local’s port, loopback only, in memory, any CORS origin', () => {
    expect(parseEndpointArgs([])).toEqual({ port: DEFAULT_ENDPOINT_PORT, host: '127.0.0.1', dataDir: undefined, corsOrigins: '*', verbose: false });
    expect(DEFAULT_ENDPOINT_PORT).toBe(8000);
  });

  it('reads --port, --host, --data, --cors and --verbose, with a space or an =', () => {
    expect(parseEndpointArgs(['--port', '8010', '--host=0.0.0.0', '--data', './d', '--cors', 'http://localhost:5173, https://x.example', '--verbose'])).toEqual({
      port: 8010,
      host: '0.0.0.0',
      dataDir: './d',
      corsOrigins: ['http://localhost:5173', 'https://x.example'],
      verbose: true,
    });
    expect(parseEndpointArgs(['--port=9000', '--cors=*'])).toMatchObject({ port: 9000, corsOrigins: '*' });
    expect(parseEndpointArgs(['--help'])).toBe('help');
  });

  it.each([
    [['--port', '0'], /Invalid port "0"/],
    [['--port', '8000x'], /Invalid port/],
    [['--port'], /Missing value after --port/],
    [['--port', '--verbose'], /Missing value after --port/],
    [['--cors', 'localhost:5173/'], /Invalid --cors origin/],
    [['--cors', 'http://localhost:5173/app'], /no path/],
    [['--data', ' '], /--data needs a directory/],
    [['8000'], /Unknown argument "8000"/],
  ])('refuses %j with a message that says what to do', (argv, message) => {
    expect(() => parseEndpointArgs(argv)).toThrow(UsageError);
    expect(() => parseEndpointArgs(argv)).toThrow(message);
  });

  it('fails clearly on --data while the engine has no data-directory adapter', async () => {
    await expect(openEngine('./keylab-data')).rejects.toThrow(UsageError);
    await expect(openEngine('./keylab-data')).rejects.toThrow(/cannot keep tables in a data directory yet.*Run without --data/);
    const engine = await openEngine(undefined);
    expect((await engine.listTables({})).TableNames).toEqual([]);
  });

  it('explains listen errors in one line', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(describeEndpointListenError(inUse, 8000, '127.0.0.1')).toBe(
      'The endpoint could not start: port 8000 is already in use on 127.0.0.1 (DynamoDB Local?). Pick another: npm run endpoint -- --port 8001',
    );
  });
});
