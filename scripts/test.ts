/**
 * `npm test`: the whole check, in order, stopping at the first failing step.
 *
 *   1. system dependencies (Chromium, Java, boto3, AWS CLI)   scripts/ensure-system-deps.ts
 *   2. typecheck and lint, side by side  npm run typecheck, npm run lint
 *   4. unit tests                        vitest run
 *   5. production build                  npm run build
 *   6. e2e tests                         playwright test (against dist/)
 *
 * The last line is "Tests: N passed, M failed" (unit + e2e test counts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSystemDeps } from './ensure-system-deps';
import { REPO_ROOT } from './paths';

/** System dependencies the suite needs today (see scripts/ensure-system-deps.ts). */
const REQUIRED_FOR_TESTS: readonly string[] = ['chromium', 'java', 'boto3', 'aws-cli'];

interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

interface StepOutcome {
  ok: boolean;
  note?: string;
  counts?: TestCounts;
}

interface Step {
  name: string;
  /** Shown in the banner. */
  command: string;
  run(): Promise<StepOutcome>;
}

const packageJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const binPath = path.join(REPO_ROOT, 'node_modules', '.bin');
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${binPath}${path.delimiter}${process.env.PATH ?? ''}`,
};
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'keylab-test-'));

function exec(command: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<StepOutcome> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: REPO_ROOT, shell: true, stdio: 'inherit', env: { ...childEnv, ...extraEnv } });
    child.on('error', (error) => resolve({ ok: false, note: error.message }));
    child.on('exit', (code, signal) =>
      resolve(code === 0 ? { ok: true } : { ok: false, note: signal ? `killed by ${signal}` : `exit code ${code}` }),
    );
  });
}

/**
 * Runs commands at the same time, each one's output held and printed whole when it ends (so the
 * two never interleave); ok when every one is.
 */
async function side(commands: readonly string[]): Promise<StepOutcome> {
  const outcomes = await Promise.all(
    commands.map(
      (command) =>
        new Promise<StepOutcome>((resolve) => {
          const child = spawn(command, { cwd: REPO_ROOT, shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('error', (error) => resolve({ ok: false, note: `${command}: ${error.message}` }));
          child.on('close', (code, signal) => {
            process.stdout.write(`\n── ${command} ──\n${Buffer.concat(output).toString('utf8')}`);
            resolve(code === 0 ? { ok: true } : { ok: false, note: `${command}: ${signal ? `killed by ${signal}` : `exit code ${code}`}` });
          });
        }),
    ),
  );
  const failed = outcomes.filter((outcome) => !outcome.ok);
  return failed.length === 0 ? { ok: true } : { ok: false, note: failed.map((outcome) => outcome.note).join('; ') };
}

function npmScript(name: string): string {
  const script = packageJson.scripts[name];
  if (!script) throw new Error(`package.json has no "${name}" script`);
  return script;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(file: string): TestCounts | undefined {
  const report = readJson(file) as
    | { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number }
    | undefined;
  if (!report || typeof report.numPassedTests !== 'number') return undefined;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(file: string): TestCounts | undefined {
  const report = readJson(file) as
    | { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } }
    | undefined;
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

async function withCounts(
  command: string,
  extraEnv: NodeJS.ProcessEnv,
  reportFile: string,
  parse: (file: string) => TestCounts | undefined,
): Promise<StepOutcome> {
  const outcome = await exec(command, extraEnv);
  const counts = parse(reportFile);
  if (!counts) return outcome;
  if (counts.passed + counts.failed === 0) return { ok: false, note: 'no tests ran', counts };
  return { ...outcome, counts };
}

const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

const steps: Step[] = [
  {
    name: 'system dependencies',
    command: `ensure-system-deps ${REQUIRED_FOR_TESTS.join(' ')}`,
    run: () => Promise.resolve({ ok: ensureSystemDeps(REQUIRED_FOR_TESTS) }),
  },
  {
    // tsc -b and eslint each keep one core busy: side by side they take as long as the slower one.
    name: 'typecheck and lint',
    command: `${npmScript('typecheck')} & ${npmScript('lint')}`,
    run: () => side([npmScript('typecheck'), npmScript('lint')]),
  },
  {
    name: 'unit tests',
    command: 'vitest run',
    run: () =>
      withCounts(
        `vitest run --reporter=default --reporter=json --outputFile.json=${JSON.stringify(vitestReport)}`,
        {},
        vitestReport,
        vitestCounts,
      ),
  },
  { name: 'production build', command: npmScript('build'), run: () => exec(npmScript('build')) },
  {
    name: 'e2e tests',
    command: 'playwright test',
    run: () =>
      withCounts(
        'playwright test --reporter=list,json',
        { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
        playwrightReport,
        playwrightCounts,
      ),
  },
];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

const results: { step: Step; status: 'ok' | 'FAILED' | 'skipped'; ms: number; outcome?: StepOutcome }[] = [];
const startedAt = performance.now();
let failedStep: Step | undefined;

for (const [index, step] of steps.entries()) {
  if (failedStep) {
    results.push({ step, status: 'skipped', ms: 0 });
    continue;
  }
  console.log(`\n━━━ [${index + 1}/${steps.length}] ${step.name}: ${step.command} ━━━`);
  const stepStart = performance.now();
  let outcome: StepOutcome;
  try {
    outcome = await step.run();
  } catch (error) {
    outcome = { ok: false, note: error instanceof Error ? error.message : String(error) };
  }
  const ms = performance.now() - stepStart;
  results.push({ step, status: outcome.ok ? 'ok' : 'FAILED', ms, outcome });
  if (!outcome.ok) failedStep = step;
}
rmSync(reportDir, { recursive: true, force: true });

const totals: TestCounts = { passed: 0, failed: 0, skipped: 0 };
console.log('\n━━━ Summary ━━━');
const width = Math.max(...steps.map((step) => step.name.length));
for (const { step, status, ms, outcome } of results) {
  const details: string[] = [];
  if (outcome?.counts) {
    const { passed, failed, skipped } = outcome.counts;
    totals.passed += passed;
    totals.failed += failed;
    totals.skipped += skipped;
    details.push(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
  if (outcome?.note) details.push(outcome.note);
  const time = status === 'skipped' ? '' : seconds(ms);
  console.log(`  ${status.padEnd(7)} ${step.name.padEnd(width)}  ${time.padStart(6)}  ${details.join('; ')}`.trimEnd());
}
console.log(`  total ${seconds(performance.now() - startedAt)}`);
if (failedStep) {
  console.log(`\nnpm test FAILED at step "${failedStep.name}" (later steps skipped).`);
}
const anyTestsRan = results.some(({ outcome }) => outcome?.counts);
if (anyTestsRan) console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = failedStep ? 1 : 0;
