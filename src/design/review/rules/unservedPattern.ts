import { patternFields } from '../../accessPatterns';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { keyName, partitionEvidence, servedPatterns, wholePeriodOf } from './patternServing';

/**
 * review.unservedPattern: an access pattern no key of its table can serve:
 * neither the table's key nor any index holds the entity under a partition
 * key the pattern's fields fill. Unlike review.scanPattern there is no
 * other key to move it to; it needs a new index (or a value the pattern
 * does not have yet).
 */
export const unservedPattern: ReviewRule = {
  code: 'review.unservedPattern',
  severity: 'error',
  title: 'An access pattern no key serves',
  why: 'Every access pattern must be a Query of the table or of one index: one partition named by equality on its partition key. A question whose fields fill no partition key anywhere can only be answered by a Scan; add the index it needs while the design is still on paper.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const { table, review, pattern, serving } of servedPatterns(context)) {
      if (!serving.unserved) continue;
      const entity = review.entity.name;
      const given = serving.pinned.join(', ');
      const keys = [undefined, ...table.indexes.map((index) => index.name)]
        .map((key) => ({ key, fields: patternFields(table, entity, key).partition }))
        .filter(({ fields }, position) => position === 0 || fields.length > 0)
        .map(({ key, fields }) => `by ${fields.join(' and ') || 'a constant (one partition)'} in ${keyName(table, key)}`);
      const first = serving.pinned[0]!;
      const period = wholePeriodOf(review, pattern, serving.pinned);
      findings.push(
        context.finding(
          'review.unservedPattern',
          'error',
          { table: table.name, entity, ...(pattern.index !== undefined ? { index: pattern.index } : {}), pattern: pattern.id },
          {
            message: `No key of ${table.name} can serve "${pattern.name}": it ${period ? `asks for one ${period.unit} of ${period.field} (${period.value})${serving.pinned.length > 1 ? ` and fixes ${serving.pinned.filter((name) => name !== period.field).join(', ')}` : ''}` : `fixes ${given}`}, but ${entity}'s items are partitioned ${listText(keys)}.`,
            evidence: partitionEvidence(table, review, undefined, `${entity}'s items are grouped by`),
            suggestion: period
              ? // A partition per instant would hold one item: a whole day (or month) of a timestamp is served by partitioning by the day and sorting by the timestamp.
                `Add a GSI partitioned by the ${period.unit} of ${period.field} (a field such as {${period.bucket}} holding "${period.value}": \`${period.unit.toUpperCase()}#{${period.bucket}}\`) with ${period.field} in its sort key, and give ${entity} templates for both, so "${pattern.name}" is one Query of one ${period.unit}'s partition. Every ${entity} of a ${period.unit} lands in that partition: check its write rate stays under 1,000 a second.`
              : `Add a GSI whose partition key is built from ${given} (e.g. \`${first.toUpperCase()}#{${first}}\`) and give ${entity} a template for it, so "${pattern.name}" is one Query.`,
          },
        ),
      );
    }
    return findings;
  },
};

/** `a`, `a and b`, `a, b and c`. */
function listText(parts: readonly string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
