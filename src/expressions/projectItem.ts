/**
 * Applies a prepared ProjectionExpression to an item, as GetItem, Query and
 * Scan return it.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getPath, setOwnAttribute } from './attributeValues';
import type { ResolvedPath } from './ast';
import type { Item } from './prepared';

interface ProjectionNode {
  value?: AttributeValue;
  children?: Map<string | number, ProjectionNode>;
}

/**
 * The parts of `item` that `paths` select, in the item's nested shape —
 * DynamoDB's projection, verified on DynamoDB Local:
 *
 * - `a.b` keeps the map around it: `{ a: { M: { b: … } } }`, with only the
 *   selected keys.
 * - List indexes select elements into a list that is compacted and kept in
 *   index order, whatever the order of the paths: `l[3], l[1]` gives
 *   `[l[1], l[3]]`; `l[1].a, l[1].c` gives one element holding `a` and `c`.
 * - A path that does not resolve (missing, past the end of a list, or
 *   through a scalar) is left out; a container with nothing selected is not
 *   created.
 *
 * The result shares unchanged AttributeValue objects with `item` (values are
 * immutable in the core). Overlapping paths (`a, a.b`) are a validation
 * error in DynamoDB; given them anyway, the wider path wins.
 *
 * @example
 * const item = { id: { S: "1" }, l: { L: [{ N: "0" }, { N: "1" }, { N: "2" }, { N: "3" }] }, m: { M: { a: { N: "1" }, b: { N: "2" } } } };
 * projectItem([["l", 3], ["l", 1], ["m", "b"], ["nope"]], item)
 * // { l: { L: [{ N: "1" }, { N: "3" }] }, m: { M: { b: { N: "2" } } } }
 */
export function projectItem(paths: readonly ResolvedPath[], item: Item): Item {
  const result: Item = {};
  let root: ProjectionNode | undefined;
  for (const path of paths) {
    const value = getPath(item, path);
    if (value === undefined) continue;
    if (root === undefined && path.length === 1) {
      setOwnAttribute(result, path[0] as string, value);
      continue;
    }
    if (root === undefined) root = treeOf(result);
    insert(root, path, value);
  }
  if (root === undefined) return result;
  const projected: Item = {};
  for (const [name, child] of root.children ?? []) setOwnAttribute(projected, name as string, materialize(child));
  return projected;
}

/** A tree holding what `result` already has (top-level names only). */
function treeOf(result: Item): ProjectionNode {
  const children = new Map<string | number, ProjectionNode>();
  for (const name of Object.keys(result)) children.set(name, { value: result[name] as AttributeValue });
  return { children };
}

function insert(root: ProjectionNode, path: ResolvedPath, value: AttributeValue): void {
  let node = root;
  for (const step of path) {
    if (node.value !== undefined) return; // a wider path already selects all of this
    node.children ??= new Map();
    let child = node.children.get(step);
    if (child === undefined) {
      child = {};
      node.children.set(step, child);
    }
    node = child;
  }
  node.value = value;
  delete node.children;
}

function materialize(node: ProjectionNode): AttributeValue {
  if (node.value !== undefined) return node.value;
  const children = node.children ?? new Map<string | number, ProjectionNode>();
  const first = children.keys().next();
  if (!first.done && typeof first.value === 'number') {
    const indexes = [...children.keys()] as number[];
    indexes.sort((a, b) => a - b);
    return { L: indexes.map((index) => materialize(children.get(index) as ProjectionNode)) };
  }
  const map: Record<string, AttributeValue> = {};
  for (const [key, child] of children) setOwnAttribute(map, key as string, materialize(child));
  return { M: map };
}
