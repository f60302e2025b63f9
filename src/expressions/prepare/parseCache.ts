/**
 * The parsed trees of recently seen expression texts, so a client that sends
 * the same KeyConditionExpression / FilterExpression / ProjectionExpression /
 * UpdateExpression on every call (the usual case: values change, the text
 * does not) parses it once. Only the syntax tree is kept — names and values
 * are resolved per request by the prepare steps, which also run every check
 * that depends on them, so a cached tree gives exactly the errors a fresh
 * parse would.
 *
 * Bounded (least recently used out first) so a client sending ever-new texts
 * cannot grow it. Texts that fail to parse are not kept: they throw again.
 * Cached trees are frozen all the way down, so no prepare step can change a
 * tree another request will read (a write would throw in strict mode).
 */
import type { ConditionNode, ExpressionKind, ProjectionNode, UpdateNode } from '../ast';
import { parseCondition, parseProjection, parseUpdate, type ConditionExpressionKind } from '../parse';

/** Enough for every distinct expression a real application sends; a few MB at most. */
export const PARSE_CACHE_SIZE = 1000;

type Tree = ConditionNode | ProjectionNode | UpdateNode;

const trees = new Map<string, Tree>();

/**
 * The tree of `text` parsed as `kind`, from the cache or parsed now (and
 * kept). Throws the parser's ValidationException for a text that doesn't parse.
 *
 * @example
 * parsedExpression("FilterExpression", "a = :v") === parsedExpression("FilterExpression", "a = :v") // true
 */
export function parsedExpression(kind: 'UpdateExpression', text: string): UpdateNode;
export function parsedExpression(kind: 'ProjectionExpression', text: string): ProjectionNode;
export function parsedExpression(kind: ConditionExpressionKind, text: string): ConditionNode;
export function parsedExpression(kind: ExpressionKind, text: string): Tree {
  // The kind is part of the key: the same text parses differently (and fails with a different prefix) per kind.
  const key = `${kind}\u0000${text}`;
  const cached = trees.get(key);
  if (cached !== undefined) {
    // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
    trees.delete(key);
    trees.set(key, cached);
    return cached;
  }
  const tree = parse(kind, text);
  deepFreeze(tree);
  trees.set(key, tree);
  if (trees.size > PARSE_CACHE_SIZE) trees.delete(trees.keys().next().value as string);
  return tree;
}

/** How many trees the cache holds (for tests). */
export function parseCacheSize(): number {
  return trees.size;
}

function parse(kind: ExpressionKind, text: string): Tree {
  if (kind === 'UpdateExpression') return parseUpdate(text);
  if (kind === 'ProjectionExpression') return parseProjection(text);
  return parseCondition(text, kind);
}

/** Freezes a syntax tree (plain objects and arrays) iteratively: deep trees must not overflow the stack. */
function deepFreeze(root: object): void {
  const stack: object[] = [root];
  while (stack.length > 0) {
    const value = stack.pop() as object;
    if (Object.isFrozen(value) || ArrayBuffer.isView(value)) continue;
    Object.freeze(value);
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child as object);
  }
}
