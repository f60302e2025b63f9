import { builtinModules } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Loads the named Node built-in modules on their first call instead of when the
 * bundle starts: each `import { f } from 'node:crypto'` of the sources resolves to
 * a module whose `f` loads `node:crypto` (process.getBuiltinModule, Node ≥ 20.16)
 * the first time it is called. The endpoint's first ListTables needs neither
 * node:fs/promises (only `--data` does) nor most of node:crypto, and an ESM import
 * of a built-in compiles its internals and builds its module facade at every start
 * (node:crypto and node:fs/promises were the largest share of the start not ours).
 *
 * Only functions are wrapped (named with a lowercase first letter: `createHash`,
 * `readFile`, `crc32`); importing anything else from these modules (a class, a
 * constant, the default export) fails the build, so nothing is silently wrong.
 */
export function lazyBuiltins(ids: readonly string[]): Plugin {
  const prefix = '\0keylab-lazy-builtin:';
  return {
    name: 'keylab-lazy-builtins',
    enforce: 'pre',
    resolveId(id) {
      return ids.includes(id) ? `${prefix}${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(prefix)) return undefined;
      const builtin = id.slice(prefix.length);
      if (!builtinModules.includes(builtin.replace(/^node:/, ''))) throw new Error(`lazyBuiltins: ${builtin} is not a Node built-in module`);
      const loaded = process.getBuiltinModule(builtin) as Record<string, unknown>;
      const functions = Object.keys(loaded).filter((name) => /^[a-z]\w*$/.test(name) && typeof loaded[name] === 'function');
      return [
        `let loaded;`,
        `const builtin = () => (loaded ??= process.getBuiltinModule(${JSON.stringify(builtin)}));`,
        ...functions.map((name) => `export function ${name}(...args) { return builtin().${name}(...args); }`),
      ].join('\n');
    },
  };
}
