import type {
  DescribeTimeToLiveCommandInput,
  DescribeTimeToLiveCommandOutput,
  ExecuteStatementCommandInput,
  ExecuteStatementCommandOutput,
  ListTagsOfResourceCommandInput,
  ListTagsOfResourceCommandOutput,
  UpdateTableCommandInput,
  UpdateTableCommandOutput,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDataSource } from '../../engine';

/**
 * Operations the explorer's PartiQL tab and table details use that a data
 * source may not serve yet: a real SDK client has them all; the built-in
 * engine gains them as Step 9 lands. Typed with the SDK's own shapes, and
 * optional so the explorer works (and says what is missing) with either.
 */
export interface LaterOperations {
  executeStatement?(input: ExecuteStatementCommandInput): Promise<ExecuteStatementCommandOutput>;
  updateTable?(input: UpdateTableCommandInput): Promise<UpdateTableCommandOutput>;
  describeTimeToLive?(input: DescribeTimeToLiveCommandInput): Promise<DescribeTimeToLiveCommandOutput>;
  listTagsOfResource?(input: ListTagsOfResourceCommandInput): Promise<ListTagsOfResourceCommandOutput>;
}

type LaterOperation = keyof LaterOperations;

const WIRE_NAMES: Readonly<Record<LaterOperation, string>> = {
  executeStatement: 'ExecuteStatement',
  updateTable: 'UpdateTable',
  describeTimeToLive: 'DescribeTimeToLive',
  listTagsOfResource: 'ListTagsOfResource',
};

/** The error a source without the operation gives: DynamoDB's name for it, and which operation it was. */
export class UnknownOperationError extends Error {
  override readonly name = 'UnknownOperationException';
  constructor(readonly operation: string) {
    super(`An unknown operation was requested: ${operation} is not served by this data source yet.`);
  }
}

/**
 * Calls `operation` on `source`, or rejects with UnknownOperationException
 * (as DynamoDB answers an operation it does not know) when the source has no
 * such method.
 */
export function callLater<Name extends LaterOperation>(
  source: DynamoDBDataSource,
  operation: Name,
  input: Parameters<NonNullable<LaterOperations[Name]>>[0],
): ReturnType<NonNullable<LaterOperations[Name]>> {
  const method = (source as DynamoDBDataSource & LaterOperations)[operation] as ((input: unknown) => ReturnType<NonNullable<LaterOperations[Name]>>) | undefined;
  if (typeof method !== 'function') return Promise.reject(new UnknownOperationError(WIRE_NAMES[operation])) as ReturnType<NonNullable<LaterOperations[Name]>>;
  return method.call(source, input);
}
