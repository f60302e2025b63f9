/**
 * `npm run migrate`: re-key an entity's stored items from one design version to another.
 *   npm run migrate -- --endpoint http://127.0.0.1:8000 --table Leaderboard --from v1.json --to v2.json [--entity Run]
 *     [--dry-run] [--checkpoint FILE] [--resume] [--concurrency 16] [--region us-east-1] [--copy-to NEW_TABLE]
 *     [--export-node FILE.mjs] [--export-python FILE.py]
 * --copy-to NEW_TABLE copies every item into NEW_TABLE (created like the source when missing), the rewritten
 * ones under their new keys and all others as they are; the source table is not written.
 * Plans first (every item's old → new key; collisions stop it), writes the plan next to the checkpoint
 * (FILE.plan.json), applies it with one conditional TransactWriteItems per item, then verifies. After a
 * crash or Ctrl-C, rerun with --resume: done items are never written twice. Credentials come from the
 * environment (the SDK's default chain) and are never printed. The last line of output is the report (JSON).
 */
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeDesignProblem, parseDesignDocument, type Design } from '../src/design';
import { formatOptionHelp, parseCommandLine, UsageError, type OptionTable } from '../src/errors';
import {
  applyMigration,
  compileMigration,
  describePlanCounts,
  emitNodeMigration,
  emitPythonMigration,
  estimateWriteCost,
  indexKeysOf,
  MIGRATION_PROGRAM,
  parseCheckpoint,
  parsePlanFile,
  planMigration,
  watchAddedAttributes,
  existingTablePages,
  scanPages,
  serializePlanFile,
  specFromDesigns,
  toPlanFile,
  verifyMigration,
  type MigrationCheckpoint,
  type MigrationPlanFile,
  type MigrationRunReport,
} from '../src/migrate';
import { checkCopyTarget, copyIntoItselfMessage, waitUntilActive } from '../src/state/migrate/copyTarget';

const USAGE = 'usage: npm run migrate -- --endpoint URL --table T --from DESIGN.json --to DESIGN.json [options] (--help lists them all)';

/** Every option, once: parseArgs reads them from here and --help lists them from here, so none is left out of the help. */
const OPTIONS = {
  endpoint: { type: 'string', value: 'URL', help: "DynamoDB endpoint (DynamoDB Local, Keylab's endpoint); omitted: AWS in --region" },
  table: { type: 'string', value: 'T', help: 'the stored table to migrate (required)' },
  from: { type: 'string', value: 'DESIGN.json', help: 'the design the items are stored in today (required)' },
  to: { type: 'string', value: 'DESIGN.json', help: 'the design to migrate them to (required)' },
  entity: { type: 'string', value: 'E', help: 'the entity to migrate (default: the only one)' },
  'design-table': { type: 'string', value: 'NAME', help: "the designs' table (default: the only one, or the one named like --table)" },
  'dry-run': { type: 'boolean', help: 'read every item and say what would happen; write nothing' },
  checkpoint: { type: 'string', value: 'FILE', help: 'where progress is kept (default migrate-T.checkpoint.json; the plan goes to FILE.plan.json)' },
  resume: { type: 'boolean', help: 'continue a stopped run from its checkpoint and plan file (no item is written twice)' },
  concurrency: { type: 'string', value: 'N', help: `transactions in flight, 1 to 256 (default ${MIGRATION_PROGRAM.concurrency})` },
  region: { type: 'string', value: 'R', help: 'AWS region (default $AWS_REGION, else us-east-1)' },
  'copy-to': {
    type: 'string',
    value: 'NEW_TABLE',
    help: 'copy every item into NEW_TABLE (created like the source when missing) instead of rewriting in place',
  },
  'export-node': { type: 'string', value: 'FILE.mjs', help: 'write the plan and a Node (SDK v3) program that runs it; apply nothing' },
  'export-python': { type: 'string', value: 'FILE.py', help: 'write the plan and a Python (boto3) program that runs it; apply nothing' },
  help: { type: 'boolean', short: 'h', help: 'print this help' },
} as const satisfies OptionTable;

/** The help text: the usage line and every option of OPTIONS. */
function helpText(): string {
  return `${USAGE}\n\nOptions:\n${formatOptionHelp(OPTIONS, 30)}\n\nCredentials come from the environment (the SDK's default chain) and are never printed.\n`;
}

function readDesignFile(file: string | undefined, flag: string): Design {
  if (!file) throw new UsageError(`${flag} is missing: name the design file (${USAGE}).`);
  if (!existsSync(file)) throw new UsageError(`${flag} ${file}: no such file.`);
  const result = parseDesignDocument(readFileSync(file, 'utf8'), { fileName: path.basename(file) });
  if (!result.ok)
    throw new UsageError(`${flag} ${file} is not a valid design:\n${result.errors.map((problem) => `  ${describeDesignProblem(problem)}`).join('\n')}`);
  return result.design;
}

function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** --copy-to: the target must have the source's key; a missing one is created like the source (as the screen's Apply does). */
async function prepareCopyTarget(client: DynamoDB, table: string, copyTo: string): Promise<void> {
  const target = await checkCopyTarget(client, table, copyTo);
  if (target.kind === 'refused') throw new UsageError(target.message);
  if (target.kind === 'create') {
    log(`Creating table ${copyTo}: ${target.description}.`);
    await client.createTable(target.input);
    await waitUntilActive(client, copyTo);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseCommandLine(argv, OPTIONS, { command: 'npm run migrate --' }));
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${error.message}\nRun npm run migrate -- --help for every option.`);
    throw error;
  }
  if (values.help) {
    process.stdout.write(helpText());
    return 0;
  }
  const table = values.table;
  if (!table) throw new UsageError(`--table is missing (${USAGE}).`);
  const concurrency = Number(values.concurrency ?? MIGRATION_PROGRAM.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
    throw new UsageError(`--concurrency ${values.concurrency}: give a whole number from 1 to 256.`);
  const checkpointFile = values.checkpoint ?? `migrate-${table}.checkpoint.json`;
  const planFile = `${checkpointFile}.plan.json`;
  const region = values.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const local = values.endpoint !== undefined && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?/.test(values.endpoint);
  // A local endpoint (DynamoDB Local, Keylab's endpoint) takes any key; AWS gets the environment's credentials only.
  const credentials = local && !process.env.AWS_ACCESS_KEY_ID && !process.env.AWS_PROFILE ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined;
  const client = new DynamoDB({ region, ...(values.endpoint ? { endpoint: values.endpoint } : {}), ...(credentials ? { credentials } : {}), maxAttempts: 3 });

  let file: MigrationPlanFile;
  let checkpoint: MigrationCheckpoint | undefined;
  if (values.resume) {
    if (!existsSync(planFile) || !existsSync(checkpointFile))
      throw new UsageError(`--resume: ${!existsSync(planFile) ? planFile : checkpointFile} does not exist; run without --resume to plan the migration first.`);
    const read = parsePlanFile(readFileSync(planFile, 'utf8'), planFile);
    if (!read.ok) throw new UsageError(read.message);
    file = read.file;
    const saved = parseCheckpoint(readFileSync(checkpointFile, 'utf8'), file.planId, checkpointFile);
    if (!saved.ok) throw new UsageError(saved.message);
    checkpoint = saved.checkpoint;
    log(`Resuming ${file.rewrites.length} rewrites of ${file.spec.tableName}: ${checkpoint.done.length} done, ${checkpoint.skipped.length} skipped.`);
  } else {
    const spec = specFromDesigns(readDesignFile(values.from, '--from'), readDesignFile(values.to, '--to'), {
      tableName: table,
      ...(values.entity ? { entity: values.entity } : {}),
      ...(values['design-table'] ? { designTable: values['design-table'] } : {}),
      ...(values['copy-to'] ? { targetTableName: values['copy-to'] } : {}),
    });
    if (!spec.ok) throw new UsageError(spec.problems.map((problem) => `${problem.where} ${problem.message}`).join('\n'));
    const compiled = compileMigration(spec.value);
    if (!compiled.ok) throw new UsageError(compiled.problems.map((problem) => `${problem.where}: ${problem.message}`).join('\n'));
    const copyTo = compiled.value.spec.targetTableName;
    if (copyTo === table) throw new UsageError(`--copy-to ${copyTo}: ${copyIntoItselfMessage(table)}`);
    // Copying: every item goes into the target; its items (none while it doesn't exist) are read so a key taken there is a collision now.
    // Watched names: an item that gains one of them after this read is skipped, not rewritten without it.
    // Every GSI and LSI of the table, for the cost estimate's index units (a missing table is said by the scan below).
    const indexes = indexKeysOf((await client.describeTable({ TableName: table }).catch(() => undefined))?.Table);
    const plan = watchAddedAttributes(
      await planMigration(compiled.value, scanPages(client, table), undefined, copyTo === undefined ? undefined : existingTablePages(client, copyTo)),
    );
    log(`Plan: ${describePlanCounts(plan.counts)}.`);
    log(`Cost: ${estimateWriteCost(plan, indexes).text}`);
    for (const entry of plan.entries.filter((candidate) => candidate.status === 'cannotEncode').slice(0, 5))
      if (entry.status === 'cannotEncode') log(`  can't encode: ${entry.problems.map((problem) => problem.message).join('; ')}`);
    if (plan.collisions.length > 0) {
      for (const collision of plan.collisions.slice(0, 10)) log(`  collision: ${collision.message}`);
      log('Collisions block the migration: nothing was written.');
      return 1;
    }
    file = toPlanFile(plan);
    if (values['export-node'] || values['export-python']) {
      writeAtomically(planFile, serializePlanFile(file));
      if (values['export-node']) writeFileSync(values['export-node'], emitNodeMigration());
      if (values['export-python']) writeFileSync(values['export-python'], emitPythonMigration());
      log(
        `Exported: the plan is ${planFile}; run the program with --plan ${planFile} --checkpoint ${checkpointFile}${values.endpoint ? ` --endpoint ${values.endpoint}` : ''}.`,
      );
      return 0;
    }
    if (!values['dry-run']) {
      if (existsSync(checkpointFile))
        throw new UsageError(`${checkpointFile} exists: a migration was started. Rerun with --resume, or delete it (and ${planFile}) to start over.`);
      if (copyTo !== undefined) await prepareCopyTarget(client, table, copyTo);
      writeAtomically(planFile, serializePlanFile(file));
    }
  }

  const controller = new AbortController();
  process.once('SIGINT', () => {
    log('Stopping after the items in flight (Ctrl-C again to kill)…');
    controller.abort();
  });
  let lastLog = 0;
  const result = await applyMigration({
    source: client,
    plan: file,
    planId: file.planId,
    ...(checkpoint ? { checkpoint } : {}),
    concurrency,
    dryRun: values['dry-run'] ?? false,
    signal: controller.signal,
    saveCheckpoint: (next) => writeAtomically(checkpointFile, JSON.stringify(next)),
    onProgress: (progress) => {
      if (Date.now() - lastLog < 1000) return;
      lastLog = Date.now();
      const left = progress.secondsLeft === undefined ? '' : `, about ${Math.ceil(progress.secondsLeft)} s left`;
      log(
        `  ${progress.done + progress.skipped + progress.failed} of ${progress.total} (${progress.itemsPerSecond.toFixed(0)} items/s${left}); ${progress.failed} failed`,
      );
    },
  });
  if (values['dry-run']) {
    log(
      `Dry run: ${result.wouldWrite} would be written, ${result.checkpoint.done.length} already done, ${result.checkpoint.skipped.length} would be skipped. Nothing was written.`,
    );
    return 0;
  }
  if (result.paused !== undefined)
    log(
      `Paused: ${values.endpoint ?? `DynamoDB in ${region}`} stopped answering (${result.paused}). Nothing was marked failed; start it again and rerun with --resume (${checkpointFile}).`,
    );
  else if (!result.cancelled) {
    const verify = await verifyMigration(file, scanPages(client, file.spec.targetTableName ?? file.spec.tableName), result.checkpoint);
    log(verify.text);
    for (const line of [...verify.missing, ...verify.leftUnderOldKey, ...verify.oldFormat].slice(0, 10)) log(`  ${line}`);
  } else log(`Cancelled: rerun with --resume to continue (${checkpointFile}).`);
  for (const skip of result.checkpoint.skipped.slice(0, 10)) log(`  skipped: ${skip.message}`);
  const report: MigrationRunReport = {
    format: MIGRATION_PROGRAM.reportFormat,
    planId: file.planId,
    total: file.rewrites.length,
    done: result.checkpoint.done.length,
    skipped: result.checkpoint.skipped,
    failed: result.checkpoint.failed,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  return result.checkpoint.failed.length > 0 || result.cancelled || result.paused !== undefined ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(error instanceof UsageError ? error.message : `migrate failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    process.exitCode = 2;
  },
);
