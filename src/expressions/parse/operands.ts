import type { CallNode, PathElement, PathNode, Span, ValueNode } from '../ast';
import type { Token } from '../lexer';
import { TokenCursor } from './cursor';
import type { Frame, Operandish } from './frames';

/**
 * Reads operands — `:value`, document paths, function calls, each possibly
 * in parentheses — on the explicit stack; the condition, update and
 * projection parsers extend it.
 *
 * @example
 * class OneOperand extends OperandParser {
 *   read() { return this.deliverOperand(this.beginOperand()).node; }
 * }
 * new OneOperand("size(#a.b[2])", "ConditionExpression").read()
 * // { kind: "call", name: "size", args: [{ kind: "path", … }], span: { start: 0, end: 13 } }
 */
export class OperandParser extends TokenCursor {
  protected readonly stack: Frame[] = [];

  /**
   * Starts an operand where only an operand may stand: takes its `(`, and
   * for calls the name and `(`, pushing frames for them; returns the first
   * simple operand (a path or a value), which `deliverOperand` then carries
   * out through the open frames.
   */
  protected beginOperand(): Operandish {
    const tokens = this.tokens;
    for (;;) {
      let token = tokens[this.i] as Token;
      if (token.kind === '(') {
        const opens: number[] = [];
        do {
          opens.push(token.start);
          this.i++;
          token = tokens[this.i] as Token;
        } while (token.kind === '(');
        this.stack.push({ type: 'operandParens', opens });
      }
      if (token.kind === 'valueRef') {
        this.i++;
        const node: ValueNode = { kind: 'value', ref: this.text.slice(token.start, token.end), span: { start: token.start, end: token.end } };
        return { node, start: token.start, end: token.end, parens: [] };
      }
      if (token.kind === 'name' && (tokens[this.i + 1] as Token).kind === '(') {
        this.stack.push({ type: 'call', name: this.text.slice(token.start, token.end), start: token.start, args: [] });
        this.i += 2;
        continue;
      }
      if (token.kind === 'name' || token.kind === 'nameRef') {
        const node = this.parsePath();
        return { node, start: node.span.start, end: node.span.end, parens: [] };
      }
      throw this.fail();
    }
  }

  /** Closes the operand frames on top of the stack around `operand`; returns the finished operand. */
  protected deliverOperand(operand: Operandish): Operandish {
    let current = operand;
    for (;;) {
      const frame = this.stack[this.stack.length - 1];
      if (frame?.type === 'operandParens') {
        const owner = this.stack[this.stack.length - 2];
        for (let n = frame.opens.length - 1; n >= 0; n--) {
          const token = this.token();
          if (token.kind !== ')') throw this.fail();
          const span = { start: frame.opens[n] as number, end: token.end };
          current.parens.push(span);
          current.start = span.start;
          current.end = token.end;
          this.i++;
          if (current.parens.length === 2) {
            // Inside a call's arguments DynamoDB notices the redundancy only once the call is complete.
            if (owner?.type === 'call') owner.redundant ??= span;
            else throw this.redundant(span);
          }
        }
        this.stack.pop();
        continue;
      }
      if (frame?.type === 'call') {
        frame.args.push(current.node);
        const token = this.token();
        if (token.kind === ',') {
          this.i++;
          current = this.beginOperand();
          continue;
        }
        if (token.kind !== ')') throw this.fail();
        this.i++;
        this.stack.pop();
        if (frame.redundant) throw this.redundant(frame.redundant);
        const node: CallNode = { kind: 'call', name: frame.name, args: frame.args, span: { start: frame.start, end: token.end } };
        current = { node, start: frame.start, end: token.end, parens: [] };
        continue;
      }
      return current;
    }
  }

  /** An operand in two or more pairs of parentheses is DynamoDB's "redundant parentheses". */
  protected checkOperandParens(operand: Operandish): void {
    if (operand.parens.length >= 2) throw this.redundant(operand.parens[operand.parens.length - 1] as Span);
  }

  /** A document path where only a path may stand (projected, or written by an update). */
  protected parseTargetPath(): PathNode {
    const token = this.token();
    if (token.kind !== 'name' && token.kind !== 'nameRef') throw this.fail();
    return this.parsePath();
  }

  /** A document path; the current token is its first name or `#name`. */
  private parsePath(): PathNode {
    const tokens = this.tokens;
    const text = this.text;
    const first = tokens[this.i] as Token;
    const elements: PathElement[] = [pathName(text, first)];
    this.i++;
    for (;;) {
      const token = tokens[this.i] as Token;
      if (token.kind === '.') {
        this.i++;
        const element = tokens[this.i] as Token;
        // DynamoDB reads `a.:b` as a path whose element `:b` is an (undefinable) name placeholder.
        if (element.kind !== 'name' && element.kind !== 'nameRef' && element.kind !== 'valueRef') throw this.fail();
        elements.push(pathName(text, element));
        this.i++;
        continue;
      }
      if (token.kind === '[') {
        this.i++;
        const digits = tokens[this.i] as Token;
        if (digits.kind !== 'number') throw this.fail();
        this.i++;
        const close = tokens[this.i] as Token;
        if (close.kind !== ']') throw this.fail();
        this.i++;
        elements.push({ kind: 'index', index: Number(text.slice(digits.start, digits.end)), span: { start: token.start, end: close.end } });
        continue;
      }
      const last = elements[elements.length - 1] as PathElement;
      return { kind: 'path', elements, span: { start: first.start, end: last.span.end } };
    }
  }
}

function pathName(text: string, token: Token): PathElement {
  const span = { start: token.start, end: token.end };
  const value = text.slice(token.start, token.end);
  return token.kind === 'name' ? { kind: 'name', name: value, span } : { kind: 'nameRef', ref: value, span };
}
