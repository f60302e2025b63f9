import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildExpressions, nameNeedsAlias, type ConditionModel, type KeyConditionModel } from './build';
import { prepareExpressions } from './prepare';

const S = (value: string): AttributeValue => ({ S: value });
const N = (value: string): AttributeValue => ({ N: value });
const keySchema = { partitionKey: { name: 'PK', type: 'S' as const }, sortKey: { name: 'SK', type: 'S' as const } };

describe('one key-condition type for building and preparing', () => {
  it.each<KeyConditionModel>([
    { partitionKey: { name: 'PK', value: S('ACTOR#u_8814') } },
    { partitionKey: { name: 'PK', value: S('ACTOR#u_8814') }, sortKey: { name: 'SK', condition: { operator: '<=', value: S('EVT#2026-06-23') } } },
    {
      partitionKey: { name: 'PK', value: S('ACTOR#u_8814') },
      sortKey: { name: 'SK', condition: { operator: 'between', low: S('EVT#2026-06-23'), high: S('EVT#2026-06-24') } },
    },
    { partitionKey: { name: 'PK', value: S('ACTOR#u_8814') }, sortKey: { name: 'SK', condition: { operator: 'begins_with', prefix: S('EVT#') } } },
  ])('prepareExpressions reads back the model buildExpressions wrote (%#)', (model) => {
    const prepared = prepareExpressions(buildExpressions({ keyCondition: model }), { keySchema });
    expect(prepared.keyCondition).toEqual(model);
  });
});

describe('buildExpressions', () => {
  it('writes the article audit-log query: one actor, events of 2026-06-23, via BETWEEN', () => {
    const built = buildExpressions({
      keyCondition: {
        partitionKey: { name: 'PK', value: S('ACTOR#u_8814') },
        sortKey: { name: 'SK', condition: { operator: 'between', low: S('EVT#2026-06-23T00:00:00Z'), high: S('EVT#2026-06-23T23:59:59Z') } },
      },
    });
    expect(built).toEqual({
      KeyConditionExpression: 'PK = :PK AND SK BETWEEN :SKLow AND :SKHigh',
      ExpressionAttributeValues: {
        ':PK': S('ACTOR#u_8814'),
        ':SKLow': S('EVT#2026-06-23T00:00:00Z'),
        ':SKHigh': S('EVT#2026-06-23T23:59:59Z'),
      },
    });
    const prepared = prepareExpressions(built, { keySchema });
    expect(prepared.keyCondition?.sortKey?.condition).toEqual({ operator: 'between', low: S('EVT#2026-06-23T00:00:00Z'), high: S('EVT#2026-06-23T23:59:59Z') });
  });

  it.each([
    ['=', 'SK = :SK'],
    ['<', 'SK < :SK'],
    ['<=', 'SK <= :SK'],
    ['>', 'SK > :SK'],
    ['>=', 'SK >= :SK'],
  ] as const)('sort-key operator %s', (operator, expected) => {
    const built = buildExpressions({
      keyCondition: { partitionKey: { name: 'PK', value: S('p') }, sortKey: { name: 'SK', condition: { operator, value: S('EVT#') } } },
    });
    expect(built.KeyConditionExpression).toBe(`PK = :PK AND ${expected}`);
    expect(() => prepareExpressions(built, { keySchema })).not.toThrow();
  });

  it('writes begins_with for a prefix', () => {
    const built = buildExpressions({
      keyCondition: { partitionKey: { name: 'PK', value: S('p') }, sortKey: { name: 'SK', condition: { operator: 'begins_with', prefix: S('EVT#2026-06') } } },
    });
    expect(built.KeyConditionExpression).toBe('PK = :PK AND begins_with(SK, :SKPrefix)');
  });

  it('aliases reserved words, names with special characters and leading digits', () => {
    const built = buildExpressions({
      keyCondition: { partitionKey: { name: 'name', value: S('x') }, sortKey: { name: 'data.v2', condition: { operator: '>', value: S('a') } } },
      filter: {
        kind: 'and',
        conditions: [
          { kind: 'compare', path: ['status'], operator: '=', value: S('ACTIVE') },
          { kind: 'attribute_exists', path: ['my attr'] },
          { kind: 'compare', path: ['1st'], operator: '>', value: N('0') },
          { kind: 'compare', path: ['score'], operator: '>=', value: N('10') },
        ],
      },
    });
    expect(built.ExpressionAttributeNames).toEqual({ '#name': 'name', '#attr': 'data.v2', '#status': 'status', '#attr2': 'my attr', '#1st': '1st' });
    expect(built.KeyConditionExpression).toBe('#name = :name AND #attr > :attr');
    expect(built.FilterExpression).toBe('#status = :status AND attribute_exists(#attr2) AND #1st > :1st AND score >= :score');
    const prepared = prepareExpressions(built, { keySchema: { partitionKey: { name: 'name', type: 'S' }, sortKey: { name: 'data.v2', type: 'S' } } });
    expect(prepared.keyCondition?.sortKey?.name).toBe('data.v2');
  });

  it('aliases every name on request', () => {
    const built = buildExpressions(
      { filter: { kind: 'compare', path: ['score'], operator: '>', value: N('1') }, projection: [['score'], ['m', 'x', 0]] },
      { aliasAllNames: true },
    );
    expect(built).toMatchObject({
      FilterExpression: '#score > :score',
      ProjectionExpression: '#score, #m.#x[0]',
      ExpressionAttributeNames: { '#score': 'score', '#m': 'm', '#x': 'x' },
    });
    expect(() => prepareExpressions(built)).not.toThrow();
  });

  it('parenthesises OR inside AND and groups under NOT, and nothing else', () => {
    const filter: ConditionModel = {
      kind: 'and',
      conditions: [
        {
          kind: 'or',
          conditions: [
            { kind: 'compare', path: ['a'], operator: '=', value: N('1') },
            { kind: 'compare', path: ['b'], operator: '=', value: N('2') },
          ],
        },
        {
          kind: 'not',
          condition: {
            kind: 'and',
            conditions: [
              { kind: 'attribute_exists', path: ['c'] },
              { kind: 'contains', path: ['d'], value: S('x') },
            ],
          },
        },
        { kind: 'in', path: ['e'], values: [S('a'), S('b')] },
        { kind: 'between', path: ['f'], low: N('1'), high: N('9'), size: true },
        { kind: 'attribute_type', path: ['g'], type: 'SS' },
      ],
    };
    const built = buildExpressions({ filter });
    expect(built.FilterExpression).toBe(
      '(a = :a OR b = :b) AND NOT (attribute_exists(c) AND contains(d, :d)) AND e IN (:e, :e2) AND size(f) BETWEEN :fLow AND :fHigh AND attribute_type(g, :gType)',
    );
    expect(() => prepareExpressions(built)).not.toThrow();
  });

  it('says which names need a placeholder', () => {
    expect(nameNeedsAlias('rankKey')).toBe(false);
    expect(nameNeedsAlias('STATUS')).toBe(true);
    expect(nameNeedsAlias('a.b')).toBe(true);
    expect(nameNeedsAlias('9lives')).toBe(true);
    expect(nameNeedsAlias('')).toBe(true);
    expect(nameNeedsAlias('_private')).toBe(true); // DynamoDB: a name must start with a letter
  });

  it('always produces expressions that pass our own validator (property)', () => {
    const name = fc.oneof(fc.constantFrom('a', 'score', 'status', 'name', 'data', 'my-attr', 'a.b', '1x', 'é', '𝄞'), fc.string({ minLength: 1, maxLength: 6 }));
    const value = fc.oneof(
      fc.string({ maxLength: 4 }).map(S),
      fc.integer().map((n) => N(String(n))),
    );
    const path = fc
      .tuple(name, fc.option(fc.oneof(name, fc.nat(3)), { nil: undefined }))
      .map(([first, second]) => (second === undefined ? [first] : [first, second]));
    const leaf: fc.Arbitrary<ConditionModel> = fc.oneof(
      fc.record({ kind: fc.constant('compare' as const), path, operator: fc.constantFrom('=', '<>', '<', '<=', '>', '>=' as const), value }),
      // DynamoDB refuses BETWEEN bounds of two types or in the wrong order, so generate valid ones.
      fc
        .tuple(path, fc.integer(), fc.integer())
        .map(([p, x, y]): ConditionModel => ({ kind: 'between', path: p, low: N(String(Math.min(x, y))), high: N(String(Math.max(x, y))) })),
      fc.record({ kind: fc.constant('in' as const), path, values: fc.array(value, { minLength: 1, maxLength: 5 }) }),
      fc.record({ kind: fc.constantFrom('begins_with' as const, 'contains' as const), path, value: fc.string({ minLength: 1, maxLength: 3 }).map(S) }),
      fc.record({ kind: fc.constantFrom('attribute_exists' as const, 'attribute_not_exists' as const), path }),
    );
    const condition: fc.Arbitrary<ConditionModel> = fc.letrec<{ c: ConditionModel }>((tie) => ({
      c: fc.oneof(
        { depthSize: 'small', maxDepth: 3 },
        leaf,
        fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), conditions: fc.array(tie('c'), { minLength: 1, maxLength: 3 }) }),
        fc.record({ kind: fc.constant('not' as const), condition: tie('c') }),
      ),
    })).c;
    const keyCondition: fc.Arbitrary<KeyConditionModel> = fc.record({
      partitionKey: fc.record({ name: fc.constant('PK'), value: fc.string({ minLength: 1, maxLength: 4 }).map(S) }),
      sortKey: fc.record({
        name: fc.constant('SK'),
        condition: fc.record({ operator: fc.constantFrom('=', '<', '>=' as const), value: fc.string({ minLength: 1, maxLength: 4 }).map(S) }),
      }),
    });
    fc.assert(
      fc.property(keyCondition, condition, fc.boolean(), (key, filter, aliasAllNames) => {
        const built = buildExpressions({ keyCondition: key, filter }, { aliasAllNames });
        // Filter paths never name PK/SK here, so the Query rule against key attributes in filters doesn't apply.
        prepareExpressions(built, { keySchema, primaryKeyNames: ['PK', 'SK'] });
      }),
      { numRuns: 300 },
    );
  });
});
