import { buildPatternRequest } from '../accessPatterns';
import type { MultiAttributeVariant } from '../compare/multiAttribute';
import { judgePattern } from '../compare/patternServability';
import type { AccessPatternDesign, IndexDesign, TableDesign } from '../design.types';
import { findEntity, keyTemplateOf } from '../designKeys';
import type { ConvertedKeySide, ConvertedPatternCheck } from './multiAttributeConversion.types';

/**
 * Each access pattern on the index, on the concatenated key and on the typed
 * key: the Query it sends before and after (buildPatternRequest on each
 * design), and — where the sort key was converted — Compare designs' left-
 * to-right judge (patternServability), which knows what a multi-attribute
 * key can't ask: raw key text, a range over several fields at once, a
 * condition skipping a field, a range on numbers stored as text.
 */
export function checkConvertedPatterns(
  before: TableDesign,
  after: TableDesign,
  index: IndexDesign,
  converted: IndexDesign,
  sort: ConvertedKeySide,
): ConvertedPatternCheck[] {
  return before.accessPatterns
    .filter((pattern) => pattern.index === index.name)
    .map((pattern) => {
      const old = buildPatternRequest(before, pattern);
      const renamed: AccessPatternDesign = converted.name === index.name ? pattern : { ...pattern, index: converted.name };
      const next = buildPatternRequest(after, renamed);
      const judged = judgeSort(before, after, index, converted, sort, pattern);
      const common = { patternId: pattern.id, name: pattern.name, servedBefore: old.ok, ...(old.ok ? { before: old.request.KeyConditionExpression } : {}) };
      if (judged && !judged.serves) return { ...common, serves: false, reason: judged.reason };
      if (!next.ok) return { ...common, serves: false, reason: next.problems.map((problem) => problem.message).join(' ') };
      return { ...common, serves: true, after: next.request.KeyConditionExpression, reason: next.explanation };
    });
}

/** The left-to-right judge of the converted sort key, for a pattern with a sort condition (undefined: nothing to judge). */
function judgeSort(before: TableDesign, after: TableDesign, index: IndexDesign, converted: IndexDesign, sort: ConvertedKeySide, pattern: AccessPatternDesign) {
  const entity = pattern.entities[0] === undefined ? undefined : findEntity(before, pattern.entities[0]);
  const source = sort.source;
  if (!pattern.sort || !sort.converted || !entity || !source) return undefined;
  const template = keyTemplateOf(entity, source.attribute);
  if (template === undefined) return undefined;
  const variant: MultiAttributeVariant = {
    table: after,
    indexName: converted.name,
    source: { indexName: index.name, attribute: source.attribute, template, entity: entity.name },
    partition: converted.partitionKey,
    sort: sort.typed,
    droppedLiterals: sort.droppedLiterals,
    notes: [],
  };
  return judgePattern(before, entity, variant, pattern, false).multiAttribute;
}
