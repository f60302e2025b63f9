import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConditionNode, OperandNode, PathElement, PathNode, ProjectionNode, SetValueNode, Span, UpdateNode, UpdateSectionNode, ValueNode } from './ast';
import { withoutSpans } from './expressionTestUtils';
import { parseCondition, parseProjection, parseUpdate } from './parse';
import { printCondition, printProjection, printUpdate } from './print';

const canonicalCondition = (text: string): string => printCondition(parseCondition(text, 'FilterExpression'));

describe('printCondition', () => {
  it.each([
    ['a=:v', 'a = :v'],
    ['a=:v and (not b<>:w or attribute_exists(#c))', 'a = :v AND (NOT b <> :w OR attribute_exists(#c))'],
    ['a bEtWeEn :lo aNd :hi', 'a BETWEEN :lo AND :hi'],
    ['a in(:x,:y ,size( b ))', 'a IN (:x, :y, size(b))'],
    ['(a) = (:v)', 'a = :v'],
    ['a . b [ 0 ] . #c = :v', 'a.b[0].#c = :v'],
    ['NOT NOT a = :v', 'NOT NOT a = :v'],
    ['((a = :v) OR b = :v) AND c = :v', '((a = :v) OR b = :v) AND c = :v'],
    ['begins_with ( a , :p )', 'begins_with(a, :p)'],
  ])('%j → %j', (text, printed) => {
    expect(canonicalCondition(text)).toBe(printed);
  });

  it('adds the parentheses a hand-built tree needs to keep its shape', () => {
    const span: Span = { start: 0, end: 0 };
    const leaf = (name: string): ConditionNode => ({
      kind: 'compare',
      operator: '=',
      left: { kind: 'path', elements: [{ kind: 'name', name, span }], span },
      right: { kind: 'value', ref: ':v', span },
      span,
    });
    const or: ConditionNode = { kind: 'or', left: leaf('a'), right: leaf('b'), span };
    const rightNestedAnd: ConditionNode = { kind: 'and', left: leaf('c'), right: { kind: 'and', left: leaf('d'), right: leaf('e'), span }, span };
    expect(printCondition({ kind: 'and', left: or, right: leaf('c'), span })).toBe('(a = :v OR b = :v) AND c = :v');
    expect(printCondition({ kind: 'not', operand: or, span })).toBe('NOT (a = :v OR b = :v)');
    expect(printCondition(rightNestedAnd)).toBe('c = :v AND (d = :v AND e = :v)');
    expect(printCondition({ kind: 'or', left: leaf('a'), right: { kind: 'and', left: leaf('b'), right: leaf('c'), span }, span })).toBe(
      'a = :v OR b = :v AND c = :v',
    );
  });

  it('prints trees of any depth', () => {
    const text = `${'NOT '.repeat(1000)}a = :v`;
    expect(canonicalCondition(text)).toBe(text);
    const calls = `a = ${'f('.repeat(1300)}b${')'.repeat(1300)}`;
    expect(canonicalCondition(calls)).toBe(calls);
  });
});

describe('printProjection and printUpdate', () => {
  it('prints canonical text', () => {
    expect(printProjection(parseProjection('a ,b[1] . c,#d'))).toBe('a, b[1].c, #d');
    expect(printUpdate(parseUpdate('set a=a+:one, b=if_not_exists(b,:z) remove c,d[0] add n :n delete s :s'))).toBe(
      'SET a = a + :one, b = if_not_exists(b, :z) REMOVE c, d[0] ADD n :n DELETE s :s',
    );
    expect(printUpdate(parseUpdate('SET a = (b - :c)'))).toBe('SET a = b - :c');
  });
});

// --- Round trip of random trees ---------------------------------------------------------

const SPAN: Span = { start: 0, end: 0 };
const KEYWORDS = new Set(['and', 'or', 'not', 'between', 'in', 'set', 'remove', 'add', 'delete']);

const identifier = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,5}$/).filter((name) => !KEYWORDS.has(name.toLowerCase()));
const placeholderBody = fc.stringMatching(/^[A-Za-z0-9_]{1,5}$/);
const nameElement = identifier.map((name): PathElement => ({ kind: 'name', name, span: SPAN }));
const nameRefElement = placeholderBody.map((body): PathElement => ({ kind: 'nameRef', ref: `#${body}`, span: SPAN }));
const indexElement = fc.nat({ max: 2 ** 31 - 1 }).map((index): PathElement => ({ kind: 'index', index, span: SPAN }));
// DynamoDB reads `a.:b` as a path too; its `:b` element is a name placeholder.
const valueRefElement = placeholderBody.map((body): PathElement => ({ kind: 'nameRef', ref: `:${body}`, span: SPAN }));

const pathArb: fc.Arbitrary<PathNode> = fc
  .tuple(fc.oneof(nameElement, nameRefElement), fc.array(fc.oneof(nameElement, nameRefElement, indexElement, valueRefElement), { maxLength: 4 }))
  .map(([head, tail]) => ({ kind: 'path', elements: [head, ...tail], span: SPAN }));
const valueArb: fc.Arbitrary<ValueNode> = placeholderBody.map((body) => ({ kind: 'value', ref: `:${body}`, span: SPAN }));

const { operand: operandArb } = fc.letrec<{ operand: OperandNode }>((tie) => ({
  operand: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    pathArb,
    valueArb,
    fc.record({
      kind: fc.constant('call' as const),
      name: identifier,
      args: fc.array(tie('operand'), { minLength: 1, maxLength: 3 }),
      span: fc.constant(SPAN),
    }),
  ),
}));

/** Random conditions; `parens` never directly inside `parens` (that is DynamoDB's redundant-parentheses error). */
const { condition: rawConditionArb } = fc.letrec<{ condition: ConditionNode }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      kind: fc.constant('compare' as const),
      operator: fc.constantFrom('=', '<>', '<', '<=', '>', '>=' as const),
      left: operandArb,
      right: operandArb,
      span: fc.constant(SPAN),
    }),
    fc.record({ kind: fc.constant('between' as const), operand: operandArb, low: operandArb, high: operandArb, span: fc.constant(SPAN) }),
    fc.record({ kind: fc.constant('in' as const), operand: operandArb, list: fc.array(operandArb, { minLength: 1, maxLength: 4 }), span: fc.constant(SPAN) }),
    fc.record({ kind: fc.constant('call' as const), name: identifier, args: fc.array(operandArb, { minLength: 1, maxLength: 3 }), span: fc.constant(SPAN) }),
    fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), left: tie('condition'), right: tie('condition'), span: fc.constant(SPAN) }),
    fc.record({ kind: fc.constant('not' as const), operand: tie('condition'), span: fc.constant(SPAN) }),
    tie('condition')
      .filter((inner) => inner.kind !== 'parens')
      .map((inner): ConditionNode => ({ kind: 'parens', inner, span: SPAN })),
  ),
}));

const precedence = (node: ConditionNode): number => (node.kind === 'or' ? 1 : node.kind === 'and' ? 2 : node.kind === 'not' ? 3 : 4);
const wrap = (node: ConditionNode, needed: boolean): ConditionNode => (needed ? { kind: 'parens', inner: node, span: SPAN } : node);

/** The tree the printed text parses back to: with `parens` nodes where the printer has to add parentheses. */
function withRequiredParens(node: ConditionNode): ConditionNode {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const left = withRequiredParens(node.left);
      const right = withRequiredParens(node.right);
      return { ...node, left: wrap(left, precedence(left) < precedence(node)), right: wrap(right, precedence(right) <= precedence(node)) };
    }
    case 'not': {
      const operand = withRequiredParens(node.operand);
      return { ...node, operand: wrap(operand, precedence(operand) < 3) };
    }
    case 'parens':
      return { ...node, inner: withRequiredParens(node.inner) };
    default:
      return node;
  }
}

const setValueArb: fc.Arbitrary<SetValueNode> = fc.oneof(
  operandArb,
  fc.record({
    kind: fc.constant('arithmetic' as const),
    operator: fc.constantFrom('+' as const, '-' as const),
    left: operandArb,
    right: operandArb,
    span: fc.constant(SPAN),
  }),
);
const sectionArb: fc.Arbitrary<UpdateSectionNode> = fc.oneof(
  fc.record({
    kind: fc.constant('SET' as const),
    actions: fc.array(fc.record({ path: pathArb, value: setValueArb, span: fc.constant(SPAN) }), { minLength: 1, maxLength: 3 }),
    span: fc.constant(SPAN),
  }),
  fc.record({ kind: fc.constant('REMOVE' as const), paths: fc.array(pathArb, { minLength: 1, maxLength: 3 }), span: fc.constant(SPAN) }),
  fc.record({
    kind: fc.constantFrom('ADD' as const, 'DELETE' as const),
    actions: fc.array(fc.record({ path: pathArb, value: valueArb, span: fc.constant(SPAN) }), { minLength: 1, maxLength: 3 }),
    span: fc.constant(SPAN),
  }),
);
const updateArb: fc.Arbitrary<UpdateNode> = fc.array(sectionArb, { minLength: 1, maxLength: 4 }).map((sections) => ({ kind: 'update', sections, span: SPAN }));
const projectionArb: fc.Arbitrary<ProjectionNode> = fc
  .array(pathArb, { minLength: 1, maxLength: 5 })
  .map((paths) => ({ kind: 'projection', paths, span: SPAN }));

describe('print → parse round trip', () => {
  it('gives back a random condition tree (up to spans)', () => {
    fc.assert(
      fc.property(rawConditionArb, (raw) => {
        const tree = withRequiredParens(raw);
        const printed = printCondition(tree);
        expect(withoutSpans(parseCondition(printed, 'ConditionExpression'))).toEqual(withoutSpans(tree));
        expect(printCondition(parseCondition(printed, 'ConditionExpression'))).toBe(printed);
      }),
      { numRuns: 1500 },
    );
  });

  it('gives back a random update tree', () => {
    fc.assert(
      fc.property(updateArb, (tree) => {
        const printed = printUpdate(tree);
        expect(withoutSpans(parseUpdate(printed))).toEqual(withoutSpans(tree));
      }),
      { numRuns: 800 },
    );
  });

  it('gives back a random projection tree', () => {
    fc.assert(
      fc.property(projectionArb, (tree) => {
        expect(withoutSpans(parseProjection(printProjection(tree)))).toEqual(withoutSpans(tree));
      }),
      { numRuns: 500 },
    );
  });
});
