/**
 * `npm run endpoint -- [--port 8000] [--host 127.0.0.1] [--data DIR] [--cors ORIGINS] [--verbose]`:
 * Keylab's built-in DynamoDB over DynamoDB's HTTP protocol, for the AWS CLI,
 * SDK code and browsers (like DynamoDB Local, without Java).
 */
import { createLocalDynamoDB, type LocalDynamoDB } from '../../engine';
import { isPersistenceError, openNodePersistence } from '../../engine/persistence/node';
import { formatOptionHelp, parseCommandLine, USAGE_EXIT_CODE } from '../../errors';
import { portNumber, stopOnSignals, UsageError } from '../http';
import { startDynamoDBEndpoint, type CorsOrigins, type RunningDynamoDBEndpoint } from './dynamodbEndpoint';

/** DynamoDB Local's default port. */
export const DEFAULT_ENDPOINT_PORT = 8000;

/** `npm run endpoint`'s options: read by parseCommandLine and listed by --help from this one table. */
export const ENDPOINT_OPTIONS = {
  port: { type: 'string', value: 'N', example: '--port 8000', help: `TCP port (default ${DEFAULT_ENDPOINT_PORT})` },
  host: { type: 'string', value: 'ADDR', example: '--host 127.0.0.1', help: 'interface to bind (default 127.0.0.1: this machine only)' },
  data: {
    type: 'string',
    value: 'DIR',
    example: '--data ./keylab-data',
    help: "keep tables in DIR across restarts (needs the engine's Node persistence adapter)",
  },
  'data-repair': {
    type: 'boolean',
    help: 'with --data: load damaged table files anyway, keeping every intact record and\nprinting each one dropped (the damaged file is kept beside the repaired one)',
  },
  cors: {
    type: 'string',
    value: 'ORIGINS',
    example: '--cors http://localhost:5173',
    help: 'browser origins allowed to call the endpoint: * (default: any, echoed back)\nor a comma-separated list, e.g. http://localhost:5173',
  },
  verbose: { type: 'boolean', help: 'print one line per request (operation, status, time; never headers or bodies)' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const;

export const ENDPOINT_USAGE = `Usage: npm run endpoint -- [options]

Serves Keylab's built-in DynamoDB engine over DynamoDB's HTTP protocol.

${formatOptionHelp(ENDPOINT_OPTIONS, 16)}

Then:  aws dynamodb list-tables --endpoint-url http://localhost:8000 --region us-east-1
       (any credentials are accepted: AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x)`;

export interface EndpointSettings {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string | undefined;
  /** --data-repair (only set when given). */
  readonly dataRepair?: boolean;
  readonly corsOrigins: CorsOrigins;
  readonly verbose: boolean;
}

/** Parses the command line; `'help'` when --help was asked for. Throws UsageError (exit code 2 in runEndpointCli). */
export function parseEndpointArgs(argv: readonly string[]): EndpointSettings | 'help' {
  const { values } = parseCommandLine(argv, ENDPOINT_OPTIONS, { command: 'npm run endpoint --' });
  if (values.help) return 'help';
  const port = values.port === undefined ? DEFAULT_ENDPOINT_PORT : parseEndpointPort(values.port);
  let host = '127.0.0.1';
  if (values.host !== undefined) {
    host = values.host.trim();
    if (host === '') throw new UsageError('--host needs an address, e.g. --host 127.0.0.1');
  }
  const dataDir = values.data;
  if (dataDir !== undefined && dataDir.trim() === '') throw new UsageError('--data needs a directory, e.g. --data ./keylab-data');
  const corsOrigins: CorsOrigins = values.cors === undefined ? '*' : parseCorsOrigins(values.cors);
  const verbose = values.verbose === true;
  const dataRepair = values['data-repair'] === true;
  if (dataRepair && dataDir === undefined) throw new UsageError('--data-repair repairs a data directory: give it with --data DIR.');
  return { port, host, dataDir, corsOrigins, verbose, ...(dataRepair ? { dataRepair } : {}) };
}

function parseEndpointPort(text: string): number {
  const port = portNumber(text);
  if (port === undefined) {
    throw new UsageError(`Invalid port ${JSON.stringify(text)}: use a whole number from 1 to 65535, e.g. npm run endpoint -- --port 8000`);
  }
  return port;
}

function parseCorsOrigins(text: string): CorsOrigins {
  if (text.trim() === '*') return '*';
  const origins = text
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new UsageError(`Invalid --cors origin ${JSON.stringify(origin)}: write scheme://host[:port] with no path, e.g. http://localhost:5173`);
    }
  }
  return origins;
}

/**
 * The engine to serve: in memory, or kept in a data directory (one
 * append-only, fsync'ed journal per table, compacted by atomic rename) and
 * restored from it before serving. Storage problems (a directory in use by
 * another endpoint, a damaged file) become a UsageError with the adapter's
 * message, so the command exits with one clear line.
 */
export async function openEngine(
  dataDir: string | undefined,
  options: { readonly repair?: boolean } = {},
): Promise<{ engine: LocalDynamoDB; close(): Promise<void>; warnings: readonly string[] }> {
  if (dataDir === undefined) return { engine: createLocalDynamoDB(), close: async () => undefined, warnings: [] };
  try {
    // Warnings are returned and printed by the caller.
    const persistence = await openNodePersistence(dataDir, { repair: options.repair, onWarning: () => undefined });
    const engine = createLocalDynamoDB({ storage: persistence.hook });
    // A directory that cannot be loaded is released, not left locked.
    const loaded = await persistence.load(engine).catch(async (error: unknown) => {
      await persistence.close();
      throw error;
    });
    if (loaded.firstRun) await persistence.markInitialized();
    return { engine, close: () => persistence.close(), warnings: loaded.warnings };
  } catch (error) {
    if (isPersistenceError(error)) throw new UsageError(`--data ${dataDir}: ${error.message}`);
    throw error;
  }
}

/** Turns a listen() failure into one line a person can act on. */
export function describeEndpointListenError(error: unknown, port: number, host: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const other = port < 65535 ? port + 1 : port - 1;
  switch (code) {
    case 'EADDRINUSE':
      return `The endpoint could not start: port ${port} is already in use on ${host} (DynamoDB Local?). Pick another: npm run endpoint -- --port ${other}`;
    case 'EACCES':
      return `The endpoint could not start: not allowed to listen on port ${port}. Pick a port above 1023: npm run endpoint -- --port ${other}`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `The endpoint could not start: cannot bind to ${host} (not an address of this machine). Leave out --host to use 127.0.0.1.`;
    default:
      return `The endpoint could not start on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The command-line entry point: parses arguments, starts the endpoint,
 * prints where it listens, exits 2 on a usage error and 1 with a one-line
 * message on a data-directory or listen error, and stops cleanly on SIGINT/SIGTERM.
 */
export async function runEndpointCli(argv: readonly string[]): Promise<RunningDynamoDBEndpoint | undefined> {
  let settings: EndpointSettings;
  let db: LocalDynamoDB;
  let opened: Awaited<ReturnType<typeof openEngine>>;
  try {
    const parsed = parseEndpointArgs(argv);
    if (parsed === 'help') {
      console.log(ENDPOINT_USAGE);
      return undefined;
    }
    settings = parsed;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nRun npm run endpoint -- --help for every option.`);
      process.exit(USAGE_EXIT_CODE);
    }
    throw error;
  }
  try {
    opened = await openEngine(settings.dataDir, { repair: settings.dataRepair });
    db = opened.engine;
    for (const warning of opened.warnings) console.warn(`keylab endpoint: ${warning}`);
  } catch (error) {
    // The data directory's own problem (in use, damaged): exit 1 with the adapter's words.
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let running: RunningDynamoDBEndpoint;
  try {
    running = await startDynamoDBEndpoint({
      db,
      port: settings.port,
      host: settings.host,
      corsOrigins: settings.corsOrigins,
      onResponse: settings.verbose
        ? (entry) => console.log(`${entry.operation ?? '-'} ${entry.status}${entry.error ? ` ${entry.error}` : ''} ${entry.durationMs.toFixed(1)}ms`)
        : undefined,
    });
  } catch (error) {
    console.error(describeEndpointListenError(error, settings.port, settings.host));
    process.exit(1);
  }
  const cors = settings.corsOrigins === '*' ? 'any origin (echoed)' : settings.corsOrigins.length > 0 ? settings.corsOrigins.join(', ') : 'none';
  const storage = settings.dataDir === undefined ? 'in memory' : `tables kept in ${settings.dataDir}`;
  console.log(`Keylab's DynamoDB endpoint is running at ${running.url} (${storage}; CORS: ${cors}).`);
  console.log(`  aws dynamodb list-tables --endpoint-url ${running.url} --region us-east-1`);

  stopOnSignals(() => running.stop().then(() => opened.close()), { failure: 'The endpoint did not stop cleanly:' });
  return running;
}
