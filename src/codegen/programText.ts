import type { CodegenRequest, EmitOptions } from './codegen.types';
import { paramValue, type RequestParams } from './requestParams';

/**
 * The comment a program starts with: what it reads, what Limit means in a
 * loop over every page, where credentials come from, how to run it.
 */
export function describeProgram(
  request: CodegenRequest,
  params: RequestParams,
  comment: string,
  run: string,
  prints = 'prints each item as one line of DynamoDB JSON',
): string[] {
  const table = JSON.stringify(paramValue(params, 'TableName'));
  const index = paramValue(params, 'IndexName');
  const what = `${request.operation === 'query' ? 'Query' : 'Scan'} ${table}${typeof index === 'string' ? ` (index ${JSON.stringify(index)})` : ''}`;
  const limit = paramValue(params, 'Limit');
  return [
    `${comment} ${what}: every page, following LastEvaluatedKey; ${prints}.`,
    ...(typeof limit === 'number' ? [`${comment} Limit ${limit} is the size of each page (items read per request), not a total.`] : []),
    `${comment} Credentials come from the usual AWS sources (environment, profile, role), never from this file.`,
    `${comment} Run: ${run}`,
    '',
  ];
}

/** The config object for `new DynamoDBClient(...)`. */
export function jsClientConfig(options: EmitOptions): string {
  const entries = [
    ...(options.region ? [`region: ${JSON.stringify(options.region)}`] : []),
    ...(options.endpoint ? [`endpoint: ${JSON.stringify(options.endpoint)}`] : []),
  ];
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}
