/**
 * The evaluator of DynamoDB's expression language: given expressions already
 * validated and resolved by `prepareExpressions` (see `prepared.ts`), decide
 * conditions and filters, project items and apply updates exactly as
 * DynamoDB does. Pure TypeScript; numbers never pass through JS floats.
 *
 * @example
 * import { applyUpdate, evaluateCondition, projectItem } from './evaluate';
 * const matches = items.filter((item) => evaluateCondition(prepared.filter, item));
 */
export { evaluateCondition, resolveOperand, compareOperands, compareScalars, sizeOf, beginsWith, contains } from './evaluateCondition';
export { projectItem } from './projectItem';
export {
  applyUpdate,
  evaluateSetValue,
  addValue,
  deleteMembers,
  findPathOverlap,
  formatDocumentPath,
  INVALID_DOCUMENT_PATH_MESSAGE,
  INCORRECT_OPERAND_TYPE_MESSAGE,
  MISSING_ATTRIBUTE_MESSAGE,
} from './applyUpdate';
export {
  attributeValuesEqual,
  attributeValueSize,
  getOwnAttribute,
  getPath,
  indexOfSetMember,
  sortSetMembers,
  itemSize,
  ITEM_SIZE_RULES,
  normalizeAttributeValue,
  setMemberKey,
  setOwnAttribute,
  typeOfAttributeValue,
  type AttributeType,
  type SetType,
} from './attributeValues';
export { addNumbers, canonicalizeNumber, numberByteSize, subtractNumbers, NUMBER_OVERFLOW_MESSAGE, NUMBER_UNDERFLOW_MESSAGE } from './numberArithmetic';
