/**
 * User mistakes in key designs and key values are data, not exceptions: each
 * is a finding with a dotted code (stable, for tests and docs) and a message
 * that says what is wrong and how to fix it.
 */

import type { KeyFindingCode } from '../errors';
import type { CodecFindingCode, Result } from './codecs';

/** Every finding the key core can report: the `template.`, `keys.` and `advisor.` codes of the registry in src/errors. */
export type { KeyFindingCode };

/**
 * The self-contained codecs keep their own list of codes (they may import
 * nothing, see src/keys/codecs); this fails to compile when one of them is
 * missing from the registry.
 */
export type CodecCodesAreRegistered = RegisteredCode<CodecFindingCode>;
type RegisteredCode<Code extends KeyFindingCode> = Code;

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
export type KeyResult<T> = Result<T, KeyFinding>;

export { fail, succeed } from './codecs';
