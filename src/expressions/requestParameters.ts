/**
 * The parameters of a Query or Scan request, one list for every layer that
 * reads or writes them ("Copy as" code, pasted requests): a parameter added
 * here is known to all of them at once.
 */

/**
 * Every expression-based Query/Scan parameter, in the order people usually
 * write them (the order "Copy as" emits them in).
 */
export const QUERY_SCAN_PARAMETERS = [
  'TableName',
  'IndexName',
  'KeyConditionExpression',
  'FilterExpression',
  'ProjectionExpression',
  'ExpressionAttributeNames',
  'ExpressionAttributeValues',
  'Select',
  'ScanIndexForward',
  'ConsistentRead',
  'Limit',
  'Segment',
  'TotalSegments',
  'ExclusiveStartKey',
  'ReturnConsumedCapacity',
] as const;

export type QueryScanParameter = (typeof QUERY_SCAN_PARAMETERS)[number];

/** The parameters of a parallel Scan (Scan only). */
export const PARALLEL_SCAN_PARAMETERS: readonly QueryScanParameter[] = ['Segment', 'TotalSegments'];

/**
 * Legacy (pre-expression) Query/Scan parameters, each with what replaces it
 * in an expression-based request. Keylab never sends them.
 */
export const LEGACY_QUERY_SCAN_PARAMETERS: Readonly<Record<string, string>> = {
  KeyConditions: 'KeyConditionExpression',
  QueryFilter: 'FilterExpression',
  ScanFilter: 'FilterExpression',
  AttributesToGet: 'ProjectionExpression',
  ConditionalOperator: 'AND / OR inside FilterExpression',
};

/**
 * True for a name in {@link QUERY_SCAN_PARAMETERS}.
 *
 * @example
 * isQueryScanParameter("Limit")      // true
 * isQueryScanParameter("QueryFilter") // false (legacy)
 */
export function isQueryScanParameter(name: string): name is QueryScanParameter {
  return (QUERY_SCAN_PARAMETERS as readonly string[]).includes(name);
}

/**
 * True for a name in {@link LEGACY_QUERY_SCAN_PARAMETERS}.
 *
 * @example
 * isLegacyQueryScanParameter("KeyConditions") // true
 */
export function isLegacyQueryScanParameter(name: string): boolean {
  return Object.hasOwn(LEGACY_QUERY_SCAN_PARAMETERS, name);
}
