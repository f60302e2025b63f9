import { createAppServer, DEFAULT_HOST, DEFAULT_PORT, type AppServer } from './appServer';
import { loopbackProxyRoute } from './loopbackProxy';
import { awsProfileRoutes } from './awsProfiles';
import type { Route } from './routes';

/** A mistake in how the server was invoked; the message is meant for people. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ServerSettings {
  port: number;
  host: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function parsePort(value: string, source: string): number {
  const trimmed = value.trim();
  const port = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new UsageError(
      `Invalid port ${JSON.stringify(value)} (from ${source}): use a whole number from 1 to 65535, ` +
        `e.g. PORT=5174 npm start  or  npm start -- --port 5174`,
    );
  }
  return port;
}

/**
 * Port: `--port N` (or `--port=N`), else the PORT env var, else 5173.
 * Host: the HOST env var, else 127.0.0.1 (loopback only).
 */
export function resolveServerSettings(argv: readonly string[], env: Env): ServerSettings {
  let portArg: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--port') {
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError('Missing value after --port, e.g. npm start -- --port 5174');
      portArg = next;
      i++;
    } else if (arg.startsWith('--port=')) {
      portArg = arg.slice('--port='.length);
    } else {
      throw new UsageError(`Unknown argument ${JSON.stringify(arg)}. Usage: npm start -- [--port N]  (or PORT=N / HOST=addr)`);
    }
  }

  const port =
    portArg !== undefined
      ? parsePort(portArg, '--port')
      : env.PORT !== undefined && env.PORT !== ''
        ? parsePort(env.PORT, 'PORT')
        : DEFAULT_PORT;
  const host = env.HOST !== undefined && env.HOST.trim() !== '' ? env.HOST.trim() : DEFAULT_HOST;
  return { port, host };
}

/** Turns a listen() failure into one line a person can act on. */
export function describeListenError(error: unknown, { port, host }: ServerSettings): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const other = port < 65535 ? port + 1 : port - 1;
  const howToPick = `PORT=${other} npm start  or  npm start -- --port ${other}`;
  switch (code) {
    case 'EADDRINUSE':
      return `Keylab could not start: port ${port} is already in use on ${host}. Pick another port: ${howToPick}`;
    case 'EACCES':
      return `Keylab could not start: not allowed to listen on port ${port} on ${host}. Pick a port above 1023: ${howToPick}`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `Keylab could not start: cannot bind to HOST=${host} (not an address of this machine). Unset HOST to use 127.0.0.1.`;
    default:
      return `Keylab could not start on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The routes Keylab's Node side adds in front of the static files: the
 * loopback proxy and the AWS profile routes. `npm start` mounts them in its
 * own server; `npm run dev` mounts the same ones in Vite's (vite.config.ts).
 */
export function createKeylabRoutes(): Route[] {
  return [loopbackProxyRoute(), ...awsProfileRoutes()];
}

export interface RunOptions {
  distDir: string;
  argv: readonly string[];
  env: Env;
  routes?: readonly Route[];
}

/**
 * Starts the app server for a command-line entry point (npm start, the e2e
 * web server): validates settings, prints the URL, exits 1 with a one-line
 * message when it cannot listen, and shuts down gracefully on SIGINT/SIGTERM.
 */
export async function runAppServer(options: RunOptions): Promise<AppServer> {
  let settings: ServerSettings;
  try {
    settings = resolveServerSettings(options.argv, options.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = createAppServer({ distDir: options.distDir, ...settings, routes: [...createKeylabRoutes(), ...(options.routes ?? [])] });
  try {
    const started = await app.start();
    console.log(`Keylab is running at ${started.url}`);
  } catch (error) {
    console.error(describeListenError(error, settings));
    process.exit(1);
  }

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`Received ${signal} again; exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log('Stopping Keylab…');
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Keylab did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  return app;
}
