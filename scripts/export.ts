/**
 * `npm run export`: writes a table's items (a Scan, page by page) to a file
 * or stdout, with the same core as the explorer's Export… (src/transfer).
 *
 *   npm run export -- --endpoint http://localhost:8000 --table T --out items.jsonl
 *   npm run export -- --table T --format csv > items.csv
 *
 * Formats: jsonl (DynamoDB JSON lines, the default), json (an array), csv.
 * DynamoDB JSON lines and JSON re-import with `npm run import` to identical items.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { readExportPages, writeExport, EXPORT_FORMATS, type ExportFormat, type ExportSummary } from '../src/transfer';
import { keyAttributeNamesOf } from '../src/expressions';
import type { OptionTable } from '../src/errors';
import { wireClient } from '../src/sources/wireClient';
import { createClient, describeKeys, explainError, parseTransferArgs, reportTopLevelError, TRANSFER_OPTIONS, transferHelp, UsageError } from './transferCommon';

const USAGE = 'Usage: npm run export -- [--endpoint URL] --table T [--format jsonl|json|csv] [--out FILE] [--region R] (--help: every option)';

const OPTIONS = {
  ...TRANSFER_OPTIONS,
  table: { ...TRANSFER_OPTIONS.table, help: 'the table to read (required)' },
  format: {
    type: 'string',
    value: 'F',
    example: '--format csv',
    help: "jsonl (DynamoDB JSON lines, the default), json (an array) or csv (typed\nheader: name (S), score (N), …); default: from --out's extension",
  },
  out: { type: 'string', value: 'FILE', example: '--out items.jsonl', help: 'the file to write (default: stdout)' },
  help: { type: 'boolean', short: 'h', help: 'this help' },
} as const satisfies OptionTable;

const HELP = transferHelp(
  'Usage: npm run export -- [options]',
  'Writes every item of a table (a Scan, page by page) to a file or to stdout.',
  OPTIONS,
  `jsonl and json re-import with npm run import to identical items.
Credentials come from the environment or AWS_PROFILE, as the AWS CLI finds them.
Exit code: 0 exported, 1 stopped by an error.`,
);

export async function runExport(argv: readonly string[]): Promise<number> {
  const args = parseTransferArgs(argv, USAGE, OPTIONS, HELP, 'npm run export --');
  if (args.positionals.length > 0) throw new UsageError(`Unexpected ${JSON.stringify(args.positionals[0])}: the output file is --out FILE.\n${USAGE}`);
  const outFile = args.values.out;
  const format = (args.format ??
    (outFile?.toLowerCase().endsWith('.csv') ? 'csv' : outFile?.toLowerCase().endsWith('.json') ? 'json' : 'jsonl')) as ExportFormat;
  if (!EXPORT_FORMATS.some((option) => option.format === format))
    throw new UsageError(`--format ${args.format}: one of ${EXPORT_FORMATS.map((option) => option.format).join(', ')}.`);
  const client = createClient(args.endpoint, args.values.region);
  const keys = await describeKeys(client, args.table, args.endpoint);
  const out: Writable = outFile ? createWriteStream(outFile) : process.stdout;
  if (outFile)
    await Promise.race([
      once(out, 'open'),
      once(out, 'error').then(([error]) => Promise.reject(new UsageError(`--out ${outFile}: ${(error as Error).message}`))),
    ]);
  const summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 };
  const started = Date.now();
  try {
    for await (const chunk of writeExport(
      readExportPages(wireClient(client), { operation: 'scan', input: { TableName: args.table } }, format),
      format,
      summary,
      keyAttributeNamesOf(keys),
    )) {
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } catch (error) {
    throw new UsageError(`Export stopped after ${summary.items} items: ${explainError(error, args.table, args.endpoint)}`);
  } finally {
    if (outFile) {
      out.end();
      await once(out, 'finish');
    }
  }
  const seconds = (Date.now() - started) / 1000;
  process.stderr.write(
    `Exported ${summary.items.toLocaleString('en-US')} items from ${args.table} in ${seconds.toFixed(1)} s${outFile ? ` to ${outFile}` : ''}.\n`,
  );
  if (summary.csvValuesLeftOut > 0)
    process.stderr.write(
      `CSV left out ${summary.csvValuesLeftOut} values (attributes not among the first page's columns, or of another type than their column): export --format jsonl for an exact copy.\n`,
    );
  return 0;
}

try {
  process.exitCode = await runExport(process.argv.slice(2));
} catch (error) {
  process.exitCode = reportTopLevelError(error);
}
