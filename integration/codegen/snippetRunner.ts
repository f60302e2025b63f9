/**
 * Runs emitted code for real: JavaScript with `node`, Python with Debian's
 * /usr/bin/python3 (boto3), shell with the AWS CLI v2. Each run gets an
 * empty AWS config and NO credentials in its environment: every endpoint the
 * tests use is on this machine, and a program written for a local endpoint
 * must carry its own dummy keys (or it fails with NoCredentialsError /
 * "Unable to locate credentials"). Nothing from the machine's ~/.aws
 * (profiles, keys, cli_binary_format, output format) changes the result.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { awsCliPath, pythonPath } from '../../scripts/ensure-system-deps';

/** Debian's python3 with boto3 ($KEYLAB_PYTHON overrides; scripts/ensure-system-deps.ts installs it). */
export const PYTHON = pythonPath(process.env);

/**
 * The AWS CLI v2 to run: $KEYLAB_AWS_CLI, else Debian's /usr/bin/aws. The
 * machine's PATH may start with another `aws` (pyenv shims); the tests
 * never rely on PATH order.
 */
export const AWS_CLI = awsCliPath(process.env);

export type Language = 'js' | 'python' | 'sh';

export interface SnippetRunner {
  run(language: Language, name: string, code: string): Promise<string>;
  dispose(): void;
}

/** A temp dir with node_modules linked in (ES modules ignore NODE_PATH) and a bin/ whose `aws` is {@link AWS_CLI}. */
export function createSnippetRunner(repoRoot: string, concurrency = 4): SnippetRunner {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keylab-codegen-'));
  symlinkSync(realpathSync(path.join(repoRoot, 'node_modules')), path.join(dir, 'node_modules'));
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  symlinkSync(AWS_CLI, path.join(bin, 'aws'));
  const awsConfig = path.join(dir, 'aws-config');
  writeFileSync(awsConfig, '');
  const env: NodeJS.ProcessEnv = {
    PATH: `${bin}${path.delimiter}/usr/bin${path.delimiter}/bin`,
    HOME: dir,
    LANG: 'C.UTF-8',
    AWS_CONFIG_FILE: awsConfig,
    AWS_SHARED_CREDENTIALS_FILE: awsConfig,
    AWS_PAGER: '',
    AWS_DEFAULT_OUTPUT: 'json',
    AWS_EC2_METADATA_DISABLED: 'true',
    PYTHONDONTWRITEBYTECODE: '1',
  };
  const commands: Record<Language, { extension: string; command: string }> = {
    js: { extension: 'mjs', command: process.execPath },
    python: { extension: 'py', command: PYTHON },
    sh: { extension: 'sh', command: '/bin/sh' },
  };
  let counter = 0;
  // At most `concurrency` programs at once, across all tests: the machine is shared, and Python and the CLI start slowly.
  let running = 0;
  const waiting: Array<() => void> = [];
  const acquire = () => (running < concurrency ? (running++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const execute = (command: string, file: string, code: string) =>
    new Promise<string>((resolve, reject) => {
      execFile(command, [file], { cwd: dir, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error) reject(new Error(`${path.basename(file)} failed: ${error.message}\n${stderr}\n--- code ---\n${code}`));
        else resolve(stdout);
      });
    });
  return {
    async run(language, name, code) {
      const { extension, command } = commands[language];
      const file = path.join(dir, `${String(++counter).padStart(3, '0')}-${name.replace(/[^\w-]+/g, '_')}.${extension}`);
      writeFileSync(file, code);
      await acquire();
      try {
        return await execute(command, file, code);
      } finally {
        release();
      }
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Why a tool can't be used, or undefined when it can (the suite fails with this message rather than skipping). */
export function checkTools(): string | undefined {
  if (!existsSync(PYTHON)) return `${PYTHON} not found: run \`npm test\` (installs python3-boto3 on Debian) or set KEYLAB_PYTHON.`;
  const boto3 = spawnSync(PYTHON, ['-c', 'import boto3'], { encoding: 'utf8' });
  if (boto3.status !== 0) return `${PYTHON} has no boto3: apt-get install python3-boto3 (or set KEYLAB_PYTHON).`;
  const cli = spawnSync(AWS_CLI, ['--version'], { encoding: 'utf8' });
  if (cli.status !== 0 || !/aws-cli\/2\./.test(`${cli.stdout}${cli.stderr}`)) {
    return `${AWS_CLI} is not the AWS CLI v2: apt-get install awscli (or set KEYLAB_AWS_CLI).`;
  }
  return undefined;
}
