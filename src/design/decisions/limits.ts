/**
 * The limits of a design's review record, shared by the helpers that make it
 * and the readers (design files, share links) that refuse more.
 */

/** The most decisions and sign-offs a design keeps, and the longest texts. */
export const MAX_DESIGN_DECISIONS = 10_000;
export const MAX_DESIGN_SIGN_OFFS = 100;
export const MAX_DECISION_COMMENT_LENGTH = 10_000;
export const MAX_REVIEWER_NAME_LENGTH = 200;

/** A fingerprint (designFingerprint) is 16 lowercase hex digits. */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{16}$/;
