import Ajv from 'ajv-draft-04';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeylabInProcess as keylab } from './checkTestIo';

/**
 * keylab check --format sarif|junit|github and --output, run in process as
 * a CI job runs the command: from the repository, on corpus files and the
 * interchange fixtures (a YAML CloudFormation template among them).
 */

const PARKING = 'corpus/review/parking-exits-no-tiebreaker.keylab.json'; // one open error and a failing pattern
const YAML = 'src/design/interchange/fixtures/cloudformation/orders-single-table.yaml';
const MODEL = 'corpus/review/score-raw-text.workbench.json';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keylab-formats-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function validator() {
  const schema = JSON.parse(await readFile('src/check/formats/schema/sarif-schema-2.1.0.json', 'utf8')) as object;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'file:///') && !/[\s\\]/.test(value));
  ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
  return ajv.compile(schema);
}

describe('keylab check --format sarif', () => {
  it('writes valid SARIF 2.1.0 to stdout with results in the design files, and exits as the text output would', async () => {
    const run = await keylab(['check', '--format', 'sarif', PARKING, YAML, MODEL]);
    const text = await keylab(['check', PARKING, YAML, MODEL]);
    expect(run.code).toBe(text.code);
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as Log;
    const validate = await validator();
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const results = log.runs[0]!.results!;
    const uris = new Set(results.map((result) => result.locations![0]!.physicalLocation!.artifactLocation!.uri));
    expect(uris).toEqual(new Set([PARKING, MODEL]));
    for (const result of results) {
      const physical = result.locations![0]!.physicalLocation!;
      const file = await readFile(physical.artifactLocation!.uri!, 'utf8');
      // Each result lands on a line of its file (never past its end).
      expect(file.split('\n').length).toBeGreaterThanOrEqual(physical.region!.startLine!);
    }
    expect(results.some((result) => result.ruleId === 'keylab.accessPattern' && result.level === 'error')).toBe(true);
  });
});

describe('keylab check --format junit --output', () => {
  it('writes the JUnit XML to the file, nothing to stdout, and keeps the exit code', async () => {
    const target = join(dir, 'keylab.junit.xml');
    const run = await keylab(['check', '--format', 'junit', '--output', target, PARKING]);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    const xml = await readFile(target, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="keylab check" tests="\d+" failures="[1-9]\d*"/);
    expect(xml).toContain(`<testsuite name="${PARKING}"`);
  });

  it('says on stderr, with exit 2, when the report cannot be written', async () => {
    const run = await keylab(['check', '--format', 'junit', '--output', join(dir, 'no-such-folder', 'x.xml'), PARKING]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^keylab check: the report could not be written to .*no-such-folder.*ENOENT/);
  });
});

describe('keylab check --format github', () => {
  it('prints one annotation per open finding and failing pattern, then the summary; an unreadable file is an error annotation and stderr says why', async () => {
    const broken = join(dir, 'broken.keylab.json');
    await writeFile(broken, '{\n  "format": "keylab.design/1",\n  "name": "x" "tables": []\n}');
    const run = await keylab(['check', '--format', 'github', PARKING, broken]);
    expect(run.code).toBe(2);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(0, -1).every((line) => /^::(error|warning|notice) file=[^:]+,line=\d+,col=\d+,title=[^:]*::/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith(`::error file=${PARKING},`) && line.includes('title=keylab.accessPattern%3A'))).toBe(true);
    expect(lines.some((line) => line.startsWith('::error file=') && line.includes('broken.keylab.json,line=3,col=15,title=keylab.unreadableFile'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^2 files: /);
    expect(run.stderr).toContain('broken.keylab.json:3:15: error:');
  });
});

describe('keylab check text output: locations', () => {
  it('shows each finding at its line and column, and says when the place only stands in for it', async () => {
    const run = await keylab(['check', MODEL]);
    expect(run.stdout).toContain(
      `key SK · field score  (${MODEL}:42:15, the nearest place: SK of facet Score's first item (a NoSQL Workbench model has no key templates: they were inferred from the items))\n`,
    );
    expect((await readFile(MODEL, 'utf8')).split('\n')[41]!.slice(14)).toMatch(/^"SK": \{/);
  });
});
