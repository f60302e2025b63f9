import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../http';
import { DB_PATH_FOLDER, DELAY_TRANSIENT_STATUSES_MS, fromDynamoDBLocalFlags } from './dynamodbLocalFlags';
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
    [['-prot', '8000'], "Unknown option '-prot'. Did you mean --port?"],
    [['-inmemory'], "Unknown option '-inmemory'. Did you mean --inMemory?"],
    [['-inMemory', '-dbPath', './d'], '-inMemory keeps the tables in memory, -dbPath on disk: give one of them.'],
    [['-inMemory', '--data', './d'], '-inMemory keeps the tables in memory, --data on disk: give one of them.'],
    [['-dbPath', './d', '--data', './e'], '-dbPath and --data both name where to keep the tables: give one of them.'],
    [['-dbPath'], 'Missing value after --dbPath'],
    [['-port', 'x'], 'Invalid port "x"'],
  ])('refuses %j, naming the flag', (argv, message) => {
    expect(() => parseEndpointArgs(argv)).toThrow(UsageError);
    expect(() => parseEndpointArgs(argv)).toThrow(message);
  });

  it('rewrites only up to --, and only the flags DynamoDB Local has', () => {
    expect(fromDynamoDBLocalFlags(['-sharedDb', '--', '-inMemory'])).toEqual({ args: ['--sharedDb', '--', '-inMemory'], dynamodbLocal: true });
    expect(fromDynamoDBLocalFlags(['-h', '--port', '1', '-help'])).toEqual({ args: ['-h', '--port', '1', '--help'], dynamodbLocal: false });
  });
});
