/**
 * A Chromium the bench launches itself, with two DevTools doors:
 *  - `--remote-debugging-port` (a free port): Playwright connects over CDP
 *    only to set the page up (connection form, the Import dialog's file),
 *    then disconnects. Playwright enables the Network domain on every page,
 *    and the Network domain keeps each request's body (POST data) for
 *    `Network.getRequestPostData`: a streamed 1 GB import would then be
 *    measured with the DevTools' buffers, not the tab's own memory.
 *  - `--remote-debugging-pipe` (fds 3 and 4, NUL-delimited JSON): a raw
 *    CDP client with no library that the bench keeps while the import
 *    runs. It only uses Runtime.evaluate, Performance.* and
 *    SystemInfo.getProcessInfo; it never enables the Network domain.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_LAUNCH_OPTIONS, freePort } from '../appServer';

interface Pending {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

/** A CDP connection over Chromium's debugging pipe. */
export class CdpPipe {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private buffered = '';

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.receive(chunk));
  }

  /** Sends `method` (to `sessionId`'s target when given) and resolves with its result. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.input.write(`${message}\0`);
    });
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    let end = this.buffered.indexOf('\0');
    while (end >= 0) {
      const message = JSON.parse(this.buffered.slice(0, end)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      this.buffered = this.buffered.slice(end + 1);
      end = this.buffered.indexOf('\0');
      if (message.id === undefined) continue; // events: none are enabled that the bench reads
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result ?? {});
    }
  }

  /** A session on the first page target (flattened: messages carry its sessionId). */
  async attachToPage(): Promise<string> {
    const { targetInfos } = (await this.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
    const page = targetInfos.find((target) => target.type === 'page' && !target.url.startsWith('devtools:'));
    if (!page) throw new Error('no page target');
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId: page.targetId, flatten: true })) as { sessionId: string };
    return sessionId;
  }

  /** Hands the file at `filePath` to the file input `selector` finds, by its path (Chromium reads it; fires input and change). */
  async setInputFile(sessionId: string, selector: string, filePath: string): Promise<void> {
    const { root } = (await this.send('DOM.getDocument', { depth: 0 }, sessionId)) as { root: { nodeId: number } };
    const { nodeId } = (await this.send('DOM.querySelector', { nodeId: root.nodeId, selector }, sessionId)) as { nodeId: number };
    if (!nodeId) throw new Error(`no ${selector}`);
    await this.send('DOM.setFileInputFiles', { files: [filePath], nodeId }, sessionId);
    await this.send('DOM.disable', {}, sessionId);
  }

  /** Evaluates `expression` in the page and returns its value (by value). */
  async evaluate(sessionId: string, expression: string): Promise<unknown> {
    const { result } = (await this.send('Runtime.evaluate', { expression, returnByValue: true }, sessionId)) as { result: { value?: unknown } };
    return result.value;
  }
}

export interface LaunchedChromium {
  readonly cdp: CdpPipe;
  /** For `chromium.connectOverCDP`. */
  readonly endpointUrl: string;
  close(): Promise<void>;
}

/** Launches Chromium (CHROMIUM_LAUNCH_OPTIONS, a fresh profile) with a debugging pipe and a debugging port. */
export async function launchChromium(): Promise<LaunchedChromium> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'keylab-bench-chromium-'));
  const args = [
    ...CHROMIUM_LAUNCH_OPTIONS.args,
    '--headless=new',
    '--remote-debugging-pipe',
    `--remote-debugging-port=${port}`,
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profile}`,
    '--no-default-browser-check',
    'about:blank',
  ];
  const child: ChildProcess = spawn(CHROMIUM_LAUNCH_OPTIONS.executablePath, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const cdp = new CdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      await cdp.send('Browser.close').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(profile, { recursive: true, force: true });
  };
  try {
    await cdp.send('Browser.getVersion');
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`)
        .then((response) => response.json() as Promise<{ webSocketDebuggerUrl?: string }>)
        .catch(() => undefined);
      if (answer?.webSocketDebuggerUrl) break;
      if (Date.now() > deadline) throw new Error(`Chromium's debugging port did not answer: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { cdp, endpointUrl: `http://127.0.0.1:${port}`, close };
}
