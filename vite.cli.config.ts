import { defineConfig } from 'vite';

/**
 * The `keylab` command as one self-contained Node 20 bundle (dist-cli/keylab.mjs):
 * src/cli/main.ts with everything it imports (src/check, the design, the
 * built-in engine, tinyglobby, yaml…) inlined, so the packed tarball runs it
 * with plain Node and no dependencies installed. Built by `npm run build:cli`
 * (and by prepack); bin/keylab.mjs runs it when the sources are absent.
 */
export default defineConfig({
  // No public/ copy, no index.html: a library-style SSR build of one entry.
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      // One file: the engine, loaded on demand in the app, is inlined here.
      output: { entryFileNames: 'keylab.mjs', format: 'es', codeSplitting: false },
    },
  },
});
