/**
 * DynamoDB's limits on expressions, as the service enforces them (observed on
 * DynamoDB Local 3.3.1 with the messages in `prepare/`).
 */

/**
 * Longest expression string, in UTF-16 code units (JavaScript `length`):
 * 4 KB. Longer ones fail with `Expression size has exceeded the maximum
 * allowed size; expression size: <length>`.
 *
 * @example
 * "a = :v".length <= MAX_EXPRESSION_LENGTH // true
 */
export const MAX_EXPRESSION_LENGTH = 4096;

/**
 * Most operators in one expression: comparators, BETWEEN, IN, AND, OR, NOT
 * and function calls each count one; parentheses count none.
 *
 * @example
 * // "a = :v AND b = :v" has 3 operators (=, AND, =)
 * 3 <= MAX_OPERATORS // true
 */
export const MAX_OPERATORS = 300;

/**
 * Most values in the list of an IN: `a IN (:v1, …, :v100)`.
 *
 * @example
 * MAX_IN_OPERANDS // 100
 */
export const MAX_IN_OPERANDS = 100;

/**
 * Most elements in one document path: `a.b[0]` has 3.
 *
 * @example
 * MAX_PATH_DEPTH // 32
 */
export const MAX_PATH_DEPTH = 32;

/**
 * Largest list index in a document path (a Java `int`).
 *
 * @example
 * MAX_LIST_INDEX // 2147483647
 */
export const MAX_LIST_INDEX = 2_147_483_647;

/**
 * Longest ExpressionAttributeNames / ExpressionAttributeValues key,
 * including its `#` or `:`.
 *
 * @example
 * ("#" + "n".repeat(254)).length <= MAX_PLACEHOLDER_LENGTH // true
 */
export const MAX_PLACEHOLDER_LENGTH = 255;

/**
 * Largest attribute name an ExpressionAttributeNames value may hold, in
 * UTF-8 bytes (names must be under 64 KB).
 *
 * @example
 * MAX_ATTRIBUTE_NAME_BYTES // 65535
 */
export const MAX_ATTRIBUTE_NAME_BYTES = 65_535;

/**
 * Deepest nesting of M and L inside one AttributeValue of
 * ExpressionAttributeValues.
 *
 * @example
 * MAX_VALUE_NESTING // 32
 */
export const MAX_VALUE_NESTING = 32;
