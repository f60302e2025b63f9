/**
 * The item editor's model, pure: an item as **DynamoDB JSON** text and as a
 * typed form, both read back through the engine's own reader (DynamoDB's
 * rules and messages), binary as base64 or hex, the numbers DynamoDB will
 * respell, and what an edit changed (an untouched item writes nothing).
 */
export { binaryToText, textToBinary } from './binaryText';
export type { BinaryEncoding } from '../dynamo';
export { changedAttributes, type AttributeChange } from './itemChanges';
export { emptyFormValue, FORM_TYPES, itemFromForm, itemToForm, type FormEntry, type FormValue } from './itemForm';
export type { ItemProblem, ItemReadResult, NumberRespelling } from './itemProblems';
export { escapeInvisibles, itemFromText, itemToText } from './itemText';
export { jsonFormatOf } from './documentJson';
export { formFromText, formToText, wireToValue } from './formText';
export {
  conditionFits,
  fitUnchangedCondition,
  MAX_CHECKED_ATTRIBUTES,
  unchangedCondition,
  type FittedCondition,
  type WriteCondition,
} from './unchangedCondition';
