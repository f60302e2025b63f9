import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DIST_DIR, REPO_ROOT } from './paths';

/** Files and folders whose changes require a new production build. */
export const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'] as const;

/** Paths (relative to the repo root, with "/") that never end up in dist/. */
export function isIgnoredBuildInput(relativePath: string): boolean {
  return relativePath === 'src/server' || relativePath.startsWith('src/server/') || /\.(test|spec)\.tsx?$/.test(relativePath);
}

export interface NewestInput {
  path: string;
  mtimeMs: number;
}

async function newestIn(root: string, relativePath: string): Promise<NewestInput | undefined> {
  if (isIgnoredBuildInput(relativePath)) return undefined;
  let stats;
  try {
    stats = await stat(path.join(root, relativePath));
  } catch {
    return undefined;
  }
  if (stats.isFile()) return { path: relativePath, mtimeMs: stats.mtimeMs };
  if (!stats.isDirectory()) return undefined;
  let newest: NewestInput | undefined;
  for (const entry of await readdir(path.join(root, relativePath))) {
    const candidate = await newestIn(root, `${relativePath}/${entry}`);
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}

export type BuildCheck = { needed: false } | { needed: true; reason: string };

/** Is dist/ missing, or older than any build input? */
export async function checkBuildNeeded(root = REPO_ROOT, distDir = DIST_DIR): Promise<BuildCheck> {
  let builtAt: number;
  try {
    builtAt = (await stat(path.join(distDir, 'index.html'))).mtimeMs;
  } catch {
    return { needed: true, reason: 'no production build yet' };
  }
  for (const input of BUILD_INPUTS) {
    const newest = await newestIn(root, input);
    if (newest && newest.mtimeMs > builtAt) {
      return { needed: true, reason: `${newest.path} changed since the last build` };
    }
  }
  return { needed: false };
}

/** Runs `vite build` through Vite's JS API, using vite.config.ts. */
export async function buildApp(root = REPO_ROOT): Promise<void> {
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
