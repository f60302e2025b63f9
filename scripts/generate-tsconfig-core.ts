/**
 * Writes tsconfig.core.json's `include` and `exclude` from eslint/layers.js:
 * every layer marked `pure` is type-checked without the DOM and without Node
 * (lib ES2023, no types), its `pureExcept` adapter folders left to the app
 * and Node projects. Only those two arrays are rewritten; the comments and
 * compilerOptions stay as they are written.
 * `npm run generate:tsconfig-core`; a unit test fails while the committed
 * file differs from what this writes (a layer marked pure, or no longer).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS } from '../eslint/layers.js';
import { REPO_ROOT } from './paths';

export const TSCONFIG_CORE_FILE = 'tsconfig.core.json';
export const GENERATE_TSCONFIG_CORE_COMMAND = 'npm run generate:tsconfig-core';

/** The host APIs browsers and Node share, declared for the core (it also keeps the project from failing with TS18003 while empty). */
const CORE_ENV = 'types/core-env.d.ts';

/** What the core project checks: the pure layers of `layers`, less their adapter folders. */
export function coreFolders(layers: typeof LAYERS = LAYERS): { include: string[]; exclude: string[] } {
  const pure = Object.entries(layers).filter(([, layer]) => layer.pure === true);
  return {
    include: [CORE_ENV, ...pure.map(([name]) => `src/${name}/**/*`)],
    exclude: pure.flatMap(([name, layer]) => (layer.pureExcept ?? []).map((sub) => `src/${name}/${sub}/**`)),
  };
}

/** The `"name": [...]` member of `text` (JSON with comments, written by hand), as its start and end offsets. */
function arrayMember(text: string, name: string): { start: number; end: number } {
  const match = new RegExp(`^([ \\t]*)"${name}"\\s*:\\s*\\[[^\\]]*\\]`, 'm').exec(text);
  if (!match) throw new Error(`${TSCONFIG_CORE_FILE} needs an "${name}": [...] member (of strings) for ${GENERATE_TSCONFIG_CORE_COMMAND} to write.`);
  return { start: match.index, end: match.index + match[0].length };
}

function writeArray(name: string, values: readonly string[], indent: string): string {
  const oneLine = `${indent}"${name}": [${values.map((value) => JSON.stringify(value)).join(', ')}]`;
  if (oneLine.length <= 100 && values.length <= 2) return oneLine;
  return `${indent}"${name}": [\n${values.map((value) => `${indent}  ${JSON.stringify(value)}`).join(',\n')}\n${indent}]`;
}

/** `text` (tsconfig.core.json) with its `include` and `exclude` written from `layers`. */
export function writeCoreTsconfig(text: string, layers: typeof LAYERS = LAYERS): string {
  const { include, exclude } = coreFolders(layers);
  let result = text;
  for (const [name, values] of [
    ['exclude', exclude],
    ['include', include],
  ] as const) {
    const { start, end } = arrayMember(result, name);
    const indent = /^[ \t]*/.exec(result.slice(start))?.[0] ?? '';
    result = result.slice(0, start) + writeArray(name, values, indent) + result.slice(end);
  }
  return result;
}

/** The members of `include`/`exclude` in `text` that differ from what `layers` says, in words (empty when none). */
export function coreTsconfigDifferences(text: string, layers: typeof LAYERS = LAYERS): string[] {
  const wanted = coreFolders(layers);
  const differences: string[] = [];
  for (const name of ['include', 'exclude'] as const) {
    const { start, end } = arrayMember(text, name);
    const member = text.slice(start, end);
    const committed = [...member.slice(member.indexOf('[')).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => JSON.parse(`"${match[1] ?? ''}"`) as string);
    for (const value of wanted[name]) if (!committed.includes(value)) differences.push(`${name} lacks ${JSON.stringify(value)}`);
    for (const value of committed)
      if (!wanted[name].includes(value)) differences.push(`${name} has ${JSON.stringify(value)}, which eslint/layers.js does not mark pure`);
  }
  return differences;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(REPO_ROOT, TSCONFIG_CORE_FILE);
  writeFileSync(file, writeCoreTsconfig(readFileSync(file, 'utf8')));
  console.log(`wrote ${TSCONFIG_CORE_FILE}'s include and exclude: ${coreFolders().include.length - 1} pure layers from eslint/layers.js`);
}
