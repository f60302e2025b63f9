/**
 * Writes the OneTable schemas of the built-in example designs (and their key
 * builders) into integration/entityCode/onetable, where `tsc -b` type-checks
 * them and integration/onetableCode.test.ts runs them against DynamoDB Local
 * with dynamodb-onetable itself. A unit test fails while they are stale.
 *
 *   npm run generate:onetable-examples
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateEntityCode, type GeneratedFile } from '../src/codegen';
import { EXAMPLE_DESIGNS } from '../src/design';
import { REPO_ROOT } from './paths';

export const ONETABLE_EXAMPLES_DIR = 'integration/entityCode/onetable';
export const GENERATE_ONETABLE_COMMAND = 'npm run generate:onetable-examples';

/** Every example design's OneTable files, by file name. */
export function generateOneTableExamples(): GeneratedFile[] {
  return EXAMPLE_DESIGNS.flatMap(({ design }) => {
    const result = generateEntityCode(design, { library: 'onetable' });
    if (!result.ok) throw new Error(`${design.name}: ${result.message}`);
    return result.files;
  });
}

function main(): void {
  const dir = path.join(REPO_ROOT, ONETABLE_EXAMPLES_DIR);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) rmSync(path.join(dir, name));
  const files = generateOneTableExamples();
  for (const file of files) writeFileSync(path.join(dir, file.fileName), file.text);
  console.log(`Wrote ${files.length} files to ${ONETABLE_EXAMPLES_DIR}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
