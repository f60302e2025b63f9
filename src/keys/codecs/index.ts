/**
 * The key codecs: field formats, compiled templates (encode and decode whole
 * keys) and the findings they report. The folder imports nothing from outside
 * itself, so that scripts/generate-key-runtime.ts can concatenate it into the
 * key-design module Keylab exports for a user's backend: that module runs
 * this very code, messages included. The rest of src/keys builds on it
 * (template parsing, order comparison, the width advisor).
 */
export { fail, KEY_CODEC_FINDING_CODES, succeed, type CodecFinding, type CodecFindingCode, type CodecResult, type Result } from './codecFinding';
export { checkKeySize, compileKeyTemplate, MAX_KEY_BYTES, type CompiledKeyTemplate } from './compileKeyTemplate';
export { decodeField, encodeField, fieldWidth } from './fieldCodecs';
export type { EncodedKey, FieldFormat, FieldKind, FieldSegment, FieldValues, KeyRole, KeyTemplate, LiteralSegment, TemplateSegment } from './keyTemplate.types';
export { formatDynamoNumber, MAX_SIGNIFICANT_DIGITS, parseDecimal, parseDynamoNumber, type DynamoNumber, type DynamoNumberResult } from './parseDynamoNumber';
export { printFormatSuffix } from './printFormatSuffix';
export { templateFields } from './templateFields';
export { formatIsoTimestamp, parseTimestamp, type ParsedInstant } from './timestamps';
export { findLoneSurrogate, isLowSurrogate, utf8ByteLength } from './utf8';
