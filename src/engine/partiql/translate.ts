import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import type { PartiqlExpression, PartiqlPath, PartiqlUpdateAction } from './ast';

/**
 * PartiQL conditions and updates written as DynamoDB expression-language
 * text, with every name a `#n` placeholder and every value a `:v`
 * placeholder. The engine then runs them through `prepareExpressions` and the
 * one evaluator, as DynamoDB itself does: its PartiQL front end translates to
 * the same expressions, which is why DynamoDB Local answers `a + 1 = 4` with
 * `Unsupported operator in Condition Expression. Operator: +`.
 *
 * Parentheses are written only where precedence needs them (NOT > AND > OR,
 * as in both languages): the expression validator refuses redundant ones.
 */
export class ExpressionWriter {
  private readonly names = new Map<string, string>();
  private readonly values: Record<string, AttributeValue> = {};
  private valueCount = 0;

  /** `#nK` for an attribute name (one placeholder per distinct name). */
  name(name: string): string {
    let ref = this.names.get(name);
    if (!ref) this.names.set(name, (ref = `#n${this.names.size}`));
    return ref;
  }

  /** `:vK` for a value. */
  value(value: AttributeValue): string {
    const ref = `:v${this.valueCount++}`;
    this.values[ref] = value;
    return ref;
  }

  path(path: PartiqlPath): string {
    let text = this.name(path.name);
    for (const step of path.steps) text += step.kind === 'index' ? `[${step.index}]` : `.${this.name(step.name)}`;
    return text;
  }

  /** A WHERE clause (or part of one) as a ConditionExpression / FilterExpression. */
  condition(expression: PartiqlExpression): string {
    switch (expression.kind) {
      case 'and':
      case 'or':
        return `${this.child(expression.left, expression.kind)} ${expression.kind.toUpperCase()} ${this.child(expression.right, expression.kind)}`;
      case 'not':
        return `NOT ${this.child(expression.operand, 'not')}`;
      case 'compare':
        return `${this.operand(expression.left)} ${expression.operator} ${this.operand(expression.right)}`;
      case 'between':
        return `${this.operand(expression.operand)} BETWEEN ${this.operand(expression.low)} AND ${this.operand(expression.high)}`;
      case 'in':
        if (expression.list.length === 0) throw validationError('IN needs at least one value: write a IN [1, 2]');
        return `${this.operand(expression.operand)} IN (${expression.list.map((item) => this.operand(item)).join(', ')})`;
      case 'is': {
        if (expression.operand.kind !== 'path') throw validationError(`IS ${expression.test} applies to an attribute: write a IS ${expression.test}`);
        const path = this.path(expression.operand);
        if (expression.test === 'MISSING') return expression.negated ? `attribute_exists(${path})` : `attribute_not_exists(${path})`;
        // IS NULL is true of a NULL value only: a missing attribute is MISSING, not NULL (DynamoDB Local agrees).
        const test = `attribute_type(${path}, ${this.value({ S: 'NULL' })})`;
        return expression.negated ? `NOT ${test}` : test;
      }
      case 'call':
        return this.call(expression);
      case 'arithmetic':
        throw validationError(`Unsupported operator in Condition Expression. Operator: ${expression.operator}`);
      case 'path':
      case 'value':
        throw validationError('A WHERE clause needs conditions, such as a = 1 or attribute_exists(a), joined by AND / OR');
    }
  }

  private child(expression: PartiqlExpression, parent: 'and' | 'or' | 'not'): string {
    const text = this.condition(expression);
    const needsParentheses = expression.kind === 'or' ? parent !== 'or' : expression.kind === 'and' ? parent === 'not' : false;
    return needsParentheses ? `(${text})` : text;
  }

  /** A comparison's operand: a path, a value, or a function such as size(a). */
  private operand(expression: PartiqlExpression): string {
    switch (expression.kind) {
      case 'path':
        return this.path(expression);
      case 'value':
        return this.value(expression.value);
      case 'call':
        return this.call(expression);
      case 'arithmetic':
        throw validationError(`Unsupported operator in Condition Expression. Operator: ${expression.operator}`);
      default:
        throw validationError('A comparison compares attributes, values and functions such as size(a); a condition cannot stand on one side of it');
    }
  }

  private call(expression: Extract<PartiqlExpression, { kind: 'call' }>): string {
    return `${expression.name}(${expression.args.map((arg) => this.setValue(arg)).join(', ')})`;
  }

  /** The right-hand side of a SET: a value, a path, `a + b`, or list_append / if_not_exists. */
  setValue(expression: PartiqlExpression): string {
    switch (expression.kind) {
      case 'path':
        return this.path(expression);
      case 'value':
        return this.value(expression.value);
      case 'arithmetic':
        return `${this.setValue(expression.left)} ${expression.operator} ${this.setValue(expression.right)}`;
      case 'call':
        return this.call(expression);
      default:
        throw validationError('SET takes a value, an attribute, a + b, a - b, list_append(...), if_not_exists(...), set_add(...) or set_delete(...)');
    }
  }

  /**
   * An UPDATE's SET and REMOVE actions as an UpdateExpression. `set_add(s, v)`
   * and `set_delete(s, v)` are DynamoDB's PartiQL spelling of ADD and DELETE.
   */
  update(actions: readonly PartiqlUpdateAction[]): string {
    const sections: Record<'SET' | 'REMOVE' | 'ADD' | 'DELETE', string[]> = { SET: [], REMOVE: [], ADD: [], DELETE: [] };
    for (const action of actions) {
      const path = this.path(action.path);
      if (action.kind === 'remove') {
        sections.REMOVE.push(path);
        continue;
      }
      const value = action.value;
      if (value.kind === 'call' && (value.name === 'set_add' || value.name === 'set_delete')) {
        const [set, members] = value.args;
        if (value.args.length !== 2 || set?.kind !== 'path' || members?.kind !== 'value' || this.path(set) !== path) {
          throw validationError(`${value.name} takes the attribute being set and a set of values: write SET s = ${value.name}(s, <<'a'>>)`);
        }
        sections[value.name === 'set_add' ? 'ADD' : 'DELETE'].push(`${path} ${this.value(members.value)}`);
        continue;
      }
      sections.SET.push(`${path} = ${this.setValue(value)}`);
    }
    return (['SET', 'REMOVE', 'ADD', 'DELETE'] as const)
      .filter((section) => sections[section].length > 0)
      .map((section) => `${section} ${sections[section].join(', ')}`)
      .join(' ');
  }

  /** ExpressionAttributeNames and ExpressionAttributeValues, each only when used. */
  parameters(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, AttributeValue> } {
    const parameters: { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, AttributeValue> } = {};
    if (this.names.size > 0) parameters.ExpressionAttributeNames = Object.fromEntries([...this.names].map(([name, ref]) => [ref, name]));
    if (this.valueCount > 0) parameters.ExpressionAttributeValues = this.values;
    return parameters;
  }
}

/** `a AND b AND c` split into its conjuncts (an OR anywhere keeps its subtree whole). */
export function conjunctsOf(expression: PartiqlExpression | undefined): PartiqlExpression[] {
  if (!expression) return [];
  if (expression.kind === 'and') return [...conjunctsOf(expression.left), ...conjunctsOf(expression.right)];
  return [expression];
}

/** Conjuncts joined again with AND, or undefined for none. */
export function joinConjuncts(conjuncts: readonly PartiqlExpression[]): PartiqlExpression | undefined {
  return conjuncts.reduce<PartiqlExpression | undefined>((left, right) => (left ? { kind: 'and', left, right } : right), undefined);
}

/** The output name of a selected path, as DynamoDB Local returns it: its last name with the list indexes after it (`m.x` → `x`, `l[1]` → `l[1]`). */
export function outputNameOf(path: PartiqlPath): string {
  let name = path.name;
  let indexes = '';
  for (const step of path.steps) {
    if (step.kind === 'name') {
      name = step.name;
      indexes = '';
    } else indexes += `[${step.index}]`;
  }
  return name + indexes;
}
