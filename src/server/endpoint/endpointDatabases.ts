/**
 * Databases kept apart the way DynamoDB Local keeps them without `-sharedDb`:
 * each access key id and region (read from the request's SigV4 scope) sees
 * its own set of tables, in its own engine, opened on its first request.
 * DynamoDB Local keeps `<accessKey>_<region>.db`; Keylab keeps one engine per
 * pair, in memory or in its own folder of the data directory
 * ({@link databaseFolder}), with the region in its table ARNs.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startTtlSweeper, type LocalDynamoDB } from '../../engine';
import { createDynamoDBEndpoint, type DynamoDBEndpoint, type DynamoDBEndpointOptions } from './dynamodbEndpoint';
import { readSigningScope } from './signingScope';
import { encodeError } from './wireFormat';

/** Whose database a request reads and writes: its signature's access key id and region. */
export interface CredentialScope {
  readonly accessKeyId: string;
  readonly region: string;
}

/** One database's engine and how to release it (its data directory's lock, when kept on disk). */
export interface OpenedDatabase {
  readonly engine: LocalDynamoDB;
  close(): Promise<void>;
  readonly warnings: readonly string[];
}

export interface SeparateDatabasesOptions extends Omit<DynamoDBEndpointOptions, 'db'> {
  /**
   * Opens the database of one access key and region; `undefined` for a
   * request that carries no credential scope (kept in memory, never on disk).
   */
  open(scope: CredentialScope | undefined): Promise<OpenedDatabase>;
  /** `false`: no TTL sweep in the background (as startDynamoDBEndpoint's ttlSweep). */
  readonly ttlSweep?: false;
  /** Warnings from loading a database's files (printed by the command). */
  readonly onWarning?: (message: string) => void;
}

export interface SeparateDatabases {
  /** Answers each request from the database of its access key and region. */
  readonly endpoint: DynamoDBEndpoint;
  /** How many databases are open (tests). */
  readonly size: () => number;
  /** Stops every TTL sweep and closes every database. */
  close(): Promise<void>;
}

interface OpenDatabase {
  readonly opened: OpenedDatabase;
  readonly endpoint: DynamoDBEndpoint;
  readonly stopSweep: () => void;
}

/**
 * The folder of one database inside the data directory: the region and a
 * hash of the access key id (`us-east-1-5f1c0b1a9e3d4c2b`), so no key id is
 * written to disk or shown in a path. A region that is not a plain
 * `[a-z0-9-]` name is hashed too.
 */
export function databaseFolder(scope: CredentialScope): string {
  const key = createHash('sha256').update(scope.accessKeyId, 'utf8').digest('hex').slice(0, 16);
  const region = /^[a-z0-9-]{1,40}$/.test(scope.region)
    ? scope.region
    : `region-${createHash('sha256').update(scope.region, 'utf8').digest('hex').slice(0, 12)}`;
  return `${region}-${key}`;
}

/**
 * One endpoint over many databases, each opened on first use (concurrent
 * first requests share the opening). A database that cannot be opened (its
 * folder locked by another process, a damaged file) answers 500 with the
 * reason; the next request tries again.
 */
export function createSeparateDatabases(options: SeparateDatabasesOptions): SeparateDatabases {
  const databases = new Map<string, Promise<OpenDatabase>>();
  const { open, onWarning, ttlSweep, ...endpointOptions } = options;

  function databaseFor(req: IncomingMessage): Promise<OpenDatabase> {
    // An unsigned or malformed request (answered with DynamoDB's authentication error by the endpoint) gets no database of its own.
    const signed = readSigningScope(req.headers, req.url);
    const scope = signed.ok ? { accessKeyId: signed.scope.accessKeyId, region: signed.scope.region } : undefined;
    // The key separates access key and region unambiguously (no key id contains a NUL).
    const key = scope === undefined ? '' : `${scope.accessKeyId}\0${scope.region}`;
    let database = databases.get(key);
    if (database === undefined) {
      database = open(scope).then((opened) => {
        for (const warning of opened.warnings) onWarning?.(warning);
        const sweeper = ttlSweep === false ? undefined : startTtlSweeper(opened.engine);
        return { opened, endpoint: createDynamoDBEndpoint({ ...endpointOptions, db: opened.engine }), stopSweep: () => sweeper?.stop() };
      });
      databases.set(key, database);
      database.catch(() => databases.delete(key));
    }
    return database;
  }

  async function withDatabase(req: IncomingMessage, res: ServerResponse, answer: (endpoint: DynamoDBEndpoint) => Promise<void>): Promise<void> {
    let database: OpenDatabase;
    try {
      database = await databaseFor(req);
    } catch (error) {
      const body = Buffer.from(
        encodeError(
          'InternalServerError',
          `Keylab could not open the database of this access key and region: ${error instanceof Error ? error.message : String(error)}`,
        ),
        'utf8',
      );
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/x-amz-json-1.0', 'Content-Length': body.length, Connection: 'close' });
      res.end(body);
      return;
    }
    await answer(database.endpoint);
  }

  return {
    endpoint: {
      handle: (req, res) => withDatabase(req, res, (endpoint) => endpoint.handle(req, res)),
      handleExpectContinue: (req, res) => withDatabase(req, res, (endpoint) => endpoint.handleExpectContinue(req, res)),
    },
    size: () => databases.size,
    async close() {
      const open = await Promise.allSettled(databases.values());
      databases.clear();
      for (const result of open) {
        if (result.status !== 'fulfilled') continue;
        result.value.stopSweep();
        await result.value.opened.close();
      }
    },
  };
}
