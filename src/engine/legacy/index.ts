/** The legacy (pre-expression) request parameters, translated into the expression core's prepared forms. */
export { checkExpressionMixing, prepareRequest, type LegacyOperation, type LegacyParameters } from './prepareRequest';
export { checkAttributeUpdateTypes } from './attributeUpdates';
