/**
 * Step 2 for ProjectionExpression (see ./index.ts): the paths' words, the
 * paths (last first), then overlaps.
 */
import type { PathNode, ProjectionNode, ResolvedPath } from '../ast';
import { findDocumentPathClash } from '../documentPaths';
import type { Checker } from './checker';

export function prepareProjectionTree(tree: ProjectionNode, checker: Checker): ResolvedPath[] {
  for (const path of tree.paths) checker.checkPathWords(path);
  // DynamoDB resolves the paths last to first (`#x, #y` with neither defined reports `#y`).
  const paths: ResolvedPath[] = new Array<ResolvedPath>(tree.paths.length);
  for (let n = tree.paths.length - 1; n >= 0; n--) paths[n] = checker.resolvePath(tree.paths[n] as PathNode);
  const clash = findDocumentPathClash(paths);
  if (clash) throw checker.fail(clash.message, (tree.paths[clash.index] as PathNode).span);
  return paths;
}
