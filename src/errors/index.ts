/**
 * Keylab's own error codes, one registry for every layer, and the helpers to
 * raise and recognise them. Pure TypeScript that imports nothing else from
 * src/, so every layer (keys up to ui and server) may import it.
 *
 * @example
 * import { matches } from '../errors';
 * if (matches(error, 'persistence.')) showStorageBanner(error);
 */
export {
  codeOfWireType,
  ERROR_CODES,
  isKeylabErrorCode,
  WIRE_ERROR_TYPES,
  type CodegenErrorCode,
  type CodesOf,
  type ErrorDomain,
  type KeyFindingCode,
  type KeylabErrorCode,
  type PersistenceErrorCode,
  type ProfileErrorCode,
  type ProxyErrorCode,
  type WireErrorCode,
  type WireErrorType,
} from './errorCodes';
export { KeylabError, keylabCodeOf, matches, type CodePattern, type CodesMatching } from './keylabError';
export { findJsonErrorOffset, locateJsonError, type JsonErrorWhere } from './jsonErrorPosition';
export {
  formatOptionHelp,
  parseCommandLine,
  UsageError,
  USAGE_EXIT_CODE,
  type CommandLineSettings,
  type CommandLineValues,
  type OptionSpec,
  type OptionTable,
  type ParsedCommandLine,
} from './commandLine';
