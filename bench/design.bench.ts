/**
 * `npm run bench:design`: the Design tab's targets, each part a module of
 * bench/design/ (run in file-name order; KEYLAB_DESIGN_PARTS=a,b runs some):
 * a part exports `run(): Promise<void>` and prints its figures against its
 * target, side by side, in this one run. A script, not a timed test.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const DIRECTORY = path.join(import.meta.dirname, 'design');
const only = process.env.KEYLAB_DESIGN_PARTS?.split(',');
const parts = readdirSync(DIRECTORY)
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .filter((file) => !only || only.includes(file.replace(/\.ts$/, '')));

for (const file of parts) {
  console.log(`\n== ${file.replace(/\.ts$/, '')} ==`);
  const part = (await import(pathToFileURL(path.join(DIRECTORY, file)).href)) as { run(): Promise<void> };
  await part.run();
}
