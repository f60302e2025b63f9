import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConditionNode } from './ast';
import { isDynamoDBError } from './errors';
import { catchDynamoDBError, withoutSpans } from './expressionTestUtils';
import { parseCondition, parseProjection, parseUpdate } from './parse';

const filter = (text: string): ConditionNode => parseCondition(text, 'FilterExpression');
const filterError = (text: string): string => catchDynamoDBError(() => filter(text)).message;
const shape = (text: string): unknown => withoutSpans(filter(text));
const path = (...names: string[]) => ({ kind: 'path', elements: names.map((name) => ({ kind: 'name', name })) });
const value = (ref: string) => ({ kind: 'value', ref });
const compare = (left: unknown, operator: string, right: unknown) => ({ kind: 'compare', operator, left, right });

describe('parseCondition: trees', () => {
  it('parses comparators, BETWEEN, IN and functions', () => {
    expect(shape('a <= :v')).toEqual(compare(path('a'), '<=', value(':v')));
    expect(shape('a BETWEEN :lo AND :hi')).toEqual({ kind: 'between', operand: path('a'), low: value(':lo'), high: value(':hi') });
    expect(shape('a IN (:x, b, size(c))')).toEqual({
      kind: 'in',
      operand: path('a'),
      list: [value(':x'), path('b'), { kind: 'call', name: 'size', args: [path('c')] }],
    });
    expect(shape('begins_with(a, :p)')).toEqual({ kind: 'call', name: 'begins_with', args: [path('a'), value(':p')] });
  });

  it('binds NOT tighter than AND, AND tighter than OR, and chains left to right', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => compare(path(name), '=', value(':v')));
    expect(shape('a = :v OR b = :v AND NOT c = :v OR d = :v')).toEqual({
      kind: 'or',
      left: { kind: 'or', left: a, right: { kind: 'and', left: b, right: { kind: 'not', operand: c } } },
      right: d,
    });
    expect(shape('a = :v AND b = :v AND c = :v')).toEqual({ kind: 'and', left: { kind: 'and', left: a, right: b }, right: c });
    expect(shape('NOT NOT a = :v')).toEqual({ kind: 'not', operand: { kind: 'not', operand: a } });
  });

  it('keeps condition parentheses as nodes and drops those around operands', () => {
    expect(shape('(a = :v)')).toEqual({ kind: 'parens', inner: compare(path('a'), '=', value(':v')) });
    expect(shape('(a) = (:v)')).toEqual(compare(path('a'), '=', value(':v')));
    expect(shape('(size(a)) > :v')).toEqual(compare({ kind: 'call', name: 'size', args: [path('a')] }, '>', value(':v')));
    expect(shape('(attribute_exists(a))')).toEqual({ kind: 'parens', inner: { kind: 'call', name: 'attribute_exists', args: [path('a')] } });
    expect(shape('NOT (a) = :v')).toEqual({ kind: 'not', operand: compare(path('a'), '=', value(':v')) });
  });

  it('reads keywords in any case and keeps function names as written', () => {
    expect(shape('a bEtWeEn :x aNd :y')).toEqual(shape('a BETWEEN :x AND :y'));
    expect(shape('nOt a iN (:x) oR b = :y')).toEqual(shape('NOT a IN (:x) OR b = :y'));
    expect(shape('Size(a) = :v')).toEqual(compare({ kind: 'call', name: 'Size', args: [path('a')] }, '=', value(':v')));
  });

  it('reads document paths: names, #placeholders, list indexes, whitespace between elements', () => {
    expect(shape('a.#b [ 0 ] . c[12] = :v')).toEqual(
      compare(
        {
          kind: 'path',
          elements: [
            { kind: 'name', name: 'a' },
            { kind: 'nameRef', ref: '#b' },
            { kind: 'index', index: 0 },
            { kind: 'name', name: 'c' },
            { kind: 'index', index: 12 },
          ],
        },
        '=',
        value(':v'),
      ),
    );
    // DynamoDB reads `.:b` as a name placeholder (which can never be defined).
    expect(shape('a.:b = :v')).toEqual(
      compare(
        {
          kind: 'path',
          elements: [
            { kind: 'name', name: 'a' },
            { kind: 'nameRef', ref: ':b' },
          ],
        },
        '=',
        value(':v'),
      ),
    );
  });

  it('records spans: nodes cover their text, operand parentheses included in the condition', () => {
    const node = filter(' (a) = :v AND b.c[1] <> :w');
    expect(node.span).toEqual({ start: 1, end: 26 });
    if (node.kind !== 'and' || node.left.kind !== 'compare' || node.right.kind !== 'compare') throw new Error('shape');
    expect(node.left.span).toEqual({ start: 1, end: 9 });
    expect(node.left.left.span).toEqual({ start: 2, end: 3 });
    expect(node.right.left.span).toEqual({ start: 14, end: 20 });
  });
});

describe('parseCondition: errors', () => {
  // All verified on DynamoDB Local 3.3.1 (see also prepare.recordings.test.ts).
  it.each([
    ['a =', '<EOF>', '='],
    ['things are not gonna be ok', 'are', 'things are not'],
    ['a > 4', '4', '> 4'],
    ['a > 4   ', '4', '> 4   '],
    ['attribute_exists(Pictures-RearView)', '-', 'Pictures-RearView'],
    ['attribute_exists("Pictures.RearView")', '"', '("Pictures'],
    ['attribute_exists(Pictures..RearView)', '.', '..RearView'],
    ['attribute_exists(Pi#ctures.RearView)', '#ctures', 'Pi#ctures.'],
    ['a in b, c', 'b', 'in b,'],
    ['a in (b,c,)', ')', ',)'],
    ['(a)between(b.(c.d))and(c)', '(', '.(c'],
    ['(a)between(b.c.d)and((c)', '<EOF>', ')'],
    ['#$.b > a', '#', '#$'],
    ['  #$', '#', '  #$'],
    ['b[#_] > a', '#_', '[#_]'],
    ['(a)between(b.c[4.5].#d)and(:a)', '.', '4.5'],
    ['size(a)[0] > a', '[', ')[0'],
    ['(size(a)).b > a', '.', ').b'],
    ['(a).b = c', '.', ').b'],
    [' ', '<EOF>', ' '],
    ['(a = b', '<EOF>', 'b'],
    ['a = b)', ')', 'b)'],
    ['a != b', '!', 'a !='],
    ['a = b[01]', '1', '01]'],
    ['a = b[-1]', '-', '[-1'],
    ['_a = b', '_', '_a'],
    ['a IN (b) IN (c)', 'IN', ') IN ('],
    ['a = b BETWEEN c AND d', 'BETWEEN', 'b BETWEEN c'],
    ['NOT a', '<EOF>', 'a'],
    ['size()', ')', '()'],
    ['()', ')', '()'],
    ['a\n=\nb\nc', 'c', 'b\nc'],
    ['set = :a', 'set', 'set ='],
    ['a.and = b', 'and', '.and ='],
    ['a\f= :a', '\f', 'a\f='],
    // An emoji is two tokens; DynamoDB quotes the first half (a lone surrogate).
    ['😀 = a', '\uD83D', '😀'],
    ['a = b 😀', '\uD83D', 'b 😀'],
  ])('%j: token %j near %j', (text, token, near) => {
    expect(filterError(text)).toBe(`Invalid FilterExpression: Syntax error; token: "${token}", near: "${near}"`);
  });

  it('names the expression kind in the message and the location', () => {
    const error = catchDynamoDBError(() => parseCondition('pk = ', 'KeyConditionExpression'));
    expect(error.name).toBe('ValidationException');
    expect(error.message).toBe('Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "= "');
    expect(error.location).toEqual({ expression: 'KeyConditionExpression', span: { start: 5, end: 5 } });
    expect(catchDynamoDBError(() => parseCondition('a ! b', 'ConditionExpression')).location).toEqual({
      expression: 'ConditionExpression',
      span: { start: 2, end: 3 },
    });
  });

  it('rejects the empty expression, but reports whitespace as a syntax error', () => {
    expect(filterError('')).toBe('Invalid FilterExpression: The expression can not be empty;');
    expect(filterError('\t')).toBe('Invalid FilterExpression: Syntax error; token: "<EOF>", near: "\t"');
  });

  it('limits an expression to 4096 UTF-16 code units, checked before anything else', () => {
    expect(() => filter(`x = :v${' '.repeat(4090)}`)).not.toThrow();
    expect(filterError(`x = :v${' '.repeat(4091)}`)).toBe(
      'Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 4097',
    );
    // 2046 emoji are 4092 code units: DynamoDB counts UTF-16 code units, not characters or bytes.
    expect(filterError(`${'😀'.repeat(2046)} = :v`)).toBe(
      'Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 4097',
    );
    expect(filterError(`${'é'.repeat(2046)} = :v`)).toBe('Invalid FilterExpression: Syntax error; token: "é", near: "éé"');
    expect(filterError('('.repeat(100_000))).toBe('Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 100000');
    expect(catchDynamoDBError(() => parseCondition(`pk = :a${' '.repeat(4091)}`, 'KeyConditionExpression')).message).toBe(
      'Invalid KeyConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4098',
    );
    // Sic: without the size for updates and projections.
    expect(catchDynamoDBError(() => parseUpdate(`SET a = :v${' '.repeat(4087)}`)).message).toBe(
      'Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;',
    );
    expect(catchDynamoDBError(() => parseProjection('a'.repeat(4097))).message).toBe(
      'Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;',
    );
    expect(() => parseUpdate(`SET a = :v${' '.repeat(4086)}`)).not.toThrow();
  });

  it.each([
    '((a = b))',
    'a = ((b))',
    '(((a = b)))',
    'NOT ((a = b))',
    'a=a and a > ((views))',
    'a > whatever((:things), ((a)))',
    'a=a AND ((a=a AND a=a)) AND a=a',
    'a=a OR ((a=a OR (a=a OR a=a)))',
    'a = size(((b)))',
    '((size(a))) > b',
    '((attribute_exists(a)))',
  ])('%j has redundant parentheses', (text) => {
    expect(filterError(text)).toBe('Invalid FilterExpression: The expression has redundant parentheses;');
  });

  // DynamoDB reports redundant parentheses as soon as its parser has read them: before a later syntax
  // error, after an earlier one. Inside a call's arguments it notices only once the call is complete, and
  // `((path))` at the start of a condition only at the comparator that makes it an operand.
  it.each([
    ['((a = b)) AND', null],
    ['((b)) = ', null],
    ['a = ((b)) c', null],
    ['a IN (((b)) c', null],
    ['((attribute_exists(a))) c', null],
    ['size(((b))) x', null],
    ['((b)) AND', 'Syntax error; token: "AND", near: ") AND"'],
    ['((b)).c = a', 'Syntax error; token: ".", near: ").c"'],
    ['size(((b)) x', 'Syntax error; token: "x", near: ") x"'],
    ['size(((b)), x', 'Syntax error; token: "<EOF>", near: "x"'],
    ['((attribute_exists(a)) c', 'Syntax error; token: "c", near: ") c"'],
    ['x = ! AND ((a = b))', 'Syntax error; token: "!", near: "= ! AND"'],
  ])('%j: redundant parentheses and syntax errors in reading order', (text, syntax) => {
    expect(filterError(text)).toBe(`Invalid FilterExpression: ${syntax ?? 'The expression has redundant parentheses;'}`);
  });

  it('parses deep nesting without recursion: 2000 parentheses, 1000 NOTs, 800 nested calls', () => {
    expect(filterError(`${'('.repeat(2000)}a = :v${')'.repeat(2000)}`)).toBe('Invalid FilterExpression: The expression has redundant parentheses;');
    expect(filterError('('.repeat(4096))).toBe('Invalid FilterExpression: Syntax error; token: "<EOF>", near: "("');
    expect(filter(`${'NOT '.repeat(1000)}a = :v`).kind).toBe('not');
    const calls = `a = ${'f('.repeat(1300)}b${')'.repeat(1300)}`;
    expect(filter(calls).kind).toBe('compare');
    const groups = `${'(a = :v AND '.repeat(300)}b = :v${')'.repeat(300)}`;
    expect(filter(groups).kind).toBe('parens');
  });
});

describe('parseProjection', () => {
  it('parses paths separated by commas', () => {
    expect(withoutSpans(parseProjection(' a , #b.c[1]'))).toEqual({
      kind: 'projection',
      paths: [
        path('a'),
        {
          kind: 'path',
          elements: [
            { kind: 'nameRef', ref: '#b' },
            { kind: 'name', name: 'c' },
            { kind: 'index', index: 1 },
          ],
        },
      ],
    });
  });

  it.each([
    ['a,', '<EOF>', ','],
    [',a', ',', ',a'],
    ['a b', 'b', 'a b'],
    [':a', ':a', ':a'],
    ['size(a)', '(', 'size(a'],
    ['(a)', '(', '(a'],
    ['a AND b', 'AND', 'a AND b'],
    ['in', 'in', 'in'],
  ])('%j: token %j near %j', (text, token, near) => {
    expect(catchDynamoDBError(() => parseProjection(text)).message).toBe(`Invalid ProjectionExpression: Syntax error; token: "${token}", near: "${near}"`);
  });
});

describe('parseUpdate', () => {
  it('parses the four sections in the order written, keywords in any case', () => {
    const tree = withoutSpans(
      parseUpdate('remove x, y[1] set a = :v, b = c + :n, d = (e - f), g = if_not_exists(h, list_append(:l, i)) add n :one delete s :set'),
    );
    expect(tree).toEqual({
      kind: 'update',
      sections: [
        {
          kind: 'REMOVE',
          paths: [
            path('x'),
            {
              kind: 'path',
              elements: [
                { kind: 'name', name: 'y' },
                { kind: 'index', index: 1 },
              ],
            },
          ],
        },
        {
          kind: 'SET',
          actions: [
            { path: path('a'), value: value(':v') },
            { path: path('b'), value: { kind: 'arithmetic', operator: '+', left: path('c'), right: value(':n') } },
            { path: path('d'), value: { kind: 'arithmetic', operator: '-', left: path('e'), right: path('f') } },
            {
              path: path('g'),
              value: { kind: 'call', name: 'if_not_exists', args: [path('h'), { kind: 'call', name: 'list_append', args: [value(':l'), path('i')] }] },
            },
          ],
        },
        { kind: 'ADD', actions: [{ path: path('n'), value: value(':one') }] },
        { kind: 'DELETE', actions: [{ path: path('s'), value: value(':set') }] },
      ],
    });
  });

  it('leaves a repeated section to the validator', () => {
    expect(parseUpdate('SET a = :v SET b = :v').sections).toHaveLength(2);
  });

  it.each([
    ['SET a = :a,', '<EOF>', ','],
    ['SET', '<EOF>', 'SET'],
    ['SET a', '<EOF>', 'a'],
    ['SET a = b + ', '<EOF>', '+ '],
    ['SET a = b + c + d', '+', 'c + d'],
    ['SET a = (b + c) + d', '+', ') + d'],
    ['SET a = if_not_exists(b, c + d)', '+', 'c + d'],
    ['SET a = -b', '-', '= -b'],
    ['SET (a) = b', '(', 'SET (a'],
    ['SET :a = b', ':a', 'SET :a ='],
    ['SET a = b c = d', 'c', 'b c ='],
    ['SET a = b, SET c = d', 'SET', ', SET c'],
    ['SETa = :a', 'SETa', 'SETa ='],
    ['UPDATE a = b', 'UPDATE', 'UPDATE a'],
    ['a = b', 'a', 'a ='],
    ['ADD a b', 'b', 'a b'],
    ['ADD a (:s)', '(', 'a (:s'],
    ['ADD a = :s', '=', 'a = :s'],
    ['REMOVE :a', ':a', 'REMOVE :a'],
    ['DELETE a', '<EOF>', 'a'],
    ['SET a = :a REMOVE', '<EOF>', 'REMOVE'],
  ])('%j: token %j near %j', (text, token, near) => {
    expect(catchDynamoDBError(() => parseUpdate(text)).message).toBe(`Invalid UpdateExpression: Syntax error; token: "${token}", near: "${near}"`);
  });

  it.each([
    'SET a = ((b + c))',
    'SET a = ((b)) + c',
    'SET a = ((:v))',
    'SET a = list_append(((b)), c)',
    'SET a = ((b)) +',
    'SET a = ((b + c)) d',
    'SET a = (((b)) + c) d',
  ])('%j has redundant parentheses', (text) => {
    expect(catchDynamoDBError(() => parseUpdate(text)).message).toBe('Invalid UpdateExpression: The expression has redundant parentheses;');
  });

  it('accepts single parentheses around a value, an operand or an arithmetic', () => {
    expect(withoutSpans(parseUpdate('SET a = (b) + (c), d = (:v), e = (f - :g)'))).toMatchObject({ sections: [{ kind: 'SET' }] });
  });
});

describe('robustness', () => {
  const validationOnly = (run: () => unknown): void => {
    try {
      run();
    } catch (error) {
      if (!isDynamoDBError(error, 'ValidationException')) throw error;
    }
  };
  const pieces = [
    'a',
    'b.c',
    '#n',
    ':v',
    '[0]',
    '[',
    ']',
    '(',
    ')',
    ',',
    '.',
    '=',
    '<>',
    '<',
    '>=',
    '+',
    '-',
    'AND',
    'or',
    'NOT',
    'between',
    'IN',
    'SET',
    'REMOVE',
    'ADD',
    'DELETE',
    'size(',
    'f(',
    '"',
    "'",
    '😀',
    '\u0000',
    ' ',
  ];
  const garbage = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(' ')),
    fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join('')),
  );

  it('throws nothing but a ValidationException, whatever the text', () => {
    fc.assert(
      fc.property(garbage, (text) => {
        validationOnly(() => parseCondition(text, 'FilterExpression'));
        validationOnly(() => parseCondition(text, 'KeyConditionExpression'));
        validationOnly(() => parseProjection(text));
        validationOnly(() => parseUpdate(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('rejects values that are not strings with a ValidationException', () => {
    for (const input of [undefined, null, 42, {}, ['a = b']]) {
      expect(catchDynamoDBError(() => parseCondition(input as unknown as string, 'FilterExpression')).name).toBe('ValidationException');
      expect(catchDynamoDBError(() => parseUpdate(input as unknown as string)).name).toBe('ValidationException');
    }
  });
});
