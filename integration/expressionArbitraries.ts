/**
 * fast-check generators for the expression differential test: items with every
 * attribute type, and filter/condition, projection and update expressions over
 * them, rendered to text with ExpressionAttributeNames / ExpressionAttributeValues
 * the way a user would write them (names aliased when reserved or special,
 * sometimes aliased anyway; every value a placeholder).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';

export type Item = Record<string, AttributeValue>;

/** Attribute names items use; `status` and `name` are reserved words, `my-attr` needs a placeholder. */
export const ATTRIBUTE_NAMES = ['a', 'b', 'n', 's', 'l', 'm', 'bin', 'ss', 'ns', 'bs', 'flag', 'status', 'name', 'my-attr'] as const;
const MAP_KEYS = ['x', 'y', 'z'] as const;
const RESERVED = new Set(['status', 'name', 'size', 'data']);

const stringValue = fc.oneof(
  fc.constantFrom('', 'a', 'ab', 'abc', 'b', 'A', '10', '9', '1500', '240', 'é', '€', '\uFFFF', '𝄞', 'a𝄞', 'EVT#2026-06-23T10:00:00Z'),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
);
const numberValue = fc.oneof(
  fc.constantFrom('0', '1', '-1', '10', '9', '1e3', '1000', '0.5', '-0.5', '1.50', '12345678901234567890123456789012345678', '1E-130', '-99.99', '9.9E+125'),
  fc.integer({ min: -2000, max: 2000 }).map(String),
);
const binaryValue = fc.uint8Array({ maxLength: 4 });

const scalar: fc.Arbitrary<AttributeValue> = fc.oneof(
  { weight: 4, arbitrary: stringValue.map((S) => ({ S })) },
  { weight: 4, arbitrary: numberValue.map((N) => ({ N })) },
  { weight: 2, arbitrary: binaryValue.map((B) => ({ B })) },
  { weight: 1, arbitrary: fc.boolean().map((BOOL) => ({ BOOL })) },
  { weight: 1, arbitrary: fc.constant({ NULL: true }) },
);

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const setValue: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.uniqueArray(stringValue, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
  fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 3 }).map((ns) => ({ NS: ns.map(String) })),
  fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3, selector: hex }).map((BS) => ({ BS })),
);

/** Any attribute value, nesting lists and maps two levels deep. */
export const attributeValue: fc.Arbitrary<AttributeValue> = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: scalar },
    { weight: 2, arbitrary: setValue },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...MAP_KEYS), tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
    },
  ),
})).value;

/** An item: the key `pk` plus some of the attribute names, with typed values where the name suggests one. */
export const itemBody: fc.Arbitrary<Item> = fc.record(
  {
    a: attributeValue,
    b: attributeValue,
    n: numberValue.map((N) => ({ N })),
    s: stringValue.map((S) => ({ S })),
    l: fc.array(attributeValue, { maxLength: 4 }).map((L) => ({ L })),
    m: fc.dictionary(fc.constantFrom(...MAP_KEYS), attributeValue, { maxKeys: 3 }).map((M) => ({ M })),
    bin: binaryValue.map((B) => ({ B })),
    ss: fc.uniqueArray(stringValue, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    ns: fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 3 }).map((ns) => ({ NS: ns.map(String) })),
    bs: fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3, selector: hex }).map((BS) => ({ BS })),
    flag: fc.boolean().map((BOOL) => ({ BOOL })),
    status: stringValue.map((S) => ({ S })),
    name: attributeValue,
    'my-attr': attributeValue,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Item>;

/** A document path as its elements: names and list indexes. */
export type PathElements = readonly (string | number)[];

const path: fc.Arbitrary<PathElements> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ATTRIBUTE_NAMES).map((name) => [name]) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('m', 'a', 'name'), fc.constantFrom(...MAP_KEYS)).map(([a, b]) => [a, b]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('m', 'a'), fc.constantFrom(...MAP_KEYS), fc.constantFrom(...MAP_KEYS)).map(([a, b, c]) => [a, b, c]) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('l', 'a', 'b'), fc.integer({ min: 0, max: 4 })).map(([a, i]) => [a, i]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('l', 'a'), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...MAP_KEYS)).map(([a, i, k]) => [a, i, k]) },
);

/** A syntax tree the renderer turns into expression text. */
type OperandSpec = { kind: 'path'; path: PathElements } | { kind: 'value'; value: AttributeValue } | { kind: 'size'; path: PathElements };
type ConditionSpec =
  | { kind: 'compare'; operator: string; left: OperandSpec; right: OperandSpec }
  | { kind: 'between'; operand: OperandSpec; low: OperandSpec; high: OperandSpec }
  | { kind: 'in'; operand: OperandSpec; list: OperandSpec[] }
  | { kind: 'call'; name: string; args: OperandSpec[] }
  | { kind: 'and' | 'or'; left: ConditionSpec; right: ConditionSpec }
  | { kind: 'not'; operand: ConditionSpec };

const operandOf = (values: fc.Arbitrary<AttributeValue>): fc.Arbitrary<OperandSpec> =>
  fc.oneof(
    { weight: 4, arbitrary: path.map((p) => ({ kind: 'path' as const, path: p })) },
    { weight: 4, arbitrary: values.map((value) => ({ kind: 'value' as const, value })) },
    { weight: 1, arbitrary: path.map((p) => ({ kind: 'size' as const, path: p })) },
  );
const operand = operandOf(fc.oneof({ weight: 5, arbitrary: scalar }, { weight: 1, arbitrary: attributeValue }));
const pathOperand = path.map((p): OperandSpec => ({ kind: 'path', path: p }));
const valueOperand = (values: fc.Arbitrary<AttributeValue>) => values.map((value): OperandSpec => ({ kind: 'value', value }));

const TYPE_NAMES = ['S', 'SS', 'N', 'NS', 'B', 'BS', 'BOOL', 'NULL', 'L', 'M'] as const;

const leafCondition: fc.Arbitrary<ConditionSpec> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('compare' as const), operator: fc.constantFrom('=', '<>', '<', '<=', '>', '>='), left: operand, right: operand }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('between' as const), operand, low: valueOperand(scalar), high: valueOperand(scalar) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('in' as const), operand, list: fc.array(valueOperand(scalar), { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: pathOperand.map((p): ConditionSpec => ({ kind: 'call', name: 'attribute_exists', args: [p] })) },
  { weight: 1, arbitrary: pathOperand.map((p): ConditionSpec => ({ kind: 'call', name: 'attribute_not_exists', args: [p] })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pathOperand, fc.constantFrom(...TYPE_NAMES))
      .map(([p, type]): ConditionSpec => ({ kind: 'call', name: 'attribute_type', args: [p, { kind: 'value', value: { S: type } }] })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        pathOperand,
        valueOperand(
          fc.oneof(
            stringValue.map((S) => ({ S })),
            binaryValue.map((B) => ({ B })),
          ),
        ),
      )
      .map(([p, v]): ConditionSpec => ({ kind: 'call', name: 'begins_with', args: [p, v] })),
  },
  { weight: 2, arbitrary: fc.tuple(pathOperand, operand).map(([p, v]): ConditionSpec => ({ kind: 'call', name: 'contains', args: [p, v] })) },
);

/** A filter/condition expression tree, up to three levels of AND / OR / NOT. */
export const conditionSpec: fc.Arbitrary<ConditionSpec> = fc.letrec<{ condition: ConditionSpec }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    { weight: 4, arbitrary: leafCondition },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), left: tie('condition'), right: tie('condition') }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('not' as const), operand: tie('condition') }) },
  ),
})).condition;

/** Expression text plus the maps it needs, as a request carries them. */
export interface RenderedExpression {
  text: string;
  names: Record<string, string>;
  values: Record<string, AttributeValue>;
}

/** Collects placeholders while rendering; `aliasAll` aliases names that could be written bare. */
class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private readonly nameRefs = new Map<string, string>();
  private valueCount = 0;
  constructor(private readonly aliasAll: boolean) {}

  name(name: string): string {
    const needsAlias = RESERVED.has(name.toLowerCase()) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
    if (!needsAlias && !this.aliasAll) return name;
    let ref = this.nameRefs.get(name);
    if (!ref) {
      ref = `#n${this.nameRefs.size}`;
      this.nameRefs.set(name, ref);
      this.names[ref] = name;
    }
    return ref;
  }

  value(value: AttributeValue): string {
    const ref = `:v${this.valueCount++}`;
    this.values[ref] = value;
    return ref;
  }

  path(elements: PathElements): string {
    return elements.map((element, index) => (typeof element === 'number' ? `[${element}]` : (index === 0 ? '' : '.') + this.name(element))).join('');
  }

  operand(spec: OperandSpec): string {
    if (spec.kind === 'path') return this.path(spec.path);
    if (spec.kind === 'value') return this.value(spec.value);
    return `size(${this.path(spec.path)})`;
  }
}

function renderCondition(spec: ConditionSpec, p: Placeholders, parent?: 'and' | 'or' | 'not'): string {
  switch (spec.kind) {
    case 'compare':
      return `${p.operand(spec.left)} ${spec.operator} ${p.operand(spec.right)}`;
    case 'between':
      return `${p.operand(spec.operand)} BETWEEN ${p.operand(spec.low)} AND ${p.operand(spec.high)}`;
    case 'in':
      return `${p.operand(spec.operand)} IN (${spec.list.map((item) => p.operand(item)).join(', ')})`;
    case 'call':
      return `${spec.name}(${spec.args.map((arg) => p.operand(arg)).join(', ')})`;
    case 'not':
      return `NOT ${renderCondition(spec.operand, p, 'not')}`;
    case 'and':
    case 'or': {
      const text = `${renderCondition(spec.left, p, spec.kind)} ${spec.kind.toUpperCase()} ${renderCondition(spec.right, p, spec.kind)}`;
      // Parenthesise only where precedence needs it: DynamoDB rejects redundant parentheses.
      const needsParens = parent === 'not' || (parent === 'and' && spec.kind === 'or');
      return needsParens ? `(${text})` : text;
    }
  }
}

/** A rendered filter/condition expression. */
export const conditionExpression: fc.Arbitrary<RenderedExpression> = fc.tuple(conditionSpec, fc.boolean()).map(([spec, aliasAll]) => {
  const p = new Placeholders(aliasAll);
  const text = renderCondition(spec, p);
  return { text, names: p.names, values: p.values };
});

/** A rendered projection of one to three paths. */
export const projectionExpression: fc.Arbitrary<RenderedExpression> = fc
  .tuple(fc.uniqueArray(path, { minLength: 1, maxLength: 3, selector: (elements) => elements.join('.') }), fc.boolean())
  .map(([paths, aliasAll]) => {
    const p = new Placeholders(aliasAll);
    return { text: paths.map((elements) => p.path(elements)).join(', '), names: p.names, values: p.values };
  });

/** SET right-hand sides, rendered against the placeholders at render time. */
type SetRhs = (p: Placeholders, target: PathElements) => string;
const setRhs: fc.Arbitrary<SetRhs> = fc.oneof(
  {
    weight: 4,
    arbitrary: attributeValue.map(
      (v): SetRhs =>
        (p) =>
          p.value(v),
    ),
  },
  {
    weight: 1,
    arbitrary: path.map(
      (source): SetRhs =>
        (p) =>
          p.path(source),
    ),
  },
  {
    weight: 3,
    // Mostly on `n`, which holds numbers, so most sums are valid; sometimes on any path, to compare the type errors.
    arbitrary: fc
      .tuple(
        fc.constantFrom('+', '-'),
        fc.oneof({ weight: 4, arbitrary: fc.constant(['n'] as PathElements) }, { weight: 1, arbitrary: path }),
        numberValue,
        fc.boolean(),
      )
      .map(
        ([operator, left, right, guarded]): SetRhs =>
          (p) =>
            `${guarded ? `if_not_exists(${p.path(left)}, ${p.value({ N: '0' })})` : p.path(left)} ${operator} ${p.value({ N: right })}`,
      ),
  },
  {
    weight: 1,
    arbitrary: attributeValue.map(
      (fallback): SetRhs =>
        (p, target) =>
          `if_not_exists(${p.path(target)}, ${p.value(fallback)})`,
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.array(attributeValue, { maxLength: 2 }), fc.boolean()).map(
      ([list, prepend]): SetRhs =>
        (p) =>
          prepend ? `list_append(${p.value({ L: list })}, l)` : `list_append(l, ${p.value({ L: list })})`,
    ),
  },
);

const topLevelOrNested = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ATTRIBUTE_NAMES, 'fresh').map((name): PathElements => [name]) },
  { weight: 1, arbitrary: path },
);

/** ADD and DELETE mostly with operands of the attribute's own type, sometimes not. */
const addOperation = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(
      fc.constantFrom<PathElements>(['n'], ['counter']),
      numberValue.map((N): AttributeValue => ({ N })),
    ),
  },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom<PathElements>(['ss'], ['ns'], ['bs'], ['fresh']), setValue) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      path,
      fc.oneof(
        numberValue.map((N): AttributeValue => ({ N })),
        setValue,
      ),
    ),
  },
);
const deleteOperation = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom<PathElements>(['ss'], ['ns'], ['bs']), setValue) },
  { weight: 1, arbitrary: fc.tuple(path, setValue) },
);

const updateAction = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(topLevelOrNested, setRhs).map(([target, rhs]) => ({ kind: 'SET' as const, target, rhs })) },
  { weight: 2, arbitrary: path.map((target) => ({ kind: 'REMOVE' as const, target })) },
  { weight: 2, arbitrary: addOperation.map(([target, value]) => ({ kind: 'ADD' as const, target, value })) },
  { weight: 1, arbitrary: deleteOperation.map(([target, value]) => ({ kind: 'DELETE' as const, target, value })) },
);

/** A rendered update expression of one to three actions (paths may overlap: DynamoDB's error is then compared). */
export const updateExpression: fc.Arbitrary<RenderedExpression> = fc
  .tuple(fc.array(updateAction, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([actions, aliasAll]) => {
    const p = new Placeholders(aliasAll);
    const sections = new Map<string, string[]>();
    for (const action of actions) {
      let text: string;
      if (action.kind === 'SET') text = `${p.path(action.target)} = ${action.rhs(p, action.target)}`;
      else if (action.kind === 'REMOVE') text = p.path(action.target);
      else text = `${p.path(action.target)} ${p.value(action.value)}`;
      sections.set(action.kind, [...(sections.get(action.kind) ?? []), text]);
    }
    const text = [...sections].map(([keyword, parts]) => `${keyword} ${parts.join(', ')}`).join(' ');
    return { text, names: p.names, values: p.values };
  });
