import { describe, expect, it } from 'vitest';
import { expectErr, expectOk } from '../../errors/testing';
import { readPastedRequest } from './pasteRequest';
import { parseTypedValue, readDynamoJsonValue } from './typedValue';

// Lists and maps typed into the query builder, pasted requests' values: read by src/dynamo's one reader.
// Before, binary that was not base64 silently became empty bytes, and a value with no type went to DynamoDB as it was.
describe('DynamoDB JSON values in the query builder', () => {
  it('reads binary inside a list or map as bytes, and refuses what is not base64 with its path', () => {
    const good = parseTypedValue('L', '[{"B": "AQID"}, {"N": "1"}]', 'Value', 'base64');
    expectOk(good);
    expect(good.value).toEqual({ L: [{ B: Uint8Array.of(1, 2, 3) }, { N: '1' }] });
    const list = parseTypedValue('L', '[{"S": "a"}, {"B": "**"}]', 'Value', 'base64');
    expectErr(list);
    expect(list.message).toMatch(/^Value\.L\[1\]\.B: /);
    const map = parseTypedValue('M', '{"tags": {"BS": ["AQ==", "%%"]}}', 'Value', 'base64');
    expectErr(map);
    expect(map.message).toMatch(/^Value\.M\.tags\.BS\[1\]/);
    const untyped = parseTypedValue('L', '[{"X": 1}]', 'Value', 'base64');
    expectErr(untyped);
    expect(untyped.message).toMatch(/^Value\.L\[0\]/);
  });

  it('a pasted request with a broken value lists the problem instead of sending empty bytes', () => {
    const result = readPastedRequest(
      JSON.stringify({ TableName: 'AuditLog', KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': { B: '**' } } }),
    );
    const problems = result.ok ? result.request.problems : result.problems;
    expect(problems).toContainEqual(expect.stringMatching(/^ExpressionAttributeValues :pk\.B: .*"\*\*" is not base64/));
  });

  it('readDynamoJsonValue keeps numbers as typed', () => {
    const read = readDynamoJsonValue({ M: { n: { N: '1.50' } } }, 'x');
    expectOk(read);
    expect(read.value).toEqual({ M: { n: { N: '1.50' } } });
  });
});
