/** A review meeting's record in the design: decisions on findings, sign-offs, and the fingerprint that tells whether a sign-off still applies. */
export { designFingerprint, isSignOffCurrent } from './fingerprint';
export { FINGERPRINT_PATTERN, MAX_DECISION_COMMENT_LENGTH, MAX_DESIGN_DECISIONS, MAX_DESIGN_SIGN_OFFS, MAX_REVIEWER_NAME_LENGTH } from './limits';
export {
  DECISION_KIND_LABELS,
  decideFinding,
  decisionProblem,
  describeDecision,
  describeReviewDate,
  describeStaleDecision,
  signOff,
  signOffProblem,
  withdrawDecision,
  withdrawSignOff,
  type FindingDecisionInput,
} from './decisions';
export { fnv1a64Hex } from './fnv1a64';
