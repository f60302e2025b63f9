import { formatOptionHelp, parseCommandLine, USAGE_EXIT_CODE } from '../../errors';
import { portNumber, stopOnSignals, UsageError, type Route } from '../http';
import { awsProfileRoutes } from '../profiles';
import { allowedEndpointsFromEnv, ALLOW_ENDPOINTS_ENV, loopbackProxyRoute, parseAllowedEndpoint } from '../proxy';
import { createAppServer, DEFAULT_HOST, DEFAULT_PORT, type AppServer } from './appServer';

export { UsageError };

export interface ServerSettings {
  port: number;
  host: string;
  /**
   * Origins the loopback proxy may forward to besides this machine
   * (`--allow-endpoint`, repeatable, plus KEYLAB_ALLOW_ENDPOINTS), e.g. a
   * DynamoDB Local in docker-compose at http://dynamodb:8000.
   */
  allowedEndpoints: string[];
}

/** `npm start`'s options: read by parseCommandLine and listed by --help from this one table. */
export const APP_OPTIONS = {
  port: { type: 'string', value: 'N', example: '--port 5174', help: `TCP port (default ${DEFAULT_PORT}; or PORT=N)` },
  'allow-endpoint': {
    type: 'string',
    multiple: true,
    value: 'ORIGIN',
    example: '--allow-endpoint http://dynamodb:8000',
    help: `let the proxy forward to this plain-http endpoint off this machine,\ne.g. --allow-endpoint http://dynamodb:8000 (repeatable; or\n${ALLOW_ENDPOINTS_ENV}=ORIGIN[,ORIGIN…], which npm run dev reads too)`,
  },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const;

export const APP_USAGE = `Usage: npm start -- [options]   (or PORT=N / HOST=addr npm start)

${formatOptionHelp(APP_OPTIONS, 23)}`;

type Env = Readonly<Record<string, string | undefined>>;

export function parsePort(value: string, source: string): number {
  const port = portNumber(value);
  if (port === undefined) {
    throw new UsageError(
      `Invalid port ${JSON.stringify(value)} (from ${source}): use a whole number from 1 to 65535, ` + `e.g. PORT=5174 npm start  or  npm start -- --port 5174`,
    );
  }
  return port;
}

/**
 * Port: `--port N` (or `--port=N`), else the PORT env var, else 5173.
 * Host: the HOST env var, else 127.0.0.1 (loopback only).
 * Allowed endpoints: every `--allow-endpoint ORIGIN`, plus KEYLAB_ALLOW_ENDPOINTS.
 * `'help'` when --help was asked for. Throws UsageError (exit code 2 in runAppServer).
 */
export function resolveServerSettings(argv: readonly string[], env: Env): ServerSettings | 'help' {
  const { values } = parseCommandLine(argv, APP_OPTIONS, { command: 'npm start --' });
  if (values.help) return 'help';
  const portArg = values.port;
  const allowedEndpoints = [...allowedEndpointsFromEnv(env), ...(values['allow-endpoint'] ?? []).map((origin) => parseAllowedEndpoint(origin))];

  const port = portArg !== undefined ? parsePort(portArg, '--port') : env.PORT !== undefined && env.PORT !== '' ? parsePort(env.PORT, 'PORT') : DEFAULT_PORT;
  const host = env.HOST !== undefined && env.HOST.trim() !== '' ? env.HOST.trim() : DEFAULT_HOST;
  return { port, host, allowedEndpoints: [...new Set(allowedEndpoints)] };
}

/** Turns a listen() failure into one line a person can act on. */
export function describeListenError(error: unknown, { port, host }: Pick<ServerSettings, 'port' | 'host'>): string {
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

export interface KeylabRouteOptions {
  /** Origins the proxy may forward to besides this machine (`--allow-endpoint`). */
  readonly allowedEndpoints?: readonly string[];
}

/**
 * The routes Keylab's Node side adds in front of the static files: the
 * loopback proxy and the AWS profile routes. `npm start` mounts them in its
 * own server; `npm run dev` mounts the same ones in Vite's (vite.config.ts).
 */
export function createKeylabRoutes(options: KeylabRouteOptions = {}): Route[] {
  return [loopbackProxyRoute({ allowedEndpoints: options.allowedEndpoints ?? [] }), ...awsProfileRoutes()];
}

export interface RunOptions {
  distDir: string;
  argv: readonly string[];
  env: Env;
  routes?: readonly Route[];
  /** Runs once the command line is read, before listening (npm start's build, serve-dist's check of dist/): a mistyped option is reported first. */
  prepare?: () => Promise<void> | void;
}

/**
 * Starts the app server for a command-line entry point (npm start, the e2e
 * web server): validates settings (exit 2 on a usage error), prints the URL, exits 1 with a one-line
 * message when it cannot listen, and shuts down gracefully on SIGINT/SIGTERM.
 */
export async function runAppServer(options: RunOptions): Promise<AppServer> {
  let settings: ServerSettings;
  try {
    const parsed = resolveServerSettings(options.argv, options.env);
    if (parsed === 'help') {
      console.log(APP_USAGE);
      process.exit(0);
    }
    settings = parsed;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nRun npm start -- --help for every option.`);
      process.exit(USAGE_EXIT_CODE);
    }
    throw error;
  }

  await options.prepare?.();
  const { allowedEndpoints, ...listen } = settings;
  const app = createAppServer({ distDir: options.distDir, ...listen, routes: [...createKeylabRoutes({ allowedEndpoints }), ...(options.routes ?? [])] });
  try {
    const started = await app.start();
    console.log(`Keylab is running at ${started.url}`);
    if (allowedEndpoints.length > 0) console.log(`  The proxy also forwards to: ${allowedEndpoints.join(', ')} (--allow-endpoint)`);
  } catch (error) {
    console.error(describeListenError(error, settings));
    process.exit(1);
  }

  stopOnSignals(() => app.stop(), { announce: 'Stopping Keylab…', failure: 'Keylab did not stop cleanly:' });
  return app;
}
