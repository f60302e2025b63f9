/**
 * npm run bench:expressions — parse + validate a typical filter, and evaluate
 * it over 100k items, with the targets side by side. A report, not a test:
 * it exits 0 either way and prints PASS/MISS.
 */
import os from 'node:os';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { evaluateCondition, prepareExpressions } from '../src/expressions';
import { median } from './benchUtils';

type Item = Record<string, AttributeValue>;

const FILTER = {
  FilterExpression: '#status = :active AND score BETWEEN :low AND :high AND begins_with(playerId, :prefix)',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: {
    ':active': { S: 'ACTIVE' },
    ':low': { N: '200' },
    ':high': { N: '2000' },
    ':prefix': { S: 'p_1' },
  },
};

const PARSE_RUNS = 200_000;
const ITEMS = 100_000;
const EVAL_RUNS = 7;

function makeItems(count: number): Item[] {
  let seed = 0x5eed;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  return Array.from({ length: count }, (_, i) => ({
    leaderboardId: { S: 'SEASON#2026-SPRING' },
    rankKey: { S: String(i).padStart(10, '0') },
    status: { S: random() < 0.7 ? 'ACTIVE' : 'BANNED' },
    score: { N: String(Math.floor(random() * 5000)) },
    playerId: { S: `p_${Math.floor(random() * 10000)}` },
    tags: { SS: ['a', 'b'] },
  }));
}

function main(): void {
  console.log(`bench:expressions — Node ${process.version}, ${os.cpus().length} CPUs`);
  console.log(`filter: ${FILTER.FilterExpression}\n`);

  // Warm up the JIT on both paths.
  for (let i = 0; i < 20_000; i++) prepareExpressions(FILTER);
  const items = makeItems(ITEMS);
  const warm = prepareExpressions(FILTER).filter;
  if (!warm) throw new Error('no filter prepared');
  for (let r = 0; r < 3; r++) for (const item of items) evaluateCondition(warm, item);

  const parseTimes: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = performance.now();
    for (let i = 0; i < PARSE_RUNS; i++) prepareExpressions(FILTER);
    parseTimes.push(((performance.now() - start) * 1000) / PARSE_RUNS);
  }
  const parseMicros = median(parseTimes);

  const evalTimes: number[] = [];
  let matched = 0;
  for (let r = 0; r < EVAL_RUNS; r++) {
    const start = performance.now();
    matched = 0;
    for (const item of items) if (evaluateCondition(warm, item)) matched++;
    evalTimes.push(performance.now() - start);
  }
  const evalMs = median(evalTimes);

  const rows = [
    ['parse + validate (prepareExpressions)', `${parseMicros.toFixed(2)} µs / filter`, '< 20 µs', parseMicros < 20],
    [`evaluate over ${ITEMS.toLocaleString('en')} items (${matched.toLocaleString('en')} match)`, `${evalMs.toFixed(1)} ms`, '< 50 ms', evalMs < 50],
  ] as const;
  const width = Math.max(...rows.map((row) => row[0].length));
  console.log(`${'measure'.padEnd(width)} │ ${'median'.padStart(18)} │ ${'target'.padStart(8)} │ ratio to target │ result`);
  console.log(`${'─'.repeat(width)}─┼─${'─'.repeat(18)}─┼─${'─'.repeat(8)}─┼─────────────────┼───────`);
  const ratios = [parseMicros / 20, evalMs / 50];
  rows.forEach(([name, figure, target, pass], index) => {
    console.log(
      `${name.padEnd(width)} │ ${figure.padStart(18)} │ ${target.padStart(8)} │ ${`${(ratios[index] as number).toFixed(2)}× of limit`.padStart(15)} │ ${pass ? 'PASS' : 'MISS'}`,
    );
  });
  const passed = rows.filter((row) => row[3]).length;
  console.log(`\nSUMMARY: ${passed}/${rows.length} targets PASS`);
}

main();
