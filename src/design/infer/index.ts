export { inferKeyTemplate, firstRoundTripFailure, type InferKeyTemplateOptions, type InferredKeyTemplate } from './inferKeyTemplate';
export { identifierOf } from './fieldNames';
export { KEY_DELIMITERS } from './tokenizeKey';
