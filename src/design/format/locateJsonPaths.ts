import type { DesignProblem } from '../design.types';
import { elementPath, memberPath } from './problemPath';

/** Where a value starts in JSON text, 1-based (a tab or any character is one column). */
export interface JsonPosition {
  readonly line: number;
  readonly column: number;
}

/** The last step of a path: `.name`, `[2]` or `["first name"]`. */
const LAST_STEP = /(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/;

/** The path and its ancestors, nearest first: `a.b[0]`, `a.b`, `a`. */
function pathAndAncestors(path: string): string[] {
  const chain: string[] = [];
  for (let current = path; current;) {
    chain.push(current);
    const step = LAST_STEP.exec(current);
    if (!step || step.index === 0) break;
    current = current.slice(0, step.index);
  }
  return chain;
}

/**
 * The line and column where each of `paths` starts in `text`, which must be
 * valid JSON (it was parsed already). Paths are spelled as problems name them
 * (memberPath/elementPath: `tables[0].entities[2].name`); a member's position
 * is its key's, so "name must be text" points at `"name": 5`. One pass over the
 * text; paths not in it are absent from the result.
 *
 * @example
 * locateJsonPaths('{\n  "tables": [\n    {"name": 5}\n  ]\n}', ['tables[0].name']) // Map { "tables[0].name" => { line: 3, column: 6 } }
 */
export function locateJsonPaths(text: string, paths: readonly string[]): Map<string, JsonPosition> {
  const wanted = new Set(paths);
  // Only containers on the way to a wanted path are walked member by member; the rest are skipped
  // without building their paths, so a hostile file (deep, or huge) costs one linear pass.
  const onTheWay = new Set(paths.flatMap(pathAndAncestors));
  const found = new Map<string, JsonPosition>();
  if (wanted.size === 0) return found;
  let at = 0;
  let line = 1;
  let lineStart = 0;
  const position = (offset: number): JsonPosition => ({ line, column: offset - lineStart + 1 });
  const skipSpace = () => {
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 0x0a) {
        line++;
        lineStart = at + 1;
      } else if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return;
      at++;
    }
  };
  /** Past the string at `at` (JSON strings hold no raw line breaks); returns its text with the quotes. */
  const skipString = (): string => {
    const start = at;
    at++;
    while (at < text.length && text.charCodeAt(at) !== 0x22) at += text.charCodeAt(at) === 0x5c ? 2 : 1;
    at++;
    return text.slice(start, at);
  };
  /** Past the object or list at `at`, counting brackets outside strings; only line breaks are tracked. */
  const skipContainer = () => {
    let depth = 0;
    do {
      const code = text.charCodeAt(at);
      if (code === 0x22) {
        skipString();
        continue;
      }
      if (code === 0x7b || code === 0x5b) depth++;
      else if (code === 0x7d || code === 0x5d) depth--;
      else if (code === 0x0a) {
        line++;
        lineStart = at + 1;
      }
      at++;
    } while (depth > 0 && at < text.length);
  };
  // An explicit stack instead of recursion: a file nested thousands of levels deep can't exhaust the call stack.
  type Frame = { readonly kind: 'object' | 'array'; readonly path: string; index: number };
  const stack: Frame[] = [];
  const mark = (path: string, offset: number) => {
    if (wanted.has(path) && !found.has(path)) found.set(path, position(offset));
  };
  const startValue = (path: string) => {
    skipSpace();
    mark(path, at);
    const char = text[at];
    if ((char === '{' || char === '[') && (path === '' || onTheWay.has(path))) {
      stack.push({ kind: char === '{' ? 'object' : 'array', path, index: 0 });
      at++;
      return;
    }
    if (char === '{' || char === '[') skipContainer();
    else if (char === '"') skipString();
    else while (at < text.length && !/[\s,\]}]/.test(text[at] as string)) at++;
  };
  startValue('');
  while (stack.length > 0 && at < text.length) {
    const frame = stack[stack.length - 1] as Frame;
    skipSpace();
    const char = text[at];
    if (char === ',') {
      at++;
      continue;
    }
    if (char === '}' || char === ']') {
      at++;
      stack.pop();
      continue;
    }
    if (frame.kind === 'array') {
      startValue(elementPath(frame.path, frame.index++));
      continue;
    }
    const keyAt = at;
    const path = memberPath(frame.path, JSON.parse(skipString()) as string);
    mark(path, keyAt);
    skipSpace();
    at++; // the colon
    // The key's position stands for the member (marked above); its value starts after the colon.
    startValue(path);
  }
  return found;
}

/**
 * The problems with the line and column of their path added, where the
 * document is JSON text: the member's own place, or for a missing member its
 * nearest enclosing object's. A problem that already has a position, or names
 * no path, is kept as it is.
 *
 * @example
 * withJsonPositions(text, [{ path: "tables[0].entities[2].name", message: "must be text …", severity: "error" }])
 * // [{ path: "tables[0].entities[2].name", line: 14, column: 11, … }]
 */
export function withJsonPositions(text: string, problems: readonly DesignProblem[]): DesignProblem[] {
  const open = problems.filter((problem) => problem.path && problem.line === undefined);
  if (open.length === 0) return [...problems];
  const found = locateJsonPaths(
    text,
    open.flatMap((problem) => pathAndAncestors(problem.path)),
  );
  return problems.map((problem) => {
    if (!problem.path || problem.line !== undefined) return problem;
    const where = pathAndAncestors(problem.path)
      .map((path) => found.get(path))
      .find((position) => position !== undefined);
    return where ? { ...problem, line: where.line, column: where.column } : problem;
  });
}
