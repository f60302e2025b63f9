/**
 * Serves the existing production build (dist/) with the same server as
 * `npm start`, without building. Used as Playwright's web server: `npm test`
 * builds right before the e2e step.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runAppServer } from '../src/server';
import { DIST_DIR } from './paths';

function requireBuild(): void {
  if (existsSync(path.join(DIST_DIR, 'index.html'))) return;
  console.error('Keylab: dist/index.html is missing. Run `npm run build` first (npm start builds automatically).');
  process.exit(1);
}

await runAppServer({ distDir: DIST_DIR, argv: process.argv.slice(2), env: process.env, prepare: requireBuild });
