/**
 * Printers: syntax trees back to expression text, in one canonical form —
 * keywords upper case, one space around operators, `, ` between list items,
 * no space inside parentheses.
 *
 * Contract: for every tree `t` the parsers produce, parsing the printed text
 * gives `t` again, up to spans (`parse(print(parse(s)))` equals `parse(s)`).
 * Parentheses are printed where the tree has `parens` nodes, plus where a
 * hand-built tree needs them to keep its shape (an OR under an AND, an AND
 * or OR under NOT, a right operand of the same operator). Parentheses around
 * operands are not kept by the parser, so they are never printed. Names and
 * placeholders are printed as they are in the tree: printing does not add
 * `#` aliases for reserved words (see `build.ts` for that).
 *
 * The printers never recurse: a tree of any depth prints.
 */
import type { ConditionNode, OperandNode, PathNode, ProjectionNode, SetValueNode, UpdateNode } from './ast';

/**
 * Prints a condition (key condition, condition or filter expression).
 *
 * @example
 * printCondition(parseCondition("a=:v and (not b <> :w or attribute_exists(#c))", "FilterExpression"))
 * // "a = :v AND (NOT b <> :w OR attribute_exists(#c))"
 */
export function printCondition(node: ConditionNode): string {
  return render([{ condition: node }]);
}

/**
 * Prints a ProjectionExpression.
 *
 * @example
 * printProjection(parseProjection("a ,b[1] . c")) // "a, b[1].c"
 */
export function printProjection(node: ProjectionNode): string {
  const parts: string[] = [];
  node.paths.forEach((path, n) => {
    if (n > 0) parts.push(', ');
    pushPath(parts, path);
  });
  return parts.join('');
}

/**
 * Prints an UpdateExpression, sections in the tree's order.
 *
 * @example
 * printUpdate(parseUpdate("set a=a+:one, b=if_not_exists(b,:z) remove c"))
 * // "SET a = a + :one, b = if_not_exists(b, :z) REMOVE c"
 */
export function printUpdate(node: UpdateNode): string {
  const items: Item[] = [];
  node.sections.forEach((section, n) => {
    items.push(n > 0 ? ` ${section.kind} ` : `${section.kind} `);
    if (section.kind === 'SET') {
      section.actions.forEach((action, a) => {
        if (a > 0) items.push(', ');
        items.push({ operand: action.path }, ' = ', { setValue: action.value });
      });
    } else if (section.kind === 'REMOVE') {
      section.paths.forEach((path, a) => {
        if (a > 0) items.push(', ');
        items.push({ operand: path });
      });
    } else {
      section.actions.forEach((action, a) => {
        if (a > 0) items.push(', ');
        items.push({ operand: action.path }, ' ', { operand: action.value });
      });
    }
  });
  return render(items);
}

/** A piece of output: literal text, or a node still to print. */
type Item = string | { readonly condition: ConditionNode } | { readonly operand: OperandNode } | { readonly setValue: SetValueNode };

/** Binding strength, loosest first: OR, AND, NOT, then everything that is a unit of its own. */
function precedence(node: ConditionNode): number {
  switch (node.kind) {
    case 'or':
      return 1;
    case 'and':
      return 2;
    case 'not':
      return 3;
    default:
      return 4;
  }
}

/** Prints items left to right with an explicit stack (pushed in reverse so they pop in order). */
function render(initial: readonly Item[]): string {
  const out: string[] = [];
  const stack: Item[] = [];
  for (let n = initial.length - 1; n >= 0; n--) stack.push(initial[n] as Item);
  const wrap = (node: ConditionNode, needed: boolean): Item[] => (needed ? ['(', { condition: node }, ')'] : [{ condition: node }]);
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    let expanded: Item[];
    if ('condition' in item) {
      const node = item.condition;
      switch (node.kind) {
        case 'compare':
          expanded = [{ operand: node.left }, ` ${node.operator} `, { operand: node.right }];
          break;
        case 'between':
          expanded = [{ operand: node.operand }, ' BETWEEN ', { operand: node.low }, ' AND ', { operand: node.high }];
          break;
        case 'in':
          expanded = [{ operand: node.operand }, ' IN ('];
          node.list.forEach((operand, n) => {
            if (n > 0) expanded.push(', ');
            expanded.push({ operand });
          });
          expanded.push(')');
          break;
        case 'and':
        case 'or': {
          const own = precedence(node);
          expanded = [
            ...wrap(node.left, precedence(node.left) < own),
            node.kind === 'and' ? ' AND ' : ' OR ',
            ...wrap(node.right, precedence(node.right) <= own),
          ];
          break;
        }
        case 'not':
          expanded = ['NOT ', ...wrap(node.operand, precedence(node.operand) < 3)];
          break;
        case 'parens':
          expanded = ['(', { condition: node.inner }, ')'];
          break;
        case 'call':
          expanded = [{ operand: node }];
          break;
      }
    } else if ('operand' in item) {
      const node = item.operand;
      if (node.kind === 'path') {
        pushPath(out, node);
        continue;
      }
      if (node.kind === 'value') {
        out.push(node.ref);
        continue;
      }
      expanded = [`${node.name}(`];
      node.args.forEach((operand, n) => {
        if (n > 0) expanded.push(', ');
        expanded.push({ operand });
      });
      expanded.push(')');
    } else {
      const node = item.setValue;
      expanded = node.kind === 'arithmetic' ? [{ operand: node.left }, ` ${node.operator} `, { operand: node.right }] : [{ operand: node }];
    }
    for (let n = expanded.length - 1; n >= 0; n--) stack.push(expanded[n] as Item);
  }
  return out.join('');
}

function pushPath(out: string[], path: PathNode): void {
  path.elements.forEach((element, n) => {
    if (element.kind === 'index') out.push(`[${formatIndex(element.index)}]`);
    else out.push(n > 0 ? '.' : '', element.kind === 'name' ? element.name : element.ref);
  });
}

/** Digits of a list index, without the exponent notation `String(1e21)` would use. */
function formatIndex(index: number): string {
  if (Number.isSafeInteger(index) || !Number.isFinite(index) || !Number.isInteger(index)) return String(index);
  return BigInt(index).toString();
}
