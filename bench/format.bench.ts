/**
 * `npm run bench:format`: the canonical layout's cost beside the layout it
 * replaced. Per design (the built-in examples and the keystroke bench's
 * 20 entities × 1,000 sample rows): writing it as before (the document,
 * JSON.stringify indented by 2) and in the canonical layout
 * (serializeDesignDocument: records ordered, one sample per line, invisible
 * characters escaped), and the sign-off fingerprint. Then `keylab format
 * --check`'s pure work (read, write canonical, compare) over every file of
 * the review corpus. Median of KEYLAB_FORMAT_RUNS runs (default 15).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDesignText } from '../src/check';
import { designFingerprint, EXAMPLE_DESIGNS, serializeDesignDocument, type Design } from '../src/design';
import { legacyDesignFingerprint } from '../src/design/decisions/fingerprint';
import { buildDesignDocument } from '../src/design/format/designDocument';
import { formatMs, median, renderTable } from './benchUtils';
import { buildKeystrokeDesign } from './design/keystroke';

const RUNS = Number(process.env.KEYLAB_FORMAT_RUNS ?? 15);

function timed(fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    fn();
    if (i >= 2) times.push(performance.now() - started);
  }
  return median(times);
}

const designs: [string, Design][] = [
  ...EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as [string, Design]),
  ['20 × 1,000 samples', buildKeystrokeDesign()],
];
const rows: string[][] = [['design', 'bytes', 'before (ms)', 'canonical (ms)', 'ratio', 'fingerprint before (ms)', 'fingerprint now (ms)']];
for (const [name, design] of designs) {
  const before = timed(() => JSON.stringify(buildDesignDocument(design, 'asGiven'), null, 2));
  const canonical = timed(() => serializeDesignDocument(design));
  // A fresh object per run: the fingerprint is memoised per design object.
  const fingerprintBefore = timed(() => legacyDesignFingerprint({ ...design }));
  const fingerprintNow = timed(() => designFingerprint({ ...design }));
  const bytes = new TextEncoder().encode(serializeDesignDocument(design)).length;
  rows.push([
    name,
    bytes.toLocaleString('en-US'),
    formatMs(before),
    formatMs(canonical),
    `${(canonical / before).toFixed(2)}×`,
    formatMs(fingerprintBefore),
    formatMs(fingerprintNow),
  ]);
}
console.log(`Writing a design (median of ${RUNS})`);
console.log(renderTable(rows));

const folder = path.resolve(import.meta.dirname, '../corpus/review');
const names = (await readdir(folder)).filter((name) => name.endsWith('.json') && !/^(labels|knownGaps)\.json$/.test(name));
const texts = await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name), 'utf8')] as const));
const keylab = texts.filter(([name]) => name.endsWith('.keylab.json'));
const check = timed(() => keylab.forEach(([name, text]) => formatDesignText(text, name)));
const all = timed(() => texts.forEach(([name, text]) => formatDesignText(text, name)));
console.log(`\nkeylab format --check, pure work (median of ${RUNS})`);
console.log(
  renderTable([
    ['files', 'count', 'total (ms)', 'per file (ms)'],
    ['Keylab designs of corpus/review', String(keylab.length), formatMs(check), formatMs(check / keylab.length)],
    ['every corpus file (others imported to be skipped)', String(texts.length), formatMs(all), formatMs(all / texts.length)],
  ]),
);
