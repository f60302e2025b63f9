/**
 * `npm run endpoint`: Keylab's built-in DynamoDB over DynamoDB's HTTP protocol.
 *   npm run endpoint                          -> http://127.0.0.1:8000
 *   npm run endpoint -- --port 8010 --verbose
 *   npm run endpoint -- --help
 */
import { runEndpointCli } from '../src/server';

await runEndpointCli(process.argv.slice(2));
