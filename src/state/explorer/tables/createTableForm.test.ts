import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, SHOP_DESIGN, toCreateTableInput } from '../../../design';
import {
  createTableRequest,
  EMPTY_CREATE_TABLE_FORM,
  emptyIndexRow,
  formFromCreateTableInput,
  timeToLiveRequest,
  validateCreateTable,
  type CreateTableForm,
  type IndexRowForm,
} from './createTableForm';

const table: CreateTableForm = { ...EMPTY_CREATE_TABLE_FORM, tableName: 'Orders', partitionKeyName: 'customer', sortKeyName: 'placedAt', sortKeyType: 'N' };
const gsi = (patch: Partial<IndexRowForm> = {}): IndexRowForm => ({ ...emptyIndexRow('GSI'), name: 'byStatus', partitionKeyName: 'status', ...patch });
const lsi = (patch: Partial<IndexRowForm> = {}): IndexRowForm => ({
  ...emptyIndexRow('LSI'),
  name: 'byTotal',
  sortKeyName: 'total',
  sortKeyType: 'N',
  ...patch,
});

/** Every option at once (integration/createTableForm.test.ts sends the same to DynamoDB Local and the engine). */
const FULL_FORM: CreateTableForm = {
  ...table,
  billingMode: 'PROVISIONED',
  readCapacity: '4',
  writeCapacity: '3',
  indexes: [
    gsi({ sortKeyName: 'placedAt', sortKeyType: 'N', projection: 'INCLUDE', includeText: 'total, note', readCapacity: '2', writeCapacity: '1' }),
    lsi({ projection: 'KEYS_ONLY' }),
  ],
  ttlAttribute: 'expiresAt',
  streamViewType: 'NEW_AND_OLD_IMAGES',
};

describe('validateCreateTable: secondary indexes', () => {
  it('accepts a table with a GSI (INCLUDE), an LSI, provisioned billing, TTL and a stream', () => {
    expect(validateCreateTable(FULL_FORM)).toEqual({});
  });

  it('says which index, what is wrong and how to fix it', () => {
    const errors = validateCreateTable({
      ...table,
      indexes: [gsi({ name: 'ab' }), gsi({ name: 'byStatus', partitionKeyName: '' }), gsi({ name: 'byStatus' })],
    });
    expect(errors['indexes.0.name']).toBe('GSI 1 (ab), index name: An index name is 3 to 255 characters long; "ab" has 2.');
    expect(errors['indexes.1.partitionKeyName']).toBe('GSI 2 (byStatus), partition key: empty; type the attribute the index is partitioned by.');
    expect(errors['indexes.2.name']).toBe('GSI 3 (byStatus), index name: GSI 2 is named byStatus too; each index needs its own name.');
  });

  it('refuses an attribute with two types across the keys', () => {
    const errors = validateCreateTable({ ...table, indexes: [gsi({ partitionKeyName: 'placedAt', partitionKeyType: 'S' })] });
    expect(errors['indexes.0.partitionKeyName']).toBe(
      'GSI 1 (byStatus), partition key: placedAt is already the table’s sort key, of type N; an attribute has one type in all keys: choose N here too.',
    );
    expect(validateCreateTable({ ...table, indexes: [gsi({ partitionKeyName: 'placedAt', partitionKeyType: 'N' })] })).toEqual({});
  });

  it('numbers the rows by kind, as the dialog titles them', () => {
    const errors = validateCreateTable({ ...table, indexes: [gsi(), lsi({ name: '' })] });
    expect(errors['indexes.1.name']).toBe('LSI 1, index name: Name the index, e.g. byStatus.');
  });

  it('refuses an LSI on a table without a sort key, an LSI without one, and a GSI sorted by its partition key', () => {
    expect(validateCreateTable({ ...table, sortKeyName: '', indexes: [lsi()] })['indexes.0.sortKeyName']).toBe(
      'LSI 1 (byTotal): a local secondary index needs a table with a sort key; give the table a sort key, or make this index a GSI.',
    );
    expect(validateCreateTable({ ...table, indexes: [lsi({ sortKeyName: '' })] })['indexes.0.sortKeyName']).toContain('LSI 1 (byTotal), sort key: empty');
    expect(validateCreateTable({ ...table, indexes: [gsi({ sortKeyName: 'status' })] })['indexes.0.sortKeyName']).toBe(
      'GSI 1 (byStatus), sort key: "status" is also the index\'s partition key; choose another attribute, or leave it empty.',
    );
    // An LSI's partition key is the table's: its sort key may not be that attribute either.
    expect(validateCreateTable({ ...table, indexes: [lsi({ sortKeyName: 'customer', sortKeyType: 'S' })] })['indexes.0.sortKeyName']).toContain(
      "is also the index's partition key",
    );
  });

  it('checks INCLUDE projections: some attributes, each once, no keys, at most 100 over all indexes', () => {
    const include = (includeText: string, patch: Partial<IndexRowForm> = {}) => gsi({ projection: 'INCLUDE', includeText, ...patch });
    expect(validateCreateTable({ ...table, indexes: [include(' ')] })['indexes.0.includeText']).toBe(
      'GSI 1 (byStatus), projected attributes: List the attributes to project besides the keys (comma-separated), or choose ALL or KEYS_ONLY.',
    );
    expect(validateCreateTable({ ...table, indexes: [include('total, total')] })['indexes.0.includeText']).toContain('total is listed twice');
    expect(validateCreateTable({ ...table, indexes: [include('customer')] })['indexes.0.includeText']).toContain('customer is a key attribute');
    const sixty = Array.from({ length: 60 }, (_, n) => `a${n}`).join(',');
    const errors = validateCreateTable({ ...table, indexes: [include(sixty), include(sixty, { name: 'byOther' })] });
    expect(errors['indexes.0.includeText']).toBeUndefined();
    expect(errors['indexes.1.includeText']).toBe(
      "GSI 2 (byOther), projected attributes: the indexes project 120 attributes in all; DynamoDB allows 100 across a table's indexes: project fewer, or choose ALL.",
    );
  });

  it('checks each GSI’s capacities on a provisioned table only', () => {
    const row = gsi({ readCapacity: '0', writeCapacity: 'x' });
    const errors = validateCreateTable({ ...table, billingMode: 'PROVISIONED', indexes: [row] });
    expect(errors['indexes.0.readCapacity']).toBe('GSI 1 (byStatus), read capacity: "0" is not a positive whole number; type 1 or more.');
    expect(errors['indexes.0.writeCapacity']).toBe('GSI 1 (byStatus), write capacity: "x" is not a positive whole number; type 1 or more.');
    expect(validateCreateTable({ ...table, indexes: [row] })).toEqual({});
  });

  it('counts GSIs and LSIs against DynamoDB’s limits', () => {
    const gsis = Array.from({ length: 21 }, (_, n) => gsi({ name: `gsi${n}` }));
    expect(validateCreateTable({ ...table, indexes: gsis })['indexes.20.name']).toBe('Indexes: 21 GSIs; a table has at most 20: remove 1.');
    const lsis = Array.from({ length: 6 }, (_, n) => lsi({ name: `lsi${n}`, sortKeyName: `s${n}` }));
    expect(validateCreateTable({ ...table, indexes: lsis })['indexes.5.name']).toBe('Indexes: 6 LSIs; a table has at most 5: remove 1.');
  });

  it('refuses a time-to-live attribute with spaces at an end', () => {
    expect(validateCreateTable({ ...table, ttlAttribute: 'expiresAt ' }).ttlAttribute).toContain('has spaces at an end');
  });
});

describe('createTableRequest', () => {
  it('defines every key attribute once and sends the indexes, billing and stream', () => {
    expect(createTableRequest(FULL_FORM)).toEqual({
      TableName: 'Orders',
      AttributeDefinitions: [
        { AttributeName: 'customer', AttributeType: 'S' },
        { AttributeName: 'placedAt', AttributeType: 'N' },
        { AttributeName: 'status', AttributeType: 'S' },
        { AttributeName: 'total', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'customer', KeyType: 'HASH' },
        { AttributeName: 'placedAt', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byStatus',
          KeySchema: [
            { AttributeName: 'status', KeyType: 'HASH' },
            { AttributeName: 'placedAt', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total', 'note'] },
          ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 1 },
        },
      ],
      LocalSecondaryIndexes: [
        {
          IndexName: 'byTotal',
          KeySchema: [
            { AttributeName: 'customer', KeyType: 'HASH' },
            { AttributeName: 'total', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: { ReadCapacityUnits: 4, WriteCapacityUnits: 3 },
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    expect(timeToLiveRequest(FULL_FORM)).toEqual({ TableName: 'Orders', TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' } });
    expect(timeToLiveRequest(table)).toBeUndefined();
  });

  it('sends no index throughput on demand', () => {
    const request = createTableRequest({ ...table, indexes: [gsi()] });
    expect(request.BillingMode).toBe('PAY_PER_REQUEST');
    expect(request.GlobalSecondaryIndexes?.[0]).not.toHaveProperty('ProvisionedThroughput');
    expect(request).not.toHaveProperty('StreamSpecification');
  });
});

describe('formFromCreateTableInput (from a design)', () => {
  it('fills the form with a design table whose request it gives back unchanged', () => {
    for (const design of [SHOP_DESIGN, LEADERBOARD_DESIGN]) {
      for (const tableDesign of design.tables) {
        const input = toCreateTableInput(tableDesign);
        const filled = formFromCreateTableInput(input);
        if (!('form' in filled)) continue;
        expect(validateCreateTable(filled.form)).toEqual({});
        const request = createTableRequest(filled.form);
        expect({ ...request, AttributeDefinitions: new Set(request.AttributeDefinitions?.map((entry) => JSON.stringify(entry))) }).toEqual({
          ...input,
          AttributeDefinitions: new Set(input.AttributeDefinitions?.map((entry) => JSON.stringify(entry))),
        });
      }
    }
  });

  it('says when a multi-attribute key does not fit the form', () => {
    const input = toCreateTableInput(SHOP_DESIGN.tables[0]!);
    const multi = {
      ...input,
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byRegionAndTier',
          KeySchema: [
            { AttributeName: 'region', KeyType: 'HASH' as const },
            { AttributeName: 'tier', KeyType: 'HASH' as const },
          ],
          Projection: { ProjectionType: 'ALL' as const },
        },
      ],
    };
    expect(formFromCreateTableInput(multi)).toEqual({
      problem: `${input.TableName}: index byRegionAndTier has a multi-attribute key, which the form does not hold (one attribute per key); use Create as designed.`,
    });
  });
});
