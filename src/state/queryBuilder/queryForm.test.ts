import { describe, expect, it } from 'vitest';
import type { KeySchemaInfo } from '../../expressions';
import { parseKeyTemplate, type KeyTemplate } from '../../keys';
import { createFilterGroup, createFilterRow, EMPTY_FILTER, type FilterNode, type FilterRow } from './filterModel';
import { buildRequest, EMPTY_QUERY_FORM, type BuilderTableInfo, type QueryForm } from './queryForm';
import { expectOk } from '../../errors/testing';

const AUDIT: KeySchemaInfo = { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } };
const AUDIT_TABLE: BuilderTableInfo = {
  keys: AUDIT,
  indexes: [
    { name: 'byAction', kind: 'global', keys: { partitionKey: { name: 'action', type: 'S' }, sortKey: { name: 'SK', type: 'S' } }, projection: 'KEYS_ONLY' },
    { name: 'byTime', kind: 'local', keys: { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'at', type: 'S' } }, projection: 'ALL' },
  ],
};

function template(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  expectOk(parsed, text);
  return parsed.value;
}

function build(form: Partial<QueryForm>, context: { template?: KeyTemplate; keys?: KeySchemaInfo } = {}) {
  return buildRequest(
    'AuditLog',
    context.keys ?? AUDIT,
    { ...EMPTY_QUERY_FORM, partitionValue: 'ACTOR#u_8814', ...form },
    { table: AUDIT_TABLE, ...(context.template ? { template: context.template } : {}) },
  );
}

function input(form: Partial<QueryForm>, context: { template?: KeyTemplate; keys?: KeySchemaInfo } = {}) {
  const built = build(form, context);
  expectOk(built);
  return built.input;
}

const filterOf = (...children: FilterNode[]) => ({ ...EMPTY_FILTER, children });
const row = (patch: Partial<FilterRow>) => createFilterRow(patch);

describe('query builder → request', () => {
  it("the article's events on 2026-06-23 with field values under EVT#{at:iso}", () => {
    expect(input({ sortOperator: '=', sortInput: 'fields', sortFields: { at: '2026-06-23' } }, { template: template('EVT#{at:iso}') })).toEqual({
      TableName: 'AuditLog',
      KeyConditionExpression: 'PK = :PK AND SK BETWEEN :SKLow AND :SKHigh',
      ExpressionAttributeValues: { ':PK': { S: 'ACTOR#u_8814' }, ':SKLow': { S: 'EVT#2026-06-23T00:00:00Z' }, ':SKHigh': { S: 'EVT#2026-06-23T23:59:59Z' } },
    });
  });

  it('field values need a string sort key and a template', () => {
    const numeric = build(
      { sortOperator: '=', sortInput: 'fields', sortFields: { at: '2026' } },
      { template: template('EVT#{at:iso}'), keys: { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'N' } } },
    );
    expect(numeric.ok ? undefined : numeric.errors.sortValue).toMatch(/SK is a number key: use raw values/);
    const none = build({ sortOperator: '=', sortInput: 'fields', sortFields: { at: '2026' } });
    expect(none.ok ? undefined : none.errors.sortValue).toMatch(/no key template/);
    const bad = build({ sortOperator: '=', sortInput: 'fields', sortFields: { at: '6/23/2026' } }, { template: template('EVT#{at:iso}') });
    expect(bad.ok ? undefined : bad.errors['sortField:at']).toMatch(/ISO-8601/);
  });

  it.each([
    ['=', 'a = :a', { ':a': { S: 'x' } }],
    ['<>', 'a <> :a', { ':a': { S: 'x' } }],
    ['<', 'a < :a', { ':a': { S: 'x' } }],
    ['<=', 'a <= :a', { ':a': { S: 'x' } }],
    ['>', 'a > :a', { ':a': { S: 'x' } }],
    ['>=', 'a >= :a', { ':a': { S: 'x' } }],
    ['begins_with', 'begins_with(a, :a)', { ':a': { S: 'x' } }],
    ['contains', 'contains(a, :a)', { ':a': { S: 'x' } }],
  ] as const)('filter operator %s', (operator, expression, values) => {
    const request = input({ filter: filterOf(row({ path: 'a', operator, value: 'x' })) });
    expect(request.FilterExpression).toBe(expression);
    expect(request.ExpressionAttributeValues).toMatchObject(values);
  });

  it('BETWEEN, IN, size(), attribute_exists / not_exists / attribute_type', () => {
    expect(input({ filter: filterOf(row({ path: 'n', operator: 'between', valueType: 'N', value: '1', valueHigh: '5' })) }).FilterExpression).toBe(
      'n BETWEEN :nLow AND :nHigh',
    );
    const inRequest = input({ filter: filterOf(row({ path: 'action', operator: 'in', value: 'login, "a, b", logout' })) });
    expect(inRequest.FilterExpression).toBe('#action IN (:action, :action2, :action3)');
    expect(inRequest.ExpressionAttributeValues?.[':action2']).toEqual({ S: 'a, b' });
    expect(input({ filter: filterOf(row({ path: 'tags', operator: '>', size: true, value: '2' })) }).FilterExpression).toBe('size(tags) > :tags');
    expect(
      input({ filter: filterOf(row({ path: 'tags', operator: 'between', size: true, value: '1', valueHigh: '3' })) }).ExpressionAttributeValues,
    ).toMatchObject({ ':tagsLow': { N: '1' } });
    expect(input({ filter: filterOf(row({ path: 'a', operator: 'attribute_exists' })) }).FilterExpression).toBe('attribute_exists(a)');
    expect(input({ filter: filterOf(row({ path: 'a', operator: 'attribute_not_exists' })) }).FilterExpression).toBe('attribute_not_exists(a)');
    const typed = input({ filter: filterOf(row({ path: 'a', operator: 'attribute_type', valueType: 'NS' })) });
    expect(typed.FilterExpression).toBe('attribute_type(a, :aType)');
    expect(typed.ExpressionAttributeValues?.[':aType']).toEqual({ S: 'NS' });
  });

  it('typed values: N, BOOL, NULL, sets, B, L, M', () => {
    const values = (valueType: FilterRow['valueType'], value: string) =>
      input({ filter: filterOf(row({ path: 'v', valueType, value })) }).ExpressionAttributeValues?.[':v'];
    expect(values('N', '42')).toEqual({ N: '42' });
    expect(values('BOOL', 'true')).toEqual({ BOOL: true });
    expect(values('NULL', '')).toEqual({ NULL: true });
    expect(values('SS', 'a, b')).toEqual({ SS: ['a', 'b'] });
    expect(values('NS', '1,2')).toEqual({ NS: ['1', '2'] });
    expect(values('B', '01 02 03')).toEqual({ B: new Uint8Array([1, 2, 3]) });
    expect(values('L', '[{"S":"a"}]')).toEqual({ L: [{ S: 'a' }] });
    expect(values('M', '{"k":{"N":"1"}}')).toEqual({ M: { k: { N: '1' } } });
    const bad = build({ filter: filterOf(row({ id: 'x', path: 'v', valueType: 'N', value: 'ten' } as Partial<FilterRow>)) });
    expect(bad.ok).toBe(false);
  });

  it('AND / OR / NOT groups, nested', () => {
    const or = createFilterGroup({ join: 'or', children: [row({ path: 'a', value: '1' }), row({ path: 'b', value: '2' })] });
    const not = createFilterGroup({ not: true, children: [row({ path: 'c', operator: 'attribute_exists' }), row({ path: 'd', value: '3' })] });
    expect(input({ filter: filterOf(or, not, row({ path: 'e', value: '4' })) }).FilterExpression).toBe(
      '(a = :a OR b = :b) AND NOT (attribute_exists(c) AND d = :d) AND e = :e',
    );
    expect(
      input({
        filter: {
          ...EMPTY_FILTER,
          join: 'or',
          children: [row({ path: 'a', value: '1' }), createFilterGroup({ children: [row({ path: 'b', value: '2' }), row({ path: 'c', value: '3' })] })],
        },
      }).FilterExpression,
    ).toBe('a = :a OR b = :b AND c = :c');
    const empty = build({ filter: filterOf(createFilterGroup({})) });
    expect(empty.ok).toBe(false);
  });

  it('reserved words, names with dots and spaces, nested paths and list indexes', () => {
    const request = input({
      filter: filterOf(
        row({ path: 'status', value: 'open' }),
        row({ path: '"first.name"', value: 'Ann' }),
        row({ path: 'zip code', value: '1' }),
        row({ path: 'address.city[0]', value: 'B' }),
      ),
      projection: ['name', 'address.city'],
    });
    expect(request.FilterExpression).toBe('#status = :status AND #attr = :attr AND #attr2 = :attr2 AND address.city[0] = :city');
    expect(request.ProjectionExpression).toBe('#name, address.city');
    expect(request.ExpressionAttributeNames).toEqual({ '#status': 'status', '#attr': 'first.name', '#attr2': 'zip code', '#name': 'name' });
  });

  it('"Alias every name" puts every name behind a placeholder', () => {
    const request = input({ aliasAllNames: true, filter: filterOf(row({ path: 'score', value: '1' })) });
    expect('KeyConditionExpression' in request && request.KeyConditionExpression).toBe('#PK = :PK');
    expect(request.FilterExpression).toBe('#score = :score');
  });

  it("Limit: 1 … 2,147,483,647, read exactly, refused with DynamoDB's message before sending", () => {
    expect(input({ limit: '2147483647' }).Limit).toBe(2147483647);
    expect(input({ limit: ' 007 ' }).Limit).toBe(7);
    const refused = (limit: string, mode: QueryForm['mode'] = 'query') => {
      const built = build({ limit, mode });
      return built.ok ? undefined : built.errors.limit;
    };
    const fix = ' — enter a whole number from 1 to 2,147,483,647, or leave Limit empty for no limit.';
    // A Query's Limit quotes no value (DynamoDB's wording since 2026); a Scan's does, in lower camel case.
    expect(refused('0')).toBe(
      `1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1${fix}`,
    );
    expect(refused('99999999999999999999')).toBe(
      `1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value less than or equal to 2147483647${fix}`,
    );
    expect(refused('0', 'scan')).toBe(
      `1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1${fix}`,
    );
    expect(refused('99999999999999999999', 'scan')).toBe(
      `1 validation error detected: Value '99999999999999999999' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 2147483647${fix}`,
    );
    expect(refused('3000000000')).toContain('Member must have value less than or equal to 2147483647');
    expect(refused('1e3')).toBe(
      'Limit must be a whole number from 1 to 2,147,483,647; "1e3" has an exponent: write the digits, 1000. Leave it empty for no limit.',
    );
    expect(refused('2.5')).toContain('Limit must be a whole number from 1 to 2,147,483,647; "2.5" has a decimal point at character 2');
    // Digit groups read as everywhere else; DynamoDB's message quotes the digits that would be sent.
    expect(input({ limit: '2,000' }).Limit).toBe(2000);
    expect(refused('3,000,000,000', 'scan')).toContain("Value '3000000000' at 'limit'");
  });

  it('binary keys in the chosen encoding: hex or base64, refused when not valid in it', () => {
    const BLOB: KeySchemaInfo = { partitionKey: { name: 'id', type: 'B' }, sortKey: { name: 'part', type: 'B' } };
    const pk = (partitionValue: string, keyEncoding: 'hex' | 'base64') => build({ partitionValue, keyEncoding }, { keys: BLOB });
    const value = (built: ReturnType<typeof build>) => (built.ok ? built.input.ExpressionAttributeValues?.[':id'] : built.errors);
    expect(value(pk('010203', 'hex'))).toEqual({ B: new Uint8Array([1, 2, 3]) });
    expect(value(pk('0x01 02 03', 'hex'))).toEqual({ B: new Uint8Array([1, 2, 3]) });
    expect(value(pk('AQID', 'base64'))).toEqual({ B: new Uint8Array([1, 2, 3]) });
    // The trap the issue names: 010203 read as base64 used to become 01020w==.
    expect(value(pk('010203', 'base64'))).toEqual({
      partitionValue: expect.stringContaining('id is a binary key typed as base64: "010203" is not valid base64'),
    });
    expect(value(pk('010203', 'base64'))).toEqual({ partitionValue: expect.stringContaining('it looks like hex: choose hex') });
    expect(value(pk('0102 0', 'hex'))).toEqual({ partitionValue: expect.stringContaining('5 hex digits is not a whole number of bytes') });
    expect(value(pk('AQID', 'hex'))).toEqual({ partitionValue: expect.stringContaining('"Q" is not a hex digit') });
    const sort = build({ partitionValue: '01', keyEncoding: 'hex', sortOperator: 'begins_with', sortValue: 'ff00' }, { keys: BLOB });
    expect(sort.ok && Object.values(sort.input.ExpressionAttributeValues ?? {})).toContainEqual({ B: new Uint8Array([0xff, 0]) });
    // Filter rows choose their own encoding.
    const filter = (value: string, binaryEncoding: 'hex' | 'base64') => build({ filter: filterOf(row({ path: 'v', valueType: 'B', value, binaryEncoding })) });
    expect(filter('AQID', 'base64').ok).toBe(true);
    expect(filter('010203', 'base64').ok).toBe(false);
    const set = build({ filter: filterOf(row({ path: 'v', valueType: 'BS', value: '01, 0203', binaryEncoding: 'hex' })) });
    expect(set.ok && set.input.ExpressionAttributeValues?.[':v']).toEqual({ BS: [new Uint8Array([1]), new Uint8Array([2, 3])] });
  });

  it('direction, Limit, ConsistentRead, Select', () => {
    expect(input({ descending: true, limit: '3', consistentRead: true, select: 'COUNT' })).toMatchObject({
      ScanIndexForward: false,
      Limit: 3,
      ConsistentRead: true,
      Select: 'COUNT',
    });
    const gsi = build({ indexName: 'byAction', partitionValue: 'login', consistentRead: true });
    expect(gsi.ok ? undefined : gsi.errors.consistentRead).toBe('Consistent reads are not supported on global secondary indexes');
    expect(input({ indexName: 'byTime', consistentRead: true }, { keys: AUDIT_TABLE.indexes[1]?.keys as KeySchemaInfo }).ConsistentRead).toBe(true);
    const projected = build({ select: 'ALL_PROJECTED_ATTRIBUTES' });
    expect(projected.ok ? undefined : projected.errors.select).toBe('ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName');
    const specific = build({ select: 'SPECIFIC_ATTRIBUTES' });
    expect(specific.ok ? undefined : specific.errors.select).toMatch(/Must specify the AttributesToGet or ProjectionExpression/);
    const count = build({ select: 'COUNT', projection: ['a'] });
    expect(count.ok ? undefined : count.errors.select).toBe('Cannot specify the ProjectionExpression when choosing to get only the Count');
    const all = build({ indexName: 'byAction', partitionValue: 'login', select: 'ALL_ATTRIBUTES' }, { keys: AUDIT_TABLE.indexes[0]?.keys as KeySchemaInfo });
    expect(all.ok ? undefined : all.errors.select).toMatch(/not supported for global secondary index byAction/);
  });

  it("shows the validator's DynamoDB message on the part at fault", () => {
    const keyInFilter = build({ filter: filterOf(row({ path: 'SK', value: 'x' })) });
    expect(keyInFilter.ok ? undefined : keyInFilter.errors.filter).toBe(
      'ValidationException: Filter Expression can only contain non-primary key attributes: Primary key attribute: SK',
    );
    const keyRow = row({ path: 'SK', value: 'x' });
    const marked = build({ filter: filterOf(row({ path: 'a', value: '1' }), keyRow) });
    expect(marked.ok ? [] : Object.keys(marked.errors)).toEqual(['filter', `filter:${keyRow.id}:path`]);
    const scan = buildRequest(
      'AuditLog',
      AUDIT,
      { ...EMPTY_QUERY_FORM, mode: 'scan', filter: filterOf(row({ path: 'SK', value: 'x' })) },
      { table: AUDIT_TABLE },
    );
    expect(scan.ok).toBe(true);
    const overlap = build({ projection: ['a', 'a.b'] });
    expect(overlap.ok ? undefined : overlap.errors.projection).toMatch(/Two document paths overlap/);
    const badPath = build({ projection: ['a.'] });
    expect(badPath.ok ? undefined : badPath.errors['projection:0']).toMatch(/ends with a dot/);
  });
});
