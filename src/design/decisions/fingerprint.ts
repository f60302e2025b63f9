import type { Design, SignOffDesign } from '../design.types';
import { buildDesignDocument, type DocumentListOrder } from '../format/designDocument';
import { fnv1a64Hex } from './fnv1a64';

/**
 * What a sign-off covers, and whether it still does. A sign-off stores the
 * fingerprint of the design it was given for: a later change to anything it
 * covers — tables, keys, templates, samples, patterns, decisions, the name —
 * changes the fingerprint and marks it out of date. The revision and the
 * sign-offs themselves are not covered (saving bumps the one, signing adds
 * to the other, and neither changes what was signed).
 *
 * Two forms, one design. The fingerprint hashes the design's canonical
 * document (designDocument.ts: decisions sorted by finding id), so writing a
 * design in the canonical layout (`keylab format`, Export design…, a save)
 * never changes it. Sign-offs given before that layout hashed the decisions
 * in their stored order (the legacy form); such a sign-off is still current
 * while its design is unchanged (isSignOffCurrent accepts both forms), and
 * the writer restates it with the canonical fingerprint of the same design
 * (withCanonicalFingerprints) before sorting the decisions, which would
 * otherwise lose the legacy match. Where the decisions were already in id
 * order (or there are none) the two forms are the same hash.
 */

const fingerprints = new WeakMap<Design, string>();
const legacyFingerprints = new WeakMap<Design, string>();

/**
 * A stable hash of everything a sign-off covers: the design's canonical
 * document (known fields only, decisions in id order) without `revision` and
 * `signOffs`, as canonical JSON (object keys sorted, list order kept:
 * reordering entities or patterns is a change), then FNV-1a 64. Memoised
 * per design object.
 *
 * @example
 * designFingerprint(LEADERBOARD_DESIGN) // "3f0c…" (16 hex digits)
 * designFingerprint({ ...LEADERBOARD_DESIGN, revision: 7 }) === designFingerprint(LEADERBOARD_DESIGN) // true
 */
export function designFingerprint(design: Design): string {
  return fingerprintOf(design, 'canonical', fingerprints);
}

/** The fingerprint sign-offs were given with before the canonical layout: the decisions in their stored order. */
export function legacyDesignFingerprint(design: Design): string {
  return fingerprintOf(design, 'asGiven', legacyFingerprints);
}

function fingerprintOf(design: Design, order: DocumentListOrder, memo: WeakMap<Design, string>): string {
  const known = memo.get(design);
  if (known !== undefined) return known;
  const { revision: _revision, signOffs: _signOffs, ...covered } = design;
  const { format: _format, ...document } = buildDesignDocument(covered, order);
  const fingerprint = fnv1a64Hex(canonicalJson(document));
  memo.set(design, fingerprint);
  return fingerprint;
}

/**
 * Whether `signOff` still applies to `design`: nothing it covers changed
 * since (the same fingerprint, in the canonical form or, for a sign-off
 * given before it, the legacy form). A design restored to exactly the state
 * that was signed is signed again.
 */
export function isSignOffCurrent(design: Design, signOff: SignOffDesign): boolean {
  return signOff.fingerprint === designFingerprint(design) || signOff.fingerprint === legacyDesignFingerprint(design);
}

/**
 * The design with each sign-off that is current by its legacy fingerprint
 * restated with the canonical one (the same design, hashed the way it is
 * now written); every other sign-off as it was (an out-of-date one stays
 * out of date). The same design object when there is nothing to restate.
 */
export function withCanonicalFingerprints(design: Design): Design {
  const signOffs = design.signOffs;
  if (!signOffs || signOffs.length === 0) return design;
  const canonical = designFingerprint(design);
  if (signOffs.every((entry) => entry.fingerprint === canonical)) return design;
  const legacy = legacyDesignFingerprint(design);
  if (legacy === canonical || !signOffs.some((entry) => entry.fingerprint === legacy)) return design;
  return { ...design, signOffs: signOffs.map((entry) => (entry.fingerprint === legacy ? { ...entry, fingerprint: canonical } : entry)) };
}

/** JSON with every object's keys in code-unit order (a record typed in another order is the same design); lists keep their order. */
function canonicalJson(value: unknown): string {
  // JSON.stringify walks natively; the replacer only re-keys plain objects.
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    const record = member as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) sorted[key] = record[key];
    return sorted;
  });
}
