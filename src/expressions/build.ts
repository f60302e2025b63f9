import type { AttributeType as DynamoAttributeType } from '../dynamo';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Comparator, ConditionNode, OperandNode, PathElement, PathNode, ProjectionNode, ResolvedPath, Span } from './ast';
import type { KeyConditionModel } from './keyCondition';
import { printCondition, printProjection } from './print';
import { isReservedWord } from './reservedWords';

export type { KeyConditionModel, SortKeyConditionModel } from './keyCondition';

/**
 * Builders: from the structured conditions the query builder edits to the
 * strings and maps a DynamoDB request carries. Values always become
 * `:placeholders`; names become `#placeholders` where DynamoDB requires it
 * (reserved words, characters outside `[A-Za-z0-9_]`, a leading digit or underscore) or
 * everywhere with `aliasAllNames`. The output passes `prepareExpressions`.
 */

/** An attribute type name, as `attribute_type` takes it. */
export type AttributeTypeName = DynamoAttributeType;

/** A filter or condition as the builder edits it. `size: true` compares `size(path)` instead of the value. */
export type ConditionModel =
  | { readonly kind: 'compare'; readonly path: ResolvedPath; readonly operator: Comparator; readonly value: AttributeValue; readonly size?: boolean }
  | { readonly kind: 'between'; readonly path: ResolvedPath; readonly low: AttributeValue; readonly high: AttributeValue; readonly size?: boolean }
  | { readonly kind: 'in'; readonly path: ResolvedPath; readonly values: readonly AttributeValue[] }
  | { readonly kind: 'begins_with' | 'contains'; readonly path: ResolvedPath; readonly value: AttributeValue }
  | { readonly kind: 'attribute_exists' | 'attribute_not_exists'; readonly path: ResolvedPath }
  | { readonly kind: 'attribute_type'; readonly path: ResolvedPath; readonly type: AttributeTypeName }
  | { readonly kind: 'and' | 'or'; readonly conditions: readonly ConditionModel[] }
  | { readonly kind: 'not'; readonly condition: ConditionModel };

export interface ExpressionModels {
  readonly keyCondition?: KeyConditionModel;
  readonly filter?: ConditionModel;
  readonly condition?: ConditionModel;
  readonly projection?: readonly ResolvedPath[];
}

export interface BuildOptions {
  /** Alias every attribute name with a `#placeholder`, not only the ones DynamoDB requires. */
  readonly aliasAllNames?: boolean;
}

/** Request parameters, ready to spread into a Query, Scan or write input. */
export interface BuiltExpressions {
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ConditionExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
}

const NO_SPAN: Span = { start: 0, end: 0 };
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * True when DynamoDB requires a `#placeholder` for this attribute name in an
 * expression: a reserved word, a leading digit, or any character outside
 * `[A-Za-z0-9_]` (a dot would split the path, a space ends the token).
 *
 * @example
 * nameNeedsAlias("status")   // true (reserved word)
 * nameNeedsAlias("rankKey")  // false
 * nameNeedsAlias("my-attr")  // true
 */
export function nameNeedsAlias(name: string): boolean {
  return !PLAIN_NAME.test(name) || isReservedWord(name);
}

/** Hands out placeholders: one per distinct name, one per value, readable where the name allows it. */
class PlaceholderAllocator {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private readonly refByName = new Map<string, string>();
  private readonly usedValueRefs = new Set<string>();

  constructor(private readonly aliasAll: boolean) {}

  nameElement(name: string): PathElement {
    if (!this.aliasAll && !nameNeedsAlias(name)) return { kind: 'name', name, span: NO_SPAN };
    let ref = this.refByName.get(name);
    if (!ref) {
      ref = this.uniqueRef('#', name, new Set(Object.keys(this.names)));
      this.refByName.set(name, ref);
      this.names[ref] = name;
    }
    return { kind: 'nameRef', ref, span: NO_SPAN };
  }

  path(path: ResolvedPath): PathNode {
    if (typeof path[0] !== 'string') throw new TypeError('A document path must start with an attribute name');
    const elements = path.map((element): PathElement =>
      typeof element === 'number' ? { kind: 'index', index: element, span: NO_SPAN } : this.nameElement(element),
    );
    return { kind: 'path', elements, span: NO_SPAN };
  }

  value(value: AttributeValue, hint: ResolvedPath, suffix = ''): OperandNode {
    const lastName = [...hint].reverse().find((element): element is string => typeof element === 'string') ?? 'v';
    const ref = this.uniqueRef(':', lastName + suffix, this.usedValueRefs);
    this.usedValueRefs.add(ref);
    this.values[ref] = value;
    return { kind: 'value', ref, span: NO_SPAN };
  }

  /** `#rankKey`, `:score`, …; names with other characters become `#attr`, `:attr`; clashes get a counter. */
  private uniqueRef(sigil: '#' | ':', name: string, taken: ReadonlySet<string>): string {
    const base = /^[A-Za-z0-9_]{1,40}$/.test(name) ? name : 'attr';
    let ref = `${sigil}${base}`;
    for (let n = 2; taken.has(ref); n++) ref = `${sigil}${base}${n}`;
    return ref;
  }
}

/**
 * Builds expression strings and placeholder maps from the models.
 *
 * @example
 * buildExpressions({
 *   keyCondition: {
 *     partitionKey: { name: "PK", value: { S: "ACTOR#u_8814" } },
 *     sortKey: { name: "SK", condition: { operator: "between", low: { S: "EVT#2026-06-23T00:00:00Z" }, high: { S: "EVT#2026-06-23T23:59:59Z" } } },
 *   },
 * })
 * // { KeyConditionExpression: "PK = :PK AND SK BETWEEN :SKLow AND :SKHigh",
 * //   ExpressionAttributeValues: { ":PK": …, ":SKLow": …, ":SKHigh": … } }
 */
export function buildExpressions(models: ExpressionModels, options: BuildOptions = {}): BuiltExpressions {
  const placeholders = new PlaceholderAllocator(options.aliasAllNames ?? false);
  const out: BuiltExpressions = {};
  if (models.keyCondition) out.KeyConditionExpression = printCondition(buildKeyConditionNode(models.keyCondition, placeholders));
  if (models.filter) out.FilterExpression = printCondition(buildConditionNode(models.filter, placeholders));
  if (models.condition) out.ConditionExpression = printCondition(buildConditionNode(models.condition, placeholders));
  if (models.projection && models.projection.length > 0) {
    const projection: ProjectionNode = { kind: 'projection', paths: models.projection.map((path) => placeholders.path(path)), span: NO_SPAN };
    out.ProjectionExpression = printProjection(projection);
  }
  if (Object.keys(placeholders.names).length > 0) out.ExpressionAttributeNames = placeholders.names;
  if (Object.keys(placeholders.values).length > 0) out.ExpressionAttributeValues = placeholders.values;
  return out;
}

function buildKeyConditionNode(model: KeyConditionModel, placeholders: PlaceholderAllocator): ConditionNode {
  const pkPath = [model.partitionKey.name];
  const pk: ConditionNode = {
    kind: 'compare',
    operator: '=',
    left: placeholders.path(pkPath),
    right: placeholders.value(model.partitionKey.value, pkPath),
    span: NO_SPAN,
  };
  if (!model.sortKey) return pk;
  const skPath = [model.sortKey.name];
  const { condition } = model.sortKey;
  const sk: ConditionNode =
    condition.operator === 'between'
      ? {
          kind: 'between',
          operand: placeholders.path(skPath),
          low: placeholders.value(condition.low, skPath, 'Low'),
          high: placeholders.value(condition.high, skPath, 'High'),
          span: NO_SPAN,
        }
      : condition.operator === 'begins_with'
        ? { kind: 'call', name: 'begins_with', args: [placeholders.path(skPath), placeholders.value(condition.prefix, skPath, 'Prefix')], span: NO_SPAN }
        : { kind: 'compare', operator: condition.operator, left: placeholders.path(skPath), right: placeholders.value(condition.value, skPath), span: NO_SPAN };
  return { kind: 'and', left: pk, right: sk, span: NO_SPAN };
}

function buildConditionNode(model: ConditionModel, placeholders: PlaceholderAllocator): ConditionNode {
  const target = (path: ResolvedPath, size: boolean | undefined): OperandNode => {
    const node = placeholders.path(path);
    return size ? { kind: 'call', name: 'size', args: [node], span: NO_SPAN } : node;
  };
  switch (model.kind) {
    case 'compare':
      return {
        kind: 'compare',
        operator: model.operator,
        left: target(model.path, model.size),
        right: placeholders.value(model.value, model.path),
        span: NO_SPAN,
      };
    case 'between':
      return {
        kind: 'between',
        operand: target(model.path, model.size),
        low: placeholders.value(model.low, model.path, 'Low'),
        high: placeholders.value(model.high, model.path, 'High'),
        span: NO_SPAN,
      };
    case 'in':
      if (model.values.length === 0) throw new RangeError('IN needs at least one value');
      return { kind: 'in', operand: placeholders.path(model.path), list: model.values.map((value) => placeholders.value(value, model.path)), span: NO_SPAN };
    case 'begins_with':
    case 'contains':
      return { kind: 'call', name: model.kind, args: [placeholders.path(model.path), placeholders.value(model.value, model.path)], span: NO_SPAN };
    case 'attribute_exists':
    case 'attribute_not_exists':
      return { kind: 'call', name: model.kind, args: [placeholders.path(model.path)], span: NO_SPAN };
    case 'attribute_type':
      return {
        kind: 'call',
        name: 'attribute_type',
        args: [placeholders.path(model.path), placeholders.value({ S: model.type }, model.path, 'Type')],
        span: NO_SPAN,
      };
    case 'not': {
      const inner = buildConditionNode(model.condition, placeholders);
      return { kind: 'not', operand: parenthesizeIf(inner.kind === 'and' || inner.kind === 'or', inner), span: NO_SPAN };
    }
    case 'and':
    case 'or': {
      if (model.conditions.length === 0) throw new RangeError(`${model.kind.toUpperCase()} needs at least one condition`);
      const parts = model.conditions.map((condition) => {
        const node = buildConditionNode(condition, placeholders);
        // OR binds looser than AND: an OR group inside an AND needs parentheses, nothing else does.
        return parenthesizeIf(model.kind === 'and' && node.kind === 'or', node);
      });
      return parts.reduce((left, right) => ({ kind: model.kind, left, right, span: NO_SPAN }));
    }
  }
}

function parenthesizeIf(condition: boolean, node: ConditionNode): ConditionNode {
  return condition ? { kind: 'parens', inner: node, span: NO_SPAN } : node;
}
