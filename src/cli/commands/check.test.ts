import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../check';
import { REVIEW_RULES } from '../../design/review';
import { runKeylabInProcess as keylab } from './checkTestIo';

const CORPUS = 'corpus/review';
const NARROW = `${CORPUS}/width-too-narrow.keylab.json`; // one open warning, no patterns
const PARKING = `${CORPUS}/parking-exits-no-tiebreaker.keylab.json`; // one open error and a failing pattern
const DELIMITER = `${CORPUS}/delimiter-in-value.keylab.json`; // one open error, no failing pattern
const LEADERBOARD = `${CORPUS}/example-leaderboard.clean.keylab.json`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keylab-check-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const json = (stdout: string) => JSON.parse(stdout) as CheckReport;

describe('keylab check: exit codes and --fail-on', () => {
  it('a clean design (the Leaderboard) exits 0, its patterns passing', async () => {
    const run = await keylab(['check', LEADERBOARD]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`${LEADERBOARD}  Keylab design "Leaderboard", 1 table`);
    expect(run.stdout).toContain('pattern passes  table Leaderboard · Top scores of a season, highest first (top-scores)');
    expect(run.stdout).toMatch(/^1 file: 0 errors, 0 warnings, 0 notes open; 0 decided; 0 patterns fail\. exit 0/m);
  });

  it('an open error exits 1 and is printed with file, table, entity, key, field, code, message and fix', async () => {
    const run = await keylab(['check', DELIMITER]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '  error   review.delimiterInValue  table Files · entity File · key SK · field folder  (corpus/review/delimiter-in-value.keylab.json:25:13)\n',
    ); // the key template's line and column
    expect(run.stdout).toContain('ends folder at "#", but a sample value contains it ("lang#c")');
    expect(run.stdout).toContain('Fix: Choose a delimiter no folder value can contain');
  });

  it('a failing access pattern counts as an error, with its reasons', async () => {
    const run = await keylab(['check', '--rules', 'widthTooNarrow', '--profile', 'recommended', PARKING]);
    expect(run.code).toBe(2); // --rules and --profile together are a usage error
    const patternsOnly = await keylab(['check', '--profile', 'patterns', '--format', 'json', `${CORPUS}/auction-bids-decimal.keylab.json`]);
    const report = json(patternsOnly.stdout);
    expect(report.counts).toMatchObject({ error: 1, failingPatterns: 1 });
    expect(report.files[0]).toMatchObject({ status: 'checked', findings: [] });
    expect(patternsOnly.code).toBe(1);
  });

  it.each([
    ['error', 0],
    ['warning', 1],
    ['note', 1],
    ['never', 0],
  ] as const)('--fail-on %s on one open warning exits %i', async (failOn, code) => {
    expect((await keylab(['check', '--fail-on', failOn, NARROW])).code).toBe(code);
  });

  it('--fail-on never exits 0 even on errors and failing patterns', async () => {
    expect((await keylab(['check', '--fail-on', 'never', PARKING])).code).toBe(0);
  });

  it.each([
    [['check', '--fail-on', 'sometimes', NARROW], '--fail-on takes error, warning, note, never; got "sometimes".'],
    [['check', '--colour', NARROW], "Unknown option '--colour'"],
    [['check', '--format', 'xml', NARROW], '--format takes text, json'],
    [['check'], 'Name the design files, folders or globs to check.'],
    [['check', 'no-such-file.keylab.json'], 'No such file or folder: no-such-file.keylab.json.'],
    [['check', 'corpus/review/*.nothing.json'], 'No file matched corpus/review/*.nothing.json'],
    [['check', '--profile', 'strict', NARROW], 'Unknown profile "strict" in --profile. Profiles: recommended, ordering, patterns, capacity.'],
  ])('bad usage %j exits 2 and says what is wrong', async (args, message) => {
    const run = await keylab(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});

describe('keylab check: --rules and --profile', () => {
  it('--rules runs only those rules, with or without "review.", and no pattern verdicts', async () => {
    const run = await keylab(['check', '--rules', 'delimiterInValue,review.widthTooNarrow', '--format', 'json', PARKING, DELIMITER, NARROW]);
    const report = json(run.stdout);
    expect(report.options).toMatchObject({ profile: 'custom', rules: ['review.widthTooNarrow', 'review.delimiterInValue'], patterns: false });
    const codes = report.files.flatMap((file) => (file.status === 'checked' ? file.findings.map((finding) => finding.code) : []));
    expect(codes).toEqual(['review.delimiterInValue', 'review.widthTooNarrow']);
    expect(report.files.every((file) => file.status === 'checked' && file.patterns.length === 0)).toBe(true);
    expect(run.code).toBe(1);
  });

  it('an unknown rule is a usage error listing every known rule', async () => {
    const run = await keylab(['check', '--rules', 'widthTooNarow', NARROW]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown rule widthTooNarow in --rules. Known rules (with or without "review."): ');
    for (const rule of REVIEW_RULES) expect(run.stderr).toContain(rule.code.replace('review.', ''));
  });

  it('--profile capacity leaves the ordering error and the failing pattern out', async () => {
    const run = await keylab(['check', '--profile', 'capacity', PARKING]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('review.noTiebreaker');
    expect(run.stdout).not.toContain('pattern ');
  });
});

describe('keylab check: decisions recorded in the file', () => {
  it('decided findings do not fail the run and are listed as decided with who, when and why', async () => {
    const design = JSON.parse(await readFile(DELIMITER, 'utf8')) as Record<string, unknown>;
    const before = json((await keylab(['check', '--format', 'json', DELIMITER])).stdout);
    const file = before.files[0]!;
    if (file.status !== 'checked') throw new Error('not checked');
    const [finding] = file.findings;
    design.decisions = [
      {
        id: finding!.id,
        code: finding!.code,
        kind: 'wontFix',
        comment: 'folders never hold "#": checked at upload',
        decidedBy: 'Ana',
        decidedAt: '2026-12-05T09:40:00.000Z',
      },
    ];
    const decided = join(dir, 'decided.keylab.json');
    await writeFile(decided, JSON.stringify(design));

    const run = await keylab(['check', decided], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `  decided review.delimiterInValue  table Files · entity File · key SK · field folder (error) — Won't fix by Ana on 2026-12-05 09:40 UTC: "folders never hold "#": checked at upload"`,
    );
    expect(run.stdout).toMatch(/^1 file: 0 errors, 0 warnings, 0 notes open; 1 decided; 0 patterns fail\. exit 0/m);
    expect((await keylab(['check', '--quiet', decided], { cwd: dir })).stdout).not.toContain('decided review.');
    // Still failing at a lower threshold? No: decided findings never count, whatever --fail-on says.
    expect((await keylab(['check', '--fail-on', 'note', decided], { cwd: dir })).code).toBe(0);
  });

  it('a decision whose finding no longer fires is listed as stale (for the rules run), never failing', async () => {
    const design = JSON.parse(await readFile(LEADERBOARD, 'utf8')) as Record<string, unknown>;
    design.decisions = [
      {
        id: 'review.noTiebreaker|Leaderboard|Score||SK||',
        code: 'review.noTiebreaker',
        kind: 'accepted',
        comment: 'one score per player',
        decidedBy: 'Ana',
        decidedAt: '2026-12-05T09:40:00.000Z',
      },
    ];
    await writeFile(join(dir, 'stale.keylab.json'), JSON.stringify(design));
    const run = await keylab(['check', 'stale.keylab.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '  stale decision review.noTiebreaker (Accepted by Ana) on review.noTiebreaker|Leaderboard|Score||SK||: the finding no longer fires; remove the decision from the design\n',
    );
    expect(json((await keylab(['check', '--format', 'json', 'stale.keylab.json'], { cwd: dir })).stdout).files[0]).toMatchObject({
      staleDecisions: [{ code: 'review.noTiebreaker', decidedBy: 'Ana' }],
    });
    // A rule that was not run cannot say its decision is stale.
    expect((await keylab(['check', '--profile', 'capacity', 'stale.keylab.json'], { cwd: dir })).stdout).not.toContain('stale decision');
  });
});

describe('keylab check: files, folders and globs', () => {
  it('a folder checks every design file under it and lists the files it skipped, and why', async () => {
    const run = await keylab(['check', '--fail-on', 'never', CORPUS]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `skipped ${CORPUS}/labels.json: not a design file: none of a Keylab design, a NoSQL Workbench model, a OneTable schema or a CloudFormation template with DynamoDB tables`,
    );
    expect(run.stdout).toContain(`skipped ${CORPUS}/knownGaps.json: not a design file`);
    // Every JSON file of the corpus but its two label files (the corpus grows: counted, not written down).
    const designs = (await readdir(CORPUS)).filter((name) => name.endsWith('.json') && name !== 'labels.json' && name !== 'knownGaps.json').length;
    expect(run.stdout).toMatch(new RegExp(`^${designs} files: .*; 2 files skipped\\. exit 0 \\(--fail-on never\\)$`, 'm'));
  });

  it('a glob checks its matches in order; a file named on the command line is never skipped', async () => {
    const run = await keylab(['check', '--format', 'json', '--fail-on', 'never', `${CORPUS}/width*.json`]);
    expect(json(run.stdout).files.map((file) => file.file)).toEqual([
      `${CORPUS}/width-ample.clean.keylab.json`,
      `${CORPUS}/width-too-narrow.keylab.json`,
      `${CORPUS}/widths-mixed.workbench.json`,
      `${CORPUS}/widths-one.clean.workbench.json`,
    ]);
    const named = await keylab(['check', `${CORPUS}/labels.json`]);
    expect(named.code).toBe(2);
    expect(named.stdout).toContain(`${CORPUS}/labels.json: error: labels.json is JSON, but not a design file Keylab reads.`);
  });

  it('reads NoSQL Workbench models, OneTable schemas and CloudFormation templates, naming each format', async () => {
    const run = await keylab([
      'check',
      '--fail-on',
      'never',
      'src/design/interchange/fixtures/an-online-shop.json',
      `${CORPUS}/onetable-score-unpadded.onetable.json`,
      'src/design/interchange/fixtures/cloudformation/orders-single-table.yaml',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('src/design/interchange/fixtures/an-online-shop.json  NoSQL Workbench model "AnOnlineShop", 1 table');
    expect(run.stdout).toMatch(/onetable-score-unpadded\.onetable\.json {2}OneTable schema "/);
    expect(run.stdout).toContain(
      'src/design/interchange/fixtures/cloudformation/orders-single-table.yaml  CloudFormation template "orders-single-table", 1 table',
    );
    // The reader's warnings, with line and column.
    expect(run.stdout).toContain(
      'src/design/interchange/fixtures/cloudformation/orders-single-table.yaml:13:23: warning: Resources.OrdersTable.Properties.TableName: !Sub',
    );
  });

  it('bad JSON exits 2 with file, line and column; the good files beside it are still reported', async () => {
    const bad = join(dir, 'bad.keylab.json');
    await writeFile(bad, '{\n  "format": "keylab.design/1",\n  "name": "x"\n  "tables": []\n}\n');
    await writeFile(join(dir, 'good.keylab.json'), await readFile(LEADERBOARD));
    const run = await keylab(['check', 'good.keylab.json', 'bad.keylab.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('good.keylab.json  Keylab design "Leaderboard", 1 table');
    expect(run.stdout).toMatch(/^bad\.keylab\.json {2}could not be read$/m);
    expect(run.stdout).toMatch(/^ {2}bad\.keylab\.json:4:3: error: bad\.keylab\.json is not valid JSON at line 4, column 3/m);
    expect(run.stdout).toMatch(/^2 files: .*; 1 file could not be read\. exit 2 \(a file could not be read\)$/m);
    // JSON on stdout stays JSON; the reason for exit 2 goes to stderr as well.
    const asJson = await keylab(['check', '--format', 'json', 'good.keylab.json', 'bad.keylab.json'], { cwd: dir });
    expect(json(asJson.stdout)).toMatchObject({ exitCode: 2, unreadable: 1 });
    expect(asJson.stderr).toMatch(/^bad\.keylab\.json:4:3: error: /m);
  });

  it('a broken design file found by a folder is not skipped: a pass would be a wrong verdict', async () => {
    const folder = join(dir, 'folder');
    await mkdir(folder);
    await writeFile(join(folder, 'model.json'), '{ "ModelName": "x", ');
    await writeFile(join(folder, 'package.json'), '{ "name": "not-a-design" }');
    const run = await keylab(['check', 'folder'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^ {2}folder\/model\.json:1:21: error: model\.json is not valid JSON/m);
    expect(run.stdout).toContain('skipped folder/package.json: not a design file');
  });
});

describe('keylab: help, output and the commands not built yet', () => {
  it('--help works for keylab and every subcommand', async () => {
    const top = await keylab(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/^ {2}check +check design files/m);
    for (const name of ['check', 'diff', 'format']) {
      const help = await keylab([name, '--help']);
      expect(help.stdout + help.stderr, name).toContain(`Usage: keylab ${name}`);
      expect((await keylab(['help', name])).stdout, name).toContain(`Usage: keylab ${name}`);
    }
    expect((await keylab(['check', '--help'])).code).toBe(0);
    expect((await keylab(['lint'])).code).toBe(2);
    expect((await keylab([])).code).toBe(2);
  });

  it('colours only on a terminal without NO_COLOR', async () => {
    expect((await keylab(['check', NARROW], { tty: true })).stdout).toContain('\u001b[33mwarning');
    expect((await keylab(['check', NARROW], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
    expect((await keylab(['check', NARROW])).stdout).not.toContain('\u001b[');
  });

  it('names from the file cannot drive the terminal: control and bidi characters are shown as markers', async () => {
    const design = JSON.parse(await readFile(DELIMITER, 'utf8')) as { name: string };
    design.name = 'evil\u001b[2J\u202Egnp.exe';
    await writeFile(join(dir, 'evil.keylab.json'), JSON.stringify(design));
    const run = await keylab(['check', 'evil.keylab.json'], { cwd: dir });
    expect(run.stdout).toContain('Keylab design "evil␛[2J⟨U+202E⟩gnp.exe"');
    expect(run.stdout).not.toContain('\u001b');
  });
});
