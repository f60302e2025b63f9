import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeylabInProcess } from '../src/cli/commands/checkTestIo';
import { serializeDesignDocument, SHOP_DESIGN } from '../src/design';
import { docsCommands, SHELL_LANGUAGES, shellWords } from './docsCommands';
import { docsPages, fencedBlocks, withoutFences } from './docsPages';
import { REPO_ROOT } from './paths';

/*
 * Every shell command in the fenced blocks of README.md and docs/ works: this test either runs it
 * (the `keylab` commands, in process, in a sandbox holding the files the docs name; a script's
 * --help) or finds it below in RUN_ELSEWHERE, a reviewed list naming the test or CI step that runs
 * it (long-running servers, installs, the whole suite). A command that is neither fails, saying how
 * to fix it. And every `npm run <script>` the docs mention, in prose too, is a script of package.json.
 */

interface RunElsewhere {
  /** Files (tests, or the CI entry point) that run the command or the code behind it; each must exist and mention `mentions`. */
  readonly tests: readonly string[];
  readonly mentions: string;
  readonly why: string;
}

/** Reviewed: commands this test does not run, each with where it is run. Keys are the commands as the docs write them. */
const RUN_ELSEWHERE: Readonly<Record<string, RunElsewhere>> = {
  'npm ci': { tests: ['.ci/run'], mentions: 'npm ci', why: 'CI installs a fresh clone with it before every run' },
  'npm test': { tests: ['.ci/run'], mentions: 'npm test', why: 'CI runs the whole suite with it' },
  'npm start': {
    tests: ['scripts/build-if-needed.test.ts', 'src/server/app/cli.test.ts', 'playwright.config.ts'],
    mentions: '',
    why: 'a long-running server: its build-if-needed step and its command line are tested, and every e2e spec runs its server (runAppServer, through scripts/serve-dist.ts)',
  },
  'npm run endpoint -- --port 8000 [--data DIR]': {
    tests: ['src/server/endpoint/endpointData.process.test.ts'],
    mentions: "'--port', String(port), '--data'",
    why: 'a long-running server (a synopsis: [--data DIR] is optional); the test starts bin/keylab.mjs endpoint (what npm run endpoint runs) with --port and --data',
  },
  'aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000 --region us-east-1': {
    tests: ['integration/endpoint.test.ts'],
    mentions: "'list-tables'",
    why: 'needs the endpoint running and the AWS CLI: the integration test runs the CLI against the endpoint',
  },
  'npm run dynamodb-local': {
    tests: ['scripts/vitest.globalSetup.ts'],
    mentions: 'startDynamoDBLocal',
    why: 'a long-running Java server: every integration run starts DynamoDB Local through the same launcher (scripts/dynamodbLocal.ts)',
  },
  'npm run import -- --endpoint http://localhost:8000 --table T items.jsonl [--format jsonl|json|csv] [--concurrency N] [--region R] [--resume items.jsonl.checkpoint.json]':
    {
      tests: ['integration/transfer.test.ts', 'integration/transferResume.test.ts'],
      mentions: 'import.ts',
      why: 'a synopsis (placeholders and optional parts) that writes to a table: the integration tests run the command against DynamoDB Local, --resume included',
    },
  'npm run export -- --endpoint http://localhost:8000 --table T [--format jsonl|json|csv] [--out FILE] [--region R]': {
    tests: ['integration/transfer.test.ts'],
    mentions: "'export.ts'",
    why: 'a synopsis that reads a table: the integration test runs the command against DynamoDB Local',
  },
  'npx keylab endpoint -sharedDb -inMemory -port 8000': {
    tests: ['integration/endpointDropInSharedDb.test.ts', 'integration/endpointDatabases.test.ts'],
    mentions: "'-sharedDb', '-inMemory'",
    why: 'a long-running server: the integration tests start it with these flags on a free -port and run the contract suite against it',
  },
  'npx keylab endpoint -inMemory -port 8000': {
    tests: ['integration/endpointDropInSeparateDb.test.ts', 'integration/endpointDatabases.test.ts'],
    mentions: "'-inMemory'",
    why: 'a long-running server: the integration tests start it with these flags on a free -port (a database per access key and region)',
  },
  'echo $?': {
    tests: ['scripts/generate-ci-example.test.ts'],
    mentions: 'renderCiExample',
    why: 'shows the exit code of the keylab command before it in the generated example, which that test keeps current',
  },
};

const PACKAGE_SCRIPTS: Record<string, string> = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** `npx keylab …` or `npm run keylab -- …`: keylab's arguments, else undefined. */
function keylabArgs(words: readonly string[]): string[] | undefined {
  if (words[0] === 'npx' && words[1] === 'keylab') return words.slice(2);
  if (words.slice(0, 4).join(' ') === 'npm run keylab --') return words.slice(4);
  return undefined;
}

/** `npm run <script> -- --help` (or -h) for a script that is `tsx <file>`: the file and the flag, else undefined. */
function scriptHelp(words: readonly string[]): { file: string; flag: string } | undefined {
  if (words.length !== 5 || words[0] !== 'npm' || words[1] !== 'run' || words[3] !== '--' || !['--help', '-h'].includes(words[4] ?? '')) return undefined;
  const file = /^(?:exec )?tsx (\S+\.ts)$/.exec(PACKAGE_SCRIPTS[words[2] ?? ''] ?? '')?.[1];
  return file ? { file, flag: words[4] ?? '' } : undefined;
}

function runNode(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A folder holding what the docs' keylab commands name: designs/shop.keylab.json committed on
 * branch main of a git repository (for `git:main:…`), v1/v2.keylab.json (the CI example's two
 * revisions), and the repository's docs/ and corpus/ (linked).
 */
function makeSandbox(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keylab-docs-commands-'));
  mkdirSync(path.join(dir, 'designs'));
  writeFileSync(path.join(dir, 'designs', 'shop.keylab.json'), serializeDesignDocument(SHOP_DESIGN));
  copyFileSync(path.join(REPO_ROOT, 'docs/ci/example/leaderboard.v1.keylab.json'), path.join(dir, 'v1.keylab.json'));
  copyFileSync(path.join(REPO_ROOT, 'docs/ci/example/leaderboard.v2.keylab.json'), path.join(dir, 'v2.keylab.json'));
  for (const folder of ['docs', 'corpus']) symlinkSync(path.join(REPO_ROOT, folder), path.join(dir, folder), 'dir');
  const git = (...args: string[]) => {
    const result = spawnSync('git', ['-c', 'user.name=Keylab docs', '-c', 'user.email=docs@keylab.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  };
  git('init', '--quiet', '--initial-branch=main');
  git('add', 'designs');
  git('commit', '--quiet', '-m', 'the shop design');
  return dir;
}

describe('every shell command in the docs', () => {
  const commands = docsCommands();
  let sandbox = '';
  beforeAll(() => {
    sandbox = makeSandbox();
  });
  afterAll(() => {
    if (sandbox) rmSync(sandbox, { recursive: true, force: true });
  });

  it('finds the commands (README.md and docs/ have shell blocks)', () => {
    expect(commands.map(({ command }) => command)).toEqual(expect.arrayContaining(['npm ci', 'npm start', 'npm test']));
  });

  for (const { command, where } of commands) {
    it(`${where}: ${command}`, { timeout: 180_000 }, async () => {
      const words = shellWords(command);
      const keylab = keylabArgs(words);
      const help = scriptHelp(words);
      const elsewhere = RUN_ELSEWHERE[command];
      if (keylab && !elsewhere) {
        const run = await runKeylabInProcess(keylab, { cwd: sandbox });
        // 0: nothing open; 1: something open at or above --fail-on (the command worked). 2 is bad input: the docs are wrong.
        expect([0, 1], `\`${command}\` (${where}) exited ${run.code}:\n${run.stderr}${run.stdout.slice(0, 2000)}`).toContain(run.code);
      } else if (help) {
        const run = await runNode(['--import', 'tsx', help.file, help.flag]);
        expect(run.code, `\`${command}\` (${where}) exited ${run.code}:\n${run.stderr}`).toBe(0);
        expect(run.stdout).toMatch(/usage/i);
      } else if (elsewhere) {
        for (const test of elsewhere.tests) {
          const file = path.join(REPO_ROOT, test);
          expect(existsSync(file), `RUN_ELSEWHERE lists ${test} for \`${command}\`, and it is gone: point it at the test that runs the command now`).toBe(true);
          if (elsewhere.mentions)
            expect(readFileSync(file, 'utf8'), `RUN_ELSEWHERE: ${test} no longer mentions ${elsewhere.mentions} (for \`${command}\`)`).toContain(
              elsewhere.mentions,
            );
        }
      } else {
        expect.fail(
          `\`${command}\` (${where}) is a docs command that no test runs. Either write it so scripts/docsCommands.test.ts runs it ` +
            '(`npx keylab …` or `npm run keylab -- …` on files in the repository, or `npm run <script> -- --help`), ' +
            'or add it to RUN_ELSEWHERE in scripts/docsCommands.test.ts with the test that runs it and why; ' +
            'if it no longer works, fix the docs.',
        );
      }
    });
  }
});

describe('every npm script the docs mention', () => {
  it('is a script of package.json', () => {
    const missing: string[] = [];
    for (const page of docsPages()) {
      // In code only (shell blocks and code spans): prose, and the Markdown comment the CI example shows, may say "npm run runs scripts there".
      const code = [
        ...fencedBlocks(page.text)
          .filter((block) => SHELL_LANGUAGES.has(block.language))
          .map((block) => block.body),
        ...[...withoutFences(page.text).matchAll(/`([^`\n]+)`/g)].map((span) => span[1] ?? ''),
      ].join('\n');
      for (const match of code.matchAll(/npm run ([\w:.*-]*[\w*])/g)) {
        const name = match[1] ?? '';
        const pattern = new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
        if (!Object.keys(PACKAGE_SCRIPTS).some((script) => pattern.test(script))) missing.push(`${page.file}: npm run ${name}`);
      }
    }
    expect(missing, 'the docs name npm scripts that package.json does not have: fix the docs (or the script)').toEqual([]);
  });
});
