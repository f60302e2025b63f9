import { spawnSync } from 'node:child_process';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { backoffDelay, retryReason } from '../src/dynamo';
import { RETRY_CASES } from '../src/dynamo/retryCases.fixtures';
import { emitNodeMigration } from '../src/migrate/scripts/emitNodeMigration';
import { emitPythonMigration } from '../src/migrate/scripts/emitPythonMigration';
import { nodeRetryText, pythonRetryText } from '../src/migrate/scripts/retryProgramText';
import { pythonPath } from './ensure-system-deps';

/*
 * The exported migration programs carry src/dynamo's retry policy as generated code
 * (retryProgramText.ts). Here that code runs, as the programs run it, on the table of errors
 * the old four lists disagreed on: it must decide every one as retryReason does, and back off
 * as backoffDelay does.
 */

interface NodeTwin {
  retryReason(error: unknown): string | undefined;
  backoffDelay(attempt: number, random: () => number): number;
}

/** The Node program's retry code, run in a fresh context (as the program would). */
function nodeTwin(): NodeTwin {
  return runInNewContext(`${nodeRetryText()}\n({ retryReason, backoffDelay })`) as NodeTwin;
}

describe("the exported programs' retry code comes from src/dynamo", () => {
  it('both programs carry the generated retry code, and no list of their own', () => {
    expect(emitNodeMigration()).toContain(nodeRetryText());
    expect(emitPythonMigration()).toContain(pythonRetryText());
    for (const program of [emitNodeMigration(), emitPythonMigration()])
      expect(program).not.toMatch(/retryableErrors|backoffMaxMs|ProvisionedThroughputExceededException'/);
  });

  it.each(RETRY_CASES)('the Node program decides like retryReason: $label', ({ error }) => {
    expect(nodeTwin().retryReason(error)).toBe(retryReason(error));
  });

  it('the Node program backs off like backoffDelay', () => {
    const twin = nodeTwin();
    for (const attempt of [1, 2, 5, 9, 14])
      for (const draw of [0, 0.3, 0.999]) expect(twin.backoffDelay(attempt, () => draw)).toBe(backoffDelay(attempt, { random: () => draw }));
  });

  it('the Python program decides every error of the table like retryReason (by boto3 code and status), and backs off like backoffDelay', () => {
    const cases = RETRY_CASES.flatMap((entry) =>
      entry.boto ? [{ label: entry.label, code: entry.boto.code, status: entry.boto.status ?? null, expected: retryReason(entry.error) ?? null }] : [],
    );
    expect(cases.length).toBeGreaterThan(15);
    const draws = [
      [1, 0],
      [3, 0.5],
      [5, 0.999],
      [14, 0.3],
    ] as const;
    const program = `import json, random, sys
${pythonRetryText()}

cases = json.load(sys.stdin)
print(json.dumps({
    "reasons": [retry_reason(case["code"], case["status"]) for case in cases["table"]],
    "delays": [backoff_delay(attempt, lambda: draw) for attempt, draw in cases["draws"]],
}))
`;
    const run = spawnSync(pythonPath(process.env), ['-c', program], { input: JSON.stringify({ table: cases, draws }), encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout) as { reasons: (string | null)[]; delays: number[] };
    expect(Object.fromEntries(cases.map((entry, index) => [entry.label, out.reasons[index]]))).toEqual(
      Object.fromEntries(cases.map((entry) => [entry.label, entry.expected])),
    );
    expect(out.delays).toEqual(draws.map(([attempt, draw]) => backoffDelay(attempt, { random: () => draw })));
  });
});
