import { keySchemaOf } from '../designKeys';
import type { AccessPatternDesign, JsonItem, TableDesign } from '../design.types';
import { buildPatternRequest } from './buildPatternRequest';
import { jsonValueText } from './jsonAttributeValues';
import { judgeResultOrder } from './judgeResultOrder';

/**
 * Whether a pattern's result is what the pattern promises: only its
 * entities, the true first N of all it could reach in the order its field
 * means, as many as expected — and whether it could be a Query at all.
 * Reasons quote the sample keys or values, so a reviewer sees which item
 * breaks it.
 */

export type PatternReasonCode = 'wrongEntity' | 'wrongOrder' | 'wrongCount' | 'needsScan' | 'notRunnable';

export interface PatternReason {
  readonly code: PatternReasonCode;
  readonly message: string;
}

export interface PatternVerdict {
  readonly verdict: 'passes' | 'fails';
  readonly reasons: readonly PatternReason[];
}

/** One returned item and the entity it was written as (undefined: not one of the design's samples). */
export interface PatternResultItem {
  readonly entity: string | undefined;
  readonly item: JsonItem;
}

/**
 * What running the pattern gave: the items, or the engine's refusal. With an
 * expected order and a Limit, `reachable` is what the same Query returns
 * without its Limit: the items the true first N are picked from (absent: the
 * items are all there is).
 */
export type PatternRunResult = { readonly items: readonly PatternResultItem[]; readonly reachable?: readonly PatternResultItem[] } | { readonly error: string };

/**
 * Judges a pattern's result against its expectations.
 *
 * @example
 * judgePatternResult(shop, customersItems, { items: [{ entity: "Address", item: { PK: …, SK: { S: "ADDRESS#home" } } }, …] })
 * // { verdict: "fails", reasons: [{ code: "wrongEntity", message: "ADDRESS#home (Address) is mixed into the result of 'Customer's items'" }, …] }
 */
export function judgePatternResult(table: TableDesign, pattern: AccessPatternDesign, result: PatternRunResult): PatternVerdict {
  const built = buildPatternRequest(table, pattern);
  if (!built.ok) {
    const code = built.needsScan ? 'needsScan' : 'notRunnable';
    return { verdict: 'fails', reasons: built.problems.map((problem) => ({ code, message: problem.message })) };
  }
  if ('error' in result) return { verdict: 'fails', reasons: [{ code: 'notRunnable', message: result.error }] };

  const reasons: PatternReason[] = [];
  const label = itemLabeller(table, pattern.index);
  for (const { entity, item } of result.items) {
    if (entity === undefined || !pattern.entities.includes(entity)) {
      reasons.push({ code: 'wrongEntity', message: `${label(item)} (${entity ?? 'no entity of the design'}) is mixed into the result of '${pattern.name}'.` });
    }
  }
  const problem = judgeResultOrder(table, pattern, result.items, result.reachable ?? result.items);
  if (problem) reasons.push({ code: 'wrongOrder', message: problem });
  const count = pattern.expected.count;
  if (count !== undefined && result.items.length !== count) {
    reasons.push({
      code: 'wrongCount',
      message: `${result.items.length} item${result.items.length === 1 ? '' : 's'} came back; the pattern expects ${count}.`,
    });
  }
  return { verdict: reasons.length === 0 ? 'passes' : 'fails', reasons };
}

/** An item named by the key the pattern reads it by: its sort key(s), or its partition key when there is none. */
function itemLabeller(table: TableDesign, indexName: string | undefined): (item: JsonItem) => string {
  const schema = keySchemaOf(table, indexName);
  const attributes = schema && schema.sort.length > 0 ? schema.sort : (schema?.partition ?? [table.partitionKey]);
  return (item) =>
    attributes
      .map((attribute) => item[attribute.name])
      .map((value) => (value === undefined ? '(none)' : jsonValueText(value)))
      .join(', ');
}
