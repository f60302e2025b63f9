/**
 * What `npm run import` and `npm run export` share: their arguments, the SDK
 * client (credentials from the environment or a profile, as the AWS CLI
 * finds them; never printed), the table's key schema, and errors worded for
 * the person at the terminal.
 */
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { basename, dirname } from 'node:path';
import { writeFileAtomic } from '../src/engine/persistence/node/atomicFile';
import { isLoopbackUrl } from '../src/dynamo';
import { formatOptionHelp, parseCommandLine, UsageError as CommandLineError, type OptionTable } from '../src/errors';
import type { KeySchemaInfo } from '../src/expressions';
import type { TransferCheckpoint } from '../src/transfer';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** `--help` / `-h`: the message is the full usage, printed to stdout with exit code 0. */
export class HelpRequest extends Error {
  override name = 'HelpRequest';
}

/**
 * Saves an import's checkpoint so a kill at any moment leaves the previous
 * checkpoint or this one, never an empty or partial file: a temporary file
 * beside it, fsynced, renamed over it, the directory fsynced (the endpoint's
 * own atomic writer).
 */
export async function saveCheckpointFile(file: string, checkpoint: TransferCheckpoint): Promise<void> {
  await writeFileAtomic(dirname(file), basename(file), [JSON.stringify(checkpoint)]);
}

/** What a command's top level does with an error: the usage for --help (exit 0), a usage error's words, or a DynamoDB or network error explained (exit 1). */
export function reportTopLevelError(error: unknown): number {
  if (error instanceof HelpRequest) {
    process.stdout.write(error.message);
    return 0;
  }
  console.error(error instanceof UsageError ? error.message : explainError(error, '', undefined));
  return 1;
}

export interface TransferArgs {
  readonly endpoint: string | undefined;
  readonly table: string;
  readonly format: string | undefined;
  readonly values: Record<string, string | undefined>;
  readonly positionals: readonly string[];
}

/** The options import and export share (each adds --format, its own options and --help). */
export const TRANSFER_OPTIONS = {
  table: { type: 'string', value: 'T', example: '--table Leaderboard', help: 'the table (required)' },
  endpoint: {
    type: 'string',
    value: 'URL',
    example: '--endpoint http://localhost:8000',
    help: "DynamoDB's address, e.g. http://localhost:8000 (DynamoDB Local) or\nKeylab's endpoint; leave it out for AWS",
  },
  region: { type: 'string', value: 'R', example: '--region us-east-1', help: 'the AWS region (default: AWS_REGION, AWS_DEFAULT_REGION, or us-east-1)' },
} as const satisfies OptionTable;

/** `--help`: the usage line, what the command does, every option of its table, and what follows. */
export function transferHelp(usage: string, about: string, options: OptionTable, after: string): string {
  return `${usage}\n\n${about}\n\nOptions:\n${formatOptionHelp(options)}\n\n${after}\n`;
}

/**
 * `--endpoint URL --table T [--format F] …` plus the command's own options,
 * read strictly against `options` (the table --help lists). `--help` / `-h`
 * throws {@link HelpRequest} with `help` (the full usage).
 */
export function parseTransferArgs(argv: readonly string[], usage: string, options: OptionTable, help: string, command: string): TransferArgs {
  // --help wins over anything else on the line (a mistyped option included), as it always has.
  const optionArgs = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (optionArgs.includes('--help') || optionArgs.includes('-h')) throw new HelpRequest(help.endsWith('\n') ? help : `${help}\n`);
  let parsed;
  try {
    parsed = parseCommandLine(argv, options, { command, positionals: true });
  } catch (error) {
    if (error instanceof CommandLineError) throw new UsageError(`${error.message}\n${usage}`);
    throw error;
  }
  const values = parsed.values as Record<string, string | undefined>;
  const { endpoint, table, format } = values;
  if (!table) throw new UsageError(`Missing --table NAME.\n${usage}`);
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new UsageError(
        `--endpoint ${JSON.stringify(endpoint)} is not an http(s) URL: give one like http://localhost:8000 (DynamoDB Local) or leave it out for AWS.`,
      );
  }
  return { endpoint, table, format, values, positionals: parsed.positionals };
}

/**
 * The SDK client. The SDK's own retries are off: the batch writer retries
 * throttling itself (and reports it). DynamoDB Local accepts any keys, so a
 * loopback endpoint without credentials in the environment gets placeholder
 * ones instead of failing.
 */
export function createClient(endpoint: string | undefined, region: string | undefined): DynamoDB {
  const env = process.env;
  const hasCredentials = Boolean(env.AWS_ACCESS_KEY_ID || env.AWS_PROFILE || env.AWS_WEB_IDENTITY_TOKEN_FILE);
  const local = endpoint !== undefined && isLoopbackUrl(endpoint);
  return new DynamoDB({
    region: region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    maxAttempts: 1,
    ...(endpoint ? { endpoint } : {}),
    ...(local && !hasCredentials ? { credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' } } : {}),
  });
}

/** The table's key schema from DescribeTable, or an error that says what to check. */
export async function describeKeys(client: DynamoDB, table: string, endpoint: string | undefined): Promise<KeySchemaInfo> {
  let output;
  try {
    output = await client.describeTable({ TableName: table });
  } catch (error) {
    throw new UsageError(explainError(error, table, endpoint));
  }
  const description = output.Table;
  const attributeType = (name: string) =>
    (description?.AttributeDefinitions?.find((definition) => definition.AttributeName === name)?.AttributeType ?? 'S') as 'S' | 'N' | 'B';
  const hash = description?.KeySchema?.find((key) => key.KeyType === 'HASH')?.AttributeName;
  const range = description?.KeySchema?.find((key) => key.KeyType === 'RANGE')?.AttributeName;
  if (!hash) throw new UsageError(`DescribeTable for ${table} returned no key schema.`);
  return { partitionKey: { name: hash, type: attributeType(hash) }, ...(range ? { sortKey: { name: range, type: attributeType(range) } } : {}) };
}

/** A DynamoDB or network error in the terminal's words (no credentials in it: the SDK's messages carry none). */
export function explainError(error: unknown, table: string, endpoint: string | undefined): string {
  const where = endpoint ?? 'AWS';
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | undefined)?.code ?? (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  if (name === 'ResourceNotFoundException')
    return `Table ${table} was not found at ${where} (${message}). Check --table and --endpoint; create the table first.`;
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message))
    return `Nothing answers at ${where} (connection refused). Is DynamoDB Local running? (npm run dynamodb-local)`;
  if (code === 'ENOTFOUND' || /ENOTFOUND|getaddrinfo/.test(message)) return `The host of ${where} can't be found: check --endpoint.`;
  if (name === 'CredentialsProviderError') return `No AWS credentials found (${message}). Set AWS_PROFILE or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.`;
  return `${name}: ${message}`;
}

export function formatSeconds(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '…';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s`;
}
