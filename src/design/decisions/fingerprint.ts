import type { Design, SignOffDesign } from '../design.types';
import { toDesignDocument } from '../format/serializeDesignDocument';
import { fnv1a64Hex } from './fnv1a64';

/**
 * What a sign-off covers, and whether it still does. A sign-off stores the
 * fingerprint of the design it was given for: a later change to anything it
 * covers — tables, keys, templates, samples, patterns, decisions, the name —
 * changes the fingerprint and marks it out of date. The revision and the
 * sign-offs themselves are not covered (saving bumps the one, signing adds
 * to the other, and neither changes what was signed).
 */

const fingerprints = new WeakMap<Design, string>();

/**
 * A stable hash of everything a sign-off covers: the design as its document
 * writes it (known fields only) without `revision` and `signOffs`, as
 * canonical JSON (object keys sorted, list order kept: reordering entities
 * or patterns is a change), then FNV-1a 64. Memoised per design object.
 *
 * @example
 * designFingerprint(LEADERBOARD_DESIGN) // "3f0c…" (16 hex digits)
 * designFingerprint({ ...LEADERBOARD_DESIGN, revision: 7 }) === designFingerprint(LEADERBOARD_DESIGN) // true
 */
export function designFingerprint(design: Design): string {
  const known = fingerprints.get(design);
  if (known !== undefined) return known;
  const { revision: _revision, signOffs: _signOffs, ...covered } = design;
  const { format: _format, ...document } = toDesignDocument(covered);
  const fingerprint = fnv1a64Hex(canonicalJson(document));
  fingerprints.set(design, fingerprint);
  return fingerprint;
}

/**
 * Whether `signOff` still applies to `design`: nothing it covers changed
 * since (the same fingerprint). A design restored to exactly the state that
 * was signed is signed again.
 */
export function isSignOffCurrent(design: Design, signOff: SignOffDesign): boolean {
  return signOff.fingerprint === designFingerprint(design);
}

/** JSON with every object's keys in code-unit order (a record typed in another order is the same design). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
