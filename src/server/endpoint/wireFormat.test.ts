import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynamoDBError } from '../../expressions';
import { decodeBlob, decodeRequest, encodeError, encodeOutput, errorType, OPERATIONS, type OperationName } from './wireFormat';

const bytes = (...values: number[]) => Uint8Array.from(values);

/** Runs `action` and returns the DynamoDBError it throws as { name, message }. */
function failure(action: () => unknown): { name: string; message: string } {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(DynamoDBError);
    return { name: (error as DynamoDBError).name, message: (error as DynamoDBError).message };
  }
  throw new Error('expected a DynamoDBError');
}

describe('encodeOutput (SDK shapes → wire JSON)', () => {
  it('drops $metadata and undefined members', () => {
    expect(encodeOutput({ TableNames: [], LastEvaluatedTableName: undefined, $metadata: { httpStatusCode: 200 } })).toBe('{"TableNames":[]}');
    expect(encodeOutput({ $metadata: {} })).toBe('{}');
    expect(encodeOutput(undefined)).toBe('{}');
  });

  it('writes binary values as base64 at any depth, high bytes included', () => {
    const item: Record<string, AttributeValue> = {
      b: { B: bytes(0xff, 0x00, 0x80) },
      bs: { BS: [bytes(0), bytes(0xfe, 0xff)] },
      l: { L: [{ B: bytes(1, 2) }, { M: { x: { BS: [bytes(0x7f), bytes(0x80)] } } }] },
      empty: { B: new Uint8Array(0) },
    };
    expect(JSON.parse(encodeOutput({ Items: [item], Count: 1, $metadata: {} }))).toEqual({
      Items: [{ b: { B: '/wCA' }, bs: { BS: ['AA==', '/v8='] }, l: { L: [{ B: 'AQI=' }, { M: { x: { BS: ['fw==', 'gA=='] } } }] }, empty: { B: '' } }],
      Count: 1,
    });
  });

  it('writes a view into a larger buffer as only its own bytes', () => {
    const backing = bytes(9, 9, 0xab, 0xcd, 9);
    expect(encodeOutput({ Item: { b: { B: backing.subarray(2, 4) } } })).toBe('{"Item":{"b":{"B":"q80="}}}');
    expect(encodeOutput({ Item: { b: { B: Buffer.from([0xab]) } } })).toBe('{"Item":{"b":{"B":"qw=="}}}');
  });

  it('writes dates as epoch seconds, as DynamoDB does (1795996458.406)', () => {
    const created = new Date(1795996458406);
    const wire = JSON.parse(encodeOutput({ Table: { CreationDateTime: created, BillingModeSummary: { LastUpdateToPayPerRequestDateTime: created } } }));
    expect(wire.Table.CreationDateTime).toBe(1795996458.406);
    expect(wire.Table.BillingModeSummary.LastUpdateToPayPerRequestDateTime).toBe(1795996458.406);
  });

  it('leaves strings that look like base64 or dates alone', () => {
    expect(JSON.parse(encodeOutput({ Item: { s: { S: 'AQI=' }, d: { S: '2026-06-23T10:00:00Z' }, n: { N: '1e3' } } }))).toEqual({
      Item: { s: { S: 'AQI=' }, d: { S: '2026-06-23T10:00:00Z' }, n: { N: '1e3' } },
    });
  });
});

describe('decodeRequest (wire JSON → SDK shapes)', () => {
  it('turns base64 into bytes wherever an AttributeValue can stand', () => {
    const B = { B: '/wA=' };
    const decodedB = { B: bytes(0xff, 0) };
    const cases: [OperationName, object, object][] = [
      [
        'PutItem',
        { TableName: 'T', Item: { k: B }, ExpressionAttributeValues: { ':v': B } },
        { TableName: 'T', Item: { k: decodedB }, ExpressionAttributeValues: { ':v': decodedB } },
      ],
      ['GetItem', { TableName: 'T', Key: { k: B } }, { TableName: 'T', Key: { k: decodedB } }],
      [
        'DeleteItem',
        { TableName: 'T', Key: { k: B }, Expected: { a: { Value: B, AttributeValueList: [B] } } },
        { TableName: 'T', Key: { k: decodedB }, Expected: { a: { Value: decodedB, AttributeValueList: [decodedB] } } },
      ],
      [
        'UpdateItem',
        { TableName: 'T', Key: { k: B }, AttributeUpdates: { a: { Value: B, Action: 'PUT' } } },
        { TableName: 'T', Key: { k: decodedB }, AttributeUpdates: { a: { Value: decodedB, Action: 'PUT' } } },
      ],
      [
        'Query',
        {
          TableName: 'T',
          ExclusiveStartKey: { k: B },
          KeyConditions: { k: { AttributeValueList: [B], ComparisonOperator: 'EQ' } },
          QueryFilter: { a: { AttributeValueList: [B], ComparisonOperator: 'EQ' } },
        },
        {
          TableName: 'T',
          ExclusiveStartKey: { k: decodedB },
          KeyConditions: { k: { AttributeValueList: [decodedB], ComparisonOperator: 'EQ' } },
          QueryFilter: { a: { AttributeValueList: [decodedB], ComparisonOperator: 'EQ' } },
        },
      ],
      [
        'Scan',
        { TableName: 'T', ExclusiveStartKey: { k: B }, ScanFilter: { a: { AttributeValueList: [B], ComparisonOperator: 'EQ' } } },
        { TableName: 'T', ExclusiveStartKey: { k: decodedB }, ScanFilter: { a: { AttributeValueList: [decodedB], ComparisonOperator: 'EQ' } } },
      ],
      [
        'BatchWriteItem',
        { RequestItems: { T: [{ PutRequest: { Item: { k: B } } }, { DeleteRequest: { Key: { k: B } } }] } },
        { RequestItems: { T: [{ PutRequest: { Item: { k: decodedB } } }, { DeleteRequest: { Key: { k: decodedB } } }] } },
      ],
      [
        'BatchGetItem',
        { RequestItems: { T: { Keys: [{ k: B }], ConsistentRead: true } } },
        { RequestItems: { T: { Keys: [{ k: decodedB }], ConsistentRead: true } } },
      ],
    ];
    for (const [operation, wire, sdk] of cases) expect(decodeRequest(operation, wire), operation).toEqual(sdk);
  });

  it('decodes B and BS inside L and M, at any depth', () => {
    const wire = { TableName: 'T', Item: { l: { L: [{ M: { x: { BS: ['AA==', '/w=='] }, y: { L: [{ B: 'gA==' }] } } }] } } };
    expect(decodeRequest('PutItem', wire)).toEqual({
      TableName: 'T',
      Item: { l: { L: [{ M: { x: { BS: [bytes(0), bytes(0xff)] }, y: { L: [{ B: bytes(0x80) }] } } }] } },
    });
  });

  it('passes everything else through: strings, numbers as text, sets, booleans, NULL', () => {
    const item = { s: { S: '/wA=' }, n: { N: '1e3' }, ss: { SS: ['a', 'b'] }, ns: { NS: ['1', '2'] }, t: { BOOL: true }, z: { NULL: true } };
    expect(decodeRequest('PutItem', { TableName: 'T', Item: item, ReturnValues: 'ALL_OLD' })).toEqual({ TableName: 'T', Item: item, ReturnValues: 'ALL_OLD' });
    const create = {
      TableName: 'T',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
      GlobalSecondaryIndexes: [
        { IndexName: 'g', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['x'] } },
      ],
    };
    expect(decodeRequest('CreateTable', create)).toEqual(create);
  });

  it('treats null as absent and drops members DynamoDB does not know, as DynamoDB does', () => {
    expect(decodeRequest('ListTables', { Limit: null, Foo: 1 })).toEqual({});
    expect(decodeRequest('GetItem', { TableName: 'T', Key: { k: { S: 'a', X: 'dropped' }, gone: null } })).toEqual({ TableName: 'T', Key: { k: { S: 'a' } } });
    expect(decodeRequest('ListTables', null)).toEqual({});
  });

  it('keeps legacy parameters so the engine can refuse them with its own message', () => {
    expect(decodeRequest('Query', { TableName: 'T', AttributesToGet: ['a'], ConditionalOperator: 'AND' })).toEqual({
      TableName: 'T',
      AttributesToGet: ['a'],
      ConditionalOperator: 'AND',
    });
  });

  it('keeps an attribute named __proto__ as an own attribute', () => {
    const decoded = decodeRequest('PutItem', JSON.parse('{"TableName":"T","Item":{"__proto__":{"S":"x"}}}')) as { Item: Record<string, unknown> };
    expect(Object.keys(decoded.Item)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(decoded.Item)).toBe(Object.prototype);
  });

  it('truncates a decimal where DynamoDB wants an integer (it accepts "Limit": 5.5)', () => {
    expect(decodeRequest('Scan', { TableName: 'T', Limit: 5.5 })).toEqual({ TableName: 'T', Limit: 5 });
  });

  // Messages recorded against live DynamoDB by architect/dynalite's test suite (test/helpers.js).
  it.each([
    ['a string member given true', 'GetItem', { TableName: true }, 'TRUE_VALUE cannot be converted to String'],
    ['a string member given false', 'GetItem', { TableName: false }, 'FALSE_VALUE cannot be converted to String'],
    ['a string member given a number', 'GetItem', { TableName: 23 }, 'NUMBER_VALUE cannot be converted to String'],
    ['a string member given a decimal', 'GetItem', { TableName: 34.56 }, 'DECIMAL_VALUE cannot be converted to String'],
    ['a string member given a list', 'GetItem', { TableName: [] }, 'Unrecognized collection type class java.lang.String'],
    ['a string member given a map', 'GetItem', { TableName: {} }, 'Start of structure or map found where not expected'],
    ['N given a number', 'PutItem', { Item: { n: { N: 5 } } }, 'NUMBER_VALUE cannot be converted to String'],
    ['a boolean given a string', 'GetItem', { ConsistentRead: 'true' }, 'Unexpected token received from parser'],
    ['a boolean given a number', 'GetItem', { ConsistentRead: 23 }, 'NUMBER_VALUE cannot be converted to Boolean'],
    ['a boolean given a decimal', 'GetItem', { ConsistentRead: 34.56 }, 'DECIMAL_VALUE cannot be converted to Boolean'],
    ['a boolean given a list', 'GetItem', { ConsistentRead: [] }, 'Unrecognized collection type class java.lang.Boolean'],
    ['an integer given a string', 'Scan', { Limit: '5' }, 'STRING_VALUE cannot be converted to Integer'],
    ['an integer given false', 'Scan', { Limit: false }, 'FALSE_VALUE cannot be converted to Integer'],
    ['a long given true', 'CreateTable', { ProvisionedThroughput: { ReadCapacityUnits: true } }, 'TRUE_VALUE cannot be converted to Long'],
    ['a blob given a number', 'GetItem', { Key: { k: { B: 23 } } }, 'only base-64-encoded strings are convertible to bytes'],
    ['a blob given true', 'GetItem', { Key: { k: { B: true } } }, 'only base-64-encoded strings are convertible to bytes'],
    ['a blob given a list', 'GetItem', { Key: { k: { B: [] } } }, 'Unrecognized collection type class java.nio.ByteBuffer'],
    ['a blob of bad length', 'GetItem', { Key: { k: { B: '23456' } } }, 'Base64 encoded length is expected a multiple of 4 bytes but found: 5'],
    ['a blob with a stray pad', 'GetItem', { Key: { k: { B: '=+/=' } } }, 'Invalid last non-pad Base64 character dectected'],
    ['a blob with stray bits', 'GetItem', { Key: { k: { B: '+/+=' } } }, 'Invalid last non-pad Base64 character dectected'],
    ['a list given a string', 'GetItem', { AttributesToGet: '23' }, 'Unexpected field type'],
    ['a list given a map', 'GetItem', { AttributesToGet: {} }, 'Start of structure or map found where not expected'],
    ['a map given a number', 'GetItem', { Key: 23 }, 'Unexpected field type'],
    [
      'an attribute map given a list',
      'GetItem',
      { Key: [] },
      'Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>',
    ],
    ['a structure field given a string', 'CreateTable', { ProvisionedThroughput: '23' }, 'Unexpected field type'],
    [
      'a structure field given a list',
      'CreateTable',
      { ProvisionedThroughput: [] },
      'Unrecognized collection type class com.amazonaws.dynamodb.v20120810.ProvisionedThroughput',
    ],
    ['an attribute value given a string', 'GetItem', { Key: { k: '23' } }, 'Unexpected value type in payload'],
    ['an attribute value given a list', 'GetItem', { Key: { k: [] } }, 'Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue'],
    ['a list member of L given a number', 'PutItem', { Item: { l: { L: [23] } } }, 'Unexpected value type in payload'],
    ['a list nested in a map given a number', 'BatchWriteItem', { RequestItems: { T: 23 } }, expect.stringContaining('ParameterizedTypeImpl cannot be cast')],
  ] as const)('refuses %s with SerializationException', (_case, operation, body, message) => {
    expect(failure(() => decodeRequest(operation, body))).toEqual({ name: 'SerializationException', message });
  });

  it('refuses a body that is not a JSON object', () => {
    expect(failure(() => decodeRequest('ListTables', []))).toEqual({
      name: 'SerializationException',
      message: 'Unrecognized collection type class com.amazonaws.dynamodb.v20120810.ListTablesInput',
    });
    expect(failure(() => decodeRequest('ListTables', 5))).toEqual({ name: 'SerializationException', message: 'Unexpected value type in payload' });
  });

  it('stops at absurd nesting with DynamoDB’s message instead of exhausting the stack', () => {
    let value: unknown = { S: 'x' };
    for (let i = 0; i < 100_000; i++) value = { L: [value] };
    expect(failure(() => decodeRequest('PutItem', { TableName: 'T', Item: { deep: value } }))).toEqual({
      name: 'ValidationException',
      message: 'Nesting Levels have exceeded supported limits',
    });
  });

  it('serves exactly the engine’s operations', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([
      'BatchExecuteStatement',
      'BatchGetItem',
      'BatchWriteItem',
      'CreateTable',
      'DeleteItem',
      'DeleteTable',
      'DescribeTable',
      'DescribeTimeToLive',
      'ExecuteStatement',
      'ExecuteTransaction',
      'GetItem',
      'ListTables',
      'ListTagsOfResource',
      'PutItem',
      'Query',
      'Scan',
      'TagResource',
      'TransactGetItems',
      'TransactWriteItems',
      'UntagResource',
      'UpdateItem',
      'UpdateTable',
      'UpdateTimeToLive',
    ]);
  });
});

describe('decodeBlob', () => {
  it('accepts canonical base64, empty included', () => {
    expect(decodeBlob('')).toEqual(new Uint8Array(0));
    expect(decodeBlob('/w==')).toEqual(bytes(0xff));
    expect(decodeBlob('AAEC')).toEqual(bytes(0, 1, 2));
  });

  it('refuses characters outside the alphabet (base64url included)', () => {
    expect(failure(() => decodeBlob('ab!='))).toEqual({ name: 'SerializationException', message: "Invalid Base64 character: '!'" });
    expect(failure(() => decodeBlob('_-8='))).toEqual({ name: 'SerializationException', message: "Invalid Base64 character: '_'" });
    expect(failure(() => decodeBlob('A=AA'))).toEqual({ name: 'SerializationException', message: 'Invalid last non-pad Base64 character dectected' });
  });
});

describe('the wire round trip', () => {
  const leaf: fc.Arbitrary<AttributeValue> = fc.oneof(
    fc.string({ unit: 'binary' }).map((S) => ({ S })),
    fc.uint8Array({ maxLength: 40 }).map((B) => ({ B })),
    fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4, selector: (b) => b.join(',') }).map((BS) => ({ BS })),
    fc.constantFrom('1e3', '-0.5', '12345678901234567890123456789012345678').map((N) => ({ N })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true as const }),
  );
  const { value: attributeValue } = fc.letrec<{ value: AttributeValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }).map((L) => ({ L })),
      fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }).map((M) => ({ M })),
    ),
  }));

  it('decodeRequest(encodeOutput(x)) gives x back for any item (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), attributeValue, { maxKeys: 5 }), (item) => {
        const wire = JSON.parse(encodeOutput({ Item: item }));
        expect(decodeRequest('PutItem', { TableName: 'T', Item: wire.Item })).toEqual({ TableName: 'T', Item: item });
      }),
    );
  });
});

describe('errors on the wire', () => {
  it('names each exception as real DynamoDB does', () => {
    expect(errorType('ValidationException')).toBe('com.amazon.coral.validate#ValidationException');
    expect(errorType('SerializationException')).toBe('com.amazon.coral.service#SerializationException');
    expect(errorType('UnknownOperationException')).toBe('com.amazon.coral.service#UnknownOperationException');
    expect(errorType('ResourceNotFoundException')).toBe('com.amazonaws.dynamodb.v20120810#ResourceNotFoundException');
    expect(errorType('ConditionalCheckFailedException')).toBe('com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException');
  });

  it('sends message (service errors) or Message (framework errors), and the old item of a failed condition', () => {
    expect(JSON.parse(encodeError('ResourceNotFoundException', 'Requested resource not found'))).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
      message: 'Requested resource not found',
    });
    expect(JSON.parse(encodeError('SerializationException', 'Unexpected field type'))).toEqual({
      __type: 'com.amazon.coral.service#SerializationException',
      Message: 'Unexpected field type',
    });
    expect(JSON.parse(encodeError('ConditionalCheckFailedException', 'The conditional request failed', { k: { B: bytes(0xff) } }))).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
      message: 'The conditional request failed',
      Item: { k: { B: '/w==' } },
    });
  });
});
