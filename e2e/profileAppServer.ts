import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DIST_DIR } from '../scripts/paths';
import { createAppServer, createKeylabRoutes, type AppServer } from '../src/server';

/** The dummy keys the temp credential_process script prints (never real ones; a test can check none reaches the page). */
export const PROFILE_ACCESS_KEY_ID = 'KEYLABE2EPROFILE';
export const PROFILE_SECRET = 'e2e-process-secret-value';

export interface ProfileAppServerOptions {
  /**
   * The ~/.aws/config text. `credentialProcess` is the command line of a
   * script in the temp folder that prints the dummy keys: use it as a
   * profile's `credential_process`.
   */
  readonly config: (credentialProcess: string) => string;
  /** The app server's port (default: one the OS picks). */
  readonly port?: number;
}

export interface ProfileAppServer {
  /** Where the app is served (`http://localhost:PORT`). */
  readonly origin: string;
  /** Stops the server, restores the environment and removes the temp folder. */
  stop(): Promise<void>;
}

const ENV_KEYS = ['HOME', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_PROFILE'];

/**
 * An app server (the same routes as `npm start`, serving dist/) whose AWS
 * profiles come from a temp folder: HOME and AWS_CONFIG_FILE point there
 * while it runs, and the AWS environment variables are cleared, so the
 * developer's own ~/.aws is never read. Profiles are read by the server's
 * process, so the server runs in the test's process (one per spec file).
 */
export async function startProfileAppServer(options: ProfileAppServerOptions): Promise<ProfileAppServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-e2e-profiles-'));
  const savedEnv: Record<string, string | undefined> = {};
  let app: AppServer | undefined;
  const stop = async () => {
    for (const key of ENV_KEYS) {
      if (savedEnv[key] === undefined) delete process.env[key];
      else process.env[key] = savedEnv[key];
    }
    await app?.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const script = path.join(dir, 'creds.mjs');
    await writeFile(script, `console.log(JSON.stringify({ Version: 1, AccessKeyId: '${PROFILE_ACCESS_KEY_ID}', SecretAccessKey: '${PROFILE_SECRET}' }));\n`);
    await writeFile(path.join(dir, 'config'), options.config(`${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`));
    for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
    for (const key of ENV_KEYS) delete process.env[key];
    process.env.HOME = dir;
    process.env.AWS_CONFIG_FILE = path.join(dir, 'config');
    process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(dir, 'credentials');
    app = createAppServer({ distDir: DIST_DIR, port: options.port ?? 0, routes: createKeylabRoutes() });
    return { origin: `http://localhost:${(await app.start()).port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
