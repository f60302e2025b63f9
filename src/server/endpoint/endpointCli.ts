/**
 * `npm run endpoint -- [--port 8000] [--host 127.0.0.1] [--data DIR] [--cors ORIGINS] [--verbose]`
 * (also `npx keylab endpoint`): Keylab's built-in DynamoDB over DynamoDB's HTTP protocol, for
 * the AWS CLI, SDK code and browsers (like DynamoDB Local, without Java). DynamoDB Local's
 * own flags (`-sharedDb -inMemory -port 8000`) are taken too: dynamodbLocalFlags.ts.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createLocalDynamoDB, type LocalDynamoDB, type LocalDynamoDBOptions } from '../../engine';
import { isPersistenceError, openNodePersistence, TABLE_FILE_SUFFIX } from '../../engine/persistence/node';
import { formatOptionHelp, parseCommandLine, USAGE_EXIT_CODE } from '../../errors';
import { portNumber, stopOnSignals, UsageError } from '../http';
import { serveEndpoint, startDynamoDBEndpoint, type CorsOrigins, type EndpointLogEntry, type RunningDynamoDBEndpoint } from './dynamodbEndpoint';
import {
  DB_PATH_FOLDER,
  DELAY_TRANSIENT_STATUSES_MS,
  DYNAMODB_LOCAL_FLAGS,
  DYNAMODB_LOCAL_OPTIONS,
  dynamodbLocalHelp,
  givesDynamoDBLocalFlags,
  typedAs,
} from './dynamodbLocalFlags';
import { createSeparateDatabases, databaseFolder } from './endpointDatabases';

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
    help: 'browser origins allowed to call the endpoint: * (default: any, answered with *)\nor a comma-separated list, e.g. http://localhost:5173',
  },
  verbose: { type: 'boolean', help: 'print one line per request (operation, status, time; never headers or bodies)' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const;

/** Everything the parser reads: Keylab's options and DynamoDB Local's flags (also written with one dash, as DynamoDB Local does). */
const ALL_OPTIONS = { ...ENDPOINT_OPTIONS, ...DYNAMODB_LOCAL_OPTIONS } as const;

export const ENDPOINT_USAGE = `Usage: npm run endpoint -- [options]
       npx keylab endpoint [options]

Serves Keylab's built-in DynamoDB engine over DynamoDB's HTTP protocol.

${formatOptionHelp(ENDPOINT_OPTIONS, 16)}

DynamoDB Local's flags, with its meanings (java -jar DynamoDBLocal.jar -sharedDb -inMemory -port 8000
becomes npx keylab endpoint -sharedDb -inMemory -port 8000). Given any of them, the endpoint takes
DynamoDB Local's defaults: a database per access key id and region (unless -sharedDb), kept on disk
in ./${DB_PATH_FOLDER}/ (unless -inMemory or -dbPath).

${dynamodbLocalHelp(16)}

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
  /** Without -sharedDb, given DynamoDB Local's flags: a database per access key id and region (only set when so). */
  readonly separateDatabases?: true;
  /** -delayTransientStatuses (only set when given). */
  readonly transientStatusMs?: number;
}

/**
 * Parses the command line; `'help'` when --help was asked for, `'version'` for -version.
 * Throws UsageError (exit code 2 in runEndpointCli).
 */
export function parseEndpointArgs(argv: readonly string[], options: { readonly command?: string } = {}): EndpointSettings | 'help' | 'version' {
  const command = options.command ?? 'npm run endpoint --';
  const dynamodbLocal = givesDynamoDBLocalFlags(argv);
  const { values } = parseCommandLine(argv, ALL_OPTIONS, { command, singleDash: DYNAMODB_LOCAL_FLAGS });
  // Messages name each flag as it was typed: -dbPath (DynamoDB Local's) or --dbPath.
  const typed = (name: keyof typeof ALL_OPTIONS) => typedAs(argv, name);
  if (values.help) return 'help';
  if (values.version) return 'version';
  const port = values.port === undefined ? DEFAULT_ENDPOINT_PORT : parseEndpointPort(values.port, `${command} ${typed('port')}`);
  let host = '127.0.0.1';
  if (values.host !== undefined) {
    host = values.host.trim();
    if (host === '') throw new UsageError('--host needs an address, e.g. --host 127.0.0.1');
  }
  if (values.data !== undefined && values.data.trim() === '') throw new UsageError('--data needs a directory, e.g. --data ./keylab-data');
  const dataDir = dataDirOf(values.data, values.dbPath, values.inMemory === true, dynamodbLocal, typed);
  const corsOrigins: CorsOrigins = values.cors === undefined ? '*' : parseCorsOrigins(values.cors, typed('cors'));
  const verbose = values.verbose === true;
  const dataRepair = values['data-repair'] === true;
  if (dataRepair && dataDir === undefined) throw new UsageError('--data-repair repairs a data directory: give it with --data DIR.');
  return {
    port,
    host,
    dataDir,
    corsOrigins,
    verbose,
    ...(dataRepair ? { dataRepair } : {}),
    ...(dynamodbLocal && values.sharedDb !== true ? { separateDatabases: true as const } : {}),
    ...(values.delayTransientStatuses ? { transientStatusMs: DELAY_TRANSIENT_STATUSES_MS } : {}),
  };
}

/**
 * Where the tables are kept: --data DIR as given; -dbPath DIR in its
 * Keylab-named folder; with DynamoDB Local's flags and neither -inMemory nor
 * a directory, DynamoDB Local's default (the current directory: ./keylab-endpoint);
 * otherwise in memory.
 */
function dataDirOf(
  data: string | undefined,
  dbPath: string | undefined,
  inMemory: boolean,
  dynamodbLocal: boolean,
  typed: (name: 'data' | 'dbPath' | 'inMemory') => string,
): string | undefined {
  if (dbPath !== undefined && dbPath.trim() === '') throw new UsageError(`${typed('dbPath')} needs a directory, e.g. ${typed('dbPath')} ./data`);
  if (inMemory && (dbPath !== undefined || data !== undefined)) {
    const onDisk = typed(dbPath !== undefined ? 'dbPath' : 'data');
    throw new UsageError(`${typed('inMemory')} keeps the tables in memory, ${onDisk} on disk: give one of them.`);
  }
  if (dbPath !== undefined && data !== undefined) {
    throw new UsageError(`${typed('dbPath')} and ${typed('data')} both name where to keep the tables: give one of them.`);
  }
  if (dbPath !== undefined) return path.join(dbPath, DB_PATH_FOLDER);
  if (data !== undefined || inMemory || !dynamodbLocal) return data;
  return DB_PATH_FOLDER;
}

/** `flag` is how the port was given, for the example: `keylab endpoint -port`. */
function parseEndpointPort(text: string, flag: string): number {
  const port = portNumber(text);
  if (port === undefined) {
    throw new UsageError(`Invalid port ${JSON.stringify(text)}: use a whole number from 1 to 65535, e.g. ${flag} 8000`);
  }
  return port;
}

function parseCorsOrigins(text: string, flag: string): CorsOrigins {
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
      throw new UsageError(`Invalid ${flag} origin ${JSON.stringify(origin)}: write scheme://host[:port] with no path, e.g. http://localhost:5173`);
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
  options: { readonly repair?: boolean; readonly engine?: Omit<LocalDynamoDBOptions, 'storage'> } = {},
): Promise<{ engine: LocalDynamoDB; close(): Promise<void>; warnings: readonly string[] }> {
  if (dataDir === undefined) return { engine: createLocalDynamoDB(options.engine), close: async () => undefined, warnings: [] };
  try {
    // Warnings are returned and printed by the caller.
    const persistence = await openNodePersistence(dataDir, { repair: options.repair, onWarning: () => undefined });
    const engine = createLocalDynamoDB({ ...options.engine, storage: persistence.hook });
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

/**
 * The warning for a start that serves a database per access key and region
 * from a data directory holding a shared database's tables (one started with
 * -sharedDb, or with Keylab's own options only): they are not served, which
 * looks like data lost. Undefined when there is nothing to say.
 */
export async function unservedSharedTables(settings: EndpointSettings): Promise<string | undefined> {
  if (!settings.separateDatabases || settings.dataDir === undefined) return undefined;
  // A directory that cannot be listed (not there yet) holds no tables.
  const entries = await readdir(settings.dataDir).catch((): string[] => []);
  const tables = entries.filter((entry) => entry.endsWith(TABLE_FILE_SUFFIX)).length;
  if (tables === 0) return undefined;
  return (
    `${settings.dataDir} holds a shared database (${tables} ${tables === 1 ? 'table' : 'tables'}) that this start does not serve: ` +
    `DynamoDB Local's flags select a database per access key and region. Add -sharedDb to serve it, or give only Keylab's own options (--port N).`
  );
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

/** How the endpoint was started, for messages: `npm run endpoint --` or `keylab endpoint`, and the version -version prints. */
export interface EndpointCliContext {
  readonly command?: string;
  readonly version?: string;
}

/**
 * The command-line entry point: parses arguments, starts the endpoint,
 * prints where it listens, exits 2 on a usage error and 1 with a one-line
 * message on a data-directory or listen error, and stops cleanly on SIGINT/SIGTERM.
 */
export async function runEndpointCli(argv: readonly string[], context: EndpointCliContext = {}): Promise<RunningDynamoDBEndpoint | undefined> {
  const command = context.command ?? 'npm run endpoint --';
  let settings: EndpointSettings;
  try {
    const parsed = parseEndpointArgs(argv, { command });
    if (parsed === 'help') {
      console.log(ENDPOINT_USAGE);
      return undefined;
    }
    if (parsed === 'version') {
      console.log(`Keylab endpoint ${context.version ?? '(version unknown)'}`);
      return undefined;
    }
    settings = parsed;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nRun ${command} --help for every option.`);
      process.exit(USAGE_EXIT_CODE);
    }
    throw error;
  }
  const onResponse = settings.verbose
    ? (entry: EndpointLogEntry) =>
        console.log(`${entry.operation ?? '-'} ${entry.status}${entry.error ? ` ${entry.error}` : ''} ${entry.durationMs.toFixed(1)}ms`)
    : undefined;
  const engineOptions = settings.transientStatusMs === undefined ? {} : { transientStatusMs: settings.transientStatusMs };

  let running: RunningDynamoDBEndpoint;
  let close: () => Promise<void>;
  if (settings.separateDatabases) {
    // One engine per access key id and region, each opened on its first request (in memory, or in its own folder).
    const dataDir = settings.dataDir;
    const unserved = await unservedSharedTables(settings);
    if (unserved !== undefined) console.warn(`keylab endpoint: ${unserved}`);
    const databases = createSeparateDatabases({
      corsOrigins: settings.corsOrigins,
      onResponse,
      onWarning: (warning) => console.warn(`keylab endpoint: ${warning}`),
      open: (scope) =>
        openEngine(dataDir === undefined || scope === undefined ? undefined : path.join(dataDir, databaseFolder(scope)), {
          repair: settings.dataRepair,
          engine: { ...engineOptions, ...(scope === undefined ? {} : { region: scope.region }) },
        }),
    });
    running = await listenOrExit(() => serveEndpoint(databases.endpoint, settings), settings);
    close = () => databases.close();
  } else {
    let opened: Awaited<ReturnType<typeof openEngine>>;
    try {
      opened = await openEngine(settings.dataDir, { repair: settings.dataRepair, engine: engineOptions });
      for (const warning of opened.warnings) console.warn(`keylab endpoint: ${warning}`);
    } catch (error) {
      // The data directory's own problem (in use, damaged): exit 1 with the adapter's words.
      if (error instanceof UsageError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    running = await listenOrExit(
      () => startDynamoDBEndpoint({ db: opened.engine, port: settings.port, host: settings.host, corsOrigins: settings.corsOrigins, onResponse }),
      settings,
    );
    close = () => opened.close();
  }
  const cors = settings.corsOrigins === '*' ? 'any origin (*)' : settings.corsOrigins.length > 0 ? settings.corsOrigins.join(', ') : 'none';
  const storage = settings.dataDir === undefined ? 'in memory' : `tables kept in ${settings.dataDir}`;
  const databases = settings.separateDatabases ? '; a database per access key and region' : '';
  console.log(`Keylab's DynamoDB endpoint is running at ${running.url} (${storage}${databases}; CORS: ${cors}).`);
  console.log(`  aws dynamodb list-tables --endpoint-url ${running.url} --region us-east-1`);

  stopOnSignals(() => running.stop().then(close), { failure: 'The endpoint did not stop cleanly:' });
  return running;
}

async function listenOrExit(listen: () => Promise<RunningDynamoDBEndpoint>, settings: EndpointSettings): Promise<RunningDynamoDBEndpoint> {
  try {
    return await listen();
  } catch (error) {
    console.error(describeEndpointListenError(error, settings.port, settings.host));
    process.exit(1);
  }
}
