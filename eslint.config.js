// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint/layers.js';

/*
 * Architecture: imports flow  ui → state → sources → engine → expressions → keys.
 * The core (keys, expressions, engine, codegen) is pure TypeScript: no React, no DOM,
 * no Node, no AWS SDK at runtime. The rules below enforce that per folder; which
 * folder may import which, and through which index.ts, is eslint/layers.js.
 */

const TS_FILES = '**/*.{ts,tsx,mts,cts}';
const CORE = ['src/dynamo/**', 'src/keys/**', 'src/expressions/**', 'src/engine/**', 'src/codegen/**', 'src/design/**', 'src/transfer/**', 'src/migrate/**', 'src/check/**'];

/** @typedef {{ regex: string, message: string, allowTypeImports?: boolean }} RestrictedPattern */
/** @typedef {{ name: string, message: string, allowTypeImports?: boolean }} RestrictedPath */

/** @type {RestrictedPattern[]} */
const NO_UI_LIBRARIES = [
  { regex: '^react(?:-dom)?(?:/|$)', message: 'This layer must not depend on React; React lives in src/ui.' },
  { regex: '^zustand(?:/|$)', message: 'Stores belong in src/state; this layer must not depend on zustand.' },
  { regex: '^@tanstack/', message: 'TanStack is a UI library; use it in src/ui only.' },
];

/** @type {RestrictedPattern} */
const NO_AWS_SDK_AT_RUNTIME = {
  regex: '^@aws-sdk/',
  allowTypeImports: true,
  message: 'The core may only use AWS SDK *types* (import type …). Talk to DynamoDB from src/sources.',
};

/** @type {RestrictedPattern} */
const NO_NODE_PROTOCOL = {
  regex: '^node:',
  message: 'The core must run in the browser: no Node APIs (only src/engine/persistence/node may use them).',
};

/** @type {RestrictedPath[]} */
const NO_NODE_BUILTINS = builtinModules
  .filter((name) => !name.startsWith('_'))
  .map((name) => ({
    name,
    message: 'The core must run in the browser: no Node APIs (only src/engine/persistence/node may use them).',
  }));

/**
 * no-restricted-imports options for one core folder: no UI libraries, SDK types only, no Node
 * (import direction between src/ folders: keylab/layer-imports).
 * @param {{ allowNode?: boolean }} [options]
 */
function coreImportRule({ allowNode = false } = {}) {
  return [
    'error',
    {
      paths: allowNode ? [] : NO_NODE_BUILTINS,
      patterns: [...NO_UI_LIBRARIES, NO_AWS_SDK_AT_RUNTIME, ...(allowNode ? [] : [NO_NODE_PROTOCOL])],
    },
  ];
}

const DOM_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'navigator',
  'fetch',
  'location',
].map((name) => ({
  name,
  message: `The core must not touch browser APIs (${name}); put I/O behind an interface in src/engine/persistence or src/sources.`,
}));

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/']),
  // Generated entity code (scripts/generate-entity-code.ts): type-checked by tsc -b and run in tests, not linted.
  globalIgnores(['integration/entityCode/generated/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: 'keylab/typescript',
    files: [TS_FILES],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
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
    files: ['src/server/**', 'src/cli/**', 'src/engine/persistence/node/**', 'scripts/**', 'e2e/**', 'bench/**', 'eslint/**', 'bin/**', '*.config.{js,ts}'],
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
  {
    name: 'keylab/boundaries/keys',
    files: ['src/keys/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule(),
    },
  },
  {
    // Keylab's own error codes: every layer may import them, so they import nothing (keylab/layer-imports).
    name: 'keylab/boundaries/errors',
    files: ['src/errors/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule(),
      'no-restricted-globals': ['error', ...DOM_GLOBALS],
    },
  },
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
    // DynamoDB's data model under every layer: pure, like src/errors.
    name: 'keylab/boundaries/dynamo',
    files: ['src/dynamo/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule(),
    },
  },
  {
    name: 'keylab/boundaries/expressions',
    files: ['src/expressions/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule(),
    },
  },
  {
    // Code generation writes code from requests and key templates; like expressions, it runs in the browser and in Node.
    name: 'keylab/boundaries/codegen',
    files: ['src/codegen/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule(),
    },
  },
  {
    // The design checks behind `keylab check|diff|format`: pure, so the Design tab could run them too.
    name: 'keylab/boundaries/check',
    files: ['src/check/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule(),
    },
  },
  {
    // The keylab command: Node (files, git, the exit code), never the UI.
    name: 'keylab/boundaries/cli',
    files: ['src/cli/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule({ allowNode: true }),
    },
  },
  {
    name: 'keylab/boundaries/engine',
    files: ['src/engine/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule(),
    },
  },
  {
    name: 'keylab/boundaries/engine-persistence-node',
    files: ['src/engine/persistence/node/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': coreImportRule({ allowNode: true }),
    },
  },
  {
    name: 'keylab/boundaries/core-globals',
    files: CORE,
    ignores: ['src/engine/persistence/**'],
    rules: {
      'no-restricted-globals': ['error', ...DOM_GLOBALS],
    },
  },
  {
    name: 'keylab/core/utf8-ordering',
    files: CORE,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='localeCompare']",
          message: 'DynamoDB orders by UTF-8 bytes: use compareKeys from src/keys',
        },
      ],
    },
  },
  {
    name: 'keylab/boundaries/sources',
    files: ['src/sources/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: NO_UI_LIBRARIES,
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
              message:
                "Stores must be testable without React: use createStore from 'zustand/vanilla' and useStore in src/ui.",
            },
          ],
        },
      ],
    },
  },
]);
