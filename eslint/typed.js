// @ts-check
/**
 * The lint rules that need type information (typescript-eslint's project service: each file is
 * checked in the tsconfig project `tsc -b` checks it in), apart from the rest of eslint.config.js
 * because they are its slow part: the tests that lint made-up files (scripts/eslint*.test.ts) need
 * no types and turn them off with UNTYPED.
 */

/** @type {Record<string, 'error' | ['error', Record<string, unknown>]>} */
export const TYPED_RULES = {
  // A promise nobody awaits loses its failure (`void` marks the few started on purpose, with why).
  '@typescript-eslint/no-floating-promises': 'error',
  // A promise where a plain value is expected (an async handler whose failure nobody sees, `if (promise)`).
  '@typescript-eslint/no-misused-promises': 'error',
  // A switch over a union says what happens for each member: a case each, or a `default` that
  // says what the rest do (a switch without one must name every member).
  '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
};

/** The files linted with types. */
export const TYPED_FILES = ['src/**/*.{ts,tsx}'];

/**
 * An override for ESLint's API that lints without types (for made-up files, which no tsconfig project holds).
 * @type {import('eslint').Linter.Config}
 */
export const UNTYPED = {
  languageOptions: { parserOptions: { projectService: false } },
  rules: Object.fromEntries(Object.keys(TYPED_RULES).map((name) => /** @type {const} */ ([name, 'off']))),
};
