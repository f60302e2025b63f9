/**
 * prepareExpressions: one table per rule, with DynamoDB's messages. Unless a
 * comment says otherwise, each message was checked on DynamoDB Local 3.3.1
 * (more cases, replayed verbatim, in prepare.recordings.test.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDynamoDBError } from './errors';
import { catchDynamoDBError } from './expressionTestUtils';
import { prepareExpressions, type ExpressionRequest, type PrepareOptions } from './prepare';
import type { KeySchemaInfo } from './prepared';
import { RESERVED_WORDS } from './reservedWords';

const messageOf = (request: ExpressionRequest, options?: PrepareOptions): string => catchDynamoDBError(() => prepareExpressions(request, options)).message;
const S = (value: string): AttributeValue => ({ S: value });
const N = (value: string): AttributeValue => ({ N: value });
const filterMessage = (text: string, values?: Record<string, AttributeValue>, names?: Record<string, string>): string =>
  messageOf({ FilterExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names });

const RANGE_S: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } };
const RANGE_N: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } };
const RANGE_B: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'B' } };
const HASH_ONLY: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' } };

describe('ExpressionAttributeNames and ExpressionAttributeValues', () => {
  it.each<[string, ExpressionRequest, PrepareOptions | undefined, string]>([
    ['names without expressions', { ExpressionAttributeNames: { '#a': 'a' } }, undefined, 'ExpressionAttributeNames can only be specified when using expressions'],
    ['values without a Scan filter', { ProjectionExpression: 'x', ExpressionAttributeValues: { ':a': S('a') } }, { operation: 'Scan' }, 'ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null'],
    ['values without a Query condition', { ExpressionAttributeValues: { ':a': S('a') } }, { operation: 'Query' }, 'ExpressionAttributeValues can only be specified when using expressions: FilterExpression and KeyConditionExpression are null'],
    ['values without an UpdateItem expression', { ExpressionAttributeValues: { ':a': S('a') } }, { operation: 'UpdateItem' }, 'ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and ConditionExpression are null'],
    ['values without a PutItem condition', { ExpressionAttributeValues: { ':a': S('a') } }, { operation: 'PutItem' }, 'ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null'],
    // Without the operation (and for GetItem) unusable values are simply unused.
    ['values and only a projection', { ProjectionExpression: 'x', ExpressionAttributeValues: { ':a': S('a') } }, undefined, 'Value provided in ExpressionAttributeValues unused in expressions: keys: {:a}'],
    ['empty names', { FilterExpression: 'a = :v', ExpressionAttributeNames: {}, ExpressionAttributeValues: {} }, undefined, 'ExpressionAttributeNames must not be empty'],
    ['empty values', { FilterExpression: 'a = b', ExpressionAttributeValues: {} }, undefined, 'ExpressionAttributeValues must not be empty'],
    ['a name key without #', { FilterExpression: 'a = b', ExpressionAttributeNames: { a: 'x' } }, undefined, 'ExpressionAttributeNames contains invalid key: Syntax error; key: "a"'],
    ['a lone #', { FilterExpression: 'a = b', ExpressionAttributeNames: { '#': 'x' } }, undefined, 'ExpressionAttributeNames contains invalid key: Syntax error; key: "#"'],
    ['a name key with -', { FilterExpression: 'a = b', ExpressionAttributeNames: { '#a-b': 'x' } }, undefined, 'ExpressionAttributeNames contains invalid key: Syntax error; key: "#a-b"'],
    ['a name key with ä', { FilterExpression: 'a = b', ExpressionAttributeNames: { '#ä': 'x' } }, undefined, 'ExpressionAttributeNames contains invalid key: Syntax error; key: "#ä"'],
    ['a value key without :', { FilterExpression: 'a = :v', ExpressionAttributeValues: { ':v': S('x'), v: S('x') } }, undefined, 'ExpressionAttributeValues contains invalid key: Syntax error; key: "v"'],
    ['a value key with a space', { FilterExpression: 'a = :v', ExpressionAttributeValues: { ':v': S('x'), ':a b': S('x') } }, undefined, 'ExpressionAttributeValues contains invalid key: Syntax error; key: ":a b"'],
    ['a 256-character name key', { FilterExpression: 'a = b', ExpressionAttributeNames: { [`#${'n'.repeat(255)}`]: 'x' } }, undefined, 'ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: 256'],
    // Sic: no size for values.
    ['a 256-character value key', { FilterExpression: 'a = b', ExpressionAttributeValues: { [`:${'v'.repeat(255)}`]: S('x') } }, undefined, 'ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too long;'],
    ['an empty attribute name', { FilterExpression: '#n = b', ExpressionAttributeNames: { '#n': '' } }, undefined, 'ExpressionAttributeNames contains invalid value: Empty attribute name for key #n'],
    ['an attribute name of 64 KB', { FilterExpression: '#n = b', ExpressionAttributeNames: { '#n': 'x'.repeat(65_536) } }, undefined, 'ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than 65536 bytes for key #n'],
    // Keys are checked before values: names, then values; then values' values, then names' values.
    ['names keys first', { FilterExpression: 'a = b', ExpressionAttributeValues: { x: {} as AttributeValue }, ExpressionAttributeNames: { y: 'z' } }, undefined, 'ExpressionAttributeNames contains invalid key: Syntax error; key: "y"'],
    ['values before names values', { FilterExpression: 'a = b', ExpressionAttributeValues: { ':x': {} as AttributeValue }, ExpressionAttributeNames: { '#y': '' } }, undefined, 'ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key :x'],
    ['keys before values', { FilterExpression: 'a = :x', ExpressionAttributeValues: { ':y': { SS: [] }, x: S('x') } }, undefined, 'ExpressionAttributeValues contains invalid key: Syntax error; key: "x"'],
  ])('%s', (_case, request, options, message) => {
    expect(messageOf(request, options)).toBe(message);
  });

  it.each<[AttributeValue | object, string]>([
    [{}, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    [{ S: 'a', N: '1' }, 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes'],
    [{ SS: [] }, 'One or more parameter values were invalid: An string set  may not be empty'],
    [{ NS: [] }, 'One or more parameter values were invalid: An number set  may not be empty'],
    [{ BS: [] }, 'One or more parameter values were invalid: Binary sets should not be empty'],
    // DynamoDB Local 3.3.1 drops the period; dynalite recorded it from DynamoDB, and the semantics doc has it.
    [{ SS: ['a', 'a'] }, 'One or more parameter values were invalid: Input collection [a, a] contains duplicates.'],
    [{ NS: ['1', '1.0'] }, 'Input collection contains duplicates'],
    // Sic (dynalite's recording): no space before "of"; DynamoDB Local omits the members.
    [{ BS: [Uint8Array.of(0x62), Uint8Array.of(0x62)] }, 'One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates.'],
    // Numbers: parseDynamoNumber's messages, as dynalite recorded them (DynamoDB Local: "A value provided cannot be converted into a number").
    [{ N: 'abc' }, 'The parameter cannot be converted to a numeric value: abc'],
    [{ N: '' }, 'The parameter cannot be converted to a numeric value'],
    [{ N: '1e126' }, 'Number overflow. Attempting to store a number with magnitude larger than supported range'],
    [{ N: '1234567890123456789012345678901234567890' }, 'Attempting to store more than 38 significant digits in a Number'],
    [{ NS: ['1', 'x'] }, 'The parameter cannot be converted to a numeric value: x'],
    [{ NULL: false }, 'One or more parameter values were invalid: Null attribute value types must have the value of true'],
    [{ M: { a: {} } }, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    [{ L: [S('a'), { SS: [] }] }, 'One or more parameter values were invalid: An string set  may not be empty'],
    [{ M: { '': S('x') } }, 'Empty attribute name'],
  ])('value %j', (value, problem) => {
    expect(filterMessage('a = :x', { ':x': value as AttributeValue })).toBe(`ExpressionAttributeValues contains invalid value: ${problem} for key :x`);
  });

  it('accepts empty S and B, and sets with an empty member, outside keys', () => {
    expect(() => prepareExpressions({ FilterExpression: 'a IN (:s, :b, :ss)', ExpressionAttributeValues: { ':s': S(''), ':b': { B: new Uint8Array() }, ':ss': { SS: ['a', ''] } } })).not.toThrow();
  });

  it('limits M and L nesting in a value to 32 levels', () => {
    let value: AttributeValue = S('x');
    for (let n = 0; n < 32; n++) value = { L: [value] };
    expect(() => prepareExpressions({ FilterExpression: 'a = :x', ExpressionAttributeValues: { ':x': value } })).not.toThrow();
    expect(filterMessage('a = :x', { ':x': { M: { k: value } } })).toBe(
      'ExpressionAttributeValues contains invalid value: Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit for key :x',
    );
  });

  it('lists unused names, then values, in DynamoDB\'s (Java HashMap) order, after all expressions are valid', () => {
    expect(messageOf({ FilterExpression: 'a = :a', ExpressionAttributeValues: { ':a': S('x'), ':z': S('x'), ':c': S('x'), ':b': S('x') } })).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:z, :b, :c}',
    );
    expect(messageOf({ FilterExpression: 'a = :a', ExpressionAttributeValues: { ':a': S('x'), ':u': S('x') }, ExpressionAttributeNames: { '#u': 'u', '#v': 'v' } })).toBe(
      'Value provided in ExpressionAttributeNames unused in expressions: keys: {#u, #v}',
    );
    const many = Object.fromEntries([':a', ...Array.from({ length: 20 }, (_, n) => `:k${String.fromCharCode(97 + n)}`)].map((key) => [key, S('x')]));
    expect(messageOf({ FilterExpression: 'a = :a', ExpressionAttributeValues: many })).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:kq, :kr, :ks, :kt, :ka, :kb, :kc, :kd, :ke, :kf, :kg, :kh, :ki, :kj, :kk, :kl, :km, :kn, :ko, :kp}',
    );
    // Used by any expression of the request counts.
    expect(() =>
      prepareExpressions({ FilterExpression: '#a = :a', ProjectionExpression: '#b', ExpressionAttributeNames: { '#a': 'a', '#b': 'b' }, ExpressionAttributeValues: { ':a': S('x') } }),
    ).not.toThrow();
  });
});

describe('reserved words', () => {
  it('rejects each of the 573 words as a name, in the case written, in any path element', () => {
    expect(RESERVED_WORDS.size).toBe(573);
    for (const word of RESERVED_WORDS) {
      // AND, OR, NOT, BETWEEN, IN, SET, REMOVE, ADD, DELETE are keywords: a syntax error comes first.
      if (['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE'].includes(word)) continue;
      const written = word.charAt(0) + word.slice(1).toLowerCase();
      expect(messageOf({ ProjectionExpression: `a.${written}[0]` })).toBe(`Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: ${written}`);
    }
  });

  it.each([
    ['name = b', 'name'],
    ['NAME = b', 'NAME'],
    ['a.b.name.c = b', 'name'],
    ['size(name) = b', 'name'],
    ['a = b AND (c = d OR name = e)', 'name'],
    [':a < abOrT', 'abOrT'],
    ['attribute_exists(a.status)', 'status'],
  ])('%j → %s', (text, word) => {
    expect(filterMessage(text)).toBe(`Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: ${word}`);
  });

  it('allows reserved words through ExpressionAttributeNames', () => {
    expect(prepareExpressions({ FilterExpression: '#n = :v', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':v': S('x') } }).filter).toEqual({
      kind: 'compare',
      operator: '=',
      left: { kind: 'path', path: ['name'] },
      right: { kind: 'value', value: S('x') },
    });
  });

  it('treats SIZE as reserved, as DynamoDB documents (DynamoDB Local 3.3.1 accepts `size` as a name)', () => {
    expect(filterMessage('size = :v', { ':v': S('x') })).toBe('Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: size');
    expect(() => prepareExpressions({ FilterExpression: 'size(a) > :v', ExpressionAttributeValues: { ':v': N('1') } })).not.toThrow();
  });
});

describe('placeholders', () => {
  it.each([
    ['a = :x', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['a = #x', 'An expression attribute name used in the document path is not defined; attribute name: #x'],
    ['#4g > a', 'An expression attribute name used in the document path is not defined; attribute name: #4g'],
    ['a.:a < b.:b', 'An expression attribute name used in the document path is not defined; attribute name: :a'],
    [':x = :y', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['#x.#y = a', 'An expression attribute name used in the document path is not defined; attribute name: #x'],
    ['a = :x AND #y = b', 'An expression attribute value used in expression is not defined; attribute value: :x'],
  ])('%j', (text, message) => {
    expect(filterMessage(text)).toBe(`Invalid FilterExpression: ${message}`);
  });

  it('finds placeholders of the object itself only (no prototype lookups)', () => {
    expect(filterMessage('#constructor = :toString', undefined, { '#a': 'a' })).toBe(
      'Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #constructor',
    );
  });
});

describe('functions and operands', () => {
  it.each([
    // Unknown and misplaced functions, in document order with reserved words.
    ['whatever(a) = b', 'Invalid function name; function: whatever'],
    ['Size(a) = b', 'Invalid function name; function: Size'],
    ['size(a)', 'The function is not allowed to be used this way in an expression; function: size'],
    ['attribute_exists(a) = b', 'The function is not allowed to be used this way in an expression; function: attribute_exists'],
    ['size(contains(a, b)) > a', 'The function is not allowed to be used this way in an expression; function: contains'],
    ['a in (b, attribute_exists(c))', 'The function is not allowed to be used this way in an expression; function: attribute_exists'],
    ['if_not_exists(a, b) = :x', 'The function is not allowed in a condition expression; function: if_not_exists'],
    ['whatever(name) = :x', 'Invalid function name; function: whatever'],
    ['name = :x AND whatever(c)', 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['size(a) AND name = b', 'The function is not allowed to be used this way in an expression; function: size'],
    ['b[9999999999] = name', 'List index is not within the allowable range; index: [9999999999]'],
    ['a = b[ 2147483648 ]', 'List index is not within the allowable range; index: [2147483648]'],
    // Operand counts, children first, in document order.
    ['attribute_exists(a, b)', 'Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2'],
    ['size(a, b) = :x', 'Incorrect number of operands for operator or function; operator or function: size, number of operands: 2'],
    [':x = size(a, b)', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['begins_with(a, :n, :x)', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['c = :x AND attribute_exists(a, b)', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    // Distinct operands (paths after resolving names).
    ['a = a', 'The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]'],
    ['contains(#a.#b, a.b)', 'The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b]'],
    ['a BETWEEN a AND b', 'The first operand must be distinct from the remaining operands for this operator or function; operator: BETWEEN, first operand: [a]'],
    ['a IN (b, a)', 'The first operand must be distinct from the remaining operands for this operator or function; operator: IN, first operand: [a]'],
    ['contains(a.b[1], a.b[1])', 'The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b, [1]]'],
    // Paths.
    ['attribute_exists(:n)', 'Operator or function requires a document path; operator or function: attribute_exists'],
    ['attribute_exists(size(a))', 'Operator or function requires a document path; operator or function: attribute_exists'],
    [`a${'.b'.repeat(32)} = :n`, 'The document path has too many nesting levels; nesting levels: 33'],
    [`a${'[0]'.repeat(32)} = :n`, 'The document path has too many nesting levels; nesting levels: 33'],
  ])('%j', (text, message) => {
    expect(filterMessage(text, text.includes(':n') ? { ':n': N('1') } : undefined, text.includes('#a') ? { '#a': 'a', '#b': 'b' } : undefined)).toBe(`Invalid FilterExpression: ${message}`);
  });

  it.each<[string, AttributeValue, string]>([
    ['begins_with(a, :v)', N('1'), 'operator or function: begins_with, operand type: N'],
    ['begins_with(:v, a)', { BOOL: true }, 'operator or function: begins_with, operand type: BOOL'],
    ['begins_with(a, :v)', { SS: ['x'] }, 'operator or function: begins_with, operand type: SS'],
    ['size(:v) = a', N('1'), 'operator or function: size, operand type: N'],
    ['size(:v) = a', { NULL: true }, 'operator or function: size, operand type: NULL'],
    ['a < :v', { BOOL: true }, 'operator or function: <, operand type: BOOL'],
    ['a >= :v', { L: [] }, 'operator or function: >=, operand type: L'],
    ['a BETWEEN :v AND :v', { SS: ['a'] }, 'operator or function: BETWEEN, operand type: SS'],
    ['attribute_type(a, :v)', N('1'), 'operator or function: attribute_type, operand type: N'],
  ])('%j with %j', (text, value, detail) => {
    expect(filterMessage(text, { ':v': value })).toBe(`Invalid FilterExpression: Incorrect operand type for operator or function; ${detail}`);
  });

  it('checks static types of size() too, and only what is known without an item', () => {
    expect(filterMessage('size(size(a)) = b')).toBe('Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N');
    expect(filterMessage('begins_with(a, size(b))')).toBe('Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N');
    expect(() => prepareExpressions({ FilterExpression: 'a < b AND contains(:v, a) AND :v = :w', ExpressionAttributeValues: { ':v': N('1'), ':w': { M: {} } } })).not.toThrow();
  });

  it('checks attribute_type\'s type name', () => {
    expect(filterMessage('attribute_type(a, :t)', { ':t': S('ss') })).toBe('Invalid FilterExpression: Invalid attribute type name found; type: ss, valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}');
    // dynalite recorded this set from DynamoDB; DynamoDB Local lists internal types as well.
    expect(filterMessage('attribute_type(a, b)')).toBe(
      'Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}',
    );
    for (const type of ['S', 'SS', 'N', 'NS', 'B', 'BS', 'BOOL', 'NULL', 'L', 'M']) {
      expect(() => prepareExpressions({ FilterExpression: 'attribute_type(a, :t)', ExpressionAttributeValues: { ':t': S(type) } })).not.toThrow();
    }
  });

  it.each<[AttributeValue, AttributeValue, string]>([
    [S('9'), S('1'), 'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {S:1}'],
    [S('9'), S('10'), 'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {S:10}'],
    [N('010'), N('9.50'), 'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:010}, upper bound operand: AttributeValue: {N:9.50}'],
    [S('9'), N('1'), 'requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {N:1}'],
    // DynamoDB Local shows a Java object for B; Keylab shows base64.
    [{ B: Uint8Array.of(2) }, { B: Uint8Array.of(1) }, 'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {B:Ag==}, upper bound operand: AttributeValue: {B:AQ==}'],
  ])('BETWEEN %j AND %j', (low, high, detail) => {
    expect(filterMessage('size(a) BETWEEN :lo AND :hi', { ':lo': low, ':hi': high })).toBe(`Invalid FilterExpression: The BETWEEN operator ${detail}`);
  });

  it('accepts BETWEEN with equal bounds, and numbers compared by value', () => {
    expect(() => prepareExpressions({ FilterExpression: 'a BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':lo': N('9'), ':hi': N('10') } })).not.toThrow();
    expect(() => prepareExpressions({ FilterExpression: 'a BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':lo': N('1e3'), ':hi': N('1000') } })).not.toThrow();
  });

  it('allows 100 IN operands, not 101', () => {
    const list = (count: number): string => `a IN (${Array.from({ length: count }, () => ':v').join(', ')})`;
    expect(() => prepareExpressions({ FilterExpression: list(100), ExpressionAttributeValues: { ':v': S('x') } })).not.toThrow();
    expect(filterMessage(list(101), { ':v': S('x') })).toBe('Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101');
  });

  it('allows 300 operators (comparators, BETWEEN, IN, AND, OR, NOT, functions; not parentheses), and stops counting at 301', () => {
    const conditions = (count: number): string => Array.from({ length: count }, (_, n) => `a${n} = :v`).join(' AND ');
    expect(() => prepareExpressions({ FilterExpression: conditions(150), ExpressionAttributeValues: { ':v': S('x') } })).not.toThrow();
    expect(filterMessage(conditions(151), { ':v': S('x') })).toBe('Invalid FilterExpression: The expression contains too many operators; operator count: 301');
    expect(() => prepareExpressions({ FilterExpression: `${'NOT '.repeat(298)}size(a) = :v`, ExpressionAttributeValues: { ':v': N('1') } })).not.toThrow();
    expect(filterMessage(`${'NOT '.repeat(299)}size(a) = :v`, { ':v': N('1') })).toBe('Invalid FilterExpression: The expression contains too many operators; operator count: 301');
    expect(() => prepareExpressions({ FilterExpression: `${'NOT '.repeat(299)}(a = :v)`, ExpressionAttributeValues: { ':v': N('1') } })).not.toThrow();
    expect(filterMessage(`${'NOT '.repeat(1000)}a = :v`, { ':v': S('x') })).toBe('Invalid FilterExpression: The expression contains too many operators; operator count: 301');
    // Errors found before the 301st operator win.
    expect(filterMessage(`${'NOT '.repeat(301)}a = :x`)).toBe('Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :x');
  });

  it('resolves filters into the prepared form', () => {
    const prepared = prepareExpressions({
      FilterExpression: '(#s = :open OR attribute_not_exists(#s)) AND NOT a.b[2] IN (:x, :y) AND size(tags) > :n AND size(:str) = :n',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':open': S('open'), ':x': S('x'), ':y': N('2'), ':n': N('3'), ':str': S('abc') },
    });
    expect(prepared.filter).toEqual({
      kind: 'and',
      left: {
        kind: 'and',
        left: {
          kind: 'and',
          left: {
            kind: 'or',
            left: { kind: 'compare', operator: '=', left: { kind: 'path', path: ['status'] }, right: { kind: 'value', value: S('open') } },
            right: { kind: 'function', name: 'attribute_not_exists', args: [{ kind: 'path', path: ['status'] }] },
          },
          right: {
            kind: 'not',
            operand: { kind: 'in', operand: { kind: 'path', path: ['a', 'b', 2] }, list: [{ kind: 'value', value: S('x') }, { kind: 'value', value: N('2') }] },
          },
        },
        right: { kind: 'compare', operator: '>', left: { kind: 'size', path: ['tags'] }, right: { kind: 'value', value: N('3') } },
      },
      // size() of a value is folded to its size.
      right: { kind: 'compare', operator: '=', left: { kind: 'value', value: N('3') }, right: { kind: 'value', value: N('3') } },
    });
  });

  it('prepares ConditionExpression the same way', () => {
    expect(prepareExpressions({ ConditionExpression: 'attribute_not_exists(pk)' }).condition).toEqual({ kind: 'function', name: 'attribute_not_exists', args: [{ kind: 'path', path: ['pk'] }] });
  });
});

describe('KeyConditionExpression', () => {
  const key = (text: string, values: Record<string, AttributeValue>, schema: KeySchemaInfo = RANGE_S, names?: Record<string, string>): string =>
    messageOf({ KeyConditionExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names }, { keySchema: schema });
  const AB = { ':a': S('x'), ':b': S('y') };

  // The table of dynamodb-semantics.md §2, and the structural rules dynalite recorded.
  it.each<[string, string, Record<string, AttributeValue>, KeySchemaInfo, string]>([
    // Local says "Query condition missed key schema element" without the name; the semantics doc has it.
    ['no partition key', 'sk = :a', { ':a': S('x') }, RANGE_S, 'Query condition missed key schema element: pk'],
    ['no partition key (two conditions)', 'x = :a AND y = :b', AB, RANGE_S, 'Query condition missed key schema element: pk'],
    ['second condition not on the sort key', 'pk = :a AND x > :b', AB, RANGE_S, 'Query condition missed key schema element: sk'],
    ['non-= on the partition key', 'pk < :a', { ':a': S('x') }, RANGE_S, 'Query key condition not supported'],
    ['BETWEEN on the partition key', 'pk BETWEEN :a AND :b', AB, RANGE_S, 'Query key condition not supported'],
    ['begins_with on the partition key', 'begins_with(pk, :a)', { ':a': S('x') }, RANGE_S, 'Query key condition not supported'],
    ['a second condition on a hash-only table', 'pk = :a AND sk = :b', AB, HASH_ONLY, 'Query key condition not supported'],
    ['three conditions', 'pk = :a AND sk = :b AND x = :a', AB, RANGE_S, 'Conditions can be of length 1 or 2 only'],
    ['two conditions on the sort key', 'pk = :a AND sk = :b AND sk = :a', AB, RANGE_S, 'KeyConditionExpressions must only contain one condition per key'],
    ['two conditions on the partition key', 'pk = :a AND pk = :b', AB, RANGE_S, 'KeyConditionExpressions must only contain one condition per key'],
    ['one condition per key before the count', '(pk = :a AND sk > :b) AND (sk < :b AND x = :a)', AB, RANGE_S, 'KeyConditionExpressions must only contain one condition per key'],
    ['OR', 'pk = :a OR sk = :b', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: OR'],
    ['NOT', 'pk = :a AND NOT sk = :b', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: NOT'],
    ['IN', 'pk = :a AND sk IN (:b)', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: IN'],
    ['<>', 'pk <> :a', { ':a': S('x') }, RANGE_S, 'Invalid operator used in KeyConditionExpression: <>'],
    ['contains', 'pk = :a AND contains(sk, :b)', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: contains'],
    ['attribute_exists', 'pk = :a AND attribute_exists(sk) AND sk = :b', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: attribute_exists'],
    ['size', 'pk = :a AND size(sk) = :b', AB, RANGE_S, 'KeyConditionExpressions cannot contain nested operations'],
    ['value first in BETWEEN', ':a BETWEEN sk AND :b AND pk = :a', AB, RANGE_S, 'Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand'],
    ['value first in begins_with', 'pk = :a AND begins_with(:b, sk)', AB, RANGE_S, 'Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand'],
    ['two attributes', 'pk = :a AND sk = x', { ':a': S('x') }, RANGE_S, 'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition'],
    ['no attribute', 'pk = :a AND :b = :a', AB, RANGE_S, 'Invalid condition in KeyConditionExpression: No key attribute specified'],
    // DynamoDB Local: "Key attributes must be scalars; …" for a key's nested path; dynalite and ExtendDB (against DynamoDB) have this.
    ['nested path', 'pk = :a AND sk.x = :b', AB, RANGE_S, 'KeyConditionExpressions cannot have conditions on nested attributes'],
    ['nested non-key path', 'x.y = :a', { ':a': S('x') }, RANGE_S, 'KeyConditionExpressions cannot have conditions on nested attributes'],
    ['structure in document order', 'pk = sk AND NOT c = :a', { ':a': S('x') }, RANGE_S, 'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition'],
    ['BETWEEN low > high', 'pk = :a AND sk BETWEEN :b AND :c', { ':a': S('x'), ':b': S('9'), ':c': S('1') }, RANGE_S,
      'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {S:1}'],
    ['BETWEEN low > high, numbers', 'pk = :a AND sk BETWEEN :b AND :c', { ':a': S('x'), ':b': N('10'), ':c': N('9') }, RANGE_N,
      'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:10}, upper bound operand: AttributeValue: {N:9}'],
    ['partition key type', 'pk = :a', { ':a': N('1') }, RANGE_S, 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
    ['partition key type before its operator', 'pk < :a', { ':a': N('1') }, RANGE_S, 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
    ['sort key type', 'pk = :a AND sk = :b', { ':a': S('1'), ':b': N('1') }, RANGE_S, 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
    ['begins_with a string on N', 'pk = :a AND begins_with(sk, :b)', { ':a': S('1'), ':b': S('1') }, RANGE_N, 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
    ['begins_with a number', 'pk = :a AND begins_with(sk, :b)', { ':a': S('1'), ':b': N('1') }, RANGE_N,
      'Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N'],
    ['empty partition key', 'pk = :a AND sk = :b', { ':a': S(''), ':b': N('1') }, RANGE_S,
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk'],
    ['empty sort key', 'pk = :a AND begins_with(sk, :b)', { ':a': S('x'), ':b': S('') }, RANGE_S,
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: sk'],
    ['empty binary sort key', 'pk = :a AND sk > :b', { ':a': S('x'), ':b': { B: new Uint8Array() } }, RANGE_B,
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: sk'],
    ['reserved word', 'pk = :a AND name = :b', AB, RANGE_S, 'Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: name'],
    ['undefined value', 'pk = :a AND sk = :c', AB, RANGE_S, 'Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :c'],
    ['unused values before the structure', 'pk = :a AND attribute_exists(sk)', AB, RANGE_S, 'Value provided in ExpressionAttributeValues unused in expressions: keys: {:b}'],
  ])('%s', (_case, text, values, schema, message) => {
    expect(key(text, values, schema)).toBe(message);
  });

  it('prepares the partition key and the sort-key condition, value-first comparisons turned around', () => {
    const prepare = (text: string, values: Record<string, AttributeValue>, names?: Record<string, string>) =>
      prepareExpressions({ KeyConditionExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names }, { keySchema: RANGE_S }).keyCondition;
    expect(prepare('pk = :a', { ':a': S('x') })).toEqual({ partitionKey: { name: 'pk', value: S('x') } });
    expect(prepare(':b < sk AND :a = pk', AB)).toEqual({ partitionKey: { name: 'pk', value: S('x') }, sortKey: { name: 'sk', condition: { operator: '>', value: S('y') } } });
    expect(prepare('#p = :a AND (#s BETWEEN :a AND :b)', AB, { '#p': 'pk', '#s': 'sk' })).toEqual({
      partitionKey: { name: 'pk', value: S('x') },
      sortKey: { name: 'sk', condition: { operator: 'between', low: S('x'), high: S('y') } },
    });
    expect(prepare('pk = :a AND begins_with(sk, :b)', AB)).toEqual({
      partitionKey: { name: 'pk', value: S('x') },
      sortKey: { name: 'sk', condition: { operator: 'begins_with', prefix: S('y') } },
    });
    for (const [written, operator] of [['<=', '>='], ['>', '<'], ['>=', '<='], ['=', '=']] as const) {
      expect(prepare(`pk = :a AND :b ${written} sk`, AB)?.sortKey?.condition).toEqual({ operator, value: S('y') });
    }
  });

  it('checks the structure without a key schema, and then returns no keyCondition', () => {
    expect(prepareExpressions({ KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': S('x') } })).toEqual({});
    expect(messageOf({ KeyConditionExpression: 'pk = :a OR x = :a', ExpressionAttributeValues: { ':a': S('x') } })).toBe('Invalid operator used in KeyConditionExpression: OR');
  });

  it('keeps a Query filter off key attributes, naming keys in key order', () => {
    const options = { keySchema: RANGE_S, primaryKeyNames: ['pk', 'sk'] };
    const base = { KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': S('x') } };
    const filterOn = (text: string, names?: Record<string, string>): string => messageOf({ ...base, FilterExpression: text, ExpressionAttributeNames: names }, options);
    expect(filterOn('sk = :a AND pk = :a')).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: pk');
    expect(filterOn('x = :a AND #s = :a', { '#s': 'sk' })).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: sk');
    expect(filterOn('size(sk) = :a')).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: sk');
    // DynamoDB Local says "Key attributes must be scalars; …" here.
    expect(filterOn('pk.x = :a')).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: pk');
    expect(() => prepareExpressions({ ...base, FilterExpression: 'x.pk = :a' }, options)).not.toThrow();
    // The key condition's own errors come first.
    expect(messageOf({ ...base, KeyConditionExpression: 'pk = :a AND x = :a', FilterExpression: 'pk = :a' }, options)).toBe('Query condition missed key schema element: sk');
  });
});

describe('ProjectionExpression', () => {
  const projectionMessage = (text: string, names?: Record<string, string>): string => messageOf({ ProjectionExpression: text, ExpressionAttributeNames: names });

  it.each([
    ['a.b, a', 'overlap', '[a, b]', '[a]'],
    ['a, a.b', 'overlap', '[a]', '[a, b]'],
    ['a[0], a[0].b', 'overlap', '[a, [0]]', '[a, [0], b]'],
    ['a[0], a.b', 'conflict', '[a, [0]]', '[a, b]'],
    ['a.b.c, a.b[0]', 'conflict', '[a, b, c]', '[a, b, [0]]'],
    // DynamoDB's choice of the two paths is its own (see documentPaths.ts).
    ['a, b, a', 'overlap', '[a]', '[b]'],
    ['a.b, a.c, x.y, a.b.c', 'overlap', '[a, b]', '[a, c]'],
    ['a, b, a, c', 'overlap', '[a]', '[c]'],
    ['a, a, b.c, b[0]', 'conflict', '[b, c]', '[b, [0]]'],
  ])('%j: %s', (text, verb, one, two) => {
    expect(projectionMessage(text)).toBe(`Invalid ProjectionExpression: Two document paths ${verb} with each other; must remove or rewrite one of these paths; path one: ${one}, path two: ${two}`);
  });

  it('compares paths after resolving names, resolves the last path first, and returns resolved paths', () => {
    expect(projectionMessage('#a, a', { '#a': 'a' })).toContain('path one: [a], path two: [a]');
    expect(projectionMessage('#x, #y')).toBe('Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #y');
    expect(projectionMessage('name, status')).toBe('Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name');
    expect(prepareExpressions({ ProjectionExpression: 'a[1], a[2], #n.c', ExpressionAttributeNames: { '#n': 'name' } }).projection).toEqual([
      ['a', 1],
      ['a', 2],
      ['name', 'c'],
    ]);
  });
});

describe('UpdateExpression', () => {
  const updateMessage = (text: string, values?: Record<string, AttributeValue>, names?: Record<string, string>): string =>
    messageOf({ UpdateExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names });

  it.each<[string, Record<string, AttributeValue> | undefined, string]>([
    ['SET a = :a SET b = :a', { ':a': S('x') }, 'The "SET" section can only be used once in an update expression;'],
    ['REMOVE a SET b = c REMOVE d', undefined, 'The "REMOVE" section can only be used once in an update expression;'],
    ['ADD a :n ADD b :n', { ':n': N('1') }, 'The "ADD" section can only be used once in an update expression;'],
    ['SET a = b SET c = name', undefined, 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['SET a = whatever(b) SET c = d', undefined, 'Invalid function name; function: whatever'],
    ['SET a = size(b)', undefined, 'The function is not allowed in an update expression; function: size'],
    ['SET a = attribute_exists(b)', undefined, 'The function is not allowed in an update expression; function: attribute_exists'],
    ['SET a = If_not_exists(b, c)', undefined, 'Invalid function name; function: If_not_exists'],
    ['SET a = if_not_exists(b, list_append(c, d))', undefined, 'The function is not allowed to be used this way in an expression; function: list_append'],
    ['SET a = list_append(b, c) + d', undefined, 'The function is not allowed to be used this way in an expression; function: list_append'],
    ['SET a = :a, a = :a', { ':a': S('x') }, 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]'],
    ['SET a.b = :a REMOVE a', { ':a': S('x') }, 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]'],
    ['SET a[0] = b, a.c = d', undefined, 'Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [0]], path two: [a, c]'],
    ['SET a = b, c = d, a.b = e REMOVE c', undefined, 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c], path two: [c]'],
    ['SET a = :x, a = b', undefined, 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]'],
    ['SET a = b, a = c REMOVE #x', undefined, 'An expression attribute name used in the document path is not defined; attribute name: #x'],
    // DynamoDB resolves the actions last to first.
    ['SET #x = b, #y = c', undefined, 'An expression attribute name used in the document path is not defined; attribute name: #y'],
    ['SET a = :x, b = :y', undefined, 'An expression attribute value used in expression is not defined; attribute value: :y'],
    ['SET a = :x + :y', undefined, 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['SET c = :x, a = if_not_exists(b)', undefined, 'Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1'],
    ['SET a = if_not_exists(b), c = :x', undefined, 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['SET a = if_not_exists(:n, b)', { ':n': N('1') }, 'Operator or function requires a document path; operator or function: if_not_exists'],
    ['SET a = list_append(b)', undefined, 'Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1'],
    ['SET a = list_append(b, :n)', { ':n': N('1') }, 'Incorrect operand type for operator or function; operator or function: list_append, operand type: N'],
    ['SET a = b - :n', { ':n': S('1') }, 'Incorrect operand type for operator or function; operator or function: -, operand type: S'],
    ['SET a = :n + b', { ':n': { SS: ['1'] } }, 'Incorrect operand type for operator or function; operator or function: +, operand type: SS'],
    // DynamoDB Local 3.3.1 appends ", typeSet: ALLOWED_FOR_ADD_OPERAND"; dynalite recorded DynamoDB without it.
    ['ADD a :s', { ':s': S('x') }, 'Incorrect operand type for operator or function; operator: ADD, operand type: STRING'],
    ['ADD a :s', { ':s': { L: [] } }, 'Incorrect operand type for operator or function; operator: ADD, operand type: LIST'],
    ['DELETE a :s', { ':s': N('1') }, 'Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER'],
    ['DELETE a :s', { ':s': { M: {} } }, 'Incorrect operand type for operator or function; operator: DELETE, operand type: MAP'],
    ['ADD a :n, b :m', { ':n': S('1'), ':m': { BOOL: true } }, 'Incorrect operand type for operator or function; operator: ADD, operand type: BOOLEAN'],
    ['SET b = c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg.hh, a = :n + :m', { ':n': S('1'), ':m': { L: [] } },
      'Incorrect operand type for operator or function; operator or function: +, operand type: S'],
    ['SET a = :x, b = c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg.hh', undefined,
      'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['SET #b = c, a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg.hh = :x', undefined, 'The document path has too many nesting levels; nesting levels: 34'],
    ['SET a[1] = :x REMOVE a[99999999999]', undefined, 'List index is not within the allowable range; index: [99999999999]'],
  ])('%j', (text, values, message) => {
    expect(updateMessage(text, values)).toBe(`Invalid UpdateExpression: ${message}`);
  });

  it('allows 300 operators (+, -, functions), counted last action first', () => {
    const actions = (count: number): string => Array.from({ length: count }, (_, n) => `a${n}=b+c`).join(',');
    expect(() => prepareExpressions({ UpdateExpression: `SET ${actions(300)}` })).not.toThrow();
    expect(updateMessage(`SET ${actions(301)}`)).toBe('Invalid UpdateExpression: The expression contains too many operators; operator count: 301');
    expect(updateMessage(`SET x = :x, ${actions(301)}`)).toBe('Invalid UpdateExpression: The expression contains too many operators; operator count: 301');
    expect(updateMessage(`SET ${actions(301)}, x = :x`)).toBe('Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :x');
    const functions = Array.from({ length: 151 }, (_, n) => `a${n}=if_not_exists(b,c)+d`).join(',');
    expect(updateMessage(`SET ${functions}`)).toBe('Invalid UpdateExpression: The expression contains too many operators; operator count: 301');
  });

  it('prepares the actions in the order written, with values resolved', () => {
    const prepared = prepareExpressions({
      UpdateExpression: 'REMOVE prev[0] SET #c = if_not_exists(#c, :zero) + :one, history = list_append(history, :entry) ADD tags :tags DELETE seen :seen',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':zero': N('0'), ':one': N('1'), ':entry': { L: [S('x')] }, ':tags': { SS: ['a'] }, ':seen': { NS: ['2'] } },
    });
    expect(prepared.update).toEqual({
      actions: [
        { kind: 'REMOVE', path: ['prev', 0] },
        {
          kind: 'SET',
          path: ['count'],
          value: { kind: 'arithmetic', operator: '+', left: { kind: 'if_not_exists', path: ['count'], fallback: { kind: 'value', value: N('0') } }, right: { kind: 'value', value: N('1') } },
        },
        { kind: 'SET', path: ['history'], value: { kind: 'list_append', first: { kind: 'path', path: ['history'] }, second: { kind: 'value', value: { L: [S('x')] } } } },
        { kind: 'ADD', path: ['tags'], value: { SS: ['a'] } },
        { kind: 'DELETE', path: ['seen'], value: { NS: ['2'] } },
      ],
    });
  });
});

describe('one request, several expressions', () => {
  it('validates UpdateExpression, ConditionExpression, FilterExpression, ProjectionExpression, KeyConditionExpression in that order', () => {
    expect(messageOf({ UpdateExpression: 'SET a = :zz', ConditionExpression: 'b = :yy' })).toBe(
      'Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :zz',
    );
    expect(messageOf({ KeyConditionExpression: 'pk = :zz', FilterExpression: 'x = :yy', ProjectionExpression: '#ww' })).toBe(
      'Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :yy',
    );
    expect(messageOf({ KeyConditionExpression: 'pk = :zz', ProjectionExpression: '#ww' })).toBe(
      'Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #ww',
    );
    expect(messageOf({ KeyConditionExpression: 'x'.repeat(5000), FilterExpression: 'x = ' })).toBe('Invalid FilterExpression: Syntax error; token: "<EOF>", near: "= "');
    expect(messageOf({ KeyConditionExpression: '', FilterExpression: '' })).toBe('Invalid FilterExpression: The expression can not be empty;');
  });

  it('locates errors: the expression and the span at fault', () => {
    const error = catchDynamoDBError(() => prepareExpressions({ FilterExpression: 'a = :v AND name = :v', ExpressionAttributeValues: { ':v': S('x') } }));
    expect(error.location).toEqual({ expression: 'FilterExpression', span: { start: 11, end: 15 } });
    const undefinedValue = catchDynamoDBError(() => prepareExpressions({ ConditionExpression: 'a = :nope' }));
    expect(undefinedValue.location).toEqual({ expression: 'ConditionExpression', span: { start: 4, end: 9 } });
    expect(catchDynamoDBError(() => prepareExpressions({ ProjectionExpression: 'a, a.b' })).location).toEqual({ expression: 'ProjectionExpression', span: { start: 3, end: 6 } });
  });

  it('treats undefined and null parameters as absent', () => {
    const request = { FilterExpression: undefined, ProjectionExpression: null, ExpressionAttributeNames: undefined } as unknown as ExpressionRequest;
    expect(prepareExpressions(request)).toEqual({});
  });
});

describe('robustness', () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  const attributeValue = fc.oneof(
    json,
    fc.constantFrom<unknown>(S('x'), N('1'), N('-0.5e3'), { SS: ['a', 'b'] }, { NS: ['1'] }, { L: [] }, { M: { a: S('') } }, { BOOL: true }, { NULL: true }, { B: Uint8Array.of(1) }),
  );
  const names = fc.oneof(json, fc.dictionary(fc.constantFrom('#a', '#b', '#c', 'x', '#'), fc.oneof(fc.string(), json), { maxKeys: 4 }));
  const values = fc.oneof(json, fc.dictionary(fc.constantFrom(':a', ':b', ':c', 'y', ':'), attributeValue, { maxKeys: 4 }));
  const words = ['a', '#a', '#b', ':a', ':b', ':c', 'pk', 'sk', '=', '<', 'AND', 'OR', 'NOT', 'BETWEEN', 'IN', '(', ')', ',', '.', '[0]', 'size(', 'begins_with(', 'contains(',
    'attribute_type(', 'if_not_exists(', 'list_append(', 'SET', 'REMOVE', 'ADD', 'DELETE', '+', '-'];
  const expression = fc.oneof(fc.string({ maxLength: 40 }), fc.array(fc.constantFrom(...words), { maxLength: 25 }).map((parts) => parts.join(' ')));

  it('throws nothing but a ValidationException for any request', () => {
    fc.assert(
      fc.property(expression, expression, names, values, fc.boolean(), (a, b, rawNames, rawValues, query) => {
        const request = {
          FilterExpression: a,
          KeyConditionExpression: query ? b : undefined,
          UpdateExpression: query ? undefined : b,
          ProjectionExpression: query ? a : undefined,
          ExpressionAttributeNames: rawNames,
          ExpressionAttributeValues: rawValues,
        } as unknown as ExpressionRequest;
        try {
          prepareExpressions(request, query ? { keySchema: RANGE_N, primaryKeyNames: ['pk', 'sk'], operation: 'Query' } : { operation: 'UpdateItem' });
        } catch (error) {
          if (!isDynamoDBError(error, 'ValidationException')) throw error;
        }
      }),
      { numRuns: 2500 },
    );
  });

  it('rejects a request that is not an object with a ValidationException', () => {
    expect(catchDynamoDBError(() => prepareExpressions(null as unknown as ExpressionRequest)).name).toBe('ValidationException');
  });
});
