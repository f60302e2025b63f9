import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import type { CodegenErrorCode } from '../errors';

/**
 * A Query or Scan exactly as the explorer sends it: the SDK's own input with
 * AttributeValue maps (B as bytes, N as decimal text). The same shape as the
 * explorer store's `lastRequest`, so it passes without a cast.
 */
export interface CodegenRequest {
  readonly operation: 'query' | 'scan';
  readonly input: QueryCommandInput | ScanCommandInput;
}

/** The languages and clients "Copy as" writes code for. */
export type CodeTarget = 'sdk-v3' | 'document-client' | 'boto3' | 'aws-cli';

/** Every target, in the order the UI offers them. */
export const CODE_TARGETS: readonly CodeTarget[] = ['sdk-v3', 'document-client', 'boto3', 'aws-cli'];

/** How each target is named to users. */
export const CODE_TARGET_LABELS: Readonly<Record<CodeTarget, string>> = {
  'sdk-v3': 'JavaScript (SDK v3)',
  'document-client': 'JavaScript (DocumentClient)',
  boto3: 'Python (boto3)',
  'aws-cli': 'AWS CLI',
};

/**
 * `call`: the single request, to paste next to an existing client.
 * `program`: a complete program (client with region/endpoint, the request and
 * a LastEvaluatedKey loop over every page) that prints the items.
 */
export type CodeShape = 'call' | 'program';

export interface EmitOptions {
  readonly shape: CodeShape;
  /** AWS region the client is pinned to; omitted, the SDK/CLI resolves it from the environment. */
  readonly region?: string;
  /** Endpoint URL (DynamoDB Local, Keylab's endpoint); omitted, the AWS default. Never carries credentials. */
  readonly endpoint?: string;
}

/** Code, or why none can be written: `reason` is the sentence to show, `error` its registered code (src/errors). */
export type EmitResult = { readonly ok: true; readonly code: string } | { readonly ok: false; readonly error: CodegenErrorCode; readonly reason: string };
