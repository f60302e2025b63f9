import type { Plugin, UserConfig } from 'vite';

/**
 * One self-contained Node 20 ES module built from one entry, with everything
 * it imports inlined (no dependencies needed where it runs): the shape of the
 * `keylab` command's bundle (vite.cli.config.ts) and the endpoint's
 * (vite.endpoint.config.ts).
 */
export function nodeBundleConfig(entry: string, outDir: string, fileName: string, plugins: Plugin[] = []): UserConfig {
  return {
    // No public/ copy, no index.html: a library-style SSR build of one entry.
    publicDir: false,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    plugins,
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      // Minified: a smaller file is read, decoded and compiled faster at every start (the endpoint's cold start).
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        // One file: what the app loads on demand (the engine) is inlined here.
        output: { entryFileNames: fileName, format: 'es', codeSplitting: false },
      },
    },
  };
}
