import { updateAccessPattern } from '../../accessPatterns';
import { changeTable } from '../../edit';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { keyName, partitionEvidence, servedPatterns } from './patternServing';

/**
 * review.scanPattern: an access pattern that can't be a Query on the key it
 * names, because it gives no value for a partition-key field or skips a
 * sort-key field (a condition on a later field without the earlier ones).
 * DynamoDB would have to Scan: read every item of the table or index and
 * filter (the sort-key-strategies article's "don't reach for a Scan").
 * When another key of the table serves the same question, the fix moves the
 * pattern there.
 */
export const scanPattern: ReviewRule = {
  code: 'review.scanPattern',
  severity: 'error',
  title: 'An access pattern that needs a Scan',
  why: 'A Query reads one partition, in sort-key order, from the left of the key: it needs one value for every partition-key field and sort conditions on leading fields only. Anything else is a Scan, which reads (and bills) the whole table and throws the order away.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const { table, review, pattern, serving } of servedPatterns(context)) {
      if (!serving.scanShaped || serving.unserved) continue;
      const where = keyName(table, pattern.index);
      // A whole sentence after the colon: "it gives no value for …", or the request builder's own reason ("the condition gives orderId but not at. …").
      const reason =
        serving.missingPartition.length > 0
          ? `it gives no value for ${serving.missingPartition.join(', ')}, and a Query of ${where} needs one for every partition-key field`
          : `${(!serving.built.ok && serving.built.problems[0]?.message.replace(/^Needs a Scan: /, '')) || 'its sort condition skips a sort-key field'}`;
      const alternative = serving.alternative;
      const target = alternative ? keyName(table, alternative.index) : undefined;
      findings.push(
        context.finding(
          'review.scanPattern',
          'error',
          { table: table.name, entity: review.entity.name, ...(pattern.index !== undefined ? { index: pattern.index } : {}), pattern: pattern.id },
          {
            message: `"${pattern.name}" needs a Scan of ${where}: ${reason}`.replace(/\.?$/, '.'),
            evidence: partitionEvidence(table, review, pattern.index, `one Query of ${where} names one partition, like`),
            suggestion: alternative
              ? `Query ${target} instead: its key is built from the fields this pattern gives.`
              : `Give the missing value, or add an index whose key starts with the fields this pattern gives (${serving.pinned.join(', ') || 'none yet'}), so the question is one Query.`,
            ...(alternative
              ? {
                  fix: {
                    label: `Query ${target} instead`,
                    apply: changeTable(table.name, (current) => updateAccessPattern(current, pattern.id, () => alternative.pattern)),
                  },
                }
              : {}),
          },
        ),
      );
    }
    return findings;
  },
};
