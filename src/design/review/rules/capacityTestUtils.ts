import type { AccessPatternDesign, Design, EntityDesign, TableDesign } from '../../design.types';
import { emptyTable } from '../../emptyDesign';
import { parseDesignDocument, serializeDesignDocument } from '../../format';
import { ReviewContext } from '../reviewContext';
import type { ReviewFinding, ReviewRule } from '../review.types';

/**
 * Tiny designs for the capacity rules' tests: one table `Tbl` (PK/SK strings)
 * with the entities and patterns a test gives, each design checked by the
 * format's reader so a test never runs a rule on a design the editor could
 * not hold.
 */

export function entity(name: string, keys: Record<string, string>, changes: Partial<EntityDesign> = {}): EntityDesign {
  return { name, description: '', keys, attributes: [], samples: [], expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} }, ...changes };
}

export function pattern(id: string, entities: readonly string[], changes: Partial<AccessPatternDesign> = {}): AccessPatternDesign {
  return {
    id,
    name: id,
    description: '',
    entities,
    partitionValues: {},
    direction: 'ascending',
    projection: [],
    consistentRead: false,
    expected: {},
    ...changes,
  };
}

export function tableDesign(changes: Partial<TableDesign>): TableDesign {
  return { ...emptyTable('Tbl'), ...changes };
}

/** A one-table design, validated by the design format (a test fails with the reader's message otherwise). */
export function designOf(...tables: TableDesign[]): Design {
  const design: Design = { name: 'Test', description: '', tables };
  const read = parseDesignDocument(serializeDesignDocument(design));
  if (!read.ok) throw new Error(read.errors.map((error) => `${error.path}: ${error.message}`).join('\n'));
  return read.design;
}

/** Samples `s0…` from field values. */
export function samples(
  values: readonly Record<string, string>[],
  attributes?: (index: number) => EntityDesign['samples'][number]['attributes'],
): EntityDesign['samples'] {
  return values.map((value, index) => {
    const extra = attributes?.(index);
    return { id: `s${index}`, values: value, ...(extra ? { attributes: extra } : {}) };
  });
}

export function run(rule: ReviewRule, design: Design): readonly ReviewFinding[] {
  return rule.check(new ReviewContext({ design }));
}
