import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../http';
import { DB_PATH_FOLDER, DELAY_TRANSIENT_STATUSES_MS, givesDynamoDBLocalFlags } from './dynamodbLocalFlags';
import { ENDPOINT_USAGE, parseEndpointArgs } from './endpointCli';

const base = { host: '127.0.0.1', corsOrigins: '*', verbose: false } as const;

describe("DynamoDB Local's command line on npm run endpoint / keylab endpoint", () => {
  it.each([
    // DynamoDB Local's exact lines, swapped word for word.
    [['-sharedDb', '-inMemory', '-port', '8000'], { ...base, port: 8000, dataDir: undefined }],
    [['-inMemory', '-port', '8001'], { ...base, port: 8001, dataDir: undefined, separateDatabases: true }],
    [['-port', '8002'], { ...base, port: 8002, dataDir: DB_PATH_FOLDER, separateDatabases: true }],
    [['-dbPath', '/tmp/x', '-sharedDb'], { ...base, port: 8000, dataDir: path.join('/tmp/x', DB_PATH_FOLDER) }],
    [
      ['-inMemory', '-cors', 'http://localhost:5173'],
      { ...base, port: 8000, dataDir: undefined, corsOrigins: ['http://localhost:5173'], separateDatabases: true },
    ],
    [
      ['-sharedDb', '-inMemory', '-delayTransientStatuses', '-optimizeDbBeforeStartup', '-disableTelemetry'],
      { ...base, port: 8000, dataDir: undefined, transientStatusMs: DELAY_TRANSIENT_STATUSES_MS },
    ],
    // Mixed with Keylab's own options.
    [['-sharedDb', '-inMemory', '--port', '8003', '--verbose'], { ...base, port: 8003, dataDir: undefined, verbose: true }],
    [['-port', '8004', '--data', './d'], { ...base, port: 8004, dataDir: './d', separateDatabases: true }],
    // Keylab's defaults stay: one shared database, in memory.
    [['--port', '8005'], { ...base, port: 8005, dataDir: undefined }],
  ])('%j', (argv, settings) => {
    expect(parseEndpointArgs(argv)).toEqual(settings);
  });

  it('-help and -version answer without starting', () => {
    expect(parseEndpointArgs(['-help'])).toBe('help');
    expect(parseEndpointArgs(['-version'])).toBe('version');
    expect(ENDPOINT_USAGE).toContain('  -sharedDb ');
    expect(ENDPOINT_USAGE).toContain('  -dbPath DIR ');
  });

  it.each([
    [['-foo'], "Unknown option '-foo'."],
    [['-prot', '8000'], "Unknown option '-prot'. Did you mean -port?"],
    [['--prot', '8000'], "Unknown option '--prot'. Did you mean --port?"],
    [['-inmemory'], "Unknown option '-inmemory'. Did you mean -inMemory?"],
    [['-sharedDB'], "Unknown option '-sharedDB'. Did you mean -sharedDb?"],
    [['-verbos'], "Unknown option '-verbos'. Did you mean --verbose?"],
  ])('refuses the unknown flag %j by name, suggesting the nearest as it would be typed', (argv, message) => {
    expect(() => parseEndpointArgs(argv)).toThrow(UsageError);
    expect(() => parseEndpointArgs(argv)).toThrow(message);
  });

  // Each message names the flags the way they were typed: DynamoDB Local's one dash, or Keylab's two.
  it.each([
    [['-dbPath'], 'Missing value after -dbPath, e.g. keylab endpoint -dbPath ./data'],
    [['--dbPath'], 'Missing value after --dbPath, e.g. keylab endpoint --dbPath ./data'],
    [['-inMemory', '-dbPath'], 'Missing value after -dbPath, e.g. keylab endpoint -dbPath ./data'],
    [['-port'], 'Missing value after -port, e.g. keylab endpoint -port 8000'],
    [['--port'], 'Missing value after --port, e.g. keylab endpoint --port 8000'],
    [['-cors'], 'Missing value after -cors, e.g. keylab endpoint -cors http://localhost:5173'],
    [['-port', 'x'], 'Invalid port "x": use a whole number from 1 to 65535, e.g. keylab endpoint -port 8000'],
    [['--port', 'x'], 'Invalid port "x": use a whole number from 1 to 65535, e.g. keylab endpoint --port 8000'],
    [['-cors', 'localhost:5173/'], 'Invalid -cors origin "localhost:5173/"'],
    [['-dbPath', ' '], '-dbPath needs a directory, e.g. -dbPath ./data'],
    [['--dbPath', ' '], '--dbPath needs a directory, e.g. --dbPath ./data'],
    [['-inMemory', '-dbPath', './d'], '-inMemory keeps the tables in memory, -dbPath on disk: give one of them.'],
    [['--inMemory', '--dbPath', './d'], '--inMemory keeps the tables in memory, --dbPath on disk: give one of them.'],
    [['-inMemory', '--data', './d'], '-inMemory keeps the tables in memory, --data on disk: give one of them.'],
    [['-dbPath', './d', '--data', './e'], '-dbPath and --data both name where to keep the tables: give one of them.'],
    [['-sharedDb=yes'], '-sharedDb takes no value: give it alone, without =yes.'],
  ])('refuses %j, naming the flag as typed', (argv, message) => {
    expect(() => parseEndpointArgs(argv, { command: 'keylab endpoint' })).toThrow(UsageError);
    expect(() => parseEndpointArgs(argv, { command: 'keylab endpoint' })).toThrow(message);
  });

  it("switches to DynamoDB Local's defaults only for its flags as it writes them, up to --", () => {
    expect(givesDynamoDBLocalFlags(['-sharedDb', '--', '-inMemory'])).toBe(true);
    expect(givesDynamoDBLocalFlags(['--port', '1', '--', '-inMemory'])).toBe(false);
    expect(givesDynamoDBLocalFlags(['-h', '--port', '1', '-help'])).toBe(false);
    expect(givesDynamoDBLocalFlags(['-port=8000'])).toBe(true);
    expect(givesDynamoDBLocalFlags(['--sharedDb'])).toBe(false);
  });
});
