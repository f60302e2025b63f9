import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITY_CODE_OUTPUT, GENERATE_ENTITY_CODE_COMMAND, generateEntityCodeFiles } from './generate-entity-code';
import { REPO_ROOT } from './paths';

describe('the committed entity code (integration/entityCode/generated)', () => {
  it('is what the generators write for the designs of integration/entityCode/designs.ts, file for file', () => {
    const root = path.join(REPO_ROOT, ENTITY_CODE_OUTPUT);
    const committed = new Map(
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
          return [file, readFileSync(path.join(root, file), 'utf8')] as const;
        }),
    );
    const fresh = generateEntityCodeFiles();
    const stale = `${ENTITY_CODE_OUTPUT} is stale: run \`${GENERATE_ENTITY_CODE_COMMAND}\` and commit the result`;
    expect([...committed.keys()].sort(), stale).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh) {
      // The diff below shows what changed; the message says what to do.
      if (committed.get(file) !== text) expect(committed.get(file), `${file}: ${stale}`).toBe(text);
    }
  });
});
