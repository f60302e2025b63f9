/**
 * The design review keeps up with typing: all rules over a design of 20
 * entities × 1,000 sample rows (the keystroke bench's design) in ≤ 50 ms
 * (p95), after a keystroke changed one entity's template (so nothing is
 * memoised from the run before). Pure work in Node, no browser.
 *
 * Two rows: the whole review (reviewDesign with every registered rule), and
 * the shared review context alone (every template compiled, every sample key
 * encoded, the sort ranges), the floor under any set of rules.
 *
 * CPU time rows beside wall time: on a shared machine wall time includes
 * other processes' turns. KEYLAB_REVIEW_RUNS reviews (default 40).
 */
import { REVIEW_RULES, ReviewContext, reviewDesign } from '../../src/design/review';
import { type Design, type TableDesign } from '../../src/design';
import { formatMs, percentile, renderTable } from '../benchUtils';
import { buildKeystrokeDesign } from './keystroke';

const TARGET_MS = 50;
const RUNS = Number(process.env.KEYLAB_REVIEW_RUNS ?? 40);
const WARM_UP = 5;

/** The design after the k-th keystroke in Entity 1's SK template (a character typed, then taken back). */
function afterKeystroke(design: Design, k: number): Design {
  const table = design.tables[0] as TableDesign;
  const entities = table.entities.map((entity, index) =>
    index === 0 ? { ...entity, keys: { ...entity.keys, SK: `${entity.keys.SK ?? ''}${'x'.repeat(k % 2)}` } } : entity,
  );
  return { ...design, tables: [{ ...table, entities }] };
}

/** The context every rule reads, fully computed. */
function warmContext(design: Design): number {
  const context = new ReviewContext({ design });
  let keys = 0;
  for (const review of context.entities()) for (const template of review.templates) keys += review.encodedKeys(template.attribute.name).length;
  context.sortRanges();
  return keys;
}

function row(label: string, times: readonly number[]): string[] {
  const p95 = percentile(times, 0.95);
  return [
    label,
    formatMs(percentile(times, 0.5)),
    formatMs(p95),
    formatMs(Math.max(...times)),
    `${TARGET_MS}`,
    `${(p95 / TARGET_MS).toFixed(2)}×`,
    p95 <= TARGET_MS ? 'PASS' : 'MISS',
  ];
}

export async function run(): Promise<void> {
  const base = buildKeystrokeDesign();
  const entities = base.tables[0]?.entities ?? [];
  const samples = entities.reduce((sum, entity) => sum + entity.samples.length, 0);
  console.log(
    `  ${entities.length} entities × ${(samples / Math.max(1, entities.length)).toLocaleString('en-US')} samples; ${REVIEW_RULES.length} rules registered; ${RUNS} reviews after ${WARM_UP} warm-up, each after a keystroke`,
  );
  const reviewTimes: number[] = [];
  const cpuTimes: number[] = [];
  const contextTimes: number[] = [];
  const contextCpuTimes: number[] = [];
  let findings = 0;
  for (let k = 0; k < WARM_UP + RUNS; k++) {
    const design = afterKeystroke(base, k);
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    findings = reviewDesign({ design }).length;
    const reviewed = performance.now();
    const cpu = process.cpuUsage(cpuStarted);
    const contextCpuStarted = process.cpuUsage();
    const contextStarted = performance.now();
    const keys = warmContext(afterKeystroke(base, k + 1));
    const contextDone = performance.now();
    const contextCpu = process.cpuUsage(contextCpuStarted);
    if (keys < samples) throw new Error(`expected at least ${samples} encoded keys, got ${keys}`);
    if (k < WARM_UP) continue;
    reviewTimes.push(reviewed - started);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    contextTimes.push(contextDone - contextStarted);
    contextCpuTimes.push((contextCpu.user + contextCpu.system) / 1000);
  }
  console.log(`  ${findings.toLocaleString('en-US')} findings on the last review`);
  console.log(
    renderTable([
      ['review →', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'ratio', ''],
      row('review: all rules over 20 entities × 1,000 samples', reviewTimes),
      row('  the same, CPU time', cpuTimes),
      row('  review context alone (compile, encode, ranges)', contextTimes),
      row('  the same, CPU time', contextCpuTimes),
    ]),
  );
}
