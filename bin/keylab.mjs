#!/usr/bin/env node
// The `keylab` command. In a clone (src/ present, dev dependencies installed) it runs the
// TypeScript sources through tsx, so it is never stale; from the packed tarball it runs the
// self-contained Node bundle in dist-cli/ (built by `npm run build:cli`, run by prepack).
// `keylab endpoint` (and `npm run endpoint`) start the prebuilt dist-endpoint/endpoint.mjs
// whenever it is fresh (none of the sources it was built from is newer), in milliseconds;
// otherwise the sources through tsx, with a note saying how to rebuild it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url);
// The staleness check stats each input by path: a URL per file cost more than the stat itself.
const rootDir = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

if (process.argv[2] === 'endpoint') {
  await runEndpoint(process.argv.slice(3));
} else {
  const source = new URL('src/cli/main.ts', root);
  const bundle = new URL('dist-cli/keylab.mjs', root);
  let main;
  if (existsSync(source) && (await canLoadTsx())) {
    const { tsImport } = await import('tsx/esm/api');
    main = await tsImport(source.href, import.meta.url);
  } else if (existsSync(bundle)) {
    main = await import(bundle.href);
  } else {
    process.stderr.write('keylab: neither the sources with tsx (run npm ci) nor the built bundle dist-cli/keylab.mjs (run npm run build:cli) is here.\n');
    process.exit(2);
  }
  await main.runMain({ version });
}

async function runEndpoint(args) {
  // npm run endpoint sets npm_lifecycle_event: messages then show the command as typed.
  const command = process.env.npm_lifecycle_event === 'endpoint' ? 'npm run endpoint --' : 'keylab endpoint';
  const bundle = new URL('dist-endpoint/endpoint.mjs', root);
  const source = new URL('src/server/endpoint/endpointCli.ts', root);
  // From the tarball the sources are absent: the bundle is all there is.
  const stale = !existsSync(bundle) ? 'it is not built yet' : existsSync(source) ? staleInput(bundle) : undefined;
  let cli;
  if (stale === undefined) {
    cli = await import(bundle.href);
  } else if (existsSync(source) && (await canLoadTsx())) {
    process.stderr.write(
      `keylab endpoint: starting from the sources through tsx, slower (the prebuilt endpoint is stale: ${stale}). npm run build:endpoint rebuilds it.\n`,
    );
    const { tsImport } = await import('tsx/esm/api');
    cli = await tsImport(source.href, import.meta.url);
  } else {
    process.stderr.write(
      `keylab endpoint: the prebuilt endpoint dist-endpoint/endpoint.mjs is missing or stale (${stale}) and tsx is not installed: run npm ci.\n`,
    );
    process.exit(2);
  }
  await cli.runEndpointCli(args, { command, version });
}

/** Why the prebuilt endpoint is stale (a source it was built from is newer or gone), or undefined when it is fresh. */
function staleInput(bundle) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(new URL('inputs.json', bundle), 'utf8')).inputs;
  } catch {
    return 'dist-endpoint/inputs.json is missing';
  }
  const builtAt = statSync(bundle).mtimeMs;
  for (const input of inputs) {
    // Every input is stat'ed (an edit in place changes no directory's mtime); a missing one returns undefined, not an exception.
    const stats = statSync(join(rootDir, input), { throwIfNoEntry: false });
    if (stats === undefined) return `${input} is gone`;
    if (stats.mtimeMs > builtAt) return `${input} changed since it was built`;
  }
  return undefined;
}

async function canLoadTsx() {
  try {
    await import('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}
