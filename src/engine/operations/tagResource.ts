import type { TagResourceCommandInput, TagResourceCommandOutput } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import type { Tag } from '../schema/tableDefinition';
import type { EngineContext, WritePlan } from './context';
import { checkTags, mergeTags, resolveTaggedTable } from './tagging';

/**
 * TagResource: adds tags to a table (by its ARN) or gives existing keys new
 * values, at most 50 tags in all. Stored as an `updateTable` change; a
 * request that changes nothing stores nothing.
 */
export function planTagResource(context: EngineContext, input: TagResourceCommandInput): WritePlan<TagResourceCommandOutput> {
  let tags: Tag[] = [];
  const table = resolveTaggedTable(context, input.ResourceArn, 'TagResource', () => {
    const errors = new ConstraintErrors();
    errors.requireValue(input.Tags, 'tags');
    errors.throwIfAny();
    if ((input.Tags as unknown[]).length === 0) throw validationError('Atleast one Tag needs to be provided as Input.');
    tags = checkTags(input.Tags ?? []);
  });
  const existing = table.definition.tags ?? [];
  const merged = mergeTags(existing, tags);
  const unchanged = merged.length === existing.length && merged.every((tag, i) => tag.value === existing[i]?.value);
  return { change: unchanged ? undefined : { type: 'updateTable', table: { ...table.definition, tags: merged } }, output: { $metadata: {} } };
}
