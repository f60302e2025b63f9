/**
 * Keylab's key-encoding core: DynamoDB's key order, segment codecs, key
 * templates and the width advisor. Pure TypeScript — no React, SDK runtime or
 * DOM — so the engine, the UI and tests share one implementation.
 */
export { compareBytes, compareUtf8, encodeUtf8, findLoneSurrogate, utf8ByteLength } from './compareUtf8';
export { compareKeys, keyTypeOf, type KeyAttributeValue, type KeyType } from './compareKeys';
export {
  compareDynamoNumbers,
  compareParsedNumbers,
  formatDynamoNumber,
  MAX_SIGNIFICANT_DIGITS,
  normalizeDynamoNumber,
  parseDynamoNumber,
  type DynamoNumber,
  type DynamoNumberResult,
} from './dynamoNumber';
export { fail, succeed, type KeyFinding, type KeyFindingCode, type KeyResult } from './keyFinding';
export type { EncodedKey, FieldFormat, FieldKind, FieldSegment, FieldValues, KeyRole, KeyTemplate, LiteralSegment, TemplateSegment } from './keyTemplate.types';
export { MAX_FIELD_WIDTH, MAX_FRACTION_DIGITS, parseKeyTemplate, printFormatSuffix, printKeyTemplate } from './parseKeyTemplate';
export { compareFieldValues, decodeField, encodeField, fieldWidth } from './fieldCodecs';
export { formatIsoTimestamp, parseTimestamp, type ParsedInstant } from './timestamps';
export { buildRawKey, checkKeySize, compileKeyTemplate, decodeKey, encodeKey, MAX_KEY_BYTES, type CompiledKeyTemplate } from './encodeKey';
export { adviseWidth, largestSampleDigits, type WidthAdvice } from './adviseWidth';
export { inferFieldOrder, inferTemplateOrders, type DateReading, type InferredFieldOrder } from './inferFieldOrder';
export { compareSampleOrders, rankByIntendedOrder, type IntendedRanking, type OrderEntry, type ReadDirection, type SampleKeyRow, type SampleOrders, type SampleRow } from './compareSampleOrders';
export { decodeBase64, encodeBase64 } from './base64';
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
