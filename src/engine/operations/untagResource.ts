import type { UntagResourceCommandInput, UntagResourceCommandOutput } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import type { EngineContext, WritePlan } from './context';
import { checkTagKeys, resolveTaggedTable } from './tagging';

/**
 * UntagResource: removes tags from a table by key; keys the table does not
 * have are ignored (DynamoDB answers 200). Stored as an `updateTable` change
 * when something was removed.
 */
export function planUntagResource(context: EngineContext, input: UntagResourceCommandInput): WritePlan<UntagResourceCommandOutput> {
  let keys: string[] = [];
  const table = resolveTaggedTable(context, input.ResourceArn, 'UntagResource', () => {
    const errors = new ConstraintErrors();
    errors.requireValue(input.TagKeys, 'tagKeys');
    errors.throwIfAny();
    if ((input.TagKeys as unknown[]).length === 0) throw validationError('Atleast one Tag Key needs to be provided as Input.');
    keys = checkTagKeys(input.TagKeys ?? []);
  });
  const existing = table.definition.tags ?? [];
  const removed = new Set(keys);
  const kept = existing.filter((tag) => !removed.has(tag.key));
  if (kept.length === existing.length) return { change: undefined, output: { $metadata: {} } };
  return { change: { type: 'updateTable', table: { ...table.definition, tags: kept } }, output: { $metadata: {} } };
}
