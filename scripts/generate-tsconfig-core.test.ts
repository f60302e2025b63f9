import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../eslint/layers.js';
import { coreFolders, coreTsconfigDifferences, GENERATE_TSCONFIG_CORE_COMMAND, TSCONFIG_CORE_FILE, writeCoreTsconfig } from './generate-tsconfig-core';
import { REPO_ROOT } from './paths';

describe('tsconfig.core.json, derived from eslint/layers.js', () => {
  it('type-checks every pure layer without the DOM or Node, less its adapter folders', () => {
    const committed = readFileSync(path.join(REPO_ROOT, TSCONFIG_CORE_FILE), 'utf8');
    expect(
      coreTsconfigDifferences(committed),
      `${TSCONFIG_CORE_FILE} differs from eslint/layers.js: run \`${GENERATE_TSCONFIG_CORE_COMMAND}\` and commit the result`,
    ).toEqual([]);
    expect(committed, `run \`${GENERATE_TSCONFIG_CORE_COMMAND}\``).toBe(writeCoreTsconfig(committed));
    expect(coreFolders().include).toEqual(expect.arrayContaining(['src/items/**/*', 'src/transfer/**/*']));
  });

  it('names what differs when a layer is marked pure (or no longer) and the file was not regenerated', () => {
    const committed = readFileSync(path.join(REPO_ROOT, TSCONFIG_CORE_FILE), 'utf8');
    const { items: _items, ...withoutItems } = LAYERS;
    expect(coreTsconfigDifferences(committed, withoutItems)).toEqual(['include has "src/items/**/*", which eslint/layers.js does not mark pure']);
    expect(
      coreTsconfigDifferences(committed, { ...LAYERS, sources: { ...LAYERS.sources, mayImport: [], summary: '', pure: true, pureExcept: ['remote'] } }),
    ).toEqual(['include lacks "src/sources/**/*"', 'exclude lacks "src/sources/remote/**"']);
  });

  it('rewrites only the two arrays, keeping the comments and compiler options', () => {
    const text = '{\n  // the core\n  "compilerOptions": { "lib": ["ES2023"] },\n  "include": ["src/old/**/*"],\n  "exclude": []\n}\n';
    const written = writeCoreTsconfig(text);
    expect(written).toContain('// the core\n  "compilerOptions": { "lib": ["ES2023"] },\n  "include": [\n    "types/core-env.d.ts",\n    "src/errors/**/*",');
    expect(written).toContain('  "exclude": ["src/engine/persistence/**"]\n}\n');
    expect(coreTsconfigDifferences(written)).toEqual([]);
    expect(() => writeCoreTsconfig('{ "compilerOptions": {} }')).toThrow(/needs an "exclude": \[...\] member/);
  });
});
