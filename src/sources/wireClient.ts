import {
  BatchWriteItemCommand,
  QueryCommand,
  ScanCommand,
  type BatchWriteItemCommandOutput,
  type DynamoDBClient,
  type QueryCommandInput,
  type QueryCommandOutput,
  type ScanCommandInput,
  type ScanCommandOutput,
} from '@aws-sdk/client-dynamodb';

/**
 * The SDK side of import's and export's fast paths (`npm run import` and
 * `npm run export`, and the bench): Scan, Query and BatchWriteItem commands
 * with a middleware each that hands Keylab the raw bytes of a body. What is
 * done with those bytes is pure and lives in src/transfer: wirePages.ts cuts
 * a page's items out of the response as DynamoDB JSON lines, wireBatches.ts
 * writes a batch's request body with JSON.stringify. The SDK still does the
 * rest (signing, the endpoint, retries, errors, reading what is left).
 *
 * Entered directly (ENTRY_POINTS in eslint/layers.js), not through the
 * sources' index, which the browser loads before the first paint: the SDK
 * stays in its own chunk.
 */

/** What the fast paths need of an SDK client: `send` (per-command middleware) and the body reader. */
export type WireSdkClient = Pick<DynamoDBClient, 'send'> & { readonly config: Pick<DynamoDBClient['config'], 'streamCollector'> };

type Options = { abortSignal?: AbortSignal };

/** An SDK client's Scan, Query and BatchWriteItem, with the bodies in Keylab's hands (src/transfer's WireSource, WireBatchSource and ExportSource). */
export interface WireClient {
  scan(input: ScanCommandInput, options?: Options): Promise<ScanCommandOutput>;
  query(input: QueryCommandInput, options?: Options): Promise<QueryCommandOutput>;
  /**
   * A Scan or Query whose successful response body is first given, as text, to
   * `readBody`: the SDK then reads what it returns instead (or, when it returns
   * undefined, the body as it came).
   */
  sendReadingBody(
    operation: 'scan' | 'query',
    input: ScanCommandInput | QueryCommandInput,
    readBody: (body: string) => string | undefined,
    signal?: AbortSignal,
  ): Promise<ScanCommandOutput | QueryCommandOutput>;
  /** A BatchWriteItem whose request body is `body` (what the SDK would serialize for the same input), signed as it is sent. */
  sendBatchWriteBody(body: string, options?: Options): Promise<BatchWriteItemCommandOutput>;
}

/** `client`'s commands for the fast paths. */
export function wireClient(client: WireSdkClient): WireClient {
  return {
    scan: (input, options) => client.send(new ScanCommand(input), options ?? {}),
    query: (input, options) => client.send(new QueryCommand(input), options ?? {}),
    async sendReadingBody(operation, input, readBody, signal) {
      // One type for both (the middleware reads only the raw response, whatever the operation).
      const command = (operation === 'query' ? new QueryCommand(input as QueryCommandInput) : new ScanCommand(input as ScanCommandInput)) as ScanCommand;
      // Inside the SDK's deserializer (priority low in the deserialize step): it sees the raw response before it is parsed.
      command.middlewareStack.add(
        (next) => async (args) => {
          const result = await next(args);
          const response = result.response as { statusCode?: number; body?: unknown };
          if (response.statusCode === 200 && response.body !== undefined) {
            // Another middleware (the explorer's remote client) may have read the body into bytes already.
            const bytes = response.body instanceof Uint8Array ? response.body : await client.config.streamCollector(response.body);
            const rest = readBody(new TextDecoder().decode(bytes));
            response.body = rest === undefined ? bytes : new TextEncoder().encode(rest);
          }
          return result;
        },
        { step: 'deserialize', priority: 'low', name: 'keylabWireItems' },
      );
      return client.send(command, signal ? { abortSignal: signal } : {});
    },
    sendBatchWriteBody(body, options) {
      // The SDK serializes this stand-in (nothing to walk); the body is swapped in before the build step measures and signs it.
      const command = new BatchWriteItemCommand({ RequestItems: {} });
      command.middlewareStack.add(
        (next) => (args) => {
          (args.request as { body?: unknown }).body = body;
          return next(args);
        },
        { step: 'build', priority: 'high', name: 'keylabWireBatchBody' },
      );
      return client.send(command, options ?? {});
    },
  };
}
