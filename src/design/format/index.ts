/**
 * The Keylab design JSON format (`keylab.design/1`): reading with path-named
 * problems, writing with only known fields, DynamoDB JSON items, and the
 * JSON error positions every import reports.
 */
export {
  parseDesignDocument,
  readDesign,
  MAX_DESIGN_BYTES,
  MAX_DESIGN_ENTITIES,
  MAX_DESIGN_SAMPLES,
  type DesignReadResult,
  type ParseDesignOptions,
} from './parseDesignDocument';
export { serializeDesignDocument, toDesignDocument } from './serializeDesignDocument';
export {
  attributeValueToJson,
  itemToJsonItem,
  jsonItemToItem,
  jsonToAttributeValue,
  readJsonAttributeValue,
  readJsonItem,
  type JsonItemResult,
  type JsonValueResult,
} from './jsonItem';
export { findJsonErrorOffset, locateJsonError, type JsonErrorWhere } from '../../errors';
export { describeDesignProblem, elementPath, memberPath } from './problemPath';
export { hasDesignShape } from './designShape';
export { decodeDesignText, findInvalidUtf8, type DesignTextResult } from './decodeDesignText';
export { locateJsonPaths, withJsonPositions, type JsonPosition } from './locateJsonPaths';
export { CREDENTIALS_WARNING } from './documentReader';
export { checkKeyTemplate } from './templateChecks';
export { checkTableName, MAX_GSIS, MAX_LSIS, MAX_INDEX_KEY_ATTRIBUTES } from './tableReader';
export { readWorkbenchSource, withoutCredentials, WORKBENCH_SOURCE_KEY } from './workbenchSourceReader';
export { readStoredDesign } from './designShape';
