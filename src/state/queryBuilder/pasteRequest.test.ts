import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeySchemaInfo } from '../../expressions';
import { buildRequest, EMPTY_QUERY_FORM, type QueryForm } from './queryForm';
import { EMPTY_FILTER, createFilterGroup, createFilterRow, type FilterGroup, type FilterNode, type FilterOperator } from './filterModel';
import { describeJsonError, readPastedRequest } from './pasteRequest';
import { jsonReplacer, type ValueType } from './typedValue';
import { expectErr, expectOk } from '../../errors/testing';

const KEYS: KeySchemaInfo = { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } };

function paste(text: string, keys: KeySchemaInfo | undefined = KEYS) {
  const result = readPastedRequest(text, keys);
  expectOk(result);
  return result.request;
}

function rebuild(form: QueryForm) {
  const built = buildRequest('AuditLog', KEYS, form);
  expectOk(built);
  return built.input;
}

describe('paste a request', () => {
  it("reads the article's query as the CLI takes it", () => {
    const request = paste(`{
      "TableName": "AuditLog",
      "KeyConditionExpression": "PK = :pk AND SK BETWEEN :from AND :to",
      "ExpressionAttributeValues": { ":pk": {"S": "ACTOR#u_8814"}, ":from": {"S": "EVT#2026-06-23T00:00:00Z"}, ":to": {"S": "EVT#2026-06-23T23:59:59Z"} },
      "ScanIndexForward": false, "Limit": 5, "ConsistentRead": true, "Select": "ALL_ATTRIBUTES"
    }`);
    expect(request.tableName).toBe('AuditLog');
    expect(request.problems).toEqual([]);
    expect(request.form).toMatchObject({
      mode: 'query',
      partitionValue: 'ACTOR#u_8814',
      sortInput: 'raw',
      sortOperator: 'between',
      sortValue: 'EVT#2026-06-23T00:00:00Z',
      sortValueHigh: 'EVT#2026-06-23T23:59:59Z',
      descending: true,
      limit: '5',
      consistentRead: true,
      select: 'ALL_ATTRIBUTES',
    });
  });

  it('reads names, values on the left, begins_with, filters and projections', () => {
    const request = paste(
      JSON.stringify({
        TableName: 'AuditLog',
        KeyConditionExpression: ':pk = #p AND begins_with(#s, :pre)',
        FilterExpression: 'NOT (#st = :open OR size(tags) > :two) AND #a.#b[1] IN (:x, :y) AND attribute_type(#st, :t)',
        ProjectionExpression: '#st, #a.#b[1], #dot',
        ExpressionAttributeNames: { '#p': 'PK', '#s': 'SK', '#st': 'status', '#a': 'address', '#b': 'lines', '#dot': 'first.name' },
        ExpressionAttributeValues: {
          ':pk': { S: 'u1' },
          ':pre': { S: 'EVT#' },
          ':open': { S: 'open' },
          ':two': { N: '2' },
          ':x': { S: 'a' },
          ':y': { S: 'b,c' },
          ':t': { S: 'S' },
        },
      }),
    );
    expect(request.problems).toEqual([]);
    expect(request.form).toMatchObject({
      partitionValue: 'u1',
      sortOperator: 'begins_with',
      sortValue: 'EVT#',
      projection: ['status', 'address.lines[1]', '"first.name"'],
    });
    const [notGroup, inRow, typeRow] = request.form.filter.children as [FilterGroup, FilterNode, FilterNode];
    expect(notGroup).toMatchObject({
      kind: 'group',
      not: true,
      join: 'or',
      children: [
        { path: 'status', operator: '=', value: 'open' },
        { path: 'tags', size: true, operator: '>', valueType: 'N', value: '2' },
      ],
    });
    expect(inRow).toMatchObject({ path: 'address.lines[1]', operator: 'in', value: 'a, "b,c"' });
    expect(typeRow).toMatchObject({ operator: 'attribute_type', valueType: 'S' });
  });

  it('says where JSON is broken, with line and column', () => {
    const result = readPastedRequest('{\n  "TableName": "AuditLog",\n  "Limit": ,\n}');
    expectErr(result);
    expect(result.problems[0]).toMatch(/^This is not valid JSON at line 3, column 12/);
    expect(describeJsonError('{"a": 1', new SyntaxError('Unexpected end of JSON input'))).toMatch(/line 1, column 8/);
  });

  it("names unknown and legacy fields, bad expressions and parts it can't show", () => {
    const request = paste(
      JSON.stringify({
        TableName: 'AuditLog',
        KeyConditions: {},
        Foo: 1,
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: 'a = b AND c = :c',
        ProjectionExpression: 'a,',
        ExpressionAttributeValues: { ':pk': { S: 'u1' }, ':c': { N: '1' } },
      }),
    );
    expect(request.problems).toEqual([
      "KeyConditions is a legacy parameter, which the builder doesn't read: write it as KeyConditionExpression.",
      expect.stringMatching(/^Unknown field "Foo": a Query or Scan takes TableName, IndexName/),
      'ProjectionExpression: Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ","',
      'FilterExpression: the builder can\'t show "a = b" (a row compares one attribute with one value); it was left out, so the filter differs from the pasted one.',
    ]);
    expect(request.form.filter.children).toHaveLength(1);
  });

  it('reads DocumentClient-style values with a note, and leaves ExclusiveStartKey out with a note', () => {
    const request = paste(
      JSON.stringify({
        TableName: 'T',
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': 'u1' },
        ExclusiveStartKey: { PK: { S: 'u1' } },
      }),
    );
    expect(request.form.partitionValue).toBe('u1');
    expect(request.notes).toHaveLength(2);
  });

  it('a request without KeyConditionExpression is a Scan', () => {
    expect(paste('{"TableName": "T", "FilterExpression": "a = :a", "ExpressionAttributeValues": {":a": {"B": "AQID"}}}').form).toMatchObject({
      mode: 'scan',
      filter: { children: [{ valueType: 'B', value: 'AQID' }] },
    });
  });

  it('round-trips: model → request → paste → the same request', () => {
    const pathArb = fc.constantFrom('a', 'status', 'address.city', 'tags[0]', '"first.name"', 'zip code', 'm.list[2].x');
    const scalar: fc.Arbitrary<[ValueType, string]> = fc.oneof(
      fc.string({ minLength: 1, maxLength: 6 }).map((text): [ValueType, string] => ['S', text]),
      fc.integer({ min: -1000, max: 1000 }).map((n): [ValueType, string] => ['N', String(n)]),
      fc.boolean().map((b): [ValueType, string] => ['BOOL', String(b)]),
      fc.constant<[ValueType, string]>(['NULL', '']),
      fc.constantFrom<[ValueType, string]>(['SS', 'a, b'], ['NS', '1, 2'], ['B', 'AQID'], ['L', '[{"S":"x"}]'], ['M', '{"k":{"N":"1"}}']),
    );
    const rowArb = fc
      .tuple(
        pathArb,
        fc.constantFrom<FilterOperator>(
          '=',
          '<>',
          '<',
          '>=',
          'between',
          'in',
          'begins_with',
          'contains',
          'attribute_exists',
          'attribute_not_exists',
          'attribute_type',
        ),
        scalar,
        fc.boolean(),
      )
      .map(([path, operator, [type, value], size]) => {
        if (operator === 'in') return createFilterRow({ path, operator, valueType: 'N', value: '1, 2, 3' });
        if (operator === 'attribute_type') return createFilterRow({ path, operator, valueType: type });
        if (operator === 'between')
          return size
            ? createFilterRow({ path, operator, size, value: '1', valueHigh: '5' })
            : createFilterRow({ path, operator, valueType: 'S', value: 'a', valueHigh: 'b' });
        if ((operator === '=' || operator === '<>' || operator === '<' || operator === '>=') && size)
          return createFilterRow({ path, operator, size, value: '3' });
        return createFilterRow({ path, operator, valueType: type, value, binaryEncoding: 'base64' });
      });
    const nodeArb: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        rowArb,
        fc
          .tuple(fc.constantFrom<'and' | 'or'>('and', 'or'), fc.boolean(), fc.array(tie('node'), { minLength: 1, maxLength: 3 }))
          .map(([join, not, children]) => createFilterGroup({ join, not, children })),
      ),
    })).node;
    const formArb = fc.record({
      filter: fc
        .tuple(fc.constantFrom<'and' | 'or'>('and', 'or'), fc.array(nodeArb, { maxLength: 3 }))
        .map(([join, children]): FilterGroup => ({ ...EMPTY_FILTER, join, children })),
      projection: fc.array(fc.constantFrom('a', '"first.name"', 'b.c', 'name', 'list[1]'), { maxLength: 3 }).map((paths) => [...new Set(paths)]),
      sortOperator: fc.constantFrom<QueryForm['sortOperator']>('none', '=', '<', '>=', 'between', 'begins_with'),
      descending: fc.boolean(),
      limit: fc.constantFrom('', '1', '25'),
      aliasAllNames: fc.boolean(),
    });
    fc.assert(
      fc.property(formArb, (patch) => {
        const form: QueryForm = { ...EMPTY_QUERY_FORM, partitionValue: 'ACTOR#u_8814', sortValue: 'EVT#1', sortValueHigh: 'EVT#2', ...patch };
        const built = buildRequest('AuditLog', KEYS, form);
        fc.pre(built.ok); // generated filters may be refused by the validator (e.g. overlapping projection paths)
        expectOk(built);
        const pasted = paste(JSON.stringify(built.input, jsonReplacer));
        expect(pasted.problems).toEqual([]);
        expect(rebuild({ ...pasted.form, aliasAllNames: form.aliasAllNames })).toEqual(built.input);
      }),
      { numRuns: 300 },
    );
  });
});
