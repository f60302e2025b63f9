import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffReport } from '../../check';
import { LEADERBOARD_V2 } from '../../check/diff/diffReport.fixtures';
import { importDesignFile, LEADERBOARD_DESIGN, parseDesignDocument, serializeDesignDocument } from '../../design';
import { runKeylabInProcess as keylab } from './checkTestIo';
import { expectOk } from '../../errors/testing';
import { withTable, withTemplate } from '../../design/diff/designEdits.fixtures';
import { reviewDesign } from '../../design/review';

const markdown = new MarkdownIt({ html: true, linkify: true });
markdown.linkify.set({ fuzzyLink: false });

const V1 = serializeDesignDocument(LEADERBOARD_DESIGN);
const V2 = serializeDesignDocument(LEADERBOARD_V2);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keylab-diff-'));
  await writeFile(join(dir, 'v1.keylab.json'), V1);
  await writeFile(join(dir, 'v2.keylab.json'), V2);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('keylab diff <old> <new> on files', () => {
  it('prints the in-place, backfill and migration verdicts as text and exits 0', async () => {
    const run = await keylab(['diff', 'v1.keylab.json', 'v2.keylab.json'], { cwd: dir });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      'keylab diff: v1.keylab.json → v2.keylab.json\n5 changes: new index and backfill (1), items move: rewrite keys (1), in place (1), design only (2).\nMost work: new index and backfill.\n',
    );
    expect(run.stdout).toContain('[new index and backfill] changed index byPlayer keys');
    expect(run.stdout).toContain('[items move: rewrite keys] changed entity Run: table key rankKey');
    expect(run.stdout).toContain('[in place] added index recentRuns');
    // Both sides are files: the command names them as they are.
    expect(run.stdout).toContain('    npm run migrate -- --table Leaderboard --entity Run --from v1.keylab.json --to v2.keylab.json --dry-run\n');
  });

  it('--format markdown is a comment that renders with its table; --format json is the report', async () => {
    const md = await keylab(['diff', '--format', 'markdown', 'v1.keylab.json', 'v2.keylab.json'], { cwd: dir });
    expect(md.code).toBe(0);
    const html = markdown.render(md.stdout);
    expect(html).toContain('<h2>Keylab design diff</h2>');
    expect(html.match(/<tr>/g)).toHaveLength(1 + 5 + 1 + 5 + 1 + 5); // changes: header + 5; two moves tables: header + 5 examples each
    const json = await keylab(['diff', '--format', 'json', 'v1.keylab.json', 'v2.keylab.json'], { cwd: dir });
    const report = JSON.parse(json.stdout) as DiffReport;
    expect(report).toMatchObject({ format: 'keylab.diff/1', before: 'v1.keylab.json', after: 'v2.keylab.json', worst: { verdict: 'newIndexAndBackfill' } });
    expect(report.changes.map((change) => change.verdict)).toEqual(['newIndexAndBackfill', 'rewriteKeys', 'inPlace', 'designOnly', 'designOnly']);
  });

  it('--fail-on: exit 1 when a change at or above the level exists, 0 otherwise', async () => {
    expect((await keylab(['diff', '--fail-on', 'migration', 'v1.keylab.json', 'v2.keylab.json'], { cwd: dir })).code).toBe(1);
    expect((await keylab(['diff', '--fail-on', 'backfill', 'v1.keylab.json', 'v2.keylab.json'], { cwd: dir })).code).toBe(1);
    // The reverse diff: the GSI key and the template change back, so both levels still fail; a design-only change never does.
    expect((await keylab(['diff', '--fail-on', 'migration', 'v2.keylab.json', 'v1.keylab.json'], { cwd: dir })).code).toBe(1);
    const renamed = serializeDesignDocument({
      ...LEADERBOARD_DESIGN,
      tables: LEADERBOARD_DESIGN.tables.map((table) => ({
        ...table,
        accessPatterns: table.accessPatterns.map((pattern) => ({ ...pattern, name: `${pattern.name} (renamed)` })),
      })),
    });
    await writeFile(join(dir, 'renamed.keylab.json'), renamed);
    const designOnly = await keylab(['diff', '--fail-on', 'any', 'v1.keylab.json', 'renamed.keylab.json'], { cwd: dir });
    expect(designOnly.code).toBe(0);
    expect(designOnly.stdout).toContain('2 changes: design only (2).');
  });

  it('reads any format keylab check reads: a NoSQL Workbench model against its Keylab revision, with no migrate command for the model', async () => {
    const workbench = join(process.cwd(), 'src/design/interchange/fixtures/an-online-shop.json');
    const imported = importDesignFile(await readFile(workbench, 'utf8'), 'an-online-shop.json');
    expectOk(imported, 'the Workbench fixture imports');
    const same = await keylab(['diff', workbench, workbench], { cwd: dir });
    expect(same).toMatchObject({ code: 0, stdout: expect.stringContaining('\nNo changes.\n') });
    // Saved as a Keylab design with the order's sort key spelled ORDER#: the items move, but npm run migrate reads Keylab designs only.
    const rekeyed = {
      ...imported.design,
      tables: imported.design.tables.map((table) => ({
        ...table,
        entities: table.entities.map((entity) => (entity.name === 'order' ? { ...entity, keys: { ...entity.keys, SK: 'ORDER#{orderId}' } } : entity)),
      })),
    };
    await writeFile(join(dir, 'online-shop.keylab.json'), serializeDesignDocument(rekeyed));
    const run = await keylab(['diff', workbench, 'online-shop.keylab.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[items move: rewrite keys] changed entity order: table key SK');
    expect(run.stdout).toContain(
      '  OnlineShop, entity order (entity order: table key SK)\n    npm run migrate reads Keylab design files (--from, --to); the before side is another format.',
    );
    expect(run.stdout).not.toMatch(/^ {4}npm run migrate -- /m);
  });

  it('bad input exits 2 and says what is wrong and where', async () => {
    const missing = await keylab(['diff', 'nope.keylab.json', 'v2.keylab.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^keylab diff: nope\.keylab\.json: The file could not be read: ENOENT/);
    await writeFile(join(dir, 'broken.keylab.json'), '{\n  "format": "keylab.design/1",\n  "name": "x",\n  oops\n}\n');
    const broken = await keylab(['diff', 'v1.keylab.json', 'broken.keylab.json'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^broken\.keylab\.json:4:3: error: /m);
    expect(broken.stdout).toBe('');
    for (const args of [
      ['v1.keylab.json'],
      ['--format', 'html', 'v1.keylab.json', 'v2.keylab.json'],
      ['--fail-on', 'sometimes', 'v1.keylab.json', 'v2.keylab.json'],
      ['--bogus', 'v1.keylab.json', 'v2.keylab.json'],
      ['git:HEAD', 'v2.keylab.json'],
    ]) {
      const run = await keylab(['diff', ...args], { cwd: dir });
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(/^keylab diff: /);
    }
    const help = await keylab(['diff', '--help']);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: keylab diff [options] <old> <new>') });
  });
});

describe('keylab diff honours the decisions the new design records, as keylab check does', () => {
  // The rank key's score unpadded: a new numberInStringField error, decided in the new design; and a decision on a finding that no longer fires.
  const unpadded = withTable(LEADERBOARD_DESIGN, (table) => withTemplate(table, 'Run', 'rankKey', '{score}#{ts}#{playerId}'));
  const fired = reviewDesign({ design: unpadded }).filter((finding) => !reviewDesign({ design: LEADERBOARD_DESIGN }).some((old) => old.id === finding.id));
  const decided = {
    ...unpadded,
    decisions: [
      ...fired.map((finding) => ({
        id: finding.id,
        code: finding.code,
        kind: 'wontFix' as const,
        comment: 'scores stay under 10',
        decidedBy: 'Ada',
        decidedAt: '2026-12-05T09:40:00Z',
      })),
      {
        id: 'review.noTiebreaker|Leaderboard|Gone||SK||',
        code: 'review.noTiebreaker',
        kind: 'accepted' as const,
        comment: 'old',
        decidedBy: 'Bo',
        decidedAt: '',
      },
    ],
  };
  beforeAll(async () => {
    expect(fired.map((finding) => finding.code)).toContain('review.numberInStringField');
    await writeFile(join(dir, 'decided.keylab.json'), serializeDesignDocument(decided));
  });

  it.each([
    {
      format: 'text',
      check: (stdout: string) => {
        expect(stdout).not.toContain('Findings added (');
        expect(stdout).toContain(`Findings decided (${fired.length})\n  error review.numberInStringField (Leaderboard, Run): `);
        expect(stdout).toMatch(/ — Won't fix by Ada on 2026-12-05 09:40 UTC: "scores stay under 10"\n/);
        expect(stdout).toContain(
          'Stale decisions (1)\n  stale decision review.noTiebreaker (Accepted by Bo) on review.noTiebreaker|Leaderboard|Gone||SK||: the finding no longer fires; remove the decision from the design\n',
        );
      },
    },
    {
      format: 'markdown',
      check: (stdout: string) => {
        const html = markdown.render(stdout);
        expect(html).not.toContain('Findings added');
        expect(html).toContain(`<strong>Findings decided (${fired.length})</strong>`);
        expect(html).toContain('<strong>Stale decisions (1)</strong>');
        expect(html).toContain('stale decision review.noTiebreaker (Accepted by Bo)');
      },
    },
    {
      format: 'json',
      check: (stdout: string) => {
        const report = JSON.parse(stdout) as DiffReport;
        expect(report.findings.added).toEqual([]);
        expect(report.findings.decided.map((finding) => [finding.code, finding.decision?.kind])).toContainEqual(['review.numberInStringField', 'wontFix']);
        expect(report.findings.staleDecisions.map((decision) => decision.id)).toEqual(['review.noTiebreaker|Leaderboard|Gone||SK||']);
        expect(report.summary).not.toMatch(/new finding/);
      },
    },
  ])('--format $format: a decided new finding is listed as decided, not as new; a stale decision is listed', async ({ format, check }) => {
    const run = await keylab(['diff', '--format', format, 'v1.keylab.json', 'decided.keylab.json'], { cwd: dir });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    check(run.stdout);
  });

  it('without the decisions, the same finding is new (the decisions are what keep it quiet)', async () => {
    await writeFile(join(dir, 'undecided.keylab.json'), serializeDesignDocument(unpadded));
    const run = await keylab(['diff', 'v1.keylab.json', 'undecided.keylab.json'], { cwd: dir });
    expect(run.stdout).toContain(`Findings added (${fired.length})\n  error review.numberInStringField (Leaderboard, Run): `);
    expect(run.stdout).not.toContain('Findings decided');
  });
});

describe('keylab diff git:REV:path in a repository with two revisions', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Keylab Test', '-c', 'user.email=test@keylab.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
  beforeAll(async () => {
    repo = join(dir, 'repo');
    await mkdir(join(repo, 'designs'), { recursive: true });
    git('init', '-q', '-b', 'main');
    await writeFile(join(repo, 'designs/leaderboard.keylab.json'), V1);
    git('add', '-A');
    git('commit', '-q', '-m', 'v1');
    await writeFile(join(repo, 'designs/leaderboard.keylab.json'), V2);
    git('commit', '-q', '-am', 'v2: byPlayer by score, 12-digit scores, recentRuns');
  });

  it('diffs a revision against the working tree and against another revision: in place, backfill and migration', async () => {
    for (const after of ['designs/leaderboard.keylab.json', 'git:HEAD:designs/leaderboard.keylab.json', 'git:main:./designs/leaderboard.keylab.json']) {
      const run = await keylab(['diff', 'git:HEAD~1:designs/leaderboard.keylab.json', after], { cwd: repo });
      expect({ after, code: run.code, stderr: run.stderr }).toEqual({ after, code: 0, stderr: '' });
      expect(run.stdout).toContain(
        `keylab diff: git:HEAD~1:designs/leaderboard.keylab.json → ${after}\n5 changes: new index and backfill (1), items move: rewrite keys (1), in place (1), design only (2).`,
      );
      for (const verdict of [
        '[in place] added index recentRuns',
        '[new index and backfill] changed index byPlayer keys',
        '[items move: rewrite keys] changed entity Run: table key rankKey',
      ])
        expect(run.stdout).toContain(verdict);
    }
  });

  it('prints a migrate command whose git show line writes the old revision, exactly', async () => {
    const run = await keylab(['diff', 'git:HEAD~1:designs/leaderboard.keylab.json', 'designs/leaderboard.keylab.json'], { cwd: repo });
    const lines = run.stdout.split('\n').map((line) => line.trim());
    const show = lines.find((line) => line.startsWith('git show '));
    expect(show).toBe("git show 'HEAD~1:designs/leaderboard.keylab.json' > keylab-before.keylab.json");
    expect(lines).toContain(
      'npm run migrate -- --table Leaderboard --entity Run --from keylab-before.keylab.json --to designs/leaderboard.keylab.json --dry-run',
    );
    execFileSync('sh', ['-c', show ?? 'false'], { cwd: repo });
    const written = await readFile(join(repo, 'keylab-before.keylab.json'), 'utf8');
    expect(written).toBe(V1);
    expect(parseDesignDocument(written).ok).toBe(true);
  });

  it('a bad revision or path exits 2 with git’s reason', async () => {
    const rev = await keylab(['diff', 'git:nope:designs/leaderboard.keylab.json', 'designs/leaderboard.keylab.json'], { cwd: repo });
    expect(rev).toMatchObject({ code: 2, stdout: '' });
    expect(rev.stderr).toBe(
      "keylab diff: git:nope:designs/leaderboard.keylab.json: git show nope:designs/leaderboard.keylab.json failed: fatal: invalid object name 'nope'.\n",
    );
    const path = await keylab(['diff', 'git:HEAD~1:designs/shop.keylab.json', 'designs/leaderboard.keylab.json'], { cwd: repo });
    expect(path.code).toBe(2);
    expect(path.stderr).toContain("fatal: path 'designs/shop.keylab.json' does not exist in 'HEAD~1'");
    // A revision that reads as an option never reaches git (it would write a file with --output=…).
    const option = await keylab(['diff', `git:--output=${join(repo, 'pwned')}:x`, 'designs/leaderboard.keylab.json'], { cwd: repo });
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('starts with "-", which git would read as an option');
    await expect(readFile(join(repo, 'pwned'))).rejects.toThrow(/ENOENT/);
    const outside = await keylab(['diff', 'git:HEAD:x.json', 'designs/leaderboard.keylab.json'], { cwd: dir });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/fatal: not a git repository/);
  });
});
