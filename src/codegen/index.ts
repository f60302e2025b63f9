/**
 * Keylab's code generation: "Copy as" for Query/Scan requests (JavaScript SDK
 * v3, DocumentClient, boto3, AWS CLI) and the key design exported as a
 * TypeScript module. Pure TypeScript (SDK types only), like src/expressions.
 */
export { CODE_TARGET_LABELS, CODE_TARGETS, type CodeShape, type CodeTarget, type CodegenRequest, type EmitOptions, type EmitResult } from './codegen.types';
export { emitCode } from './emitCode';
export { LOCAL_CREDENTIALS } from './localEndpoint';
export { exportKeyDesignModule, type ExportKeyDesignOptions } from './exportKeyDesignModule';
export * from './entityCode';
