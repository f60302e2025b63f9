import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * Syntax trees of DynamoDB's PartiQL statements. Values are resolved while
 * parsing: a literal or a `?` parameter becomes its AttributeValue, so a tree
 * holds only paths, values and operators — the same things DynamoDB's
 * expression language has, which is what the statements are translated to
 * (translate.ts).
 */

/** One step after the first name: `.name`, `['name']` or `[3]`. */
export type PartiqlPathStep = { readonly kind: 'name'; readonly name: string } | { readonly kind: 'index'; readonly index: number };

/** A document path: `a`, `"a"."b"`, `a.b[0]`, `a['b']`. */
export interface PartiqlPath {
  readonly kind: 'path';
  readonly name: string;
  readonly steps: readonly PartiqlPathStep[];
}

/** A literal or a parameter, already an AttributeValue. */
export interface PartiqlValue {
  readonly kind: 'value';
  readonly value: AttributeValue;
}

/** A function call: `size(a)`, `list_append(a, [1])`, `set_add(s, <<'x'>>)`, `begins_with(a, 'x')`, … */
export interface PartiqlCall {
  readonly kind: 'call';
  /** Lower case. */
  readonly name: string;
  readonly args: readonly PartiqlExpression[];
}

/** `a + b`, `a - b`. */
export interface PartiqlArithmetic {
  readonly kind: 'arithmetic';
  readonly operator: '+' | '-';
  readonly left: PartiqlExpression;
  readonly right: PartiqlExpression;
}

export type PartiqlComparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** Conditions (WHERE) and values (SET, VALUE) share one grammar, as in PartiQL. */
export type PartiqlExpression =
  | PartiqlPath
  | PartiqlValue
  | PartiqlCall
  | PartiqlArithmetic
  | { readonly kind: 'compare'; readonly operator: PartiqlComparator; readonly left: PartiqlExpression; readonly right: PartiqlExpression }
  | { readonly kind: 'between'; readonly operand: PartiqlExpression; readonly low: PartiqlExpression; readonly high: PartiqlExpression }
  | { readonly kind: 'in'; readonly operand: PartiqlExpression; readonly list: readonly PartiqlExpression[] }
  | { readonly kind: 'and' | 'or'; readonly left: PartiqlExpression; readonly right: PartiqlExpression }
  | { readonly kind: 'not'; readonly operand: PartiqlExpression }
  /** `a IS [NOT] MISSING`, `a IS [NOT] NULL`. */
  | { readonly kind: 'is'; readonly operand: PartiqlExpression; readonly test: 'MISSING' | 'NULL'; readonly negated: boolean };

/** `FROM "Table"` or `FROM "Table"."Index"`. */
export interface PartiqlTarget {
  readonly tableName: string;
  readonly indexName?: string;
}

export interface PartiqlOrderBy {
  readonly name: string;
  readonly descending: boolean;
}

export interface PartiqlSelect {
  readonly kind: 'select';
  /** Undefined for `*`. */
  readonly projection: readonly PartiqlPath[] | undefined;
  readonly target: PartiqlTarget;
  readonly where: PartiqlExpression | undefined;
  readonly orderBy: readonly PartiqlOrderBy[];
}

/** `EXISTS(SELECT …)`: a condition check, in ExecuteTransaction only. */
export interface PartiqlExists {
  readonly kind: 'exists';
  readonly select: PartiqlSelect;
}

export interface PartiqlInsert {
  readonly kind: 'insert';
  readonly tableName: string;
  /** The VALUE tuple, an M value. */
  readonly item: Readonly<Record<string, AttributeValue>>;
}

/** `RETURNING ALL OLD *` and the like, as UpdateItem's ReturnValues. */
export type PartiqlReturning = 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';

export type PartiqlUpdateAction =
  { readonly kind: 'set'; readonly path: PartiqlPath; readonly value: PartiqlExpression } | { readonly kind: 'remove'; readonly path: PartiqlPath };

export interface PartiqlUpdate {
  readonly kind: 'update';
  readonly tableName: string;
  readonly actions: readonly PartiqlUpdateAction[];
  readonly where: PartiqlExpression | undefined;
  readonly returning: PartiqlReturning | undefined;
}

export interface PartiqlDelete {
  readonly kind: 'delete';
  readonly tableName: string;
  readonly where: PartiqlExpression | undefined;
  readonly returning: 'ALL_OLD' | undefined;
}

export type PartiqlStatement = PartiqlSelect | PartiqlExists | PartiqlInsert | PartiqlUpdate | PartiqlDelete;
