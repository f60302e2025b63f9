/**
 * Checks (and on Debian, as root, installs) the non-npm programs the test
 * suite needs.
 *
 *   tsx scripts/ensure-system-deps.ts                 # the default requirements
 *   tsx scripts/ensure-system-deps.ts chromium java   # exactly these
 *   tsx scripts/ensure-system-deps.ts --check-only    # report only, never install
 *
 * To add a dependency: append a Requirement to `requirements`, then list its id
 * in REQUIRED_FOR_TESTS in scripts/test.ts (or set `requiredByDefault`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatOptionHelp, parseCommandLine, USAGE_EXIT_CODE, UsageError } from '../src/errors';

export type CheckResult = { ok: true; detail: string } | { ok: false; problem: string };

export interface Requirement {
  id: string;
  /** What it is and why Keylab needs it. */
  title: string;
  /** Debian packages that provide it. */
  aptPackages: readonly string[];
  /** Checked when no ids are given on the command line. */
  requiredByDefault: boolean;
  /** How to point Keylab at an existing install instead. */
  overrideHint: string;
  /** False when the user explicitly chose a location (then we never apt-get). */
  autoInstallable(env: NodeJS.ProcessEnv): boolean;
  check(env: NodeJS.ProcessEnv): CheckResult;
}

function run(command: string, args: readonly string[]): { ok: boolean; output: string; error?: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.error) return { ok: false, output: '', error: result.error.message };
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  return { ok: result.status === 0, output, ...(result.status === 0 ? {} : { error: `exit code ${result.status}` }) };
}

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export function chromiumPath(env: NodeJS.ProcessEnv): string {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}

const chromium: Requirement = {
  id: 'chromium',
  title: 'Chromium (browser for the Playwright e2e tests)',
  aptPackages: ['chromium'],
  requiredByDefault: true,
  overrideHint: 'or set CHROMIUM_PATH=/path/to/chromium',
  autoInstallable: (env) => !env.CHROMIUM_PATH?.trim(),
  check(env) {
    const executable = chromiumPath(env);
    if (!existsSync(executable)) return { ok: false, problem: `${executable} not found` };
    const result = run(executable, ['--version']);
    const version = /\d+(?:\.\d+){1,3}/.exec(result.output)?.[0];
    if (!result.ok || !version) {
      return { ok: false, problem: `${executable} --version failed (${result.error ?? result.output})` };
    }
    return { ok: true, detail: `Chromium ${version} (${executable})` };
  },
};

export const MIN_JAVA_MAJOR = 17;

/** Major version from `java -version` output ("1.8.0_392" -> 8, "17.0.12" -> 17). */
export function parseJavaMajor(versionOutput: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] !== undefined ? Number(match[2]) : first;
}

export function javaExecutable(env: NodeJS.ProcessEnv): string {
  const javaHome = env.JAVA_HOME?.trim();
  return javaHome ? path.join(javaHome, 'bin', 'java') : 'java';
}

const java: Requirement = {
  id: 'java',
  title: `Java ${MIN_JAVA_MAJOR}+ (runtime for DynamoDB Local)`,
  aptPackages: ['openjdk-17-jre-headless'],
  requiredByDefault: false,
  overrideHint: `or set JAVA_HOME to a Java ${MIN_JAVA_MAJOR}+ install`,
  autoInstallable: (env) => !env.JAVA_HOME?.trim(),
  check(env) {
    const executable = javaExecutable(env);
    const result = run(executable, ['-version']);
    if (result.error && !result.output) return { ok: false, problem: `${executable} not found (${result.error})` };
    const major = parseJavaMajor(result.output);
    if (major === undefined) return { ok: false, problem: `cannot tell the version from \`${executable} -version\`` };
    if (major < MIN_JAVA_MAJOR) return { ok: false, problem: `${executable} is Java ${major}; need ${MIN_JAVA_MAJOR}+` };
    return { ok: true, detail: `Java ${major} (${executable})` };
  },
};

export const DEFAULT_PYTHON_PATH = '/usr/bin/python3';

/** The Python that runs the emitted boto3 programs: $KEYLAB_PYTHON, else Debian's (not a pyenv shim on PATH). */
export function pythonPath(env: NodeJS.ProcessEnv): string {
  return env.KEYLAB_PYTHON?.trim() || DEFAULT_PYTHON_PATH;
}

const boto3: Requirement = {
  id: 'boto3',
  title: 'Python 3 with boto3 (runs the emitted boto3 code in the codegen tests)',
  aptPackages: ['python3-boto3'],
  requiredByDefault: false,
  overrideHint: 'or set KEYLAB_PYTHON to a python3 that has boto3',
  autoInstallable: (env) => !env.KEYLAB_PYTHON?.trim(),
  check(env) {
    const executable = pythonPath(env);
    const result = run(executable, ['-c', 'import sys, boto3; print(sys.version.split()[0], boto3.__version__)']);
    if (!result.ok) return { ok: false, problem: `${executable} cannot import boto3 (${result.error ?? result.output})` };
    const [python, version] = result.output.split(/\s+/);
    return { ok: true, detail: `boto3 ${version} on Python ${python} (${executable})` };
  },
};

export const DEFAULT_AWS_CLI_PATH = '/usr/bin/aws';

/** The AWS CLI that runs the emitted commands: $KEYLAB_AWS_CLI, else Debian's (PATH may hold a v1 or a shim first). */
export function awsCliPath(env: NodeJS.ProcessEnv): string {
  return env.KEYLAB_AWS_CLI?.trim() || DEFAULT_AWS_CLI_PATH;
}

/** Major version from `aws --version` output ("aws-cli/2.9.19 Python/3.11.2 …" -> 2). */
export function parseAwsCliMajor(versionOutput: string): number | undefined {
  const match = /aws-cli\/(\d+)\./.exec(versionOutput);
  return match ? Number(match[1]) : undefined;
}

const awsCli: Requirement = {
  id: 'aws-cli',
  title: 'AWS CLI v2 (runs the emitted AWS CLI commands in the codegen tests)',
  aptPackages: ['awscli'],
  requiredByDefault: false,
  overrideHint: 'or set KEYLAB_AWS_CLI to an AWS CLI v2 executable',
  autoInstallable: (env) => !env.KEYLAB_AWS_CLI?.trim(),
  check(env) {
    const executable = awsCliPath(env);
    if (!existsSync(executable)) return { ok: false, problem: `${executable} not found` };
    const result = run(executable, ['--version']);
    const major = parseAwsCliMajor(result.output);
    if (!result.ok || major === undefined) return { ok: false, problem: `${executable} --version failed (${result.error ?? result.output})` };
    // The emitted commands use v2 options (--cli-binary-format) and v2's base64 binary input.
    if (major < 2) return { ok: false, problem: `${executable} is AWS CLI ${major}; need version 2` };
    return { ok: true, detail: `${result.output.split(/\s+/)[0]} (${executable})` };
  },
};

/** Everything Keylab may need from the system, in check order. */
export const requirements: readonly Requirement[] = [chromium, java, boto3, awsCli];

function isDebianRoot(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/etc/debian_version') && run('apt-get', ['--version']).ok;
}

function aptGet(args: readonly string[]): boolean {
  console.log(`$ apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

export interface EnsureOptions {
  checkOnly?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Checks the given requirements; installs missing ones with apt-get when that
 * is possible and allowed. Returns true when all of them are satisfied.
 */
export function ensureSystemDeps(ids: readonly string[], options: EnsureOptions = {}): boolean {
  const env = options.env ?? process.env;
  const selected = ids.map((id) => {
    const requirement = requirements.find((candidate) => candidate.id === id);
    if (!requirement) {
      throw new Error(`Unknown system dependency "${id}" (known: ${requirements.map((r) => r.id).join(', ')})`);
    }
    return requirement;
  });

  const missing: { requirement: Requirement; problem: string }[] = [];
  for (const requirement of selected) {
    const result = requirement.check(env);
    if (result.ok) console.log(`  ok       ${result.detail}`);
    else {
      console.log(`  missing  ${requirement.title}: ${result.problem}`);
      missing.push({ requirement, problem: result.problem });
    }
  }
  if (missing.length === 0) return true;

  const manualHelp = () => {
    for (const { requirement } of missing) {
      console.error(`To fix: sudo apt-get install -y ${requirement.aptPackages.join(' ')}   (${requirement.overrideHint})`);
    }
  };

  const notInstallable = missing.filter(({ requirement }) => !requirement.autoInstallable(env));
  if (options.checkOnly || notInstallable.length > 0 || !isDebianRoot()) {
    if (!options.checkOnly && notInstallable.length === 0) {
      console.error('Cannot install automatically (needs root on Debian/Ubuntu with apt-get).');
    }
    if (notInstallable.length > 0) {
      console.error('Not installing: you chose a location explicitly (CHROMIUM_PATH / JAVA_HOME / KEYLAB_PYTHON / KEYLAB_AWS_CLI); fix or unset it.');
    }
    manualHelp();
    return false;
  }

  const packages = missing.flatMap(({ requirement }) => requirement.aptPackages);
  console.log(`Installing ${packages.join(', ')} with apt-get…`);
  if (!aptGet(['update']) || !aptGet(['install', '-y', '--no-install-recommends', ...packages])) {
    console.error('apt-get failed; see its output above.');
    manualHelp();
    return false;
  }

  let allOk = true;
  for (const { requirement } of missing) {
    const result = requirement.check(env);
    if (result.ok) console.log(`  ok       ${result.detail}`);
    else {
      console.error(`  missing  ${requirement.title}: still not usable after install: ${result.problem}`);
      allOk = false;
    }
  }
  if (!allOk) manualHelp();
  return allOk;
}

/** `npm run system-deps`'s options: read by parseCommandLine and listed by --help from this one table. */
const OPTIONS = {
  'check-only': { type: 'boolean', help: 'report what is missing; install nothing' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const;

function main(argv: readonly string[]): number {
  let parsed;
  try {
    parsed = parseCommandLine(argv, OPTIONS, { command: 'npm run system-deps --', positionals: true });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message} Usage: npm run system-deps -- [--check-only] [id...] (--help for every option)`);
    return USAGE_EXIT_CODE;
  }
  if (parsed.values.help) {
    console.log(`Usage: npm run system-deps -- [options] [id...]   (ids: ${requirements.map((r) => r.id).join(', ')})\n\n${formatOptionHelp(OPTIONS)}`);
    return 0;
  }
  const checkOnly = parsed.values['check-only'] === true;
  const ids = parsed.positionals;
  const wanted = ids.length > 0 ? ids : requirements.filter((r) => r.requiredByDefault).map((r) => r.id);
  try {
    return ensureSystemDeps(wanted, { checkOnly }) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
