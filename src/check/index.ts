/**
 * The design checks behind `keylab check`, `keylab diff` and `keylab format`:
 * read a design file of any format Keylab imports, run the same review rules
 * and access-pattern verdicts as the Design tab (patterns on the built-in
 * engine, in process), and write the reports (text, JSON, SARIF, JUnit,
 * GitHub annotations, Markdown). Pure: no Node API, so the Design tab and the
 * command share it; src/cli reads the files, runs git and sets the exit code.
 */
export { locateSubjects, type FileLocation, type LocatedFile } from './locate';
export type * from './checkReport.types';
export { checkDesignText, countFile, type CheckDesignTextOptions, type CheckTextResult } from './checkDesignText';
export { buildCheckReport, failsAt, FAIL_ON_VALUES } from './buildCheckReport';
export { CHECK_PROFILES, DEFAULT_PROFILE, selectRules, type CheckProfile, type RuleSelection, type RuleSelectionResult } from './checkProfiles';
export { CHECK_OUTPUT_FORMATS, type CheckOutputFormat, type CheckOutputOptions } from './checkOutputs';
export { FORMAT_NAMES, formatCheckText, problemLine, subjectText, summaryLine, type CheckTextOptions } from './formatCheckText';
export { runAccessPatterns } from './runAccessPatterns';
export {
  engineMessage,
  type AccessPatternsRun,
  type PatternDataSource,
  type PatternRunOutcome,
  type RunAccessPatternsOptions,
} from './runAccessPatterns.types';

// keylab diff: the structural diff of two revisions as a report, text and a pull-request comment.
export type * from './diff/diffReport.types';
export { buildDiffReport, sourceLabel } from './diff/buildDiffReport';
export { migrationSteps, MIGRATE_NOTE, REVISION_FILES } from './diff/migrationSteps';
export { renderDiffText } from './diff/renderDiffText';
export { GITHUB_COMMENT_LIMIT, renderDiffMarkdown } from './diff/renderDiffMarkdown';
export {
  firstDifference,
  formatDesignText,
  keylabFileName,
  layoutProblem,
  type FormatDesignOptions,
  type FormatDesignResult,
  type TextDifference,
} from './format/formatDesignText';
export { combineExitCodes, layoutDriftOf, sameBytes } from './format/checkLayout';
