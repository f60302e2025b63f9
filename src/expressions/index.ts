/**
 * Keylab's expression core: DynamoDB's expression language — parse, print,
 * validate and resolve (this file's first part), evaluate (appended by the
 * evaluator). Pure TypeScript: no React, SDK runtime or DOM.
 *
 * @example
 * import { parseCondition, prepareExpressions, printCondition } from './expressions';
 * printCondition(parseCondition("a=:v and not b<>:w", "FilterExpression")) // "a = :v AND NOT b <> :w"
 */
export type {
  CallNode,
  Comparator,
  ConditionNode,
  ExpressionKind,
  OperandNode,
  PathElement,
  PathNode,
  PathValueActionNode,
  ProjectionNode,
  ResolvedPath,
  SetActionNode,
  SetValueNode,
  Span,
  UpdateNode,
  UpdateSectionNode,
  ValueNode,
} from './ast';
export { DynamoDBError, isDynamoDBError, validationError, type DynamoDBErrorName, type ErrorLocation } from './errors';
export type {
  ConditionFunctionName,
  Item,
  KeyAttributeInfo,
  KeySchemaInfo,
  PreparedCondition,
  PreparedExpressions,
  PreparedKeyCondition,
  PreparedOperand,
  PreparedSetValue,
  PreparedSortKeyCondition,
  PreparedUpdate,
  PreparedUpdateAction,
} from './prepared';
export { tokenize, type Keyword, type Token, type TokenKind } from './lexer';
export { parseCondition, parseProjection, parseUpdate, type ConditionExpressionKind } from './parse';
export { printCondition, printProjection, printUpdate } from './print';
export { prepareExpressions, type ExpressionOperation, type ExpressionRequest, type PrepareOptions } from './prepare';
export { isReservedWord, RESERVED_WORDS } from './reservedWords';
export { isMultiAttributeKeySchema, keyAttributeNamesOf, keySchemaFrom, partitionAttributesOf, sortAttributesOf } from './keySchema';
export {
  isLegacyQueryScanParameter,
  isQueryScanParameter,
  LEGACY_QUERY_SCAN_PARAMETERS,
  PARALLEL_SCAN_PARAMETERS,
  QUERY_SCAN_PARAMETERS,
  type QueryScanParameter,
} from './requestParameters';
export { findAttributeValueProblem } from './expressionValues';
export { findDocumentPathClash, formatPathForMessage, type DocumentPathClash } from './documentPaths';
export {
  MAX_ATTRIBUTE_NAME_BYTES,
  MAX_EXPRESSION_LENGTH,
  MAX_IN_OPERANDS,
  MAX_LIST_INDEX,
  MAX_OPERATORS,
  MAX_PATH_DEPTH,
  MAX_PLACEHOLDER_LENGTH,
  MAX_VALUE_NESTING,
} from './limits';
// Evaluator exports (evaluate.ts) follow.
export * from './evaluate';
export {
  buildExpressions,
  nameNeedsAlias,
  type AttributeTypeName,
  type BuildOptions,
  type BuiltExpressions,
  type ConditionModel,
  type ExpressionModels,
  type KeyConditionModel,
  type SortKeyConditionModel,
} from './build';
export { readAttributeValueShape, readNumber, type AttributeValueRules } from './attributeValueShape';
