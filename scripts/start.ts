/**
 * `npm start`: build the app if dist/ is missing or stale, then serve it.
 *   npm start                    -> http://localhost:5173/
 *   PORT=5174 npm start          -> another port (or: npm start -- --port 5174)
 *   HOST=0.0.0.0 npm start       -> listen on all interfaces (default: 127.0.0.1)
 *   npm start -- --allow-endpoint http://dynamodb:8000
 *                                -> the proxy may also forward to that endpoint (docker-compose)
 *   npm start -- --help
 */
import { runAppServer } from '../src/server';
import { buildApp, checkBuildNeeded } from './build-if-needed';
import { DIST_DIR } from './paths';

/** Builds dist/ when it is missing or stale; after the command line is read, so a mistyped option is reported before a build. */
async function buildIfNeeded(): Promise<void> {
  const check = await checkBuildNeeded();
  if (!check.needed) return;
  console.log(`Building Keylab… (${check.reason})`);
  const startedAt = performance.now();
  try {
    await buildApp();
  } catch (error) {
    console.error('Keylab: the production build failed:');
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log(`Built in ${((performance.now() - startedAt) / 1000).toFixed(1)}s.`);
}

await runAppServer({ distDir: DIST_DIR, argv: process.argv.slice(2), env: process.env, prepare: buildIfNeeded });
