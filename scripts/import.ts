/**
 * `npm run import`: loads a file into a DynamoDB table with the same core as
 * the explorer's Import… (src/transfer): streamed, BatchWriteItem in 25s,
 * throttling retried under backoff, every rejected line reported.
 *
 *   npm run import -- --endpoint http://localhost:8000 --table T items.jsonl
 *   npm run import -- --table T data.csv --format csv --concurrency 8
 *   npm run import -- --endpoint … --table T items.jsonl --resume items.jsonl.checkpoint.json
 *
 * Formats: jsonl (DynamoDB JSON lines, plain or S3 export `{"Item": …}`; a gzipped file, e.g. an S3 export's
 * `*.json.gz`, is gunzipped as it streams: found by its gzip bytes, not its name),
 * json (an array of DynamoDB JSON items), csv (see src/transfer/csvReader.ts);
 * by default from the file's extension. A checkpoint is kept in
 * FILE.checkpoint.json while it runs: after Ctrl-C or an error, --resume it
 * to skip the lines already written (a line in flight is sent again: putting
 * the same item twice leaves the table as one put does). The checkpoint is
 * replaced atomically (a kill leaves the last one whole) and keeps every
 * rejected line, so the resumed run's report lists the earlier runs' too.
 * Exit code: 0 all written, 2 some lines rejected, 1 stopped by an error.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  formatOfFileName,
  IMPORT_FORMATS,
  importFile,
  parseCheckpoint,
  wireBatchWriteTarget,
  type ImportFormat,
  type TransferCheckpoint,
  type TransferFailure,
  type TransferProgress,
} from '../src/transfer';
import type { OptionTable } from '../src/errors';
import { wireClient } from '../src/sources/wireClient';
import {
  createClient,
  describeKeys,
  explainError,
  formatSeconds,
  parseTransferArgs,
  reportTopLevelError,
  saveCheckpointFile,
  TRANSFER_OPTIONS,
  transferHelp,
  UsageError,
} from './transferCommon';

const USAGE =
  'Usage: npm run import -- [--endpoint URL] --table T FILE [--format jsonl|json|csv] [--concurrency N] [--region R] [--resume CHECKPOINT] (--help: every option)';

const OPTIONS = {
  ...TRANSFER_OPTIONS,
  table: { ...TRANSFER_OPTIONS.table, help: 'the table to write to (required); its key schema is read with DescribeTable' },
  format: {
    type: 'string',
    value: 'F',
    example: '--format csv',
    help: 'jsonl (DynamoDB JSON lines, plain or S3 export {"Item": …}; gzip is\nrecognised by its bytes), json (an array of DynamoDB JSON items) or csv\n(a header row: name or name (S|N|B|BOOL|NULL|JSON)); default: from FILE\'s\nextension (.csv, .json, else jsonl)',
  },
  concurrency: { type: 'string', value: 'N', example: '--concurrency 8', help: 'batches in flight, 1 to 64 (default 4)' },
  resume: {
    type: 'string',
    value: 'CHECKPOINT',
    example: '--resume items.jsonl.checkpoint.json',
    help: 'go on from a stopped run: FILE.checkpoint.json, which the import keeps\nbeside FILE while it runs (lines already written or rejected are skipped;\nthe rejected ones are reported again at the end)',
  },
  help: { type: 'boolean', short: 'h', help: 'this help' },
} as const satisfies OptionTable;

const HELP = transferHelp(
  'Usage: npm run import -- [options] FILE',
  `Loads FILE into a DynamoDB table: streamed, BatchWriteItem in batches of 25,
throttling retried under backoff, every rejected line reported. For a key
that repeats in the file, the last line wins.`,
  OPTIONS,
  `Credentials come from the environment or AWS_PROFILE, as the AWS CLI finds them
(a loopback endpoint without any gets placeholder ones).
Exit code: 0 every line written, 2 some lines rejected, 1 stopped by an error.`,
);

export async function runImport(argv: readonly string[]): Promise<number> {
  const args = parseTransferArgs(argv, USAGE, OPTIONS, HELP, 'npm run import --');
  const [file, ...more] = args.positionals;
  if (!file || more.length > 0) throw new UsageError(`Give exactly one FILE to import.\n${USAGE}`);
  const format = (args.format ?? formatOfFileName(file)) as ImportFormat;
  if (!IMPORT_FORMATS.includes(format)) throw new UsageError(`--format ${args.format}: one of ${IMPORT_FORMATS.join(', ')}.`);
  const concurrency = args.values.concurrency === undefined ? 4 : Number(args.values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new UsageError(`--concurrency ${args.values.concurrency}: a whole number from 1 to 64.`);
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    throw new UsageError(`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`);
  }
  let resume: TransferCheckpoint | undefined;
  if (args.values.resume) {
    let text: string;
    try {
      text = await readFile(args.values.resume, 'utf8');
    } catch {
      throw new UsageError(`--resume ${args.values.resume}: no such file`);
    }
    const parsed = parseCheckpoint(text);
    if (typeof parsed === 'string') throw new UsageError(`--resume ${args.values.resume}: ${parsed}`);
    resume = parsed;
  }

  const client = createClient(args.endpoint, args.values.region);
  const keys = await describeKeys(client, args.table, args.endpoint);
  const checkpointFile = `${file}.checkpoint.json`;
  const controller = new AbortController();
  const stop = () => {
    process.stderr.write('\nStopping: waiting for the batches in flight…\n');
    controller.abort();
  };
  process.once('SIGINT', stop);
  let lastSaved = 0;
  let saving: Promise<void> = Promise.resolve();
  const save = (checkpoint: TransferCheckpoint) => {
    // A copy now (the writer goes on changing its checkpoint), written in turn.
    const snapshot = structuredClone(checkpoint);
    saving = saving.then(() => saveCheckpointFile(checkpointFile, snapshot));
  };
  const tty = process.stderr.isTTY;
  let lastPrinted = 0;
  const onProgress = (progress: TransferProgress) => {
    const now = Date.now();
    if (now - lastPrinted < (tty ? 200 : 2000)) return;
    lastPrinted = now;
    const percent = progress.bytesRead !== undefined && size > 0 ? ` ${((progress.bytesRead / size) * 100).toFixed(1)}%` : '';
    const secondsLeft =
      progress.bytesRead && progress.itemsPerSecond > 0
        ? ((size - progress.bytesRead) / progress.bytesRead) * (progress.writtenThisRun / progress.itemsPerSecond)
        : undefined;
    process.stderr.write(
      `${tty ? '\r' : ''}${progress.written.toLocaleString('en-US')} written, ${progress.rejected} rejected${percent}, ${Math.round(progress.itemsPerSecond).toLocaleString('en-US')} items/s, ${formatSeconds(secondsLeft)} left${progress.throttled ? `, throttled (${progress.retries} retries)` : ''}${tty ? '   ' : '\n'}`,
    );
  };

  const report = await importFile(createReadStream(file), format, {
    // Each batch's body is written by JSON.stringify, not the SDK's serializer (wireBatches.ts: the same bytes; bench:io's endpoint import went from 89% to 94% of a bare SDK loop).
    target: wireBatchWriteTarget(wireClient(client)),
    tableName: args.table,
    keys,
    concurrency,
    signal: controller.signal,
    ...(resume ? { resume } : {}),
    onProgress,
    onCheckpoint: (checkpoint) => {
      if (Date.now() - lastSaved < 1000) return;
      lastSaved = Date.now();
      save(checkpoint);
    },
  });
  process.off('SIGINT', stop);
  save(report.checkpoint);
  await saving;
  if (tty) process.stderr.write('\n');

  const out = process.stdout;
  // This run's items over this run's time: a resumed run's earlier items are not its speed.
  const rate = report.seconds > 0 ? Math.round(report.writtenThisRun / report.seconds) : 0;
  const count = (n: number) => n.toLocaleString('en-US');
  const thisRun = resume ? ` (${count(report.writtenThisRun)} in this run)` : '';
  out.write(
    `${report.cancelled ? 'Cancelled' : report.fatal ? 'Stopped' : 'Imported'}: ${count(report.written)} items written to ${args.table}${resume ? ' over every run' : ''}${thisRun} in ${report.seconds.toFixed(1)} s (${count(rate)} items/s), ${report.retries} throttled batches retried.\n`,
  );
  if (!report.cancelled && !report.fatal) {
    // Every record of the file is written or listed below (a CSV record over several lines counts once).
    out.write(
      `Read ${count(report.read)} records: ${count(report.written)} written + ${count(report.rejected.length)} rejected${resume ? ', over every run' : ''}.\n`,
    );
  }
  if (report.fatal)
    out.write(
      `Error at line ${report.fatal.line}: ${explainError(Object.assign(new Error(report.fatal.reason), { name: report.fatal.code ?? 'Error' }), args.table, args.endpoint)}\n`,
    );
  if (report.rejected.length > 0) {
    out.write(`${count(report.rejected.length)} lines rejected (not written)${resume ? ', in this run and the runs before' : ''}:\n`);
    for (const failure of report.rejected) out.write(`  ${whereOf(failure)}: ${failure.reason}\n`);
  }
  if (report.cancelled || report.fatal) {
    out.write(
      `Every line up to ${report.checkpoint.doneThrough}${report.checkpoint.doneAfter.length > 0 ? ` and ${report.checkpoint.doneAfter.length} lines after it` : ''} is written or reported; the rest is not written.\nResume with: npm run import -- ${argv.filter((arg, i) => arg !== '--resume' && argv[i - 1] !== '--resume').join(' ')} --resume ${checkpointFile}\n`,
    );
  }
  return report.fatal || report.cancelled ? 1 : report.rejected.length > 0 ? 2 : 0;
}

/** `line 7`, or `lines 201–203` for a record over several lines. */
function whereOf(failure: TransferFailure): string {
  return failure.lastLine !== undefined ? `lines ${failure.line}–${failure.lastLine}` : `line ${failure.line}`;
}

try {
  process.exitCode = await runImport(process.argv.slice(2));
} catch (error) {
  process.exitCode = reportTopLevelError(error);
}
