import type { ListTagsOfResourceCommandInput, ListTagsOfResourceCommandOutput } from '@aws-sdk/client-dynamodb';
import type { EngineContext } from './context';
import { resolveTaggedTable } from './tagging';

/**
 * ListTagsOfResource: the table's tags in the order they were first set, all
 * in one page (a table holds at most 50; DynamoDB sends no NextToken then
 * either, so a NextToken in the request is ignored).
 */
export function listTagsOfResource(context: EngineContext, input: ListTagsOfResourceCommandInput): ListTagsOfResourceCommandOutput {
  const table = resolveTaggedTable(context, input.ResourceArn, 'ListTagsOfResource');
  return { Tags: (table.definition.tags ?? []).map((tag) => ({ Key: tag.key, Value: tag.value })), $metadata: {} };
}
