import { printCodeValue, type CodeValue } from './codeTree';
import type { CodegenRequest, EmitOptions } from './codegen.types';
import { JS_SYNTAX, printJsString } from './jsSyntax';
import { isLoopbackUrl } from '../dynamo';
import { LOCAL_CREDENTIALS, localCredentialsComment } from './localEndpoint';
import { paramValue, type RequestParams } from './requestParams';

/** True when a program talks to an endpoint on this machine and so carries {@link LOCAL_CREDENTIALS}. */
export function usesLocalCredentials(options: EmitOptions): boolean {
  return options.endpoint !== undefined && isLoopbackUrl(options.endpoint);
}

/**
 * The comment a program starts with: what it reads, what Limit means in a
 * loop over every page, where credentials come from, how to run it. Names
 * are quoted with their invisible characters escaped: a comment is code too.
 */
export function describeProgram(
  request: CodegenRequest,
  params: RequestParams,
  options: EmitOptions,
  comment: string,
  run: string,
  prints = 'prints each item as one line of DynamoDB JSON',
): string[] {
  const table = printJsString(String(paramValue(params, 'TableName')));
  const index = paramValue(params, 'IndexName');
  const what = `${request.operation === 'query' ? 'Query' : 'Scan'} ${table}${typeof index === 'string' ? ` (index ${printJsString(index)})` : ''}`;
  const limit = paramValue(params, 'Limit');
  return [
    `${comment} ${what}: every page, following LastEvaluatedKey; ${prints}.`,
    ...(typeof limit === 'number' ? [`${comment} Limit ${limit} is the size of each page (items read per request), not a total.`] : []),
    usesLocalCredentials(options)
      ? `${comment} The endpoint is on this machine and checks no credentials: the program signs with dummy keys (below).`
      : `${comment} Credentials come from the usual AWS sources (environment, profile, role), never from this file.`,
    `${comment} Run: ${run}`,
    '',
  ];
}

/** The `new DynamoDBClient(...)` line(s): region, endpoint, and for a local endpoint dummy credentials with their reason. */
export function jsClientLines(options: EmitOptions, declaration: (config: string) => string): string[] {
  const local = usesLocalCredentials(options);
  const config: { [key: string]: CodeValue } = {
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(local ? { credentials: { ...LOCAL_CREDENTIALS } } : {}),
  };
  return [...(local ? localCredentialsComment('//') : []), declaration(printCodeValue(config, JS_SYNTAX))];
}
