import { execFileSync, spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMANDS } from './commands';

/*
 * The CI examples in docs/ci are copied by users, so they must not rot: the
 * workflow parses and names only real subcommands and options, and the
 * pre-commit hook really stops a commit with an error finding and lets a
 * clean one through (run by git in a temporary repository).
 */

const ROOT = process.cwd();
const KEYLAB = `node ${join(ROOT, 'bin/keylab.mjs')}`;

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
  readonly if?: string;
}
interface Workflow {
  readonly on: { readonly pull_request?: unknown };
  readonly permissions: Record<string, string>;
  readonly jobs: Record<string, { readonly permissions: Record<string, string>; readonly steps: readonly Step[] }>;
}

/** The words of each `keylab …` command in a script, as sh splits them (quotes removed; stops at a redirection or the line's end). */
function keylabCommands(script: string): string[][] {
  const commands: string[][] = [];
  for (const line of script.split('\n')) {
    const start = line.indexOf('npx keylab ');
    if (start < 0) continue;
    const words = [...line.slice(start + 'npx keylab '.length).matchAll(/"([^"]*)"|'([^']*)'|([^\s"'>|;&]+)|([>|;&])/g)];
    const command: string[] = [];
    for (const [, double, single, bare, operator] of words) {
      if (operator !== undefined) break;
      command.push(double ?? single ?? bare ?? '');
    }
    commands.push(command);
  }
  return commands;
}

describe('docs/ci/keylab-check.yml, the GitHub Actions example', () => {
  let workflow: Workflow;
  beforeAll(async () => {
    workflow = parse(await readFile(join(ROOT, 'docs/ci/keylab-check.yml'), 'utf8')) as Workflow;
  });

  it('runs on pull requests with least privilege: read by default, one write per job', () => {
    expect(workflow.on.pull_request).toBeDefined();
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.check?.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
    expect(workflow.jobs.diff?.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  it('checks out the whole history, sets up Node 20, installs with npm ci, uploads SARIF and posts the diff', () => {
    for (const job of Object.values(workflow.jobs)) {
      expect(job.steps.find((step) => step.uses?.startsWith('actions/checkout@'))?.with).toMatchObject({ 'fetch-depth': 0 });
      expect(job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'node-version': 20 });
      expect(job.steps.some((step) => step.run === 'npm ci')).toBe(true);
    }
    const check = workflow.jobs.check?.steps ?? [];
    const upload = check.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe('keylab.sarif');
    expect(check.some((step) => step.run?.includes('npx keylab check designs/ --format sarif --output keylab.sarif'))).toBe(true);
    const diff = workflow.jobs.diff?.steps ?? [];
    expect(diff.find((step) => step.run?.includes('keylab diff'))?.env).toEqual({ BASE_SHA: '${{ github.event.pull_request.base.sha }}' });
    expect(diff.find((step) => step.run?.startsWith('gh pr comment'))?.run).toContain('--body-file keylab-diff.md');
  });

  it('names only real keylab subcommands and options (the example can’t rot silently)', () => {
    const scripts = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));
    const commands = scripts.flatMap(keylabCommands);
    expect(commands.map((words) => words[0])).toEqual(['check', 'diff']);
    for (const [name, ...args] of commands) {
      const command = COMMANDS.find((candidate) => candidate.name === name);
      expect(command, `keylab ${name}`).toBeDefined();
      for (const option of args.filter((arg) => arg.startsWith('--'))) expect(command?.usage, `keylab ${name} ${option}`).toContain(`${option} `);
    }
    // keylab diff's own values too (keylab check's formats are listed by its own help).
    const diff = commands.find((words) => words[0] === 'diff') ?? [];
    expect(diff).toEqual(['diff', 'git:$BASE_SHA:designs/shop.keylab.json', 'designs/shop.keylab.json', '--format', 'markdown']);
    expect(COMMANDS.find((command) => command.name === 'diff')?.usage).toContain('text | markdown | json');
  });
});

describe('docs/ci/.pre-commit-config.yaml, the pre-commit framework example', () => {
  it('runs keylab check (and format --check) on staged Keylab design files', async () => {
    const config = parse(await readFile(join(ROOT, 'docs/ci/.pre-commit-config.yaml'), 'utf8')) as {
      repos: { repo: string; hooks: { id: string; entry: string; files: string }[] }[];
    };
    const hooks = config.repos.flatMap((repo) => repo.hooks);
    expect(hooks.map((hook) => [hook.id, hook.entry])).toEqual([
      ['keylab-check', 'npx --no-install keylab check'],
      ['keylab-format', 'npx --no-install keylab format --check'],
    ]);
    for (const hook of hooks) expect(new RegExp(hook.files).test('designs/shop.keylab.json') && !new RegExp(hook.files).test('package.json')).toBe(true);
    expect(COMMANDS.map((command) => command.name)).toEqual(expect.arrayContaining(['check', 'format']));
  });
});

describe('docs/ci/pre-commit, the git hook', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Keylab Test', '-c', 'user.email=test@keylab.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
  /** `git commit`, running the hook: its exit status and what it printed. */
  const commit = (message: string) => {
    const result = spawnSync(
      'git',
      ['-c', 'user.name=Keylab Test', '-c', 'user.email=test@keylab.invalid', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', message],
      { cwd: repo, encoding: 'utf8', env: { ...process.env, KEYLAB } },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };
  const head = () => git('log', '--format=%s', '-1').trim();

  beforeAll(async () => {
    repo = await mkdtemp(join(tmpdir(), 'keylab-hook-'));
    git('init', '-q', '-b', 'main');
    await copyFile(join(ROOT, 'docs/ci/pre-commit'), join(repo, '.git/hooks/pre-commit'));
    execFileSync('chmod', ['+x', join(repo, '.git/hooks/pre-commit')]);
    await mkdir(join(repo, 'designs folder'), { recursive: true });
    await writeFile(join(repo, 'package.json'), '{ "name": "app", "private": true }\n');
    git('add', 'package.json');
    git('commit', '-q', '--no-verify', '-m', 'start');
  });
  afterAll(async () => {
    await rm(repo, { recursive: true, force: true });
  });

  it('stops a commit whose staged design has an open error, even when the working tree is fixed', { timeout: 180_000 }, async () => {
    const bad = await readFile(join(ROOT, 'corpus/review/delimiter-in-value.keylab.json'), 'utf8');
    await writeFile(join(repo, 'designs folder/files.keylab.json'), bad);
    git('add', '-A');
    // The working tree holds a clean design, but the index (what is committed) still holds the bad one.
    await copyFile(join(ROOT, 'corpus/review/example-leaderboard.clean.keylab.json'), join(repo, 'designs folder/files.keylab.json'));
    const blocked = commit('a design with a delimiter in a value');
    expect(blocked.status).not.toBe(0);
    expect(blocked.output).toContain('review.delimiterInValue');
    expect(blocked.output).toContain('designs folder/files.keylab.json');
    expect(blocked.output).toContain('pre-commit: the staged designs did not pass (exit 1)');
    expect(head()).toBe('start');
  });

  it('lets a clean design through, with a non-design JSON file staged beside it', { timeout: 180_000 }, async () => {
    git('add', '-A');
    await writeFile(join(repo, 'tsconfig.json'), '{ "compilerOptions": {} }\n');
    git('add', 'tsconfig.json');
    const clean = commit('the clean leaderboard');
    expect({ status: clean.status, output: clean.output }).toMatchObject({ status: 0 });
    expect(head()).toBe('the clean leaderboard');
  });

  it('stops a commit whose staged design can’t be read (exit 2), naming the line and column', { timeout: 180_000 }, async () => {
    await writeFile(join(repo, 'designs folder/files.keylab.json'), '{\n  "format": "keylab.design/1",\n  oops\n}\n');
    git('add', '-A');
    const broken = commit('a broken design');
    expect(broken.status).not.toBe(0);
    expect(broken.output).toMatch(/designs folder\/files\.keylab\.json:3:3/);
    expect(broken.output).toContain('(exit 2)');
    expect(head()).toBe('the clean leaderboard');
  });
});
