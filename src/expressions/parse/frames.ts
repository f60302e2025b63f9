/**
 * The parsers' explicit stack (they never recurse, so `((((…` costs memory,
 * not call stack): what each construct still open keeps while its inside is
 * parsed.
 */
import type { ConditionNode, OperandNode, Span } from '../ast';

/**
 * An operand being built, with the parentheses around it (innermost first).
 *
 * @example
 * // "(:v)"
 * const operand: Operandish = {
 *   node: { kind: 'value', ref: ':v', span: { start: 1, end: 3 } },
 *   start: 0,
 *   end: 4,
 *   parens: [{ start: 0, end: 4 }],
 * };
 */
export interface Operandish {
  node: OperandNode;
  start: number;
  end: number;
  parens: Span[];
}

/** A condition level: the top level, or a `(` whose content may yet turn out to be an operand. */
export interface ConditionFrame {
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
export interface OperandParensFrame {
  readonly type: 'operandParens';
  /** Starts of the `(`, outermost first. */
  readonly opens: number[];
}

/** A function call whose arguments are being read. */
export interface CallFrame {
  readonly type: 'call';
  readonly name: string;
  readonly start: number;
  readonly args: OperandNode[];
  /** An argument in two or more pairs of parentheses, reported when the call is complete. */
  redundant?: Span | undefined;
}

/**
 * One entry of the parse stack.
 *
 * @example
 * const stack: Frame[] = [{ type: 'call', name: 'size', start: 0, args: [] }]; // after "size("
 */
export type Frame = ConditionFrame | OperandParensFrame | CallFrame;
