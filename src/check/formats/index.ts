/** The machine-readable outputs of keylab check: SARIF 2.1.0, JUnit XML and GitHub workflow annotations, all written from the CheckReport. */
export { writeSarif, MAX_SARIF_RESULTS, type SarifOptions } from './sarif';
export { writeJunit } from './junit';
export { writeGithubAnnotations } from './github';
export { PATTERN_RULE_ID, UNREADABLE_RULE_ID } from './reportEntries';
