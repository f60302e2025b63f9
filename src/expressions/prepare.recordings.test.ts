/**
 * Replays 915 requests whose messages were recorded on DynamoDB Local 3.3.1
 * (scripts/record-expression-messages.ts re-records them) and expects
 * Keylab's validation to give the same message — or, where a record has
 * `expected`, that message instead: there Keylab follows DynamoDB as
 * documented or as recorded by dynalite rather than DynamoDB Local, and the
 * record's `note` says why. The deliberate differences:
 * - SIZE is on DynamoDB's reserved-word list, so `size` as a name needs `#`;
 *   DynamoDB Local accepts it.
 * - ADD / DELETE operand types: DynamoDB Local appends
 *   `, typeSet: ALLOWED_FOR_ADD_OPERAND`; dynalite recorded DynamoDB without it.
 * - Duplicate set members: `Input collection [a, a] contains duplicates.`
 *   with the period (semantics doc, dynalite), and BS members listed.
 * - Numbers: parseDynamoNumber's messages (dynalite's recording) instead of
 *   DynamoDB Local's `A value provided cannot be converted into a number`
 *   and `DynamoDB only supports precision up to 38 digits`.
 * - `Query condition missed key schema element: <name>` names the element
 *   (semantics doc); DynamoDB Local does not.
 * - A nested key path (`pk.x`): `KeyConditionExpressions cannot have
 *   conditions on nested attributes` (dynalite; ExtendDB's tests against
 *   DynamoDB), and in a Query filter the primary-key message; DynamoDB Local
 *   says `Key attributes must be scalars; …`.
 * - attribute_type with a path as the type: DynamoDB's ten type names
 *   (dynalite), not DynamoDB Local's internal ones.
 * - BETWEEN bounds of type B are shown in base64, not as a Java object.
 * And one known gap: when a parent has more than about ten children,
 * DynamoDB names a different "path two" in an overlap message than the rule
 * documentPaths.ts reconstructed from smaller cases (the error itself, and
 * path one, are right).
 */
import { describe, expect, it } from 'vitest';
import { isDynamoDBError } from './errors';
import { fromWireValue } from './expressionTestUtils';
import { prepareExpressions, type ExpressionOperation } from './prepare';
import type { KeySchemaInfo } from './prepared';
import recordings from './ddbLocalRecordings.json';

interface Recording {
  readonly operation: ExpressionOperation;
  readonly table: string;
  readonly request: Record<string, unknown>;
  readonly message: string;
  readonly expected?: string;
  readonly note?: string;
}

/** The tables the recordings were made on. */
const SCHEMAS: Record<string, KeySchemaInfo> = {
  hhh: { partitionKey: { name: 'pk', type: 'S' } },
  rss: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
  rnn: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } },
  rbb: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'B' } },
};

function validate(recording: Recording): string {
  const request = { ...recording.request };
  const values = request.ExpressionAttributeValues as Record<string, unknown> | undefined;
  if (values) request.ExpressionAttributeValues = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, fromWireValue(value)]));
  const schema = SCHEMAS[recording.table] as KeySchemaInfo;
  const query = recording.operation === 'Query';
  try {
    prepareExpressions(request, {
      operation: recording.operation,
      ...(query ? { keySchema: schema, primaryKeyNames: [schema.partitionKey.name, ...(schema.sortKey ? [schema.sortKey.name] : [])] } : {}),
    });
    return 'OK';
  } catch (error) {
    if (isDynamoDBError(error, 'ValidationException')) return error.message;
    throw error;
  }
}

const all = recordings as Recording[];

describe('validation matches DynamoDB Local recordings', () => {
  it('has the recordings', () => {
    expect(all.length).toBeGreaterThan(850);
  });

  it.each(
    all
      .filter((recording) => recording.expected === undefined)
      .map((recording) => [recording.operation, JSON.stringify(recording.request), recording] as const),
  )('%s %s', (_operation, _request, recording) => {
    expect(validate(recording)).toBe(recording.message);
  });
});

describe('deliberate differences from DynamoDB Local', () => {
  it.each(
    all.filter((recording) => recording.expected !== undefined).map((recording) => [recording.note, JSON.stringify(recording.request), recording] as const),
  )('%s: %s', (_note, _request, recording) => {
    expect(validate(recording)).toBe(recording.expected);
  });
});
