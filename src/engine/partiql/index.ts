/**
 * DynamoDB's PartiQL, parsed and planned: statements become the engine's own
 * requests (Query / Scan reads, PutItem / UpdateItem / DeleteItem writes and
 * their transactional forms) with the WHERE written in the expression
 * language, so one evaluator decides every condition. Pure: no I/O.
 */
export type * from './ast';
export { MALFORMED_STATEMENT } from './errors';
export { MAX_STATEMENT_LENGTH, MAX_STATEMENT_NESTING, parsePartiql } from './parser';
export { planDelete, planExists, planGet, planInsert, planSelect, planUpdate, type GetPlan, type PlanExpressions, type SelectPlan } from './plan';
export { outputNameOf } from './translate';
export { decodeNextToken, encodeNextToken, type StatementPosition } from './nextToken';
