/**
 * Starts Keylab's endpoint as its own process, the way a project's test setup
 * does: `node bin/keylab.mjs endpoint <args>` (the prebuilt endpoint when it
 * is fresh), ready once it answers a ListTables. Used by the drop-in tests
 * (integration/) and `npm run bench:suite`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { answersListTables, DEFAULT_START_TIMEOUT_MS } from './dynamodbLocal';
import { REPO_ROOT } from './paths';

export interface RunningEndpointProcess {
  readonly endpoint: string;
  readonly process: ChildProcess;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Spawns `keylab endpoint` with `args` (which must name the port: `-port N` or `--port N`)
 * and resolves once it answers on that port; rejects with its output when it exits first.
 * `pollMs` is the pause between readiness probes.
 */
export async function startEndpointProcess(
  args: readonly string[],
  options: { readonly port: number; readonly cwd?: string; readonly pollMs?: number },
): Promise<RunningEndpointProcess> {
  return startNodeServer([path.join(REPO_ROOT, 'bin/keylab.mjs'), 'endpoint', ...args], options);
}

/**
 * Spawns `node <nodeArgs>` and resolves once it printed ` is running at ` and answers a
 * ListTables on `options.port`: Keylab's endpoint, or the bare Node server of bench:suite's
 * floor row, started and probed the same way.
 */
export async function startNodeServer(
  nodeArgs: readonly string[],
  options: { readonly port: number; readonly cwd?: string; readonly pollMs?: number },
): Promise<RunningEndpointProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: options.cwd ?? REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let announced: () => void = () => {};
  const announcedPromise = new Promise<void>((resolve) => (announced = resolve));
  const collect = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString('utf8');
    if (output.includes(' is running at ')) announced();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited: string | undefined;
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    });
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (exited !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exitedPromise;
    clearTimeout(timer);
  };
  const deadline = Date.now() + DEFAULT_START_TIMEOUT_MS;
  // The endpoint prints its banner once it listens: probing only after it keeps this process from
  // spending a core on refused connections while the endpoint starts (which made the start look slower).
  let ceiling: NodeJS.Timeout | undefined;
  await Promise.race([announcedPromise, exitedPromise, new Promise((resolve) => (ceiling = setTimeout(resolve, DEFAULT_START_TIMEOUT_MS)))]);
  clearTimeout(ceiling);
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`node ${nodeArgs.join(' ')} ${exited}:\n${output}`);
    if (await answersListTables(endpoint)) return { endpoint, process: child, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 20));
  }
  await stop();
  throw new Error(`node ${nodeArgs.join(' ')} did not answer on ${endpoint} within ${DEFAULT_START_TIMEOUT_MS} ms:\n${output}`);
}
