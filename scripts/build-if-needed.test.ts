import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBuildNeeded, isIgnoredBuildInput } from './build-if-needed';

let root: string;
const dist = () => path.join(root, 'dist');

async function touch(relativePath: string, secondsAgo: number): Promise<void> {
  const file = path.join(root, relativePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '');
  const when = new Date(Date.now() - secondsAgo * 1000);
  await utimes(file, when, when);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'keylab-build-check-'));
  await touch('index.html', 100);
  await touch('src/main.tsx', 100);
  await touch('package-lock.json', 100);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('checkBuildNeeded', () => {
  it('builds when there is no dist/index.html', async () => {
    expect(await checkBuildNeeded(root, dist())).toEqual({ needed: true, reason: 'no production build yet' });
  });

  it('does not build when dist is newer than every input', async () => {
    await touch('dist/index.html', 10);
    expect(await checkBuildNeeded(root, dist())).toEqual({ needed: false });
  });

  it('builds when a source file changed after the build', async () => {
    await touch('dist/index.html', 10);
    await touch('src/ui/deep/Widget.tsx', 1);
    expect(await checkBuildNeeded(root, dist())).toEqual({
      needed: true,
      reason: 'src/ui/deep/Widget.tsx changed since the last build',
    });
  });

  it('ignores the server and test files', async () => {
    await touch('dist/index.html', 10);
    await touch('src/server/appServer.ts', 1);
    await touch('src/keys/compareKeys.test.ts', 1);
    await touch('src/ui/App.test.tsx', 1);
    expect(await checkBuildNeeded(root, dist())).toEqual({ needed: false });
  });

  it('builds when public/ or the lockfile changed', async () => {
    await touch('dist/index.html', 10);
    await touch('public/favicon.svg', 1);
    expect((await checkBuildNeeded(root, dist())).needed).toBe(true);
  });
});

describe('isIgnoredBuildInput', () => {
  it.each([
    ['src/server', true],
    ['src/server/cli.ts', true],
    ['src/keys/a.test.ts', true],
    ['src/serverless.ts', false],
    ['src/keys/a.ts', false],
  ])('%s -> %s', (input, ignored) => {
    expect(isIgnoredBuildInput(input)).toBe(ignored);
  });
});
