import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root (the folder with package.json). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(REPO_ROOT, 'dist');
