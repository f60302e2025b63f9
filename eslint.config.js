// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { LAYERS, layersPlugin } from './eslint/layers.js';
import { TYPED_FILES, TYPED_RULES } from './eslint/typed.js';

/*
 * Architecture: imports flow  ui → state → sources → engine → expressions → keys.
 * The pure layers (`pure: true` in eslint/layers.js) are plain TypeScript: no React, no DOM, no
 * zustand, no Node, no AWS SDK at runtime. The purity blocks below are derived from that table (one
 * per pure layer, its `pureExcept` adapter folders keeping their host's rules); which folder may
 * import which, and through which index.ts, is the keylab/layer-imports rule of the same file.
 */

const TS_FILES = '**/*.{ts,tsx,mts,cts}';

/** The pure layers, from LAYERS: each one's folder and its adapter sub-folders (`pureExcept`). */
const PURE_LAYERS = Object.entries(LAYERS)
  .filter(([, layer]) => layer.pure)
  .map(([name, layer]) => ({ name, folder: `src/${name}`, adapters: (layer.pureExcept ?? []).map((sub) => `src/${name}/${sub}`) }));

/** Folders that run in Node (Node globals; a pure layer's adapter here may import Node's modules). */
const NODE_FOLDERS = ['src/server', 'src/cli', 'src/engine/persistence/node'];

/** @typedef {{ regex: string, message: string, allowTypeImports?: boolean }} RestrictedPattern */
/** @typedef {{ name: string, message: string, allowTypeImports?: boolean }} RestrictedPath */

/**
 * The import rules of a layer that must not hold UI code: no React, zustand or TanStack.
 * @param {string} where how the message names the layer, e.g. 'src/items (a pure layer)'
 * @returns {RestrictedPattern[]}
 */
function noUiLibraries(where) {
  return [
    { regex: '^react(?:-dom)?(?:/|$)', message: `${where} must not depend on React; React lives in src/ui.` },
    { regex: '^zustand(?:/|$)', message: `${where} must not depend on zustand; stores belong in src/state.` },
    { regex: '^@tanstack/', message: `${where} must not depend on TanStack, a UI library: use it in src/ui only.` },
  ];
}

/**
 * @param {string} where
 * @returns {RestrictedPattern}
 */
function noAwsSdkAtRuntime(where) {
  return {
    regex: '^@aws-sdk/',
    allowTypeImports: true,
    message: `${where} may only use AWS SDK *types* (import type …). Talk to DynamoDB from src/sources (SDK commands and clients live there).`,
  };
}

/**
 * @param {string} where
 * @returns {string}
 */
const noNodeMessage = (where) => `${where} must run in the browser too: no Node APIs (only ${NODE_FOLDERS.join(', ')} may use them).`;

/**
 * no-restricted-imports for a pure layer (or for an adapter of one, `allowNode` where it runs in
 * Node): no UI libraries, SDK types only, no Node. Import direction between src/ folders:
 * keylab/layer-imports.
 * @param {string} where
 * @param {{ allowNode?: boolean }} [options]
 */
function pureImportRule(where, { allowNode = false } = {}) {
  /** @type {RestrictedPath[]} */
  const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_')).map((name) => ({ name, message: noNodeMessage(where) }));
  return [
    'error',
    {
      paths: allowNode ? [] : nodeBuiltins,
      patterns: [...noUiLibraries(where), noAwsSdkAtRuntime(where), ...(allowNode ? [] : [{ regex: '^node:', message: noNodeMessage(where) }])],
    },
  ];
}

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'navigator', 'fetch', 'location'];

/**
 * no-restricted-globals for a pure layer: no browser APIs.
 * @param {string} where
 */
function noBrowserGlobals(where) {
  return BROWSER_GLOBALS.map((name) => ({
    name,
    message: `${where} must not touch browser APIs (${name}); put I/O behind an interface (src/engine/persistence, src/sources) and pass it in.`,
  }));
}

/** The blocks that keep each pure layer pure, derived from LAYERS (see the comment at the top). */
const PURITY_BLOCKS = PURE_LAYERS.flatMap(({ name, folder, adapters }) => {
  const where = `src/${name} (pure: eslint/layers.js)`;
  return [
    {
      name: `keylab/purity/${name}`,
      files: [`${folder}/**`],
      ignores: adapters.map((adapter) => `${adapter}/**`),
      rules: {
        '@typescript-eslint/no-restricted-imports': pureImportRule(where),
        'no-restricted-globals': ['error', ...noBrowserGlobals(where)],
      },
    },
    // An adapter folder (pureExcept) talks to its host: the browser's APIs, or Node's where it runs in Node; still no UI, no SDK runtime.
    ...adapters.flatMap((adapter) => [
      {
        name: `keylab/purity/${adapter.slice('src/'.length)}`,
        files: [`${adapter}/**`],
        rules: { '@typescript-eslint/no-restricted-imports': pureImportRule(`${adapter} (an adapter of ${where})`) },
      },
      ...NODE_FOLDERS.filter((node) => node === adapter || node.startsWith(`${adapter}/`)).map((node) => ({
        name: `keylab/purity/${node.slice('src/'.length)}`,
        files: [`${node}/**`],
        rules: { '@typescript-eslint/no-restricted-imports': pureImportRule(`${node} (an adapter of ${where})`, { allowNode: true }) },
      })),
    ]),
    {
      name: `keylab/purity/${name}/utf8-ordering`,
      files: [`${folder}/**`],
      rules: {
        'no-restricted-syntax': [
          'error',
          { selector: "CallExpression[callee.property.name='localeCompare']", message: 'DynamoDB orders by UTF-8 bytes: use compareKeys from src/keys' },
        ],
      },
    },
  ];
});

export default defineConfig([
  globalIgnores(['dist/', 'dist-cli/', 'dist-endpoint/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/']),
  // Generated entity code (scripts/generate-entity-code.ts): type-checked by tsc -b and run in tests, not linted.
  globalIgnores(['integration/entityCode/generated/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: 'keylab/typescript',
    files: [TS_FILES],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },

  // --- Type-aware rules (eslint/typed.js) ---------------------------------------
  {
    name: 'keylab/typed',
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: TYPED_RULES,
  },

  // --- Environments ---------------------------------------------------------
  {
    name: 'keylab/browser-globals',
    files: ['src/**'],
    ignores: ['src/server/**', 'src/cli/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    name: 'keylab/node-globals',
    files: [...NODE_FOLDERS.map((folder) => `${folder}/**`), 'scripts/**', 'e2e/**', 'bench/**', 'eslint/**', 'bin/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },

  // --- React ------------------------------------------------------------------
  {
    name: 'keylab/react-hooks',
    files: ['src/ui/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },

  // --- Import boundaries -----------------------------------------------------
  {
    // Which src/ folder may import which, and only through its index.ts: eslint/layers.js.
    name: 'keylab/boundaries/layers',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { keylab: layersPlugin },
    rules: { 'keylab/layer-imports': 'error' },
  },
  // Purity: one block per pure layer of eslint/layers.js (and its adapter folders).
  ...PURITY_BLOCKS,
  {
    // The key codecs are concatenated into the exported key-design module (scripts/generate-key-runtime.ts),
    // so they import only each other: no src/errors, no rest of src/keys, no package.
    name: 'keylab/boundaries/key-codecs',
    files: ['src/keys/codecs/**'],
    ignores: ['src/keys/codecs/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./[^/]+$)', message: 'src/keys/codecs imports nothing outside itself: it becomes the exported key-design module.' }] },
      ],
    },
  },
  {
    // The keylab command: Node (files, git, the exit code), never the UI.
    name: 'keylab/boundaries/cli',
    files: ['src/cli/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': pureImportRule('src/cli (the keylab command)', { allowNode: true }),
    },
  },
  {
    name: 'keylab/boundaries/sources',
    files: ['src/sources/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: noUiLibraries('src/sources'),
        },
      ],
    },
  },
  {
    name: 'keylab/boundaries/state',
    files: ['src/state/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^react(?:-dom)?(?:/|$)',
              message: 'Stores must be testable without React: no React in src/state (bind stores to React in src/ui).',
            },
            {
              // 'zustand' re-exports 'zustand/react', which imports React.
              regex: '^zustand(?:/react|/traditional)?$',
              allowTypeImports: true,
              message: "Stores must be testable without React: use createStore from 'zustand/vanilla' and useStore in src/ui.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright's expect.poll backs off to one check a second; e2e/expect.ts polls every 100 ms, then 250 ms.
    name: 'keylab/e2e/expect',
    files: ['e2e/**'],
    ignores: ['e2e/expect.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['expect'],
              message: "Import expect from './expect' (or './fixtures'): its expect.poll checks every 100 ms, then 250 ms, not once a second.",
            },
          ],
        },
      ],
    },
  },
]);
