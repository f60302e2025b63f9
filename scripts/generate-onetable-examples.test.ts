import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATE_ONETABLE_COMMAND, generateOneTableExamples, ONETABLE_EXAMPLES_DIR } from './generate-onetable-examples';
import { REPO_ROOT } from './paths';

describe('the committed OneTable schemas of the examples', () => {
  it('are what the generator writes from the example designs', () => {
    const dir = path.join(REPO_ROOT, ONETABLE_EXAMPLES_DIR);
    const fresh = generateOneTableExamples();
    expect(readdirSync(dir).sort(), `${ONETABLE_EXAMPLES_DIR} is stale: run \`${GENERATE_ONETABLE_COMMAND}\` and commit the result`).toEqual(fresh.map((file) => file.fileName).sort());
    for (const file of fresh) expect(readFileSync(path.join(dir, file.fileName), 'utf8'), `${file.fileName} is stale: run \`${GENERATE_ONETABLE_COMMAND}\` and commit the result`).toBe(file.text);
  });
});
