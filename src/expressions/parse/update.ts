import type { PathNode, PathValueActionNode, SetActionNode, SetValueNode, UpdateNode, UpdateSectionNode, ValueNode } from '../ast';
import type { TokenKind } from '../lexer';
import { OperandParser } from './operands';

const SECTION_KEYWORDS: ReadonlySet<TokenKind> = new Set<TokenKind>(['SET', 'REMOVE', 'ADD', 'DELETE']);

/**
 * The UpdateExpression parser: SET / REMOVE / ADD / DELETE sections in the
 * order written (a repeated section is the validator's error).
 *
 * @example
 * new UpdateParser("SET a = a + :one REMOVE b", "UpdateExpression").parseUpdate().sections.map((s) => s.kind)
 * // ["SET", "REMOVE"]
 */
export class UpdateParser extends OperandParser {
  parseUpdate(): UpdateNode {
    const sections: UpdateSectionNode[] = [];
    for (;;) {
      const keyword = this.token();
      if (!SECTION_KEYWORDS.has(keyword.kind)) throw this.fail();
      this.i++;
      const setActions: SetActionNode[] = [];
      const paths: PathNode[] = [];
      const pathValueActions: PathValueActionNode[] = [];
      let end: number;
      for (;;) {
        const path = this.parseTargetPath();
        if (keyword.kind === 'SET') {
          if (this.token().kind !== '=') throw this.fail();
          this.i++;
          const value = this.parseSetValue();
          end = value.end;
          setActions.push({ path, value: value.node, span: { start: path.span.start, end } });
        } else if (keyword.kind === 'REMOVE') {
          end = path.span.end;
          paths.push(path);
        } else {
          const token = this.token();
          if (token.kind !== 'valueRef') throw this.fail();
          this.i++;
          end = token.end;
          const value: ValueNode = { kind: 'value', ref: this.text.slice(token.start, token.end), span: { start: token.start, end } };
          pathValueActions.push({ path, value, span: { start: path.span.start, end } });
        }
        if (this.token().kind !== ',') break;
        this.i++;
      }
      const span = { start: keyword.start, end };
      if (keyword.kind === 'SET') sections.push({ kind: 'SET', actions: setActions, span });
      else if (keyword.kind === 'REMOVE') sections.push({ kind: 'REMOVE', paths, span });
      else sections.push({ kind: keyword.kind as 'ADD' | 'DELETE', actions: pathValueActions, span });
      const next = this.token();
      if (next.kind === 'eof') {
        const first = sections[0] as UpdateSectionNode;
        return { kind: 'update', sections, span: { start: first.span.start, end } };
      }
      if (!SECTION_KEYWORDS.has(next.kind)) throw this.fail();
    }
  }

  /**
   * The right side of `SET path = …`: an operand, or `operand + operand` /
   * `operand - operand`, either possibly in parentheses. Leading `(` are
   * counted first; whether they wrap the left operand or the whole
   * arithmetic shows at the `)` and `+` / `-` that follow.
   */
  private parseSetValue(): { node: SetValueNode; end: number } {
    const opens: number[] = [];
    while (this.token().kind === '(') {
      opens.push(this.token().start);
      this.i++;
    }
    const left = this.deliverOperand(this.beginOperand());
    let closed = 0;
    while (closed < opens.length && this.token().kind === ')') {
      const token = this.token();
      left.parens.push({ start: opens[opens.length - 1 - closed] as number, end: token.end });
      left.end = token.end;
      closed++;
      this.i++;
      this.checkOperandParens(left);
    }
    const operator = this.token();
    if (operator.kind !== '+' && operator.kind !== '-') {
      if (closed < opens.length) throw this.fail();
      return { node: left.node, end: left.end };
    }
    this.i++;
    const right = this.deliverOperand(this.beginOperand());
    const node: SetValueNode = {
      kind: 'arithmetic',
      operator: operator.kind,
      left: left.node,
      right: right.node,
      span: { start: left.node.span.start, end: right.node.span.end },
    };
    let end = right.end;
    for (let n = opens.length - 1 - closed; n >= 0; n--) {
      const token = this.token();
      if (token.kind !== ')') throw this.fail();
      if (n === opens.length - closed - 2) throw this.redundant({ start: opens[n] as number, end: token.end });
      end = token.end;
      this.i++;
    }
    return { node, end };
  }
}
