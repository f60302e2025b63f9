/**
 * DynamoDB's data model and wire facts, importable by every layer of src/ (like src/errors):
 * the limits, and (step 16) the Item / AttributeValue types, the DynamoDB-JSON codec, binary
 * as text, base64, the loopback check, byte formatting and the retry policy. Pure: no DOM,
 * Node or SDK runtime; it imports only src/errors.
 */
export * from './limits';
export * from './retry';
export * from './backoff';
export * from './loopback';
export * from './formatBytes';
export * from './attributeValue';
export * from './base64';
export * from './binaryText';
export * from './jsonPath';
export * from './readWireJson';
export * from './writeWireJson';
export * from './tableActive';
export * from './capacityUnits';
export * from './ownRecord';
