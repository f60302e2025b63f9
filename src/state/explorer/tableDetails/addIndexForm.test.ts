import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../explorerTypes';
import { addIndexRequest, EMPTY_ADD_INDEX_FORM, validateAddIndex, type AddIndexForm } from './addIndexForm';

const SCORES: TableSummary = {
  name: 'Scores',
  keys: { partitionKey: { name: 'game', type: 'S' }, sortKey: { name: 'score', type: 'N' } },
  indexes: [{ name: 'byPlayer', kind: 'global', keys: { partitionKey: { name: 'player', type: 'S' } }, projection: 'ALL' }],
};
const form = (patch: Partial<AddIndexForm>): AddIndexForm => ({ ...EMPTY_ADD_INDEX_FORM, indexName: 'byTeam', partitionKeyName: 'team', ...patch });

describe('validateAddIndex', () => {
  it('accepts a well-formed index', () => {
    expect(validateAddIndex(form({ sortKeyName: 'score', sortKeyType: 'N' }), SCORES)).toEqual({});
  });

  it('checks the index name: DynamoDB’s characters and length, and not one the table has', () => {
    expect(validateAddIndex(form({ indexName: '' }), SCORES).indexName).toBe('Name the index, e.g. byStatus.');
    expect(validateAddIndex(form({ indexName: 'ab' }), SCORES).indexName).toBe('An index name is 3 to 255 characters long; "ab" has 2.');
    expect(validateAddIndex(form({ indexName: 'by team' }), SCORES).indexName).toBe(
      'An index name may contain only a-z, A-Z, 0-9, "_", "-" and "."; "by team" has " ".',
    );
    expect(validateAddIndex(form({ indexName: 'byPlayer' }), SCORES).indexName).toBe('Scores already has an index named byPlayer: choose another name.');
  });

  it('keeps key types consistent with the table’s attribute definitions', () => {
    expect(validateAddIndex(form({ partitionKeyName: 'score', partitionKeyType: 'S' }), SCORES).partitionKeyName).toBe(
      'score is already a N key attribute of Scores: the partition key must use N too.',
    );
    expect(validateAddIndex(form({ partitionKeyName: '' }), SCORES).partitionKeyName).toBe('Name the partition key attribute.');
    expect(validateAddIndex(form({ sortKeyName: 'team' }), SCORES).sortKeyName).toMatch(/another attribute than the partition key/);
    expect(validateAddIndex(form({ partitionKeyName: 'x'.repeat(256) }), SCORES).partitionKeyName).toMatch(/at most 255 bytes/);
  });

  it('wants INCLUDE’s attributes listed once, without the keys', () => {
    expect(validateAddIndex(form({ projection: 'INCLUDE' }), SCORES).includeText).toMatch(/List the attributes to project/);
    expect(validateAddIndex(form({ projection: 'INCLUDE', includeText: 'a, b, a' }), SCORES).includeText).toBe('a is listed twice: list each attribute once.');
    expect(validateAddIndex(form({ projection: 'INCLUDE', includeText: 'a, game' }), SCORES).includeText).toMatch(/^game is a key attribute/);
    expect(validateAddIndex(form({ projection: 'INCLUDE', includeText: 'a,\nb' }), SCORES)).toEqual({});
  });
});

describe('addIndexRequest', () => {
  it('is an UpdateTable with the key attributes defined and a GSI Create', () => {
    expect(addIndexRequest(form({ sortKeyName: 'at', projection: 'INCLUDE', includeText: 'points, total' }), 'Scores')).toEqual({
      TableName: 'Scores',
      AttributeDefinitions: [
        { AttributeName: 'team', AttributeType: 'S' },
        { AttributeName: 'at', AttributeType: 'S' },
      ],
      GlobalSecondaryIndexUpdates: [
        {
          Create: {
            IndexName: 'byTeam',
            KeySchema: [
              { AttributeName: 'team', KeyType: 'HASH' },
              { AttributeName: 'at', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['points', 'total'] },
          },
        },
      ],
    });
  });

  it('gives the index the table’s throughput on a provisioned table (DynamoDB requires one there), none on demand', () => {
    const provisioned = addIndexRequest(form({}), 'Scores', { ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 2 } });
    expect(provisioned.GlobalSecondaryIndexUpdates?.[0]?.Create?.ProvisionedThroughput).toEqual({ ReadCapacityUnits: 5, WriteCapacityUnits: 2 });
    const onDemand = addIndexRequest(form({}), 'Scores', {
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
      ProvisionedThroughput: { ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
    });
    expect(onDemand.GlobalSecondaryIndexUpdates?.[0]?.Create?.ProvisionedThroughput).toBeUndefined();
  });
});

describe('a multi-attribute key', () => {
  const multi = form({
    indexName: 'byPlayerMulti',
    partitionKeyName: 'player',
    sortKeyName: 'ts',
    sortKeyType: 'N',
    moreSortKeys: [
      { name: 'score', type: 'N' },
      { name: 'runId', type: 'S' },
    ],
  });

  it('is one GSI Create with every HASH then every RANGE attribute, left to right, each defined once', () => {
    expect(validateAddIndex(multi, SCORES)).toEqual({});
    const request = addIndexRequest(multi, 'Scores');
    expect(request.AttributeDefinitions).toEqual([
      { AttributeName: 'player', AttributeType: 'S' },
      { AttributeName: 'ts', AttributeType: 'N' },
      { AttributeName: 'score', AttributeType: 'N' },
      { AttributeName: 'runId', AttributeType: 'S' },
    ]);
    expect(request.GlobalSecondaryIndexUpdates?.[0]?.Create?.KeySchema).toEqual([
      { AttributeName: 'player', KeyType: 'HASH' },
      { AttributeName: 'ts', KeyType: 'RANGE' },
      { AttributeName: 'score', KeyType: 'RANGE' },
      { AttributeName: 'runId', KeyType: 'RANGE' },
    ]);
  });

  it('says which further attribute breaks a rule: a type the table defines otherwise, a name twice, more than four, none first', () => {
    expect(validateAddIndex({ ...multi, moreSortKeys: [{ name: 'score', type: 'S' }] }, SCORES).sortKeyName).toBe(
      'score is already a N key attribute of Scores: the index must use N too.',
    );
    expect(validateAddIndex({ ...multi, moreSortKeys: [{ name: 'player', type: 'S' }] }, SCORES).sortKeyName).toBe(
      "player is named twice in the index's key: each key attribute appears once.",
    );
    const five = ['a', 'b', 'c', 'd'].map((name) => ({ name, type: 'S' as const }));
    expect(validateAddIndex({ ...multi, morePartitionKeys: five }, SCORES).partitionKeyName).toBe(
      "A GSI's partition key has at most 4 attributes; this one has 5.",
    );
    expect(validateAddIndex({ ...multi, sortKeyName: '' }, SCORES).sortKeyName).toBe(
      'Name the first sort key attribute: the further sort attributes follow it.',
    );
  });
});
