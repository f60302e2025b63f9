import type { Tag as SdkTag } from '@aws-sdk/client-dynamodb';
import { DynamoDBError, validationError } from '../../expressions';
import type { Tag } from '../schema/tableDefinition';
import type { TableStore } from '../storage/tableStore';
import { tableArn, type EngineContext } from './context';

/**
 * What TagResource, UntagResource, ListTagsOfResource and CreateTable's
 * `Tags` share: resolving a table ARN and DynamoDB's tag rules, with the
 * messages real DynamoDB gives (DynamoDB Local does not implement tagging:
 * `Tagging is not currently supported in DynamoDB Local.`).
 */

/** Tags a table may carry (DynamoDB: "The maximum number of tags per resource is 50"). */
export const MAX_TAGS = 50;
const MAX_KEY_LENGTH = 128;
const MAX_VALUE_LENGTH = 256;
/** Letters, separators and digits of any script, and `_ . : / = + - @` (the AWS tag pattern). */
const TAG_TEXT = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u;

const TOO_MANY_TAGS = 'Number of Tags exceed the current limit for the provided ResourceArn';

/**
 * The table a tagging request names by ARN. DynamoDB's checks, in its order:
 * no ARN → `Invalid TableArn`; text that is not an ARN at all → `Invalid
 * TableArn: Invalid ResourceArn provided as input X` (older DynamoDB, and
 * architect/dynalite's recordings, answered AccessDeniedException here; the
 * current service refuses it as a ValidationException, as ScyllaDB's
 * alternator tests note); then `check` (the request's other members); then an
 * ARN that is not a table's (an index's, a stream's, a name under 3
 * characters) → the same `Invalid TableArn` message; then a table of another
 * region or account, or no such table → ListTagsOfResource answers
 * AccessDeniedException (`User: … is not authorized to perform:
 * dynamodb:ListTagsOfResource on resource: X`, as DynamoDB does since
 * resource-based policies), TagResource and UntagResource
 * `Requested resource not found: ResourceArn: X not found` (alternator's
 * test_tag_resource_subtly_incorrect_arn, run against DynamoDB).
 */
export function resolveTaggedTable(context: EngineContext, arn: string | undefined, operation: string, check: () => void = () => undefined): TableStore {
  if (arn === undefined || arn === null) throw validationError('Invalid TableArn');
  if (!/^.+:.+:.+:.+:.+:.+\/.+$/.test(arn)) throw invalidTableArn(arn);
  check();
  const match = /^arn:aws:dynamodb:[^:]+:\d+:table\/([^/]{3,})$/.exec(arn);
  if (!match) throw invalidTableArn(arn);
  const table = context.tables.get(match[1] as string);
  if (!table || tableArn(context, table.definition.name) !== arn) {
    if (operation === 'ListTagsOfResource') {
      throw new DynamoDBError(
        'AccessDeniedException',
        `User: arn:aws:iam::${context.accountId}:root is not authorized to perform: dynamodb:${operation} on resource: ${arn}`,
      );
    }
    throw new DynamoDBError('ResourceNotFoundException', `Requested resource not found: ResourceArn: ${arn} not found`);
  }
  return table;
}

function invalidTableArn(arn: string): DynamoDBError {
  return validationError(`Invalid TableArn: Invalid ResourceArn provided as input ${arn}`);
}

/**
 * A request's tags, validated: each key 1–128 characters, each value 0–256,
 * both of letters, digits, spaces and `_ . : / = + - @`; no key starting
 * with `aws:` (any case); no key twice; at most 50. All-or-nothing: one bad
 * tag refuses the request.
 */
export function checkTags(tags: readonly SdkTag[]): Tag[] {
  const checked: Tag[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    const key = checkTagKey(tag?.Key);
    const value = tag?.Value;
    if (typeof value !== 'string' || value.length > MAX_VALUE_LENGTH || !TAG_TEXT.test(value)) {
      throw validationError(`The Tag Value provided is invalid, Value: ${value ?? 'null'}`);
    }
    if (seen.has(key)) throw validationError(`Duplicate Tag Keys provided as input: Duplicate Tag Key found ${key}`);
    seen.add(key);
    checked.push({ key, value });
  }
  if (checked.length > MAX_TAGS) throw validationError(TOO_MANY_TAGS);
  return checked;
}

/** One tag key, validated as {@link checkTags} does (UntagResource's keys too). */
export function checkTagKey(key: string | undefined): string {
  if (typeof key !== 'string' || key.length < 1 || key.length > MAX_KEY_LENGTH || !TAG_TEXT.test(key)) {
    throw validationError(`The Tag Key provided is invalid, Key: ${key ?? 'null'}`);
  }
  if (key.toLowerCase().startsWith('aws:')) throw validationError(`Tag Key cannot be prefixed with aws:, Key: ${key}`);
  return key;
}

/** `existing` with `added` set over it: a key already there keeps its place and takes the new value. */
export function mergeTags(existing: readonly Tag[], added: readonly Tag[]): Tag[] {
  const merged = new Map(existing.map((tag) => [tag.key, tag.value]));
  for (const tag of added) merged.set(tag.key, tag.value);
  if (merged.size > MAX_TAGS) throw validationError(TOO_MANY_TAGS);
  return [...merged].map(([key, value]) => ({ key, value }));
}

/** UntagResource's key list: at most 50 keys, each a valid key. */
export function checkTagKeys(keys: readonly string[]): string[] {
  const checked = keys.map(checkTagKey);
  if (checked.length > MAX_TAGS) throw validationError(TOO_MANY_TAGS);
  return checked;
}
