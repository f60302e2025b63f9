/**
 * Keylab's key-encoding core: DynamoDB's key order, segment codecs, key
 * templates and the width advisor. Pure TypeScript — no React, SDK runtime or
 * DOM — so the engine, the UI and tests share one implementation.
 *
 * The codecs (src/keys/codecs) are self-contained: they are also the source
 * of the exported key-design module (see scripts/generate-key-runtime.ts).
 */
export {
  checkKeySize,
  compileKeyTemplate,
  decodeField,
  encodeField,
  fieldWidth,
  findLoneSurrogate,
  formatDynamoNumber,
  formatIsoTimestamp,
  KEY_CODEC_FINDING_CODES,
  MAX_KEY_BYTES,
  MAX_SIGNIFICANT_DIGITS,
  parseDynamoNumber,
  parseTimestamp,
  printFormatSuffix,
  templateFields,
  utf8ByteLength,
  type CodecFinding,
  type CodecFindingCode,
  type CodecResult,
  type CompiledKeyTemplate,
  type DynamoNumber,
  type DynamoNumberResult,
  type EncodedKey,
  type FieldFormat,
  type FieldKind,
  type FieldSegment,
  type FieldValues,
  type KeyRole,
  type KeyTemplate,
  type LiteralSegment,
  type ParsedInstant,
  type TemplateSegment,
} from './codecs';
export { compareBytes, compareUtf8, encodeUtf8 } from './compareUtf8';
export { comparePreparedKeys, comparePreparedUtf8, isPlainKey, prepareKey, utf8ProbeOf, type PreparedKey } from './preparedKeys';
export { compareKeys, keyTypeOf, type KeyAttributeValue, type KeyType } from './compareKeys';
export { compareDynamoNumbers, compareParsedNumbers, isNormalizedNumberText, normalizeDynamoNumber } from './dynamoNumber';
export { fail, succeed, type KeyFinding, type KeyFindingCode, type KeyResult } from './keyFinding';
export { MAX_FIELD_WIDTH, MAX_FRACTION_DIGITS, parseKeyTemplate, printKeyTemplate } from './parseKeyTemplate';
export { compareFieldValues, fieldValueOrder, type FieldValueOrder } from './compareFieldValues';
export { buildRawKey, decodeKey, encodeKey } from './encodeKey';
export { adviseWidth, largestSampleDigits, type WidthAdvice } from './adviseWidth';
export { parseWholeNumber, type WholeNumberOptions, type WholeNumberProblem, type WholeNumberResult } from './parseWholeNumber';
export { inferFieldOrder, inferTemplateOrders, type InferredFieldOrder } from './inferFieldOrder';
export {
  isIdLikeName,
  judgeIntendedOrder,
  judgeMeaning,
  type DateReading,
  type IntendedOrder,
  type IntendedOrderInput,
  type MeaningKind,
  type ValueMeaning,
} from './intendedOrder';
export { readDates, type DateValues, type SlashOrder } from './readDates';
export {
  compareSampleOrders,
  judgeTemplateFields,
  rankByIntendedOrder,
  storedKeyOrder,
  type IntendedRanking,
  type OrderEntry,
  type ReadDirection,
  type SampleKeyRow,
  type SampleOrders,
  type SampleRow,
} from './compareSampleOrders';
export {
  explainByteOrder,
  explainStringOrder,
  findCharacterAtByte,
  findFirstDifferingByte,
  formatByte,
  formatHexBytes,
  type ByteDifference,
  type KeyOrderExplanation,
  type Utf8Character,
} from './firstDifferingByte';
