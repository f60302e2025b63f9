import type { ExpressionKind, Span } from './ast';

/** The DynamoDB exception names Keylab's core produces. */
export type DynamoDBErrorName =
  | 'ValidationException'
  | 'ResourceNotFoundException'
  | 'ResourceInUseException'
  | 'LimitExceededException'
  | 'ConditionalCheckFailedException'
  | 'DuplicateItemException'
  | 'ItemCollectionSizeLimitExceededException'
  | 'TransactionCanceledException'
  | 'IdempotentParameterMismatchException'
  | 'SerializationException'
  | 'UnknownOperationException'
  | 'AccessDeniedException'
  // DynamoDB Streams.
  | 'ExpiredIteratorException'
  | 'TrimmedDataAccessException';

/** Where in the request an error was found, so the UI can show it next to its cause. */
export interface ErrorLocation {
  /** The expression parameter the error is about. */
  readonly expression?: ExpressionKind;
  /** Character span inside that expression. */
  readonly span?: Span;
}

/**
 * An error shaped like the ones DynamoDB and the AWS SDK throw: `name` is the
 * exception name (`ValidationException`, …) and `message` is DynamoDB's text,
 * so code that handles SDK errors handles ours the same way.
 *
 * @example
 * throw new DynamoDBError("ValidationException", 'Invalid FilterExpression: Syntax error; token: "<EOF>", near: "a ="');
 */
export class DynamoDBError extends Error {
  override readonly name: DynamoDBErrorName;
  readonly location: ErrorLocation;
  /** For ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure. */
  readonly item?: Record<string, unknown>;
  /** The AWS SDK marks client errors this way; kept so callers can treat both alike. */
  readonly $fault = 'client' as const;

  constructor(name: DynamoDBErrorName, message: string, location: ErrorLocation = {}, item?: Record<string, unknown>) {
    super(message);
    this.name = name;
    this.location = location;
    if (item) this.item = item;
  }

  /** The `__type` DynamoDB puts in an error response body. */
  get type(): string {
    return `com.amazonaws.dynamodb.v20120810#${this.name}`;
  }
}

/**
 * A ValidationException with DynamoDB's message.
 *
 * @example
 * validationError("Invalid KeyConditionExpression: The expression can not be empty;", { expression: "KeyConditionExpression" })
 */
export function validationError(message: string, location: ErrorLocation = {}): DynamoDBError {
  return new DynamoDBError('ValidationException', message, location);
}

/** True when `error` is a DynamoDB-shaped error (ours), optionally of one exception name. */
export function isDynamoDBError(error: unknown, name?: DynamoDBErrorName): error is DynamoDBError {
  return error instanceof DynamoDBError && (name === undefined || error.name === name);
}
