/**
 * bench:io's browser section: the tab's memory while it imports a large
 * DynamoDB JSON lines file (streamed) through the Import dialog. Target: the
 * tab stays under 300 MB while importing a 1 GB file.
 *
 * Two targets (KEYLAB_BENCH_IO_BROWSER_TABLE):
 *  - `endpoint` (the default): a table on Keylab's own endpoint (scripts/
 *    endpoint.ts, its own process), reached as a DynamoDB Local connection
 *    through the app server's proxy, as a user would. The items leave the
 *    tab, so its memory is the import's own: this is the 300 MB figure.
 *    Items are large (~64 KB each, well under DynamoDB's 400 KB limit), so
 *    1 GB is ~16k items and stays affordable on a loaded 2-core machine.
 *  - `built-in`: the built-in table, which keeps every item in the tab (it
 *    can never stay under 300 MB for 1 GB: the growth per 100 MB is printed).
 *
 * The file is written to a temporary folder line by line (never whole in
 * memory) and handed to the Import dialog's file input by its path. Every
 * 500 ms until the import report shows: the JS heap (CDP Performance.
 * getMetrics JSHeapUsedSize) and the renderer process's resident and
 * private (anonymous) memory (its pid from CDP SystemInfo.getProcessInfo,
 * then /proc/<pid>/status VmRSS and RssAnon).
 *
 * Needs a build (`npx vite build`). Standalone:
 *   npx tsx bench/io/browserMemory.ts     (KEYLAB_BENCH_IO_BROWSER_MB, default 64)
 * Port: KEYLAB_BENCH_IO_PORT (default 5315).
 */
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { chromium } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../scripts/dynamodbLocal';
import { launchChromium, type CdpPipe } from './cdpPipe';
import { memoryBreakdown } from './memoryDump';
import { table as pkSkTable } from '../../src/server/endpoint/endpointTestKit';

const TARGET_MB = 300;
export type BrowserImportTarget = 'endpoint' | 'built-in';

/** The endpoint's table: every line one ~64 KB item. */
const ENDPOINT_TABLE = 'BenchImport';
const LARGE_VALUE_CHARS = 64 * 1024;

/** The line of item `count` for `target`: a Leaderboard row for the built-in table, a ~64 KB item for the endpoint's. */
function lineOf(target: BrowserImportTarget, count: number, filler: string): string {
  if (target === 'built-in')
    return `${JSON.stringify({ leaderboardId: { S: `BENCH#${count % 97}` }, rankKey: { S: String(count).padStart(10, '0') }, score: { N: String((count * 7919) % 100_000) }, player: { S: `player ${count} `.padEnd(120, '·') } })}\n`;
  return `{"pk":{"S":"BENCH#${count % 97}"},"sk":{"S":"${String(count).padStart(10, '0')}"},"n":{"N":"${count}"},"payload":{"S":"${count}${filler}"}}\n`;
}

/** Writes `megabytes` of items as DynamoDB JSON lines to `file`, a line at a time, honouring backpressure. */
async function writeLines(file: string, megabytes: number, target: BrowserImportTarget): Promise<number> {
  const out = createWriteStream(file);
  const limit = megabytes * 1024 * 1024;
  const filler = 'x'.repeat(LARGE_VALUE_CHARS);
  let bytes = 0;
  let count = 0;
  while (bytes < limit) {
    const line = lineOf(target, count, filler);
    bytes += Buffer.byteLength(line);
    count++;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return count;
}

/** Runs `script` (with this process's tsx loader, without its profiler flags) until `ready` shows in its output. */
async function startChild(args: readonly string[], ready: RegExp, extraNodeArgs: readonly string[] = []): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, [...extraNodeArgs, ...process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof')), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${text}`)));
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      text += chunk;
      if (ready.test(text)) resolve(text);
    });
  });
  return { child, output };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Keylab's endpoint in its own process (heap room for the 1 GB it will hold), with the bench's table. */
async function startEndpointWithTable(): Promise<{ port: number; child: ChildProcess }> {
  const port = await findFreePort();
  const { child } = await startChild(['scripts/endpoint.ts', '--port', String(port)], /running at/, ['--max-old-space-size=8192']);
  const client = new DynamoDB({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' } });
  await client.createTable(pkSkTable(ENDPOINT_TABLE));
  client.destroy();
  return { port, child };
}

/** The renderer processes' memory in MB: the largest resident set (and its private, anonymous part) among them, from /proc. */
async function rendererMemory(cdp: CdpPipe): Promise<{ rss: number; anon: number; pid: number } | undefined> {
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    let best: { rss: number; anon: number; pid: number } | undefined;
    for (const process of info.processInfo.filter((entry) => entry.type === 'renderer')) {
      const status = await readFile(`/proc/${process.id}/status`, 'utf8').catch(() => '');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      const sample = { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, pid: process.id };
      if (!best || sample.rss > best.rss) best = sample;
    }
    return best;
  } catch {
    return undefined;
  }
}

async function startAppServer(port: number): Promise<ChildProcess> {
  return (await startChild(['scripts/serve-dist.ts', '--port', String(port)], /http:\/\//)).child;
}

export async function measureBrowserImportMemory(megabytes: number, port: number, target: BrowserImportTarget = 'endpoint'): Promise<string[]> {
  if (!existsSync('dist/index.html')) return ['browser memory: skipped (no dist/: run `npx vite build` first)'];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-bench-io-browser-'));
  const file = path.join(dir, 'items.jsonl');
  const lines = await writeLines(file, megabytes, target);
  const fileMb = (await stat(file)).size / 1024 / 1024;
  const endpoint = target === 'endpoint' ? await startEndpointWithTable() : undefined;
  const appServer = await startAppServer(port);
  const chromiumProcess = await launchChromium();
  try {
    const { cdp } = chromiumProcess;
    // Playwright only sets the page up, on the browser's own first page (its default context survives the disconnect), then disconnects.
    const browser = await chromium.connectOverCDP(chromiumProcess.endpointUrl);
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByRole('tab', { name: 'Table explorer' }).click();
    const picker = page.getByRole('combobox', { name: 'Table', exact: true });
    await picker.locator('option').first().waitFor({ state: 'attached' });
    if (endpoint) {
      // As e2e/pages/ConnectionPanelPage.ts connects to DynamoDB Local: the app server's proxy forwards to the endpoint.
      const form = page.getByRole('form', { name: 'Connection' });
      await form.getByRole('combobox', { name: 'Connection' }).selectOption('DynamoDB Local');
      await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(`http://localhost:${endpoint.port}`);
      await form.getByRole('textbox', { name: 'Region' }).fill('us-east-1');
      await form.getByRole('textbox', { name: 'Access key id' }).fill('bench');
      await form.getByRole('button', { name: 'Connect' }).click();
      await picker.locator(`option[value="${ENDPOINT_TABLE}"]`).waitFor({ state: 'attached' });
      await picker.selectOption(ENDPOINT_TABLE);
    } else await picker.selectOption('Leaderboard');
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Import file').waitFor({ state: 'attached' });
    // Disconnects (a connectOverCDP browser is not closed): its sessions, and their Network domains, go with it.
    await browser.close();

    const session = await cdp.attachToPage();
    const evaluate = (expression: string) => cdp.evaluate(session, expression);
    // The file by its path, over the pipe (Playwright would send a file over 50 MB through the connection, or refuse it).
    await cdp.setInputFile(session, 'input[type="file"]', file);
    await cdp.send('Performance.enable', {}, session);
    await cdp.send('HeapProfiler.enable', {}, session);
    const collectGarbage = () => cdp.send('HeapProfiler.collectGarbage', {}, session);
    /** The JS heap's used size in MB (and, in `committed`, the heap V8 has taken from the system for it). */
    let committed = 0;
    const heapMb = async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics', {}, session)) as { metrics: { name: string; value: number }[] };
      const mb = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) / 1024 / 1024;
      committed = mb('JSHeapTotalSize');
      return mb('JSHeapUsedSize');
    };
    // Strings: the bench's tsconfig has no DOM library.
    const reportSelector = `document.querySelector('[role="region"][aria-label="Import report"]')`;
    await collectGarbage();
    const before = { heap: await heapMb(), renderer: await rendererMemory(cdp) };
    const clicked = await evaluate(
      `(() => { const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Start import'); button?.click(); return Boolean(button); })()`,
    );
    if (!clicked) throw new Error('no Start import button');
    const started = performance.now();
    const samples: { seconds: number; heap: number; committed: number; rss: number; anon: number; percent: number }[] = [];
    let rendererPid = before.renderer?.pid;
    while (!(await evaluate(`Boolean(${reportSelector})`))) {
      const percent = Number(
        await evaluate(`document.querySelector('[role="progressbar"][aria-label="Import progress"]')?.getAttribute('aria-valuenow') ?? 0`),
      );
      const renderer = await rendererMemory(cdp);
      rendererPid = renderer?.pid ?? rendererPid;
      const heap = await heapMb();
      samples.push({ seconds: (performance.now() - started) / 1000, heap, committed, rss: renderer?.rss ?? 0, anon: renderer?.anon ?? 0, percent });
      if (process.env.KEYLAB_BENCH_IO_BROWSER_DUMP === '1' && samples.length % 20 === 0 && rendererPid)
        console.log(`  ${samples.at(-1)?.seconds.toFixed(0)}s ${await memoryBreakdown(rendererPid)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seconds = (performance.now() - started) / 1000;
    const reportText = String(await evaluate(`${reportSelector}.innerText`)).split('\n')[0] ?? '';
    await collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await heapMb();
    const afterRenderer = await rendererMemory(cdp);
    const peak = (field: 'heap' | 'committed' | 'rss' | 'anon') => Math.max(0, ...samples.map((sample) => sample[field]));
    const peakHeap = Math.max(before.heap, peak('heap'));
    const verdict = (mb: number) => `${mb.toFixed(0)} MB ${mb < TARGET_MB ? 'PASS' : 'MISS'}`;
    const where = endpoint
      ? `a table on Keylab's endpoint (a DynamoDB Local connection through the proxy; ~${LARGE_VALUE_CHARS / 1024} KB items)`
      : 'the built-in table';
    const out = [
      `browser memory: imported ${fileMb.toFixed(0)} MB (${lines.toLocaleString('en-US')} lines) into ${where} in ${seconds.toFixed(0)} s (${(fileMb / seconds).toFixed(1)} MB/s); report: ${reportText}`,
      `  peak vs target < ${TARGET_MB} MB: JS heap ${verdict(peakHeap)} (committed ${peak('committed').toFixed(0)} MB); renderer private (RssAnon) ${samples.some((sample) => sample.anon > 0) ? verdict(peak('anon')) : 'not read'}; renderer resident (VmRSS, with shared pages) ${peak('rss').toFixed(0)} MB`,
      `  JS heap before ${before.heap.toFixed(0)} MB, after (GC) ${after.toFixed(0)} MB; renderer private before ${before.renderer?.anon.toFixed(0) ?? '?'} MB, after (GC) ${afterRenderer?.anon.toFixed(0) ?? '?'} MB; resident before ${before.renderer?.rss.toFixed(0) ?? '?'} MB, after ${afterRenderer?.rss.toFixed(0) ?? '?'} MB (measured over a raw CDP pipe, no Network domain: Playwright only set the page up, then disconnected)`,
      endpoint
        ? `  the items leave the tab (the endpoint holds them): the heap should not grow with the file`
        : `  growth kept after GC: ${(((after - before.heap) / fileMb) * 100).toFixed(0)} MB per 100 MB imported (the built-in table holds every item in the tab: that is the table's data, not the import's)`,
      `  trend (s, % imported, JS heap used/committed MB, renderer private MB): ${samples
        .filter((_, i) => i % Math.max(1, Math.floor(samples.length / 12)) === 0)
        .map((sample) => `${sample.seconds.toFixed(0)}s ${sample.percent}% ${sample.heap.toFixed(0)}/${sample.committed.toFixed(0)} ${sample.anon.toFixed(0)}`)
        .join(' · ')}`,
    ];
    return out;
  } finally {
    await chromiumProcess.close();
    await stopChild(appServer);
    if (endpoint) await stopChild(endpoint.child);
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = (process.env.KEYLAB_BENCH_IO_BROWSER_TABLE ?? 'endpoint') as BrowserImportTarget;
  for (const line of await measureBrowserImportMemory(
    Number(process.env.KEYLAB_BENCH_IO_BROWSER_MB ?? 64),
    Number(process.env.KEYLAB_BENCH_IO_PORT ?? 5315),
    target,
  ))
    console.log(line);
}
