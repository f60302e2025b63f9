import { patternFields } from '../../accessPatterns';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { keyName, partitionEvidence, servedPatterns } from './patternServing';

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
  why:
    'Every access pattern must be a Query of the table or of one index: one partition named by equality on its partition key. A question whose fields fill no partition key anywhere can only be answered by a Scan; add the index it needs while the design is still on paper.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const { table, review, pattern, serving } of servedPatterns(context)) {
      if (!serving.unserved) continue;
      const entity = review.entity.name;
      const given = serving.pinned.join(', ');
      const keys = [undefined, ...table.indexes.map((index) => index.name)]
        .map((key) => ({ key, fields: patternFields(table, entity, key).partition }))
        .filter(({ fields }, position) => position === 0 || fields.length > 0)
        .map(({ key, fields }) => `${keyName(table, key)} by ${fields.join(', ') || 'nothing'}`);
      const first = serving.pinned[0]!;
      findings.push(
        context.finding('review.unservedPattern', 'error', { table: table.name, entity, ...(pattern.index !== undefined ? { index: pattern.index } : {}), pattern: pattern.id }, {
          message: `No key of ${table.name} can serve "${pattern.name}": it fixes ${given}, but ${entity}'s items are partitioned ${keys.join('; ')}.`,
          evidence: partitionEvidence(table, review, undefined, `${entity}'s items are grouped by`),
          suggestion: `Add a GSI whose partition key is built from ${given} (e.g. \`${first.toUpperCase()}#{${first}}\`) and give ${entity} a template for it, so "${pattern.name}" is one Query.`,
        }),
      );
    }
    return findings;
  },
};
