import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { MAX_VALUE_NESTING, validationError } from '../../expressions';
import type {
  PartiqlComparator,
  PartiqlExpression,
  PartiqlOrderBy,
  PartiqlPath,
  PartiqlPathStep,
  PartiqlReturning,
  PartiqlSelect,
  PartiqlStatement,
  PartiqlTarget,
  PartiqlUpdateAction,
} from './ast';
import { statementError } from './errors';
import { tokenizePartiql, type PartiqlToken } from './lexer';

/** The words of the grammar: never attribute names unless double-quoted. */
const KEYWORDS = new Set(
  'SELECT FROM WHERE AND OR NOT BETWEEN IN IS MISSING NULL TRUE FALSE ORDER BY ASC DESC INSERT INTO VALUE UPDATE SET REMOVE DELETE RETURNING EXISTS'.split(' '),
);

/** DynamoDB's longest PartiQL statement, in characters. */
export const MAX_STATEMENT_LENGTH = 8192;

/**
 * The deepest parentheses and function calls a statement may nest. The parser
 * recurses once per level, so without a bound `((((…` exhausts the stack;
 * DynamoDB's expressions allow 300 operators, so no useful WHERE nests deeper.
 */
export const MAX_STATEMENT_NESTING = 300;

const COMPARATORS: Readonly<Record<string, PartiqlComparator>> = { '=': '=', '<>': '<>', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/**
 * Parses one PartiQL statement of DynamoDB's subset (SELECT, INSERT, UPDATE,
 * DELETE, and EXISTS for transactions), resolving each `?` to the next of
 * `parameters` (already validated AttributeValues).
 *
 * @example
 * parsePartiql(`SELECT * FROM "Orders" WHERE pk = ? AND sk > 10`, [{ S: "c1" }])
 */
export function parsePartiql(statement: string, parameters: readonly AttributeValue[]): PartiqlStatement {
  const tokens = tokenizePartiql(statement);
  const count = tokens.filter((token) => token.kind === 'parameter').length;
  if (count !== parameters.length) throw validationError("Number of parameters in request and statement don't match.");
  return new Parser(statement, tokens, parameters).statement();
}

class Parser {
  private position = 0;
  private nextParameter = 0;
  /** Parentheses and function calls open around the current token. */
  private nesting = 0;
  /** Lists and maps open around the current literal. */
  private valueNesting = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly PartiqlToken[],
    private readonly parameters: readonly AttributeValue[],
  ) {}

  statement(): PartiqlStatement {
    const first = this.peek();
    if (first.kind === 'end') throw this.error('the statement is empty: write SELECT, INSERT, UPDATE or DELETE');
    let statement: PartiqlStatement;
    if (this.acceptKeyword('SELECT')) statement = this.select();
    else if (this.acceptKeyword('INSERT')) statement = this.insert();
    else if (this.acceptKeyword('UPDATE')) statement = this.update();
    else if (this.acceptKeyword('DELETE')) statement = this.delete();
    else if (this.acceptKeyword('EXISTS')) {
      this.expect('(');
      this.expectKeyword('SELECT');
      statement = { kind: 'exists', select: this.select() };
      this.expect(')');
    } else throw this.error(`expected SELECT, INSERT, UPDATE, DELETE or EXISTS, found ${this.describe(first)}`);
    this.accept(';');
    if (this.peek().kind !== 'end') throw this.error(`unexpected ${this.describe(this.peek())} after the end of the statement`);
    return statement;
  }

  private select(): PartiqlSelect {
    let projection: PartiqlPath[] | undefined;
    if (!this.accept('*')) {
      projection = [this.path()];
      while (this.accept(',')) projection.push(this.path());
    }
    this.expectKeyword('FROM');
    const target = this.target();
    const where = this.acceptKeyword('WHERE') ? this.expression() : undefined;
    const orderBy: PartiqlOrderBy[] = [];
    if (this.acceptKeyword('ORDER')) {
      this.expectKeyword('BY');
      do {
        const name = this.name('an attribute name after ORDER BY');
        const descending = this.acceptKeyword('DESC');
        if (!descending) this.acceptKeyword('ASC');
        orderBy.push({ name, descending });
      } while (this.accept(','));
    }
    return { kind: 'select', projection, target, where, orderBy };
  }

  private insert() {
    this.expectKeyword('INTO');
    const tableName = this.name('a table name after INSERT INTO');
    this.expectKeyword('VALUE');
    const start = this.peek();
    const value = this.primary();
    if (value.kind !== 'value' || value.value.M === undefined || start.text !== '{') {
      throw validationError('Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.');
    }
    return { kind: 'insert' as const, tableName, item: value.value.M };
  }

  private update() {
    const tableName = this.name('a table name after UPDATE');
    const actions: PartiqlUpdateAction[] = [];
    for (;;) {
      if (this.acceptKeyword('SET')) {
        do {
          const path = this.path();
          this.expect('=');
          actions.push({ kind: 'set', path, value: this.additive() });
        } while (this.accept(','));
      } else if (this.acceptKeyword('REMOVE')) {
        do actions.push({ kind: 'remove', path: this.path() });
        while (this.accept(','));
      } else break;
    }
    if (actions.length === 0) throw this.error(`expected SET or REMOVE after the table name, found ${this.describe(this.peek())}`);
    const where = this.acceptKeyword('WHERE') ? this.expression() : undefined;
    return { kind: 'update' as const, tableName, actions, where, returning: this.returning(true) };
  }

  private delete() {
    this.expectKeyword('FROM');
    const tableName = this.name('a table name after DELETE FROM');
    const where = this.acceptKeyword('WHERE') ? this.expression() : undefined;
    const returning = this.returning(false);
    return { kind: 'delete' as const, tableName, where, returning: returning as 'ALL_OLD' | undefined };
  }

  /** `RETURNING ALL|MODIFIED OLD|NEW *`; a DELETE may only return ALL OLD. */
  private returning(isUpdate: boolean): PartiqlReturning | undefined {
    if (!this.acceptKeyword('RETURNING')) return undefined;
    const all = this.acceptKeyword('ALL');
    if (!all) this.expectKeyword('MODIFIED');
    const old = this.acceptKeyword('OLD');
    if (!old) this.expectKeyword('NEW');
    this.expect('*');
    const returning: PartiqlReturning = `${all ? 'ALL' : 'UPDATED'}_${old ? 'OLD' : 'NEW'}`;
    if (!isUpdate && returning !== 'ALL_OLD') throw validationError('DELETE statements support only RETURNING ALL OLD *');
    return returning;
  }

  private target(): PartiqlTarget {
    const tableName = this.name('a table name after FROM');
    if (!this.accept('.')) return { tableName };
    return { tableName, indexName: this.name('an index name after the table name') };
  }

  // Conditions and values: OR < AND < NOT < predicates < + - < primaries.

  expression(): PartiqlExpression {
    let left = this.conjunction();
    while (this.acceptKeyword('OR')) left = { kind: 'or', left, right: this.conjunction() };
    return left;
  }

  private conjunction(): PartiqlExpression {
    let left = this.negation();
    while (this.acceptKeyword('AND')) left = { kind: 'and', left, right: this.negation() };
    return left;
  }

  private negation(): PartiqlExpression {
    // Counted, not recursed: `NOT NOT NOT …` of any length costs no stack.
    let nots = 0;
    while (this.acceptKeyword('NOT')) nots++;
    let operand = this.predicate();
    for (; nots > 0; nots--) operand = { kind: 'not', operand };
    return operand;
  }

  private predicate(): PartiqlExpression {
    const left = this.additive();
    const token = this.peek();
    if (token.kind === 'punctuation' && COMPARATORS[token.text]) {
      this.position++;
      return { kind: 'compare', operator: COMPARATORS[token.text] as PartiqlComparator, left, right: this.additive() };
    }
    const negated = this.isKeyword(this.peek(), 'NOT') && (this.isKeyword(this.peek(1), 'BETWEEN') || this.isKeyword(this.peek(1), 'IN'));
    if (negated) this.position++;
    let predicate: PartiqlExpression | undefined;
    if (this.acceptKeyword('BETWEEN')) {
      const low = this.additive();
      this.expectKeyword('AND');
      predicate = { kind: 'between', operand: left, low, high: this.additive() };
    } else if (this.acceptKeyword('IN')) {
      const close = this.accept('[') ? ']' : (this.expect('('), ')');
      const list: PartiqlExpression[] = [];
      if (!this.accept(close)) {
        do list.push(this.additive());
        while (this.accept(','));
        this.expect(close);
      }
      predicate = { kind: 'in', operand: left, list };
    } else if (this.acceptKeyword('IS')) {
      const isNot = this.acceptKeyword('NOT');
      const test = this.acceptKeyword('MISSING') ? 'MISSING' : (this.expectKeyword('NULL'), 'NULL');
      return { kind: 'is', operand: left, test, negated: isNot };
    }
    if (!predicate) return left;
    return negated ? { kind: 'not', operand: predicate } : predicate;
  }

  private additive(): PartiqlExpression {
    let left = this.primary();
    for (;;) {
      const operator = this.accept('+') ? '+' : this.accept('-') ? '-' : undefined;
      if (!operator) return left;
      left = { kind: 'arithmetic', operator, left, right: this.primary() };
    }
  }

  private primary(): PartiqlExpression {
    const token = this.peek();
    if (this.accept('(')) {
      this.enter(token);
      const inner = this.expression();
      this.expect(')');
      this.nesting--;
      return inner;
    }
    if (token.kind === 'identifier' && !KEYWORDS.has(token.text.toUpperCase()) && this.peek(1).text === '(' && this.peek(1).kind === 'punctuation') {
      this.position += 2;
      this.enter(token);
      const args: PartiqlExpression[] = [];
      if (!this.accept(')')) {
        do args.push(this.additive());
        while (this.accept(','));
        this.expect(')');
      }
      this.nesting--;
      return { kind: 'call', name: token.text.toLowerCase(), args };
    }
    if (token.kind === 'identifier' || token.kind === 'quotedIdentifier') {
      if (token.kind === 'identifier' && KEYWORDS.has(token.text.toUpperCase())) {
        const literal = this.keywordLiteral(token.text.toUpperCase());
        if (literal) {
          this.position++;
          return { kind: 'value', value: literal };
        }
      } else return this.path();
    }
    const value = this.literal();
    if (value) return { kind: 'value', value };
    throw this.error(`expected a value, an attribute name or a function, found ${this.describe(token)}`);
  }

  private keywordLiteral(word: string): AttributeValue | undefined {
    if (word === 'TRUE') return { BOOL: true };
    if (word === 'FALSE') return { BOOL: false };
    if (word === 'NULL') return { NULL: true };
    return undefined;
  }

  /** A literal or a parameter (lists, maps and sets hold only these), or undefined. */
  private literal(): AttributeValue | undefined {
    const token = this.peek();
    switch (token.kind) {
      case 'string':
        this.position++;
        return { S: token.text };
      case 'number':
        this.position++;
        return { N: token.text };
      case 'parameter':
        this.position++;
        return this.parameters[this.nextParameter++] as AttributeValue;
      case 'identifier': {
        const literal = this.keywordLiteral(token.text.toUpperCase());
        if (literal) this.position++;
        return literal;
      }
      case 'punctuation':
        break;
      default:
        return undefined;
    }
    if (token.text === '-' && this.peek(1).kind === 'number') {
      this.position += 2;
      return { N: `-${this.tokens[this.position - 1]?.text}` };
    }
    if (this.accept('[')) return { L: this.literalList(']') };
    if (this.accept('<<')) return this.set(this.literalList('>>'), token);
    if (this.accept('{')) {
      this.enterValue();
      const map: Record<string, AttributeValue> = {};
      if (!this.accept('}')) {
        do {
          const key = this.peek();
          if (key.kind !== 'string') throw this.error(`expected a 'quoted' attribute name as a key of the {...} value, found ${this.describe(key)}`);
          this.position++;
          this.expect(':');
          Object.defineProperty(map, key.text, { value: this.requireLiteral(), enumerable: true, writable: true, configurable: true });
        } while (this.accept(','));
        this.expect('}');
      }
      this.valueNesting--;
      return { M: map };
    }
    return undefined;
  }

  private requireLiteral(): AttributeValue {
    const value = this.literal();
    if (!value) throw this.error(`expected a value, found ${this.describe(this.peek())}`);
    return value;
  }

  private literalList(close: string): AttributeValue[] {
    this.enterValue();
    const values: AttributeValue[] = [];
    if (!this.accept(close)) {
      do values.push(this.requireLiteral());
      while (this.accept(','));
      this.expect(close);
    }
    this.valueNesting--;
    return values;
  }

  /** One more level of parentheses or a function call, refused past {@link MAX_STATEMENT_NESTING}. */
  private enter(token: PartiqlToken): void {
    if (++this.nesting > MAX_STATEMENT_NESTING) {
      throw this.error(`the statement nests parentheses and function calls more than ${MAX_STATEMENT_NESTING} deep`, token);
    }
  }

  /**
   * One more list or map in a literal. An item nests at most 32 levels; a
   * literal a level deeper still reaches the item's own check (which says so
   * for the attribute), deeper ones are refused here, with the same words.
   */
  private enterValue(): void {
    if (++this.valueNesting > MAX_VALUE_NESTING + 2) throw validationError('Nesting Levels have exceeded supported limits');
  }

  /** `<<'a', 'b'>>`: a string, number or binary set, its members all of one type. */
  private set(members: AttributeValue[], start: PartiqlToken): AttributeValue {
    if (members.length === 0) throw this.error('a set <<...>> needs at least one member', start);
    if (members.every((member) => member.S !== undefined)) return { SS: members.map((member) => member.S as string) };
    if (members.every((member) => member.N !== undefined)) return { NS: members.map((member) => member.N as string) };
    if (members.every((member) => member.B !== undefined)) return { BS: members.map((member) => member.B as Uint8Array) };
    throw this.error('the members of a set <<...>> must be all strings, all numbers or all binary values', start);
  }

  /** `a`, `"a"`, then `.b`, `[0]` or `['b']` steps. */
  private path(): PartiqlPath {
    const name = this.name('an attribute name');
    const steps: PartiqlPathStep[] = [];
    for (;;) {
      if (this.accept('.')) steps.push({ kind: 'name', name: this.name('an attribute name after "."') });
      else if (this.accept('[')) {
        const token = this.peek();
        if (token.kind === 'number' && /^[0-9]+$/.test(token.text)) steps.push({ kind: 'index', index: Number(token.text) });
        else if (token.kind === 'string') steps.push({ kind: 'name', name: token.text });
        else throw this.error(`expected a list index or a 'quoted' name inside [...], found ${this.describe(token)}`);
        this.position++;
        this.expect(']');
      } else return { kind: 'path', name, steps };
    }
  }

  private name(what: string): string {
    const token = this.peek();
    if (token.kind === 'quotedIdentifier' || (token.kind === 'identifier' && !KEYWORDS.has(token.text.toUpperCase()))) {
      this.position++;
      return token.text;
    }
    const hint = token.kind === 'identifier' ? ` (${token.text} is a keyword: write it in double quotes, "${token.text}")` : '';
    throw this.error(`expected ${what}, found ${this.describe(token)}${hint}`);
  }

  private peek(ahead = 0): PartiqlToken {
    return this.tokens[Math.min(this.position + ahead, this.tokens.length - 1)] as PartiqlToken;
  }

  private accept(punctuation: string): boolean {
    const token = this.peek();
    if (token.kind !== 'punctuation' || token.text !== punctuation) return false;
    this.position++;
    return true;
  }

  private expect(punctuation: string): void {
    if (!this.accept(punctuation)) throw this.error(`expected "${punctuation}", found ${this.describe(this.peek())}`);
  }

  private isKeyword(token: PartiqlToken, word: string): boolean {
    return token.kind === 'identifier' && token.text.toUpperCase() === word;
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(this.peek(), word)) return false;
    this.position++;
    return true;
  }

  private expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) throw this.error(`expected ${word}, found ${this.describe(this.peek())}`);
  }

  private describe(token: PartiqlToken): string {
    switch (token.kind) {
      case 'end':
        return 'the end of the statement';
      case 'string':
        return `the string '${token.text}'`;
      case 'quotedIdentifier':
        return `"${token.text}"`;
      case 'parameter':
        return 'a ? parameter';
      default:
        return token.text;
    }
  }

  private error(problem: string, token = this.peek()) {
    return statementError(this.source, problem, token.offset);
  }
}
