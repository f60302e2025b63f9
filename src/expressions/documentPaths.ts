/**
 * DynamoDB's check that the document paths of a ProjectionExpression (or the
 * paths an UpdateExpression writes) neither overlap (`a` and `a.b`, or `a`
 * twice) nor conflict (`a[0]` and `a.b`: a list index and a map key under
 * the same parent).
 *
 * Which two paths the message names follows DynamoDB's own bookkeeping,
 * reverse-engineered on DynamoDB Local 3.3.1 (the service's expression code):
 * paths go one by one into a tree; every clash records an error, and the
 * last one recorded is reported (so `a, a, b.c, b[0]` reports the conflict).
 * - overlap at node X (the new path ends at X, or X ends an earlier path):
 *   path one is the latest path that went through X before this one; path
 *   two is taken at the end, from X and the siblings created after X: the
 *   one with the greatest key, and its greatest path (`a, b, a, c` reports
 *   `[a]` and `[c]`), or the new path itself when X is the greatest;
 * - conflict under node P: path one is the greatest path among P's children
 *   of the other kind, path two the new path.
 */
import type { ResolvedPath } from './ast';

/**
 * The clash DynamoDB reports, if any, and the index of the path that caused it.
 *
 * @example
 * findDocumentPathClash([["a"], ["a", "b"]]) // { kind: "overlap", message: "Two document paths overlap …", index: 1 }
 */
export interface DocumentPathClash {
  readonly kind: 'overlap' | 'conflict';
  /** `Two document paths overlap with each other; …` as DynamoDB words it (without the `Invalid …: ` prefix). */
  readonly message: string;
  /** Index, in the input, of the path whose insertion recorded the clash. */
  readonly index: number;
}

interface TreeNode {
  readonly key: string | number;
  readonly parent: TreeNode | undefined;
  /** Children in creation order. */
  readonly children: Map<string | number, TreeNode>;
  nameChildren: number;
  indexChildren: number;
  terminal: boolean;
  /** The latest path that went through (or ended at) this node. */
  latest: ResolvedPath;
}

/**
 * Finds the overlap or conflict DynamoDB reports among `paths` (in request
 * order), or `undefined` when the paths are independent.
 *
 * @example
 * findDocumentPathClash([["a", "b"], ["a"]])?.message
 * // "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"
 * findDocumentPathClash([["a", 0], ["a", "b"]])?.kind // "conflict"
 * findDocumentPathClash([["a", 0], ["a", 1]])         // undefined
 */
export function findDocumentPathClash(paths: readonly ResolvedPath[]): DocumentPathClash | undefined {
  const root = createNode('', undefined, []);
  let last:
    | { kind: 'overlap'; one: ResolvedPath; node: TreeNode; path: ResolvedPath; index: number }
    | { kind: 'conflict'; one: ResolvedPath; path: ResolvedPath; index: number }
    | undefined;
  paths.forEach((path, index) => {
    let node = root;
    for (let depth = 0; depth < path.length; depth++) {
      const key = path[depth] as string | number;
      const isIndex = typeof key === 'number';
      if (isIndex ? node.nameChildren > 0 : node.indexChildren > 0) {
        last = { kind: 'conflict', one: greatestPath(node, isIndex), path, index };
      }
      let child = node.children.get(key);
      if (child === undefined) {
        child = createNode(key, node, path);
        node.children.set(key, child);
        if (isIndex) node.indexChildren++;
        else node.nameChildren++;
      } else if (depth === path.length - 1 || child.terminal) {
        last = { kind: 'overlap', one: child.latest, node: child, path, index };
      }
      child.latest = path;
      node = child;
    }
    node.terminal = true;
  });
  if (last === undefined) return undefined;
  if (last.kind === 'conflict') {
    return { kind: 'conflict', message: clashMessage('conflict', last.one, last.path), index: last.index };
  }
  return { kind: 'overlap', message: clashMessage('overlap', last.one, secondOverlapPath(last.node, last.path)), index: last.index };
}

/**
 * `[a, b, [0]]`: how DynamoDB prints a document path in messages.
 *
 * @example
 * formatPathForMessage(["a", "b", 0]) // "[a, b, [0]]"
 */
export function formatPathForMessage(path: ResolvedPath): string {
  return `[${path.map((element) => (typeof element === 'number' ? `[${element}]` : element)).join(', ')}]`;
}

function clashMessage(kind: 'overlap' | 'conflict', one: ResolvedPath, two: ResolvedPath): string {
  const verb = kind === 'overlap' ? 'overlap' : 'conflict';
  return `Two document paths ${verb} with each other; must remove or rewrite one of these paths; path one: ${formatPathForMessage(one)}, path two: ${formatPathForMessage(two)}`;
}

function createNode(key: string | number, parent: TreeNode | undefined, latest: ResolvedPath): TreeNode {
  return { key, parent, children: new Map(), nameChildren: 0, indexChildren: 0, terminal: false, latest };
}

/** Path two of an overlap at `node`: the greatest of `node` and the siblings created after it. */
function secondOverlapPath(node: TreeNode, current: ResolvedPath): ResolvedPath {
  const siblings = (node.parent as TreeNode).children;
  let greatest = node;
  let after = false;
  for (const sibling of siblings.values()) {
    if (sibling === node) after = true;
    else if (after && compareKeysOfPaths(sibling.key, greatest.key) > 0) greatest = sibling;
  }
  return greatest === node ? current : descendGreatest(greatest);
}

/** The greatest path among `node`'s children that are names (or indexes). */
function greatestPath(node: TreeNode, names: boolean): ResolvedPath {
  let greatest: TreeNode | undefined;
  for (const child of node.children.values()) {
    if ((typeof child.key === 'string') !== names) continue;
    if (greatest === undefined || compareKeysOfPaths(child.key, greatest.key) > 0) greatest = child;
  }
  return descendGreatest(greatest as TreeNode);
}

/** Follows the greatest child down to a leaf; the path of that leaf. */
function descendGreatest(start: TreeNode): ResolvedPath {
  let node = start;
  for (;;) {
    let greatest: TreeNode | undefined;
    for (const child of node.children.values()) {
      if (greatest === undefined || compareKeysOfPaths(child.key, greatest.key) > 0) greatest = child;
    }
    if (greatest === undefined) return node.latest;
    node = greatest;
  }
}

/** Keys as DynamoDB's (Java) tree orders them: indexes numerically, names by UTF-16 code units, indexes first. */
function compareKeysOfPaths(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
