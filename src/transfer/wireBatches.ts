import type { BatchWriteItemCommandOutput } from '@aws-sdk/client-dynamodb';
import type { BatchWriteTarget } from './batchWriter';
import { toWireJson } from './wireJson';

/**
 * Import's fast path for an SDK client (`npm run import`, and the bench),
 * the counterpart of export's wirePages.ts: each BatchWriteItem body is
 * written by JSON.stringify (native code; binary as base64, as the wire
 * spells it) instead of the SDK's schema serializer, which walks every
 * attribute of every item in JavaScript. On a fast endpoint that walk is the
 * client's largest cost per item after reading the file. The SDK still does
 * the rest: signing, the endpoint, retries, errors, and reading the reply
 * (UnprocessedItems come back as the SDK parses them). The SDK command that
 * carries the body is src/sources/wireClient.ts's.
 *
 * The body says exactly what the SDK would send for the same input (the
 * tests compare the two over random items), so DynamoDB sees no difference.
 */

/** What the fast path needs of an SDK client: a BatchWriteItem that sends the body it is given (src/sources/wireClient.ts). */
export interface WireBatchSource {
  sendBatchWriteBody(body: string, options?: { abortSignal?: AbortSignal }): Promise<BatchWriteItemCommandOutput>;
}

/** A batch writer target that sends each batch through `client` with a body of its own JSON. */
export function wireBatchWriteTarget(client: WireBatchSource): BatchWriteTarget {
  return {
    batchWriteItem: (input, options) => client.sendBatchWriteBody(toWireJson(input), options),
  };
}
