import { ConstraintErrors } from '../requestErrors';

/**
 * The member constraints of each single-table operation, checked together
 * and reported in one ValidationException in DynamoDB's order — the order of
 * the members in DynamoDB's request model, as architect/dynalite recorded it
 * against live DynamoDB (`2 validation errors detected: Value '0' at 'limit'
 * …; Value 'a;' at 'tableName' …`). DynamoDB Local reports only the first,
 * without the count (README).
 */
type Rule =
  | { readonly kind: 'name'; readonly member: string; readonly required: boolean }
  | { readonly kind: 'notNull'; readonly member: string }
  | { readonly kind: 'enum'; readonly member: string; readonly values: readonly string[] }
  | { readonly kind: 'range'; readonly member: string; readonly min: number; readonly max?: number }
  | { readonly kind: 'minLength'; readonly member: string };

const capacity: Rule = { kind: 'enum', member: 'ReturnConsumedCapacity', values: ['INDEXES', 'TOTAL', 'NONE'] };
const tableName: Rule = { kind: 'name', member: 'TableName', required: true };
const indexName: Rule = { kind: 'name', member: 'IndexName', required: false };
const conditionalOperator: Rule = { kind: 'enum', member: 'ConditionalOperator', values: ['OR', 'AND'] };
const returnValues: Rule = { kind: 'enum', member: 'ReturnValues', values: ['ALL_NEW', 'UPDATED_OLD', 'ALL_OLD', 'NONE', 'UPDATED_NEW'] };
const collectionMetrics: Rule = { kind: 'enum', member: 'ReturnItemCollectionMetrics', values: ['SIZE', 'NONE'] };
const select: Rule = { kind: 'enum', member: 'Select', values: ['SPECIFIC_ATTRIBUTES', 'COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES'] };
const attributesToGet: Rule = { kind: 'minLength', member: 'AttributesToGet' };
const limit: Rule = { kind: 'range', member: 'Limit', min: 1 };
const key: Rule = { kind: 'notNull', member: 'Key' };

/** TotalSegments may be at most this. */
export const MAX_TOTAL_SEGMENTS = 1_000_000;

const RULES = {
  GetItem: [capacity, attributesToGet, tableName, key],
  PutItem: [capacity, tableName, { kind: 'notNull', member: 'Item' }, conditionalOperator, returnValues, collectionMetrics],
  DeleteItem: [capacity, tableName, returnValues, collectionMetrics, key, conditionalOperator],
  UpdateItem: [capacity, tableName, collectionMetrics, returnValues, key, conditionalOperator],
  Query: [limit, capacity, attributesToGet, select, conditionalOperator, tableName, indexName],
  Scan: [
    limit,
    capacity,
    attributesToGet,
    { kind: 'range', member: 'Segment', min: 0 },
    select,
    conditionalOperator,
    { kind: 'range', member: 'TotalSegments', min: 1, max: MAX_TOTAL_SEGMENTS },
    tableName,
    indexName,
  ],
} as const satisfies Record<string, readonly Rule[]>;

export type ConstrainedOperation = keyof typeof RULES;

/** Checks `input`'s members against the operation's constraints; throws them all at once. */
export function checkMembers(operation: ConstrainedOperation, input: object): void {
  const errors = new ConstraintErrors();
  const record = input as Record<string, unknown>;
  for (const rule of RULES[operation] as readonly Rule[]) {
    const value = record[rule.member];
    const path = rule.member[0]?.toLowerCase() + rule.member.slice(1);
    switch (rule.kind) {
      case 'name':
        errors.checkName(value, path, rule.required);
        break;
      case 'notNull':
        errors.requireValue(value, path);
        break;
      case 'enum':
        errors.checkEnum(value, path, rule.values);
        break;
      case 'range':
        errors.checkRange(value as number | undefined, path, rule.min, rule.max);
        break;
      case 'minLength':
        if (Array.isArray(value) && value.length === 0) errors.add('[]', path, 'Member must have length greater than or equal to 1');
        break;
    }
  }
  errors.throwIfAny();
}
