import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { runnerImport, type Connect, type IndexHtmlTransformContext, type IndexHtmlTransformResult, type Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** Paths the Node-side routes answer; everything else goes straight to Vite. */
const SERVER_PATHS = /^\/(?:api|proxy)\//;

type ServerModule = typeof import('./src/server');

/**
 * `npm run dev` gets what `npm start` has, from the same source:
 * - the security headers (src/server/http/securityHeaders.ts) on every
 *   response, with the dev policy's one relaxation: a nonce, fresh at each
 *   start, that Vite puts on the inline tags it injects (`html.cspNonce`);
 * - the Node-side routes (the loopback proxy for DynamoDB Local and the AWS
 *   profile routes: createKeylabRoutes), in front of Vite's own middleware.
 *   Their Host/Origin/Sec-Fetch-Site checks apply to the dev server's own
 *   address and port, as in the app server. Endpoints off this machine are
 *   allowed with KEYLAB_ALLOW_ENDPOINTS=http://dynamodb:8000 (npm start's
 *   --allow-endpoint; `npm run dev -- …` arguments go to Vite, not here).
 * src/server is loaded through Vite (ssrLoadModule) on first use rather than
 * imported here, so the config itself stays free of src/ (and of the config
 * bundler's warnings about extension-less imports).
 */
function keylabDevServer(): Plugin {
  const nonce = randomBytes(18).toString('base64');
  return {
    name: 'keylab-dev-server',
    apply: 'serve',
    config: () => ({ html: { cspNonce: nonce } }),
    configureServer(server) {
      let loaded: Promise<{ headers: Readonly<Record<string, string>>; routes: ReturnType<ServerModule['createKeylabRoutes']> }> | undefined;
      const load = () =>
        (loaded ??= server.ssrLoadModule('/src/server/index.ts').then((loadedModule) => {
          const module = loadedModule as ServerModule;
          return {
            headers: module.devSecurityHeaders(nonce),
            routes: module.createKeylabRoutes({ allowedEndpoints: module.allowedEndpointsFromEnv(process.env) }),
          };
        }));
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
        load()
          .then(async ({ headers, routes }) => {
            for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
            let url: URL;
            try {
              url = new URL(req.url ?? '/', 'http://keylab.invalid');
            } catch {
              next();
              return;
            }
            const route = SERVER_PATHS.test(url.pathname) ? routes.find((candidate) => candidate.matches(req, url)) : undefined;
            if (route) await route.handle(req, res, url);
            else next();
          })
          .catch((error: unknown) => next(error));
      });
    },
  };
}

/**
 * A build-only plugin that rewrites the built index.html after Vite has put
 * its own tags in (order 'post'), given the bundle and the public base path.
 */
function builtIndexHtml(
  name: string,
  transform: (html: string, bundle: NonNullable<IndexHtmlTransformContext['bundle']>, base: string) => IndexHtmlTransformResult,
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    transformIndexHtml: { order: 'post', handler: (html, context) => transform(html, context.bundle ?? {}, base) },
  };
}

/**
 * The built index.html preloads the app's code (src/startApp.tsx's chunk and
 * the chunks it imports statically): main.tsx imports it only after the
 * shell's paint, and without these hints its fetch would start only then, one
 * round trip after the page's own script. A modulepreload neither blocks the
 * shell's paint nor runs the code; it only has the bytes ready.
 */
function preloadAppCode(): Plugin {
  return builtIndexHtml('keylab-preload-app-code', (html, bundle, base) => {
    const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
    const app = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/startApp.tsx')));
    if (!app) return [];
    const files = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = bundle[fileName];
      if (files.has(fileName) || chunk?.type !== 'chunk' || chunk.isEntry) return;
      files.add(fileName);
      chunk.imports.forEach(visit);
    };
    visit(app.fileName);
    return [...files]
      .filter((fileName) => !html.includes(`${base}${fileName}`))
      .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` }, injectTo: 'head' as const }));
  });
}

/**
 * The built index.html carries the entry's stylesheet inline, in a <style>
 * element, instead of a <link> to dist/assets/index-….css. A trace of the
 * first load showed the stylesheet request queued behind the page's script
 * and modulepreload requests (HTTP/1.1: six connections to the loopback
 * server), and the first paint waits for it; inline, the prerendered first
 * screen paints as soon as the HTML has arrived. The lazy regions' own
 * stylesheets stay files, loaded with their code. The app server allows the
 * inline style by its sha256 hash (contentSecurityPolicyForPage), so the
 * Content-Security-Policy keeps `style-src 'self'` with no 'unsafe-inline'.
 */
function inlineEntryStylesheet(): Plugin {
  return builtIndexHtml('keylab-inline-entry-stylesheet', (html, bundle, base) =>
    html.replace(/<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>/g, (_link, href: string) => {
      const asset = href.startsWith(base) ? bundle[href.slice(base.length)] : undefined;
      if (asset?.type !== 'asset') throw new Error(`keylab-inline-entry-stylesheet: ${href} is not in the bundle`);
      const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
      // The HTML parser ends a <style> at the first "</style": such CSS could not be inlined as written.
      if (/<\/style/i.test(css)) throw new Error(`keylab-inline-entry-stylesheet: ${href} contains "</style"`);
      return `<style>${css.trimEnd()}</style>`;
    }),
  );
}

/** index.html's root element as written (the shell `npm run dev` serves): the prerender replaces it whole. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>\s*(?=<\/body>)/;

/**
 * The built index.html carries the first screen itself: src/prerender.tsx
 * renders the app's own components (the header, the tabs, the Designs list
 * with the built-in examples) to HTML at build time, in Node through Vite's
 * module runner, and startApp.tsx hydrates it. A trace of the first load
 * showed the static page's paint alone at most of the 150 ms budget, so the
 * list could only make it by being in that paint rather than one script
 * load and one render after it. A failed render fails the build (never a
 * silent fallback to the shell).
 */
function prerenderFirstScreen(): Plugin {
  return {
    name: 'keylab-prerender-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: async (html) => {
        const { module } = await runnerImport<{ renderFirstScreen(): string }>(path.resolve(import.meta.dirname, 'src/prerender.tsx'), {
          configFile: false,
          mode: 'production',
          logLevel: 'error',
        });
        if (!ROOT_ELEMENT.test(html)) throw new Error('keylab-prerender-first-screen: index.html has no <div id="root">…</div> before </body>');
        return html.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${module.renderFirstScreen()}</div>\n  `);
      },
    },
  };
}

/**
 * Test files under src/ and scripts/ that start real child processes (tsx scripts, the keylab CLI under
 * git, a second lock holder, a killed endpoint): seconds each, mostly waiting on processes to start. They
 * run in the integration project (`npm run test:integration`, `npm test`), so the unit project, and with
 * it `npm run test:quick`, stays an inner loop with no processes to wait on.
 */
const SPAWNS_PROCESSES = [
  'src/engine/persistence/node/directoryLock.processes.test.ts',
  'src/server/endpoint/endpointData.process.test.ts',
  'src/cli/ciDocs.test.ts',
  'scripts/transferCommon.test.ts',
];

/**
 * The order vitest starts test files in: the long ones first. Two workers take
 * files from one queue, so a long file started last is a tail the other worker
 * waits through alone. Vitest's own order (BaseSequencer) puts the files it has
 * timed longest first, but a fresh clone (CI, `npm test` after `npm ci`) has no
 * timings, and then it goes by file size: the two endpointDropIn*Db files (500
 * bytes that import the whole contract suite, about 20 s each) came last, after
 * the process tests. LONG_FILES are the integration files of 8 s or more in
 * a fresh-clone integration run of issue 34 (two cores at load 18; copyAs's
 * figure is from a quiet run with boto3), longest first; the order matters, not
 * the figures, and a file not listed runs after them, in vitest's order.
 */
const LONG_FILES: readonly string[] = [
  'integration/engineDifferential.test.ts', // 105 s
  'integration/transferResume.test.ts', // 93 s
  'integration/migrate.test.ts', // 86 s
  'integration/transfer.test.ts', // 71 s
  'integration/endpointDatabases.test.ts', // 70 s (two Java starts; one now); not listed before
  'integration/engineContract.test.ts', // 64 s
  'integration/endpointDropInSeparateDb.test.ts', // 60 s
  'integration/endpoint.test.ts', // 58 s
  'src/engine/persistence/node/directoryLock.processes.test.ts', // 57 s
  'integration/codegen/copyAs.test.ts', // 31 s quiet
  'integration/endpointDropInSharedDb.test.ts', // 31 s
  'integration/keylabDiffMigrate.test.ts', // 20 s; not listed before
  'integration/partiqlDifferential.test.ts', // 17 s
  'integration/scanSegmentsDifferential.test.ts', // 14 s; not listed before
  'integration/multiAttributeGsiContract.test.ts', // 12 s
  'src/server/endpoint/endpointData.process.test.ts', // 9 s (18 s before the prebuilt endpoint)
  'src/cli/ciDocs.test.ts', // 8 s
];

/** Where a file goes: its place in {@link LONG_FILES}, or after all of them. */
function longFileRank(relativePath: string): number {
  const index = LONG_FILES.indexOf(relativePath.split('\\').join('/'));
  return index === -1 ? LONG_FILES.length : index;
}

/**
 * Vitest's own sequencer, then {@link LONG_FILES} first. vite.config.ts (loaded by `vite build` and
 * `npm run dev` too) names this class; vitest/node is imported only when vitest sorts.
 */
class LongFilesFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  private async base(): Promise<TestSequencer> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx);
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.base()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await this.base()).sort(files);
    const root = this.ctx.config.root;
    const rank = (file: TestSpecification) => longFileRank(file.moduleId.startsWith(`${root}/`) ? file.moduleId.slice(root.length + 1) : file.moduleId);
    // vitest's order keeps each project's files together; within one, the listed files go first, the rest keep their order.
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => (a.file.project.name === b.file.project.name ? rank(a.file) - rank(b.file) : 0) || a.position - b.position)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  plugins: [react(), keylabDevServer(), preloadAppCode(), inlineEntryStylesheet(), prerenderFirstScreen()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        /*
         * The first screen's code (src/startApp.tsx and everything it imports
         * statically: the stores, the Designs list) is one chunk, "app", and
         * React another, "react" (two files fetched side by side arrived sooner
         * than one of both: A/B in one bench process, 0.81 of the list's time).
         * Split the way the bundler chose by default it was 28 small files, and
         * a trace of the first load showed the Designs list waiting for them:
         * over HTTP/1.1's six connections to the loopback server they arrived
         * one after another for longer than the code took to run. The lazy
         * regions import what they share with it from these (loaded by then).
         * Vite's preload helper gets its own tiny chunk: main.tsx needs it to
         * import the app, and inside "app" it would make main.tsx import the
         * whole app statically, before the shell's paint.
         */
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 2 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 1 },
            { name: 'app', test: /[\\/]src[\\/]startApp\.tsx$/, includeDependenciesRecursively: true },
          ],
        },
      },
    },
  },
  test: {
    // Both cores: vitest's default in a run is one worker fewer than the cores (one, here), and most of
    // the integration files wait on DynamoDB Local, child processes and fsync rather than compute.
    maxWorkers: 2,
    // The long files first (scripts/vitestSequencer.ts): a fresh clone has no timings, and by size the
    // 20 s endpointDropIn files came last, a tail one worker ran alone.
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // Pure logic and Node-side code: fast, no external processes.
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/review/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SPAWNS_PROCESSES],
          environment: 'node',
          setupFiles: ['scripts/vitest.setup.ts'],
          // One module graph per worker instead of one per file: the unit project took 213 s on two quiet
          // cores, 178 s of it importing the same modules again for each of its 323 files; without
          // isolation 51 s, every test passing in shuffled file order too. Tests that stub globals or
          // fake timers restore them in afterEach (a leak would now reach the next file).
          isolate: false,
          // fsync-heavy persistence tests and real child processes take seconds on a loaded 2-core
          // runner; 5 s (the default) timed one out there. Times are never asserted, only bounded.
          testTimeout: 20_000,
        },
      },
      {
        // Against the real DynamoDB Local (Java 17), started once for the run; and the tests that start processes.
        test: {
          name: 'integration',
          include: ['integration/**/*.test.ts', ...SPAWNS_PROCESSES],
          environment: 'node',
          globalSetup: ['scripts/vitest.globalSetup.ts'],
          // Isolated, unlike the unit project: without isolation a like-for-like run saved only about 10 s
          // (summed imports 56 -> 36 s at load 12-19), and DynamoDB Local answered UpdateTable near a local
          // index with InternalFailure in 1 of 6 runs of two files against 0 of 6 isolated. Steady beats 10 s.
          // The drop-in files import the engine contract suite afresh either way
          // (integration/contract/engineContractAgainst.ts), so no engine side set by one reaches another.
          isolate: true,
          // Ceilings: the process tests start several `npm run endpoint` children each; one took over 60 s at load 30.
          testTimeout: 120_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
