/**
 * Keylab's code generation: "Copy as" for Query/Scan requests (JavaScript SDK
 * v3, DocumentClient, boto3, AWS CLI), the key design exported as a
 * TypeScript module, and a design as the data libraries' entity code
 * (ElectroDB, dynamodb-toolbox v2; OneTable). Pure TypeScript (SDK types
 * only), like src/expressions.
 */
export { CODE_TARGET_LABELS, CODE_TARGETS, type CodeShape, type CodeTarget, type CodegenRequest, type EmitOptions, type EmitResult } from './codegen.types';
export { emitCode } from './emitCode';
export { LOCAL_CREDENTIALS } from './localEndpoint';
export { exportKeyDesignModule, type ExportKeyDesignOptions } from './exportKeyDesignModule';
export * from './entityCode';
