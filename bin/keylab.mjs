#!/usr/bin/env node
// The `keylab` command. In a clone (src/ present, dev dependencies installed) it runs the
// TypeScript sources through tsx, so it is never stale; from the packed tarball it runs the
// self-contained Node bundle in dist-cli/ (built by `npm run build:cli`, run by prepack).
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
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

async function canLoadTsx() {
  try {
    await import('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}
