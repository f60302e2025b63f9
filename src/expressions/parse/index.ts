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
 * This file holds the entry points; beside it, one parser class per grammar
 * (./conditions.ts, ./update.ts, ./projection.ts) extends the operand and
 * path reader (./operands.ts), which keeps the stack of ./frames.ts and reads
 * tokens and reports errors through ./cursor.ts.
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
import type { ConditionNode, ProjectionNode, UpdateNode } from '../ast';
import { ConditionParser } from './conditions';
import { ProjectionParser } from './projection';
import { UpdateParser } from './update';

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
  const parser = new ConditionParser(text, kind);
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
  const parser = new ProjectionParser(text, 'ProjectionExpression');
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
  const parser = new UpdateParser(text, 'UpdateExpression');
  return parser.parseUpdate();
}
