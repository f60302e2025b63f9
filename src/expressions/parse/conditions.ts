import type { Comparator, ConditionNode, OperandNode } from '../ast';
import type { Token, TokenKind } from '../lexer';
import type { ConditionFrame, Operandish } from './frames';
import { OperandParser } from './operands';

const COMPARATORS: ReadonlySet<TokenKind> = new Set<TokenKind>(['=', '<>', '<', '<=', '>', '>=']);

/**
 * The parser of KeyConditionExpression, ConditionExpression and
 * FilterExpression (one grammar): NOT, AND, OR and condition groups on
 * condition frames, operands through `OperandParser`.
 *
 * @example
 * new ConditionParser("NOT (a = :v OR b < :w)", "FilterExpression").parseCondition().kind // "not"
 */
export class ConditionParser extends OperandParser {
  parseCondition(): ConditionNode {
    const tokens = this.tokens;
    const stack = this.stack;
    stack.push({ type: 'condition', group: false, open: 0, terms: [], ands: [], nots: [] });
    // Each pass of the loop starts a condition unit of the innermost condition frame.
    for (;;) {
      const frame = this.topCondition();
      const token = this.token();
      if (token.kind === 'NOT') {
        frame.nots.push(token.start);
        this.i++;
        continue;
      }
      if (token.kind === '(') {
        stack.push({ type: 'condition', group: true, open: token.start, terms: [], ands: [], nots: [] });
        this.i++;
        continue;
      }
      if (token.kind !== 'valueRef' && token.kind !== 'name' && token.kind !== 'nameRef') throw this.fail();
      let unit = this.parseConditionAfterSubject(this.deliverOperand(this.beginOperand()));
      // A finished unit: apply NOTs, then AND / OR / `)` until another unit starts.
      for (;;) {
        const current = this.topCondition();
        for (let n = current.nots.length - 1; n >= 0; n--) {
          unit = { kind: 'not', operand: unit, span: { start: current.nots[n] as number, end: unit.span.end } };
        }
        current.nots.length = 0;
        current.ands.push(unit);
        const next = tokens[this.i] as Token;
        if (next.kind === 'AND') {
          this.i++;
          break;
        }
        if (next.kind === 'OR') {
          current.terms.push(foldBinary('and', current.ands));
          current.ands.length = 0;
          this.i++;
          break;
        }
        if (next.kind === ')' && current.group) {
          current.terms.push(foldBinary('and', current.ands));
          const inner = foldBinary('or', current.terms);
          if (inner.kind === 'parens') throw this.redundant({ start: current.open, end: next.end });
          unit = { kind: 'parens', inner, span: { start: current.open, end: next.end } };
          stack.pop();
          this.i++;
          continue;
        }
        if (next.kind === 'eof' && !current.group) {
          current.terms.push(foldBinary('and', current.ands));
          stack.pop();
          return foldBinary('or', current.terms);
        }
        throw this.fail();
      }
    }
  }

  /**
   * Given the first operand of a condition unit (the subject), parses the
   * rest of the unit. A subject inside `(` that is followed by `)` may be a
   * parenthesised operand: then the group closes and the subject moves out.
   */
  private parseConditionAfterSubject(subject: Operandish): ConditionNode {
    for (;;) {
      const token = this.token();
      const kind = token.kind;
      if (COMPARATORS.has(kind)) {
        this.checkOperandParens(subject);
        this.i++;
        const right = this.deliverOperand(this.beginOperand());
        return { kind: 'compare', operator: kind as Comparator, left: subject.node, right: right.node, span: { start: subject.start, end: right.end } };
      }
      if (kind === 'BETWEEN') {
        this.checkOperandParens(subject);
        this.i++;
        const low = this.deliverOperand(this.beginOperand());
        if (this.token().kind !== 'AND') throw this.fail();
        this.i++;
        const high = this.deliverOperand(this.beginOperand());
        return { kind: 'between', operand: subject.node, low: low.node, high: high.node, span: { start: subject.start, end: high.end } };
      }
      if (kind === 'IN') {
        this.checkOperandParens(subject);
        this.i++;
        if (this.token().kind !== '(') throw this.fail();
        this.i++;
        const list: OperandNode[] = [];
        for (;;) {
          list.push(this.deliverOperand(this.beginOperand()).node);
          const next = this.token();
          if (next.kind === ',') {
            this.i++;
            continue;
          }
          if (next.kind !== ')') throw this.fail();
          this.i++;
          return { kind: 'in', operand: subject.node, list, span: { start: subject.start, end: next.end } };
        }
      }
      const frame = this.topCondition();
      const lone = frame.group && frame.nots.length === 0 && frame.terms.length === 0 && frame.ands.length === 0;
      if (kind === ')' && lone) {
        // `(subject)`: an operand group, or (for a call) a condition group — the next token decides.
        subject.parens.push({ start: frame.open, end: token.end });
        subject.start = frame.open;
        subject.end = token.end;
        this.stack.pop();
        this.i++;
        // A call in two groups is redundant either way (operand or condition); a path waits for its comparator.
        if (subject.node.kind === 'call') this.checkOperandParens(subject);
        continue;
      }
      if (subject.node.kind === 'call' && (kind === 'AND' || kind === 'OR' || kind === ')' || kind === 'eof')) {
        // A function used as a condition, possibly inside groups that closed above.
        let unit: ConditionNode = subject.node;
        for (const span of subject.parens) {
          if (unit.kind === 'parens') throw this.redundant(span);
          unit = { kind: 'parens', inner: unit, span };
        }
        return unit;
      }
      throw this.fail();
    }
  }

  private topCondition(): ConditionFrame {
    return this.stack[this.stack.length - 1] as ConditionFrame;
  }
}

/** Left-associative chain of AND (or OR) over the terms, in order. */
function foldBinary(kind: 'and' | 'or', terms: readonly ConditionNode[]): ConditionNode {
  let node = terms[0] as ConditionNode;
  for (let n = 1; n < terms.length; n++) {
    const right = terms[n] as ConditionNode;
    node = { kind, left: node, right, span: { start: node.span.start, end: right.span.end } };
  }
  return node;
}
