/**
 * `npm run bench:diff`: the structural diff (src/design/diff) of two versions
 * of a large design — the keystroke bench's 20 entities × 1,000 sample rows —
 * one with an entity's sort-key template changed (every one of its items
 * placed in its partition before and after, among all 20,000) and a GSI
 * added. Beside it, the parts it is made of: the review run twice (once per
 * side) and the structural part alone; and keylab diff's report of the same
 * pair (the diff and its migrate commands) and its comment and text. Compare runs on a click, not per
 * keystroke: its target is 200 ms (p95). Pure work in Node, no browser.
 * KEYLAB_DIFF_RUNS diffs (default 20).
 */
import { buildDiffReport, renderDiffMarkdown, renderDiffText, type DiffSideSource } from '../src/check';
import { type Design, type TableDesign } from '../src/design';
import { diffDesigns } from '../src/design/diff';
import { reviewDesign } from '../src/design/review';
import { formatMs, percentile, renderTable } from './benchUtils';
import { buildKeystrokeDesign } from './design/keystroke';

const TARGET_MS = 200;
const RUNS = Number(process.env.KEYLAB_DIFF_RUNS ?? 20);
const WARM_UP = 3;

/** The k-th next version: Entity 1's SK template gains a literal (k varies it, so nothing is memoised from the run before), plus a GSI. */
function nextVersion(design: Design, k: number): Design {
  const table = design.tables[0] as TableDesign;
  const entities = table.entities.map((entity, index) => (index === 0 ? { ...entity, keys: { ...entity.keys, SK: `V${k}#${entity.keys.SK ?? ''}` } } : entity));
  const gsi = {
    name: `byNext${k}`,
    kind: 'GSI' as const,
    partitionKey: [{ name: 'GSI9PK', type: 'S' as const }],
    sortKey: [],
    projection: { type: 'KEYS_ONLY' as const, attributes: [] },
  };
  return { ...design, tables: [{ ...table, entities, indexes: [...table.indexes, gsi] }] };
}

function row(label: string, times: readonly number[], target?: number): string[] {
  const p95 = percentile(times, 0.95);
  return [
    label,
    formatMs(percentile(times, 0.5)),
    formatMs(p95),
    formatMs(Math.max(...times)),
    target === undefined ? '' : `${target}`,
    target === undefined ? '' : `${(p95 / target).toFixed(2)}×`,
    target === undefined ? '' : p95 <= target ? 'PASS' : 'MISS',
  ];
}

const base = buildKeystrokeDesign();
const entities = base.tables[0]?.entities ?? [];
const samples = entities.reduce((sum, entity) => sum + entity.samples.length, 0);
console.log(`Structural diff: ${entities.length} entities, ${samples.toLocaleString('en-US')} sample rows; ${RUNS} diffs after ${WARM_UP} warm-up`);
/** keylab diff's sides: both Keylab design files, so the report builds its migrate command too. */
const SIDES: { readonly before: DiffSideSource; readonly after: DiffSideSource } = {
  before: { source: { kind: 'git', rev: 'main', path: 'designs/big.keylab.json' }, keylabDesign: true },
  after: { source: { kind: 'file', path: 'designs/big.keylab.json' }, keylabDesign: true },
};
const reportTimes: number[] = [];
const reportCpuTimes: number[] = [];
const renderTimes: number[] = [];
let commentLength = 0;
const diffTimes: number[] = [];
const cpuTimes: number[] = [];
const reviewTimes: number[] = [];
const reviewCpuTimes: number[] = [];
let summary = '';
let moving = 0;
for (let k = 0; k < WARM_UP + RUNS; k++) {
  const before = k === 0 ? base : nextVersion(base, k - 1);
  const after = nextVersion(base, k);
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const diff = diffDesigns(before, after);
  const done = performance.now();
  const cpu = process.cpuUsage(cpuStarted);
  const reviewCpuStarted = process.cpuUsage();
  const reviewStarted = performance.now();
  reviewDesign({ design: before });
  reviewDesign({ design: after });
  const reviewed = performance.now();
  const reviewCpu = process.cpuUsage(reviewCpuStarted);
  const reportCpuStarted = process.cpuUsage();
  const reportStarted = performance.now();
  const report = buildDiffReport(before, after, SIDES);
  const reported = performance.now();
  const reportCpu = process.cpuUsage(reportCpuStarted);
  const comment = renderDiffMarkdown(report);
  renderDiffText(report);
  const rendered = performance.now();
  if (k < WARM_UP) continue;
  reportTimes.push(reported - reportStarted);
  reportCpuTimes.push((reportCpu.user + reportCpu.system) / 1000);
  renderTimes.push(rendered - reported);
  commentLength = comment.length;
  summary = diff.summary;
  moving = diff.changes.flatMap((change) => change.moves ?? []).reduce((sum, moves) => sum + moves.moving, 0);
  diffTimes.push(done - started);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  reviewTimes.push(reviewed - reviewStarted);
  reviewCpuTimes.push((reviewCpu.user + reviewCpu.system) / 1000);
}
console.log(
  `  last diff: ${summary} ${moving.toLocaleString('en-US')} items move. keylab diff's comment: ${commentLength.toLocaleString('en-US')} characters.`,
);
// Wall time on a shared machine includes other processes' turns: the CPU rows are the steadier figures.
const structuralCpu = cpuTimes.map((time, index) => Math.max(0, time - (reviewCpuTimes[index] ?? 0)));
console.log(
  renderTable([
    ['diff →', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'ratio', ''],
    row('diffDesigns: 20 entities × 1,000 samples, a template and a GSI changed', diffTimes, TARGET_MS),
    row('  the same, CPU time', cpuTimes, TARGET_MS),
    row('  the review alone, both sides (reviewDesign × 2)', reviewTimes),
    row('  the same, CPU time', reviewCpuTimes),
    row('  the structural part, CPU time (diff minus the reviews)', structuralCpu),
    row('keylab diff: the report (the diff and its migrate commands)', reportTimes, TARGET_MS),
    row('  the same, CPU time', reportCpuTimes, TARGET_MS),
    row('  and its comment and text (renderDiffMarkdown + renderDiffText)', renderTimes),
  ]),
);
