/**
 * Parsers for DynamoDB's expression language: condition expressions
 * (KeyConditionExpression, ConditionExpression, FilterExpression share one
 * grammar), ProjectionExpression and UpdateExpression.
 *
 * The parsers check what DynamoDB checks while parsing — the size limit, the
 * empty expression, syntax, redundant parentheses — and build the syntax
 * tree of `ast.ts`. Names and values stay unresolved; everything else
 * (reserved words, functions, placeholders, types) is the job of `prepare/`.
 *
 * Syntax errors name the token DynamoDB names: the first token at which the
 * text stops being the beginning of any valid expression, with DynamoDB's
 * `near` text (from the start of the previous token to the end of the next
 * one). The parsers never recurse: nesting lives on an explicit stack, so
 * `((((…` 4,000 deep costs memory, not call stack.
 *
 * Grammar (tightest first: comparators, IN, BETWEEN, functions, parentheses,
 * NOT, AND, OR; keywords in any case, function names case-sensitive):
 * ```
 * condition := or
 * or        := and (OR and)*
 * and       := not (AND not)*
 * not       := NOT not | '(' or ')' | operandP comparator operandP
 *            | operandP BETWEEN operandP AND operandP
 *            | operandP IN '(' operandP (',' operandP)* ')' | call
 * operandP  := '(' operandP ')' | call | :value | path
 * call      := name '(' operandP (',' operandP)* ')'
 * path      := (name | #name) ('.' (name | #name) | '[' index ']')*
 * update    := (SET set (',' set)* | REMOVE path (',' path)*
 *              | ADD path :value (',' …)* | DELETE path :value (',' …)*)+
 * set       := path '=' value ;  value := '(' value ')' | operandP (('+' | '-') operandP)?
 * projection:= path (',' path)*
 * ```
 */
import type {
  CallNode,
  Comparator,
  ConditionNode,
  ExpressionKind,
  OperandNode,
  PathElement,
  PathNode,
  PathValueActionNode,
  ProjectionNode,
  SetActionNode,
  SetValueNode,
  Span,
  UpdateNode,
  UpdateSectionNode,
  ValueNode,
} from '../ast';
import { validationError, type DynamoDBError } from '../errors';
import { tokenize, type Token, type TokenKind } from '../lexer';
import { MAX_EXPRESSION_LENGTH } from '../limits';

/**
 * The expression parameters that hold a condition.
 *
 * @example
 * const kind: ConditionExpressionKind = "FilterExpression";
 */
export type ConditionExpressionKind = 'KeyConditionExpression' | 'ConditionExpression' | 'FilterExpression';

/**
 * Parses a KeyConditionExpression, ConditionExpression or FilterExpression.
 * Throws a ValidationException with DynamoDB's message (prefixed
 * `Invalid <kind>: `) for an empty, oversized or malformed expression, or one
 * with redundant parentheses.
 *
 * @example
 * parseCondition("a = :v AND NOT begins_with(#b, :p)", "FilterExpression")
 * // { kind: "and", left: { kind: "compare", … }, right: { kind: "not", … }, span: … }
 * parseCondition("a =", "FilterExpression")
 * // throws 'Invalid FilterExpression: Syntax error; token: "<EOF>", near: "="'
 */
export function parseCondition(text: string, kind: ConditionExpressionKind): ConditionNode {
  const parser = new Parser(text, kind);
  return parser.parseCondition();
}

/**
 * Parses a ProjectionExpression: document paths separated by commas.
 *
 * @example
 * parseProjection("a, #b.c[0]").paths.length // 2
 * parseProjection("a,") // throws 'Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ","'
 */
export function parseProjection(text: string): ProjectionNode {
  const parser = new Parser(text, 'ProjectionExpression');
  return parser.parseProjection();
}

/**
 * Parses an UpdateExpression into its SET / REMOVE / ADD / DELETE sections,
 * in the order written (a repeated section is the validator's error).
 *
 * @example
 * parseUpdate("SET a = a + :one REMOVE b").sections.map((s) => s.kind) // ["SET", "REMOVE"]
 * parseUpdate("SET a = b + c + d") // throws 'Invalid UpdateExpression: Syntax error; token: "+", near: "c + d"'
 */
export function parseUpdate(text: string): UpdateNode {
  const parser = new Parser(text, 'UpdateExpression');
  return parser.parseUpdate();
}

/** An operand being built, with the parentheses around it (innermost first). */
interface Operandish {
  node: OperandNode;
  start: number;
  end: number;
  parens: Span[];
}

/** A condition level: the top level, or a `(` whose content may yet turn out to be an operand. */
interface ConditionFrame {
  readonly type: 'condition';
  readonly group: boolean;
  readonly open: number;
  /** Finished OR terms. */
  readonly terms: ConditionNode[];
  /** Finished AND terms of the current OR term. */
  readonly ands: ConditionNode[];
  /** Starts of NOTs waiting for their condition. */
  readonly nots: number[];
}

/** `(` around an operand, in a place where only an operand can follow. */
interface OperandParensFrame {
  readonly type: 'operandParens';
  /** Starts of the `(`, outermost first. */
  readonly opens: number[];
}

interface CallFrame {
  readonly type: 'call';
  readonly name: string;
  readonly start: number;
  readonly args: OperandNode[];
  /** An argument in two or more pairs of parentheses, reported when the call is complete. */
  redundant?: Span | undefined;
}

type Frame = ConditionFrame | OperandParensFrame | CallFrame;

const COMPARATORS: ReadonlySet<TokenKind> = new Set<TokenKind>(['=', '<>', '<', '<=', '>', '>=']);
const SECTION_KEYWORDS: ReadonlySet<TokenKind> = new Set<TokenKind>(['SET', 'REMOVE', 'ADD', 'DELETE']);

class Parser {
  private readonly tokens: Token[];
  private i = 0;
  private readonly stack: Frame[] = [];

  constructor(
    private readonly text: string,
    private readonly kind: ExpressionKind,
  ) {
    if (typeof text !== 'string') {
      throw validationError(`Invalid ${kind}: The expression must be a string`, { expression: kind });
    }
    if (text.length > MAX_EXPRESSION_LENGTH) {
      // DynamoDB gives the size for condition expressions only.
      const size = kind === 'UpdateExpression' || kind === 'ProjectionExpression' ? '' : ` expression size: ${text.length}`;
      throw validationError(`Invalid ${kind}: Expression size has exceeded the maximum allowed size;${size}`, {
        expression: kind,
        span: { start: 0, end: text.length },
      });
    }
    if (text.length === 0) {
      throw validationError(`Invalid ${kind}: The expression can not be empty;`, { expression: kind, span: { start: 0, end: 0 } });
    }
    this.tokens = tokenize(text);
  }

  // --- Conditions ------------------------------------------------------------

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

  // --- Operands ----------------------------------------------------------------

  /**
   * Starts an operand where only an operand may stand: takes its `(`, and
   * for calls the name and `(`, pushing frames for them; returns the first
   * simple operand (a path or a value), which `deliverOperand` then carries
   * out through the open frames.
   */
  private beginOperand(): Operandish {
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
  private deliverOperand(operand: Operandish): Operandish {
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
  private checkOperandParens(operand: Operandish): void {
    if (operand.parens.length >= 2) throw this.redundant(operand.parens[operand.parens.length - 1] as Span);
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

  // --- Projection and update -----------------------------------------------------

  parseProjection(): ProjectionNode {
    const paths: PathNode[] = [];
    for (;;) {
      const token = this.token();
      if (token.kind !== 'name' && token.kind !== 'nameRef') throw this.fail();
      paths.push(this.parsePath());
      const next = this.token();
      if (next.kind === ',') {
        this.i++;
        continue;
      }
      if (next.kind !== 'eof') throw this.fail();
      const first = paths[0] as PathNode;
      const last = paths[paths.length - 1] as PathNode;
      return { kind: 'projection', paths, span: { start: first.span.start, end: last.span.end } };
    }
  }

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

  private parseTargetPath(): PathNode {
    const token = this.token();
    if (token.kind !== 'name' && token.kind !== 'nameRef') throw this.fail();
    return this.parsePath();
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

  // --- Errors ----------------------------------------------------------------------

  private token(): Token {
    return this.tokens[this.i] as Token;
  }

  /** DynamoDB reports redundant parentheses as soon as its parser has read them, before any later syntax error. */
  private redundant(span: Span): DynamoDBError {
    return validationError(`Invalid ${this.kind}: The expression has redundant parentheses;`, { expression: this.kind, span });
  }

  /** DynamoDB's syntax error at the current token. */
  private fail(): DynamoDBError {
    return syntaxError(this.kind, this.text, this.tokens, this.i);
  }
}

function pathName(text: string, token: Token): PathElement {
  const span = { start: token.start, end: token.end };
  const value = text.slice(token.start, token.end);
  return token.kind === 'name' ? { kind: 'name', name: value, span } : { kind: 'nameRef', ref: value, span };
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

/**
 * `Invalid <kind>: Syntax error; token: "<t>", near: "<text>"` for the token
 * at `index`: DynamoDB quotes the token (or `<EOF>`) and the text from the
 * start of the token before it (or the start of the expression) to the end
 * of the token after it (or the end of the expression).
 */
function syntaxError(kind: ExpressionKind, text: string, tokens: readonly Token[], index: number): DynamoDBError {
  const token = tokens[index] as Token;
  const previous = index > 0 ? tokens[index - 1] : undefined;
  const next = token.kind === 'eof' ? undefined : tokens[index + 1];
  const nearStart = previous ? previous.start : 0;
  const nearEnd = next && next.kind !== 'eof' ? next.end : text.length;
  // Like DynamoDB, an emoji is two tokens, and the message may quote half of one (a lone surrogate).
  const tokenText = token.kind === 'eof' ? '<EOF>' : text.slice(token.start, token.end);
  const near = text.slice(nearStart, nearEnd);
  return validationError(`Invalid ${kind}: Syntax error; token: "${tokenText}", near: "${near}"`, {
    expression: kind,
    span: { start: token.start, end: token.end },
  });
}
