import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths';

const execFileAsync = promisify(execFile);

/** Runs a command's script as `npm run …` does (tsx), without a shell. */
function run(script: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return execFileAsync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', script), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('every command reads its options with the one parser', () => {
  // Each run starts tsx (seconds on a loaded 2-core machine), so they run side by side. serve-dist.ts is npm start's
  // server (runAppServer) without the build step; npm run dynamodb-local reads its options the same way.
  it('a mistyped option names the option meant and where the help is, and exits 2; --help lists the same table', { timeout: 180_000 }, async () => {
    const cases = [
      ['serve-dist.ts', 'npm start', '--prot', '--port'],
      ['endpoint.ts', 'npm run endpoint', '--verbos', '--verbose'],
      ['migrate.ts', 'npm run migrate', '--tabel', '--table'],
    ] as const;
    const [help, systemDeps, loadTypo, loaded, ...results] = await Promise.all([
      run('ensure-system-deps.ts', ['--help']),
      run('ensure-system-deps.ts', ['--chek-only']),
      // npm run test:loaded: options first, then the command with its own options (-e here), whose exit code it returns.
      run('with-load.ts', ['--bussy', '0']),
      run('with-load.ts', ['--busy', '0', process.execPath, '-e', 'process.exit(3)']),
      ...cases.map(([script, , typo]) => run(script, [typo, 'x'])),
    ]);
    cases.forEach(([, command, typo, meant], index) => {
      const result = results[index];
      expect(result?.code, result?.stderr).toBe(2);
      expect(result?.stderr).toContain(`Unknown option '${typo}'. Did you mean ${meant}?`);
      expect(result?.stderr).toContain(`Run ${command} -- --help for every option.`);
    });
    expect(systemDeps?.code).toBe(2);
    expect(systemDeps?.stderr).toContain("Unknown option '--chek-only'. Did you mean --check-only?");
    expect(loadTypo?.code).toBe(2);
    expect(loadTypo?.stderr).toContain("Unknown option '--bussy'. Did you mean --busy?");
    expect(loadTypo?.stderr).toContain('Run npm run test:loaded -- --help for every option.');
    expect(loaded?.code, loaded?.stderr).toBe(3);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help?.stdout).toContain('--check-only');
  });
});
