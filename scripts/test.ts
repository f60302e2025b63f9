/**
 * `npm test`: the whole check, in order, stopping at the first failing step.
 *
 *   1. system dependencies (Chromium, Java, boto3, AWS CLI)   scripts/ensure-system-deps.ts
 *   2. typecheck, lint and format, side by side  npm run typecheck, npm run lint, npm run format:check
 *   3. unit tests, beside step 2         vitest run --project unit
 *   4. integration tests                 vitest run --project integration (DynamoDB Local, child processes)
 *   5. production build, beside step 4   npm run build
 *   6. e2e tests                         playwright test (against dist/)
 *
 * A step marked `beside` starts with the step before it rather than after it (see {@link Step.beside});
 * the summary still gives each step its own line and time, and a failure names the first failing step
 * in the order above, after the steps already started have ended.
 * The last line is "Tests: N passed, M failed" (unit + integration + e2e test counts).
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
  /**
   * Why this step starts together with the step before it instead of after it passed (a core the
   * other leaves idle). Such a step must not need the other's result, and holds its output or
   * prints it in whole blocks so the two stay readable.
   */
  beside?: string;
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
    child.on('exit', (code, signal) => resolve(code === 0 ? { ok: true } : { ok: false, note: signal ? `killed by ${signal}` : `exit code ${code}` }));
  });
}

/** Runs a command with its output held, printed whole when it ends (so it never interleaves with another's). */
function held(command: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<StepOutcome> {
  return new Promise<StepOutcome>((resolve) => {
    const child = spawn(command, { cwd: REPO_ROOT, shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...childEnv, ...extraEnv } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => resolve({ ok: false, note: `${command}: ${error.message}` }));
    child.on('close', (code, signal) => {
      process.stdout.write(`\n── ${command} ──\n${Buffer.concat(output).toString('utf8')}`);
      resolve(code === 0 ? { ok: true } : { ok: false, note: `${command}: ${signal ? `killed by ${signal}` : `exit code ${code}`}` });
    });
  });
}

/** Outcomes of runs made side by side, as one: ok when every one is; the notes joined, the test counts added up. */
function together(outcomes: readonly StepOutcome[]): StepOutcome {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const counted = outcomes.flatMap((outcome) => (outcome.counts ? [outcome.counts] : []));
  const notes = outcomes.flatMap((outcome) => (outcome.note ? [outcome.note] : []));
  return {
    ok: failed.length === 0,
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    ...(counted.length > 0
      ? {
          counts: counted.reduce((sum, counts) => ({
            passed: sum.passed + counts.passed,
            failed: sum.failed + counts.failed,
            skipped: sum.skipped + counts.skipped,
          })),
        }
      : {}),
  };
}

/** Runs commands at the same time, each one's output held (see {@link held}); ok when every one is. */
async function side(commands: readonly string[]): Promise<StepOutcome> {
  return together(await Promise.all(commands.map((command) => held(command))));
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
  const report = readJson(file) as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number } | undefined;
  if (!report || typeof report.numPassedTests !== 'number') return undefined;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(file: string): TestCounts | undefined {
  const report = readJson(file) as { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } } | undefined;
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

/** Runs a test command (`run`: streamed or held) and reads its test counts from the report it wrote. */
async function withCounts(name: string, run: Promise<StepOutcome>, reportFile: string, parse: (file: string) => TestCounts | undefined): Promise<StepOutcome> {
  const outcome = await run;
  const counts = parse(reportFile);
  if (!counts) return outcome.ok ? outcome : { ...outcome, note: `${name}: ${outcome.note ?? 'failed'}` };
  if (counts.passed + counts.failed === 0) return { ok: false, note: `${name}: no tests ran`, counts };
  return { ...outcome, ...(outcome.ok ? {} : { note: `${name}: ${outcome.note ?? 'failed'}` }), counts };
}

/** `vitest run --project <project>`, with the default reporter and a JSON report to count from. */
function vitestProject(project: string, report: string): string {
  return `vitest run --project ${project} --reporter=default --reporter=json --outputFile.json=${JSON.stringify(report)}`;
}

const unitReport = path.join(reportDir, 'vitest-unit.json');
const integrationReport = path.join(reportDir, 'vitest-integration.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

const steps: Step[] = [
  {
    name: 'system dependencies',
    command: `ensure-system-deps ${REQUIRED_FOR_TESTS.join(' ')}`,
    run: () => Promise.resolve({ ok: ensureSystemDeps(REQUIRED_FOR_TESTS) }),
  },
  {
    // tsc -b and eslint each keep one core busy: side by side they take as long as the slower one.
    name: 'typecheck, lint, format',
    command: `${npmScript('typecheck')} & ${npmScript('lint')} & ${npmScript('format:check')}`,
    run: () => side([npmScript('typecheck'), npmScript('lint'), npmScript('format:check')]),
  },
  {
    name: 'unit tests',
    command: 'vitest run --project unit',
    // Fresh clone, CPU seconds: tsc -b 75, eslint 83, prettier 30, the unit tests 80 (two workers). Step 2 used
    // about 1.5 of the two cores on average (128 s quiet), the unit tests about 1.6 (51 s): together they fill both.
    beside: 'step 2 is three single-threaded processes, and a core idles once prettier and then tsc -b end; the unit tests need nothing step 2 writes',
    run: () => withCounts('unit', exec(vitestProject('unit', unitReport)), unitReport, vitestCounts),
  },
  {
    name: 'integration tests',
    command: 'vitest run --project integration',
    run: () => withCounts('integration', exec(vitestProject('integration', integrationReport)), integrationReport, vitestCounts),
  },
  {
    name: 'production build',
    command: npmScript('build'),
    beside:
      'a few seconds of one core, while the integration tests mostly wait on DynamoDB Local and child processes; no integration test reads dist/, and the e2e step starts after both',
    run: () => held(npmScript('build')),
  },
  {
    // Not beside the integration tests: on two cores the pair took 1,044 s against about 200 s + 640 s
    // apart, and the e2e tests' waits on the built-in engine ran into their ceilings.
    name: 'e2e tests',
    command: 'playwright test',
    run: () =>
      withCounts('e2e', exec('playwright test --reporter=list,json', { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport }), playwrightReport, playwrightCounts),
  },
];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

interface StepResult {
  outcome: StepOutcome;
  ms: number;
}

/** Starts a step: its banner now, its outcome (never a rejection) and its own time when it ends. */
function startStep(step: Step, index: number): Promise<StepResult> {
  const besideNote = step.beside ? ` (beside step ${index})` : '';
  console.log(`\n━━━ [${index + 1}/${steps.length}] ${step.name}${besideNote}: ${step.command} ━━━`);
  const stepStart = performance.now();
  return step.run().then(
    (outcome) => ({ outcome, ms: performance.now() - stepStart }),
    (error: unknown) => ({ outcome: { ok: false, note: error instanceof Error ? error.message : String(error) }, ms: performance.now() - stepStart }),
  );
}

/** Starts the step at `index` and the steps after it marked `beside`, all at once; returns the first one's result. */
function startWithBesideSteps(index: number, running: Map<Step, Promise<StepResult>>): Promise<StepResult> {
  const later = steps.slice(index + 1);
  const firstNotBeside = later.findIndex((step) => !step.beside);
  const group = steps.slice(index, index + 1 + (firstNotBeside === -1 ? later.length : firstNotBeside));
  const [first] = group.map((step, offset) => {
    const result = startStep(step, index + offset);
    running.set(step, result);
    return result;
  });
  if (!first) throw new Error(`npm test has no step ${index + 1}`);
  return first;
}

const results: { step: Step; status: 'ok' | 'FAILED' | 'skipped'; ms: number; outcome?: StepOutcome }[] = [];
const startedAt = performance.now();
const running = new Map<Step, Promise<StepResult>>();
let failedStep: Step | undefined;

for (const [index, step] of steps.entries()) {
  // A step already started beside an earlier one is awaited even after a failure: it is running, and its result is shown.
  const started = running.get(step);
  if (failedStep && !started) {
    results.push({ step, status: 'skipped', ms: 0 });
    continue;
  }
  const { outcome, ms } = await (started ?? startWithBesideSteps(index, running));
  results.push({ step, status: outcome.ok ? 'ok' : 'FAILED', ms, outcome });
  if (!outcome.ok) failedStep ??= step;
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
  console.log(`\nnpm test FAILED at step "${failedStep.name}" (the steps not started by then were skipped).`);
}
const anyTestsRan = results.some(({ outcome }) => outcome?.counts);
if (anyTestsRan) console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = failedStep ? 1 : 0;
