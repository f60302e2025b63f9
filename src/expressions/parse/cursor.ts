import type { ExpressionKind, Span } from '../ast';
import { validationError, type DynamoDBError } from '../errors';
import { tokenize, type Token } from '../lexer';
import { MAX_EXPRESSION_LENGTH } from '../limits';

/**
 * What every parser shares: the checks DynamoDB makes before parsing (type,
 * size, emptiness), the tokens with the reading position, and DynamoDB's two
 * parse errors. The parsers (./conditions.ts, ./update.ts, ./projection.ts)
 * extend it through ./operands.ts.
 *
 * @example
 * class WordParser extends TokenCursor {
 *   word(): string {
 *     const token = this.token();
 *     if (token.kind !== 'name') throw this.fail();
 *     this.i++;
 *     return this.text.slice(token.start, token.end);
 *   }
 * }
 * new WordParser("a", "ProjectionExpression").word() // "a"
 * new WordParser("", "ProjectionExpression") // throws 'Invalid ProjectionExpression: The expression can not be empty;'
 */
export class TokenCursor {
  protected readonly tokens: Token[];
  /** The index of the current token. */
  protected i = 0;

  constructor(
    protected readonly text: string,
    protected readonly kind: ExpressionKind,
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

  protected token(): Token {
    return this.tokens[this.i] as Token;
  }

  /** DynamoDB reports redundant parentheses as soon as its parser has read them, before any later syntax error. */
  protected redundant(span: Span): DynamoDBError {
    return validationError(`Invalid ${this.kind}: The expression has redundant parentheses;`, { expression: this.kind, span });
  }

  /** DynamoDB's syntax error at the current token. */
  protected fail(): DynamoDBError {
    return syntaxError(this.kind, this.text, this.tokens, this.i);
  }
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
