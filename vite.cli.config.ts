import { defineConfig } from 'vite';
import { nodeBundleConfig } from './vite.nodeBundle';

/**
 * The `keylab` command as one self-contained Node 20 bundle (dist-cli/keylab.mjs):
 * src/cli/main.ts with everything it imports (src/check, the design, the
 * built-in engine, tinyglobby, yaml…) inlined, so the packed tarball runs it
 * with plain Node and no dependencies installed. Built by `npm run build:cli`
 * (and by prepack); bin/keylab.mjs runs it when the sources are absent.
 */
export default defineConfig(nodeBundleConfig('src/cli/main.ts', 'dist-cli', 'keylab.mjs'));
