/**
 * Syntax trees for DynamoDB's expression language: KeyConditionExpression,
 * ConditionExpression / FilterExpression (one grammar), ProjectionExpression
 * and UpdateExpression.
 *
 * Trees keep names and values *unresolved* (`#n`, `:v` stay references), and
 * keep parentheses, so that printing a parsed expression gives the same text
 * back up to whitespace and keyword case, and so that validation can report
 * DynamoDB's own messages (undefined names, redundant parentheses, …).
 * Every node carries the character span it came from, so the UI can point at
 * the part of an expression an error is about.
 */

/** Character range `[start, end)` in the expression text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The five expression parameters of the DynamoDB API. */
export type ExpressionKind = 'KeyConditionExpression' | 'ConditionExpression' | 'FilterExpression' | 'ProjectionExpression' | 'UpdateExpression';

/** One step of a document path: `a`, `#n`, or `[3]`. */
export type PathElement =
  /** A name written literally in the expression (subject to the reserved-word rule). */
  | { readonly kind: 'name'; readonly name: string; readonly span: Span }
  /** An expression attribute name placeholder, `#n`, resolved through ExpressionAttributeNames. */
  | { readonly kind: 'nameRef'; readonly ref: string; readonly span: Span }
  /** A list index, `[3]`. */
  | { readonly kind: 'index'; readonly index: number; readonly span: Span };

/** A document path such as `a.#b[0].c`. The first element is always a name or nameRef. */
export interface PathNode {
  readonly kind: 'path';
  readonly elements: readonly PathElement[];
  readonly span: Span;
}

/** An expression attribute value placeholder, `:v`, resolved through ExpressionAttributeValues. */
export interface ValueNode {
  readonly kind: 'value';
  readonly ref: string;
  readonly span: Span;
}

/**
 * A function call. The parser accepts any identifier followed by `(`; the
 * validator decides whether the name exists and may stand where it stands
 * (`size` is an operand, `begins_with` a condition, `if_not_exists` only in SET).
 */
export interface CallNode {
  readonly kind: 'call';
  readonly name: string;
  readonly args: readonly OperandNode[];
  readonly span: Span;
}

/** Something that has a value: a path, a value placeholder, or a call such as `size(a)`. */
export type OperandNode = PathNode | ValueNode | CallNode;

export type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** A condition (key, filter or condition expression). */
export type ConditionNode =
  | { readonly kind: 'compare'; readonly operator: Comparator; readonly left: OperandNode; readonly right: OperandNode; readonly span: Span }
  | { readonly kind: 'between'; readonly operand: OperandNode; readonly low: OperandNode; readonly high: OperandNode; readonly span: Span }
  | { readonly kind: 'in'; readonly operand: OperandNode; readonly list: readonly OperandNode[]; readonly span: Span }
  | { readonly kind: 'and' | 'or'; readonly left: ConditionNode; readonly right: ConditionNode; readonly span: Span }
  | { readonly kind: 'not'; readonly operand: ConditionNode; readonly span: Span }
  | { readonly kind: 'parens'; readonly inner: ConditionNode; readonly span: Span }
  /** A function used as a condition: `attribute_exists(a)`, `begins_with(a, :p)`, … */
  | CallNode;

/** `SET` right-hand side: an operand, or `operand + operand` / `operand - operand`. */
export type SetValueNode =
  OperandNode | { readonly kind: 'arithmetic'; readonly operator: '+' | '-'; readonly left: OperandNode; readonly right: OperandNode; readonly span: Span };

export interface SetActionNode {
  readonly path: PathNode;
  readonly value: SetValueNode;
  readonly span: Span;
}

/** `ADD path :v` or `DELETE path :v`. */
export interface PathValueActionNode {
  readonly path: PathNode;
  readonly value: OperandNode;
  readonly span: Span;
}

export type UpdateSectionNode =
  | { readonly kind: 'SET'; readonly actions: readonly SetActionNode[]; readonly span: Span }
  | { readonly kind: 'REMOVE'; readonly paths: readonly PathNode[]; readonly span: Span }
  | { readonly kind: 'ADD'; readonly actions: readonly PathValueActionNode[]; readonly span: Span }
  | { readonly kind: 'DELETE'; readonly actions: readonly PathValueActionNode[]; readonly span: Span };

export interface UpdateNode {
  readonly kind: 'update';
  /** In the order written; each clause keyword appears at most once (the validator checks). */
  readonly sections: readonly UpdateSectionNode[];
  readonly span: Span;
}

export interface ProjectionNode {
  readonly kind: 'projection';
  readonly paths: readonly PathNode[];
  readonly span: Span;
}

/**
 * A path after `#name` placeholders are resolved: attribute names and list
 * indexes, e.g. `["a", "b", 0, "c"]` for `a.#b[0].c` with `#b → "b"`.
 */
export type ResolvedPath = readonly (string | number)[];
