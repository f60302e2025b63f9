/**
 * bin/keylab.mjs runs the prebuilt endpoint only while it is fresh: every
 * source it was built from (dist-endpoint/inputs.json) is present and no newer
 * than the bundle, an edit in place included. Run on a copy of the bin beside a
 * stand-in bundle and sources, with no tsx installed, so a stale bundle shows
 * as the bin's own message (exit 2) and a fresh one as the bundle's answer.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../scripts/paths';

const SOURCES = ['src/server/endpoint/endpointCli.ts', 'src/keys/compare.ts'];
const BUILT_AT = new Date('2026-01-02T00:00:00Z');
const BEFORE = new Date('2026-01-01T00:00:00Z');

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A clone-shaped folder: the bin, package.json, sources written before the bundle, the bundle and its inputs.json. */
async function clone(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'keylab-freshness-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'bin'));
  await copyFile(path.join(REPO_ROOT, 'bin/keylab.mjs'), path.join(dir, 'bin/keylab.mjs'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'keylab', version: '0.0.0-test', type: 'module' }));
  for (const source of SOURCES) {
    await mkdir(path.dirname(path.join(dir, source)), { recursive: true });
    await writeFile(path.join(dir, source), '// a source\n');
    await utimes(path.join(dir, source), BEFORE, BEFORE);
  }
  await mkdir(path.join(dir, 'dist-endpoint'));
  await writeFile(path.join(dir, 'dist-endpoint/inputs.json'), JSON.stringify({ inputs: SOURCES }));
  await writeFile(
    path.join(dir, 'dist-endpoint/endpoint.mjs'),
    "export async function runEndpointCli(args) { console.log('the prebuilt endpoint ran with ' + args.join(' ')); }\n",
  );
  await utimes(path.join(dir, 'dist-endpoint/endpoint.mjs'), BUILT_AT, BUILT_AT);
  return dir;
}

describe('keylab endpoint: the prebuilt bundle or, when stale, the sources', () => {
  it.each([
    { change: 'nothing', edit: async () => undefined, stale: undefined },
    {
      change: 'a source edited in place after the build',
      edit: (dir: string) => utimes(path.join(dir, 'src/keys/compare.ts'), new Date(), new Date()),
      stale: 'src/keys/compare.ts changed since it was built',
    },
    { change: 'a source deleted', edit: (dir: string) => rm(path.join(dir, 'src/keys/compare.ts')), stale: 'src/keys/compare.ts is gone' },
    { change: 'inputs.json deleted', edit: (dir: string) => rm(path.join(dir, 'dist-endpoint/inputs.json')), stale: 'dist-endpoint/inputs.json is missing' },
    { change: 'the bundle deleted', edit: (dir: string) => rm(path.join(dir, 'dist-endpoint/endpoint.mjs')), stale: 'it is not built yet' },
  ])('$change', async ({ edit, stale }) => {
    const dir = await clone();
    await edit(dir);
    const run = spawnSync(process.execPath, [path.join(dir, 'bin/keylab.mjs'), 'endpoint', '-inMemory'], { cwd: dir, encoding: 'utf8' });
    if (stale === undefined) {
      expect(run.stdout).toBe('the prebuilt endpoint ran with -inMemory\n');
      expect(run.status).toBe(0);
    } else {
      // No tsx in the copy: the bin says why the bundle is stale and how to get going.
      expect(run.stderr).toContain(`the prebuilt endpoint dist-endpoint/endpoint.mjs is missing or stale (${stale}) and tsx is not installed: run npm ci.`);
      expect(run.status).toBe(2);
    }
  });
});
