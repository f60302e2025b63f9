import type { Design, EntityDesign, EntityExpectations, IndexDesign } from '../../design.types';
import { reviewDesign } from '../reviewDesign';
import type { ReviewedFinding, ReviewInput, ReviewRule } from '../review.types';

/** Tiny designs for the ordering rules' tests: one table `T` keyed PK/SK (both S). */

export interface TinyEntity {
  readonly name: string;
  readonly keys: Readonly<Record<string, string>>;
  /** One row per sample: field values. */
  readonly rows: readonly Readonly<Record<string, string>>[];
  readonly expectations?: Partial<EntityExpectations>;
}

export function tinyDesign(entities: readonly TinyEntity[], indexes: readonly IndexDesign[] = []): Design {
  return {
    name: 'Tiny',
    description: '',
    tables: [
      {
        name: 'T',
        description: '',
        partitionKey: { name: 'PK', type: 'S' },
        sortKey: { name: 'SK', type: 'S' },
        indexes,
        billingMode: 'PAY_PER_REQUEST',
        entities: entities.map((entity): EntityDesign => ({
          name: entity.name,
          description: '',
          keys: entity.keys,
          attributes: [],
          samples: entity.rows.map((values, index) => ({ id: `${entity.name}-${index + 1}`, values })),
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {}, ...entity.expectations },
        })),
        accessPatterns: [],
      },
    ],
  };
}

/** A GSI keyed by `partition` / `sort` (S), projecting everything. */
export function tinyIndex(name: string, partition: string, sort: string): IndexDesign {
  return {
    name,
    kind: 'GSI',
    partitionKey: [{ name: partition, type: 'S' }],
    sortKey: [{ name: sort, type: 'S' }],
    projection: { type: 'ALL', attributes: [] },
  };
}

/** The findings one rule gives for a design (or a review input with stored keys). */
export function findingsOf(rule: ReviewRule, input: Design | ReviewInput): readonly ReviewedFinding[] {
  return reviewDesign('design' in input && !('tables' in input) ? input : { design: input as Design }, [rule]);
}

/** Every evidence line of a finding as `label: text`. */
export function evidenceText(finding: ReviewedFinding | undefined): string {
  return (finding?.evidence ?? []).map((line) => `${line.label}: ${line.text}`).join('\n');
}
