import react from '@vitejs/plugin-react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { createKeylabRoutes } from './src/server/cli';

/**
 * `npm run dev` gets the same Node-side routes as `npm start` (the loopback
 * proxy for DynamoDB Local and the AWS profile routes), mounted in front of
 * Vite's own middleware. Their Host/Origin/Sec-Fetch-Site checks apply to the
 * dev server's own address and port, exactly as in the app server.
 */
function keylabServerRoutes(): Plugin {
  const mount = (middlewares: Connect.Server) => {
    const routes = createKeylabRoutes();
    middlewares.use((req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://keylab.invalid');
      } catch {
        next();
        return;
      }
      const route = routes.find((candidate) => candidate.matches(req, url));
      if (!route) {
        next();
        return;
      }
      Promise.resolve(route.handle(req, res, url)).catch((error: unknown) => next(error));
    });
  };
  return {
    name: 'keylab-server-routes',
    // Vitest loads this config too; its internal Vite server needs no proxy.
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    configureServer: (server) => mount(server.middlewares),
    configurePreviewServer: (server) => mount(server.middlewares),
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
