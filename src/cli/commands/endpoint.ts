import type { CliIo } from '../cliIo';
import type { KeylabCommand } from './command.types';

/**
 * `keylab endpoint`: Keylab's DynamoDB endpoint, a drop-in for DynamoDB
 * Local. bin/keylab.mjs starts it before this command table is loaded (the
 * prebuilt dist-endpoint/endpoint.mjs when fresh, so it answers in
 * milliseconds; the sources through tsx otherwise), and the endpoint lives in
 * src/server, which the keylab command's layer does not load: this entry
 * lists it in `keylab --help` and points there when run in process.
 */
const USAGE = `Usage: keylab endpoint [options]

Serves Keylab's built-in DynamoDB engine over DynamoDB's HTTP protocol: a
drop-in for DynamoDB Local in a project's tests. Takes Keylab's options
(--port, --data, --cors, …) and DynamoDB Local's flags with their meanings
(-port, -inMemory, -sharedDb, -dbPath, -cors, -delayTransientStatuses,
-optimizeDbBeforeStartup, -help), so
  java -jar DynamoDBLocal.jar -sharedDb -inMemory -port 8000
becomes
  npx keylab endpoint -sharedDb -inMemory -port 8000

Run keylab endpoint -help for every option.
`;

const endpoint: KeylabCommand = {
  name: 'endpoint',
  summary: "serve Keylab's DynamoDB endpoint, a drop-in for DynamoDB Local (-sharedDb -inMemory -port 8000)",
  usage: USAGE,
  run(args: readonly string[], io: CliIo): Promise<number> {
    if (args.some((arg) => arg === '-help' || arg === '--help' || arg === '-h')) {
      io.stdout(USAGE);
      return Promise.resolve(0);
    }
    io.stderr('keylab endpoint is started by the keylab launcher (bin/keylab.mjs), not in process: run npx keylab endpoint -help.\n');
    return Promise.resolve(2);
  },
};

export default endpoint;
