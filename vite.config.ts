import react from '@vitejs/plugin-react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import type { Route } from './src/server/routes';

/** Paths the Node-side routes answer; everything else goes straight to Vite. */
const SERVER_PATHS = /^\/(?:api|proxy)\//;

/**
 * `npm run dev` gets the same Node-side routes as `npm start` (the loopback
 * proxy for DynamoDB Local and the AWS profile routes: createKeylabRoutes),
 * mounted in front of Vite's own middleware. Their Host/Origin/Sec-Fetch-Site
 * checks apply to the dev server's own address and port, as in the app server.
 * The routes are loaded through Vite (ssrLoadModule) on first use rather than
 * imported here, so the config itself stays free of src/ (and of the config
 * bundler's warnings about extension-less imports).
 */
function keylabServerRoutes(): Plugin {
  return {
    name: 'keylab-server-routes',
    apply: 'serve',
    configureServer(server) {
      let routes: Promise<Route[]> | undefined;
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
        let url: URL;
        try {
          url = new URL(req.url ?? '/', 'http://keylab.invalid');
        } catch {
          next();
          return;
        }
        if (!SERVER_PATHS.test(url.pathname)) {
          next();
          return;
        }
        routes ??= server.ssrLoadModule('/src/server/cli.ts').then((module) => (module as typeof import('./src/server/cli')).createKeylabRoutes());
        routes
          .then(async (loaded) => {
            const route = loaded.find((candidate) => candidate.matches(req, url));
            if (route) await route.handle(req, res, url);
            else next();
          })
          .catch((error: unknown) => next(error));
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), keylabServerRoutes()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    projects: [
      {
        // Pure logic and Node-side code: fast, no external processes.
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['scripts/vitest.setup.ts'],
        },
      },
      {
        // Against the real DynamoDB Local (Java 17), started once for the run.
        test: {
          name: 'integration',
          include: ['integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['scripts/vitest.globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
