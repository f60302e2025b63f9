/**
 * `npm run bench:check`: `keylab check` on ≥ 100 design files — the 99 review
 * corpus designs, the built-in examples and the Workbench and CloudFormation
 * fixtures — measured two ways side by side: in one process (checkDesignText
 * per file: read, review, patterns on a fresh built-in engine; per-file
 * median and p95), and as the command a CI job runs, `node bin/keylab.mjs
 * check …` in a child process, cold start included (tsx from the sources in
 * a clone; the dist-cli bundle too when it is built: npm run build:cli).
 * The target: 100 files in under 5 s on 2 cores. The machine's load is
 * printed with the figures (wall times on a shared machine vary with it).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDesignText } from '../src/check';
import { EXAMPLE_DESIGNS } from '../src/design/examples';
import { formatMs, median, percentile, renderTable } from './benchUtils';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const TARGET_MS = 5_000;
const NOT_DESIGNS = new Set(['labels.json', 'knownGaps.json']);
const FIXTURES = [
  'an-online-shop.json',
  'aws-samples/AnOnlineShop_facets.json',
  'gsi-include.json',
  'missing-metadata.json',
  'single-table-facets.json',
  'two-tables.json',
  'version-1.json',
  'cloudformation/orders-single-table.yaml',
  'cloudformation/sessions-global-table.json',
].map((name) => join(ROOT, 'src/design/interchange/fixtures', name));

const scratch = await mkdtemp(join(tmpdir(), 'keylab-bench-check-'));
try {
  // The examples as the files the app exports.
  const examples: string[] = [];
  for (const { id, design } of EXAMPLE_DESIGNS) {
    const path = join(scratch, `${id}.keylab.json`);
    await writeFile(path, `${JSON.stringify(design, null, 2)}\n`);
    examples.push(path);
  }
  const corpusDir = join(ROOT, 'corpus/review');
  const corpus = (await readdir(corpusDir))
    .filter((name) => name.endsWith('.json') && !NOT_DESIGNS.has(name))
    .sort()
    .map((name) => join(corpusDir, name));
  const files = [...corpus, ...examples, ...FIXTURES];

  // In process: each file read, reviewed and its patterns run, one after another.
  const perFile: number[] = [];
  let findings = 0;
  let patterns = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file));
    const begin = performance.now();
    const part = await checkDesignText(bytes, file);
    perFile.push(performance.now() - begin);
    if (part.status !== 'checked')
      throw new Error(`${file} was not checked: ${part.status === 'unreadable' ? part.problems.map((problem) => problem.message).join(' ') : part.reason}`);
    findings += part.findings.length;
    patterns += part.patterns.length;
  }
  const inProcess = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const inProcessCpu = (cpu.user + cpu.system) / 1000;

  // As CI runs it: a child process, cold start included.
  const args = ['check', '--fail-on', 'never', '--quiet', 'corpus/review', scratch, ...FIXTURES];
  // Wall time, and the child's CPU time (user + system, from bash's `time`): on a shared machine the wall time waits for the CPU.
  const child = async (command: string, commandArgs: readonly string[]) => {
    const begin = performance.now();
    const quoted = [command, ...commandArgs].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
    const { stdout, stderr } = await promisifiedExecFile('bash', ['-c', `TIMEFORMAT='%U %S'; time ${quoted}`], { cwd: ROOT });
    const [user = Number.NaN, system = Number.NaN] = (stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    return { ms: performance.now() - begin, cpuMs: (user + system) * 1000, summary: stdout.trim().split('\n').at(-1) ?? '' };
  };
  const fromSources = await child(process.execPath, ['bin/keylab.mjs', ...args]);
  const bundlePath = join(ROOT, 'dist-cli/keylab.mjs');
  const fromBundle = existsSync(bundlePath)
    ? await child(process.execPath, [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(bundlePath)}); process.argv.splice(1, 0, 'keylab'); await m.runMain({ version: 'bench' });`,
        '--',
        ...args,
      ])
    : undefined;

  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  console.log(
    `keylab check on ${files.length} design files (${corpus.length} corpus designs, ${examples.length} examples, ${FIXTURES.length} Workbench/CloudFormation fixtures): ${findings} findings, ${patterns} access patterns run.`,
  );
  console.log(`Machine: ${availableParallelism()} cores, load average ${load} (1 / 5 / 15 min).\n`);
  const verdict = (ms: number) => (ms < TARGET_MS ? `under (${(ms / TARGET_MS).toFixed(2)}× the target)` : `OVER (${(ms / TARGET_MS).toFixed(2)}× the target)`);
  console.log(
    renderTable([
      ['run', 'files', 'wall ms', 'CPU ms', 'per-file median ms', 'per-file p95 ms', `wall vs ${TARGET_MS / 1000} s target`, 'CPU vs target'],
      [
        'in process (checkDesignText)',
        String(files.length),
        formatMs(inProcess),
        formatMs(inProcessCpu),
        formatMs(median(perFile)),
        formatMs(percentile(perFile, 0.95)),
        verdict(inProcess),
        verdict(inProcessCpu),
      ],
      [
        'node bin/keylab.mjs (tsx, cold)',
        String(files.length),
        formatMs(fromSources.ms),
        formatMs(fromSources.cpuMs),
        '–',
        '–',
        verdict(fromSources.ms),
        verdict(fromSources.cpuMs),
      ],
      ...(fromBundle
        ? [
            [
              'node dist-cli bundle (cold)',
              String(files.length),
              formatMs(fromBundle.ms),
              formatMs(fromBundle.cpuMs),
              '–',
              '–',
              verdict(fromBundle.ms),
              verdict(fromBundle.cpuMs),
            ],
          ]
        : []),
    ]),
  );
  console.log(`\nChild process summary: ${fromSources.summary}`);
  if (!fromBundle) console.log('(dist-cli/keylab.mjs not built: npm run build:cli to time the bundle the tarball runs.)');
  const slowest = files
    .map((file, index) => ({ file, ms: perFile[index] ?? 0 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  console.log(
    `Slowest in process: ${slowest.map((entry) => `${entry.file.replace(`${ROOT}/`, '').replace(`${scratch}/`, '')} ${formatMs(entry.ms)} ms`).join(', ')}`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/** execFile as a promise that resolves on any exit code (check exits 1 on findings; the timing is what counts here). */
function promisifiedExecFile(command: string, args: string[], options: { cwd: string }): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else if (error && error.code === 2) reject(new Error(`keylab exited 2: ${stderr}`));
      else resolvePromise({ stdout, stderr });
    });
  });
}
