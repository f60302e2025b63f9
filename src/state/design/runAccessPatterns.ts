/**
 * The access-pattern run lives in src/check (the Design tab and `keylab check`
 * run the same function); the state layer re-exports it with its store so
 * nothing that imports it from here changes.
 */
export { runAccessPatterns } from '../../check/runAccessPatterns';
export {
  createAccessPatternRunStore,
  engineMessage,
  type AccessPatternRunActions,
  type AccessPatternRunState,
  type AccessPatternRunStore,
  type AccessPatternsRun,
  type PatternDataSource,
  type PatternRunOutcome,
  type RunAccessPatternsOptions,
} from './accessPatternRunStore';
