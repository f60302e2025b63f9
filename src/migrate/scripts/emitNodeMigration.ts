import { MIGRATION_PROGRAM, programHeader } from './migrationProgram';
import { nodeRetryText } from './retryProgramText';

/**
 * The migration as a Node (AWS SDK v3) program:
 *   node migrate.mjs --plan plan.json --checkpoint migrate.checkpoint.json [--endpoint URL] [--region R] [--concurrency N]
 * It prints the report as its last line of output (JSON).
 */
export function emitNodeMigration(): string {
  return `${programHeader('//')}
import { DynamoDBClient, TransactGetItemsCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const RULES = ${JSON.stringify(MIGRATION_PROGRAM)};

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
if (!args.plan || !args.checkpoint) throw new Error('usage: node migrate.mjs --plan plan.json --checkpoint FILE [--endpoint URL] [--region R] [--concurrency N]');
const revive = (key, value) => (key === 'B' && typeof value === 'string' ? Buffer.from(value, 'base64') : key === 'BS' && Array.isArray(value) ? value.map((member) => Buffer.from(member, 'base64')) : value);
const plan = JSON.parse(readFileSync(args.plan, 'utf8'), revive);
const client = new DynamoDBClient({ ...(args.endpoint ? { endpoint: args.endpoint } : {}), region: args.region ?? process.env.AWS_REGION ?? 'us-east-1', maxAttempts: 1 });
const concurrency = Number(args.concurrency ?? RULES.concurrency);
const total = plan.rewrites.length;

let checkpoint = { format: RULES.checkpointFormat, planId: plan.planId, total, reservedUpTo: 0, done: [], skipped: [], failed: [] };
if (existsSync(args.checkpoint)) {
  const saved = JSON.parse(readFileSync(args.checkpoint, 'utf8'));
  if (saved.format !== RULES.checkpointFormat || saved.planId !== plan.planId) throw new Error(args.checkpoint + ' belongs to another plan (' + saved.planId + '; this one is ' + plan.planId + '): delete it to start over.');
  checkpoint = saved;
}
const uncertainBelow = checkpoint.reservedUpTo;
const done = new Set(checkpoint.done);
const skipped = new Map(checkpoint.skipped.map((entry) => [entry.index, entry]));
const failed = new Map();
const save = () => {
  const text = JSON.stringify({ ...checkpoint, done: [...done].sort((a, b) => a - b), skipped: [...skipped.values()].sort((a, b) => a.index - b.index), failed: [...failed.values()].sort((a, b) => a.index - b.index) });
  writeFileSync(args.checkpoint + '.tmp', text);
  renameSync(args.checkpoint + '.tmp', args.checkpoint);
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
${nodeRetryText()}
const backoff = (attempt) => backoffDelay(attempt);
const text = (value) => (value.S ?? value.N ?? (value.B ? Buffer.from(value.B).toString('base64') : JSON.stringify(value)));
const describeKey = (key) => Object.keys(key).map((name) => name + ' = ' + JSON.stringify(text(key[name]))).join(', ');
const canonical = (value) => {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(canonical);
  return Object.fromEntries(Object.keys(value).sort().map((name) => [name, ['SS', 'NS', 'BS'].includes(name) ? value[name].map(canonical).sort() : canonical(value[name])]));
};
const same = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

async function withRetries(call) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= RULES.maxAttempts || !retryReason(error)) throw error;
      await sleep(backoff(attempt));
    }
  }
}

async function settle(rewrite) {
  const rule = rewrite.settle;
  const reads = rule.kind === 'sameKey' ? [rule.read] : [rule.oldRead, rule.newRead];
  const output = await withRetries(() => client.send(new TransactGetItemsCommand({ TransactItems: reads.map((read) => ({ Get: read })) })));
  const [oldItem, newItem] = (output.Responses ?? []).map((response) => response?.Item);
  if (rule.kind === 'sameKey') {
    if (!oldItem) return 'deleted';
    if (Object.keys(rule.expect).every((name) => oldItem[name] !== undefined && same(oldItem[name], rule.expect[name]))) return 'done';
    return same(oldItem, rewrite.item) ? 'pending' : 'changed';
  }
  if (newItem && rule.keepsOld) return same(newItem, rewrite.newItem) ? 'done' : 'newKeyTaken';
  if (newItem && !oldItem) return 'done';
  if (!oldItem) return 'deleted';
  if (!same(oldItem, rewrite.item)) return 'changed';
  return newItem ? 'newKeyTaken' : 'pending';
}

function record(index, state) {
  failed.delete(index);
  if (state === 'done') done.add(index);
  else skipped.set(index, { index, reason: state, message: describeKey(plan.rewrites[index].key) + ': ' + RULES.skipMessages[state] });
}

async function migrateOne(index) {
  const rewrite = plan.rewrites[index];
  if (index < uncertainBelow) {
    const state = await settle(rewrite);
    if (state !== 'pending') return record(index, state);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteItemsCommand(rewrite.transaction));
      return record(index, 'done');
    } catch (error) {
      const reasons = error.name === 'TransactionCanceledException' ? (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None') : undefined;
      if (reasons?.includes('ConditionalCheckFailed')) {
        const state = await settle(rewrite);
        if (state !== 'pending') return record(index, state);
        if (attempt >= RULES.maxAttempts) throw new Error('its transaction was refused and the item still looks pending; rerun to retry it');
      } else if (attempt >= RULES.maxAttempts || !(reasons ? reasons.some((code) => RETRY_RULES.retryableCancellationReasons.includes(code)) : retryReason(error))) {
        throw error;
      }
      await sleep(backoff(attempt));
    }
  }
}

for (let chunkStart = 0; chunkStart < total; chunkStart += RULES.chunk) {
  const chunkEnd = Math.min(total, chunkStart + RULES.chunk);
  checkpoint.reservedUpTo = Math.max(checkpoint.reservedUpTo, chunkEnd);
  save();
  let next = chunkStart;
  const worker = async () => {
    while (next < chunkEnd) {
      const index = next++;
      if (done.has(index) || skipped.has(index)) continue;
      try {
        await migrateOne(index);
      } catch (error) {
        failed.set(index, { index, message: describeKey(plan.rewrites[index].key) + ': ' + (error.name ? error.name + ': ' : '') + error.message });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  save();
}
const report = { format: RULES.reportFormat, planId: plan.planId, total, done: done.size, skipped: [...skipped.values()].sort((a, b) => a.index - b.index), failed: [...failed.values()].sort((a, b) => a.index - b.index) };
console.log(JSON.stringify(report));
if (failed.size > 0) process.exitCode = 1;
`;
}
