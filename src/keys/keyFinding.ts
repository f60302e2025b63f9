/**
 * User mistakes in key designs and key values are data, not exceptions: each
 * is a finding with a dotted code (stable, for tests and docs) and a message
 * that says what is wrong and how to fix it.
 */

import type { KeyFindingCode } from '../errors';

/** Every finding the key core can report: the `template.`, `keys.` and `advisor.` codes of the registry in src/errors. */
export type { KeyFindingCode };

/**
 * One problem, located: `field` names the template field whose value caused
 * it; `span` is the character range in the template text for template errors.
 *
 * @example
 * { code: "keys.padOverflow", field: "score",
 *   message: "score 12345678901 has 11 digits, but int(10) holds at most 10 (9999999999). …" }
 */
export interface KeyFinding {
  readonly code: KeyFindingCode;
  readonly message: string;
  readonly field?: string;
  readonly span?: { readonly start: number; readonly end: number };
}

/** A result that is either a value or the findings that prevented it. */
export type KeyResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly findings: readonly KeyFinding[] };

/** Wraps a value as a successful {@link KeyResult}. */
export function succeed<T>(value: T): KeyResult<T> {
  return { ok: true, value };
}

/** Wraps findings as a failed {@link KeyResult}. */
export function fail<T>(...findings: KeyFinding[]): KeyResult<T> {
  return { ok: false, findings };
}
