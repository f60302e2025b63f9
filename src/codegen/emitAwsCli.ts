import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { binaryAsBase64, hasBinary, mapAttributeValueMap } from './attributeValueCode';
import type { CodegenRequest, EmitOptions } from './codegen.types';
import { LOCAL_CREDENTIALS, localCredentialsComment } from './localEndpoint';
import { describeProgram, usesLocalCredentials } from './programText';
import { requestAttributeValues, type EmittedParam, type RequestParams } from './requestParams';
import { isVisibleAscii } from './invisibleCharacters';
import { quoteShellWord, stringifyAsciiJson } from './shellSyntax';

/*
 * Why not dynamodb-expression-builder's emitCli / emitQueryProgram('cli'):
 * - it writes Limit as --page-size, which is only the page size of the CLI's
 *   automatic pagination: the "single call" returns every item, and its
 *   non-paginated program (`--page-size 10 … --no-paginate`) is rejected by
 *   the CLI ("Cannot specify --no-paginate along with pagination arguments").
 * - it drops ExclusiveStartKey (with a comment), so a resumed request starts
 *   over; the CLI accepts it through --cli-input-json.
 * - binary values are base64 text, which the CLI reads as raw bytes when the
 *   user's config says cli_binary_format = raw-in-base64-out (a common
 *   setting): the filter silently matches nothing. We pass
 *   --cli-binary-format base64 whenever a request carries bytes.
 * - no --endpoint-url, no Select/Segment/ConsistentRead/ReturnConsumedCapacity.
 * Its single-quote shell quoting is right, and ours is the same rule.
 *
 * Programs: the CLI paginates by itself (following LastEvaluatedKey and
 * merging the pages), with Limit as --page-size. An explicit loop would need
 * a JSON tool (jq) to carry LastEvaluatedKey into the hidden
 * --exclusive-start-key of the next call; the items are the same.
 */

const FLAGS: Partial<Record<EmittedParam, string>> = {
  TableName: '--table-name',
  IndexName: '--index-name',
  KeyConditionExpression: '--key-condition-expression',
  FilterExpression: '--filter-expression',
  ProjectionExpression: '--projection-expression',
  ExpressionAttributeNames: '--expression-attribute-names',
  ExpressionAttributeValues: '--expression-attribute-values',
  Select: '--select',
  Segment: '--segment',
  TotalSegments: '--total-segments',
  ReturnConsumedCapacity: '--return-consumed-capacity',
};

function jsonArgument(name: EmittedParam, value: unknown): string {
  if (name === 'ExpressionAttributeValues' || name === 'ExclusiveStartKey') {
    return stringifyAsciiJson(mapAttributeValueMap(value as Record<string, AttributeValue>, binaryAsBase64));
  }
  return stringifyAsciiJson(value);
}

/** The `aws dynamodb query|scan` command lines, one option per line. */
function buildCommand(request: CodegenRequest, params: RequestParams, options: EmitOptions): string[][] {
  const lines: string[][] = [];
  if (options.region) lines.push(['--region', options.region]);
  if (options.endpoint) lines.push(['--endpoint-url', options.endpoint]);
  // Parameters the CLI has no option for (Limit, ExclusiveStartKey in a single call), or text that is not visible
  // ASCII: in JSON its non-ASCII and control characters are escapes, so nothing invisible or bidirectional lands in the script.
  const inputJson: Record<string, unknown> = {};
  for (const [name, value] of params) {
    const flag = FLAGS[name];
    if (name === 'ScanIndexForward') lines.push([value ? '--scan-index-forward' : '--no-scan-index-forward']);
    else if (name === 'ConsistentRead') lines.push([value ? '--consistent-read' : '--no-consistent-read']);
    else if (name === 'Limit' && options.shape === 'program') {
      // --page-size next to a --cli-input-json start key makes CLI 2.x send "PaginationConfig" and fail, and a
      // Limit inside --cli-input-json stops automatic pagination after one page. The page size only changes how
      // many requests are made, never which items come back, so with a start key it is left out.
      if (!params.some(([other]) => other === 'ExclusiveStartKey')) lines.push(['--page-size', String(value)]);
    } else if (name === 'Limit' || name === 'ExclusiveStartKey') {
      inputJson[name] = name === 'Limit' ? value : JSON.parse(jsonArgument(name, value));
    } else if (flag && typeof value === 'string' && !isVisibleAscii(value)) {
      inputJson[name] = value;
    } else if (flag) {
      lines.push([flag, typeof value === 'object' ? jsonArgument(name, value) : String(value)]);
    }
  }
  if (Object.keys(inputJson).length > 0) lines.push(['--cli-input-json', stringifyAsciiJson(inputJson)]);
  if (hasBinary(requestAttributeValues(params))) lines.push(['--cli-binary-format', 'base64']);
  if (options.shape === 'call') lines.push(['--no-paginate']);
  else lines.push(['--query', 'Items'], ['--output', 'json']);
  return [[`aws dynamodb ${request.operation}`], ...lines];
}

/**
 * The command, one option per line. For a local endpoint the dummy keys go in
 * the command's own environment (`AWS_ACCESS_KEY_ID=… aws dynamodb …`), for
 * this one command only; the program explains them in a comment. The single
 * call has none: zsh reads a pasted `#` line as a command.
 */
function printCommand(lines: string[][], options: EmitOptions): string {
  const environment = usesLocalCredentials(options)
    ? `AWS_ACCESS_KEY_ID=${LOCAL_CREDENTIALS.accessKeyId} AWS_SECRET_ACCESS_KEY=${LOCAL_CREDENTIALS.secretAccessKey} `
    : '';
  return lines.map((words, index) => (index === 0 ? `${environment}${words[0]}` : `  ${words.map(quoteShellWord).join(' ')}`)).join(' \\\n');
}

/** The single request as one `aws dynamodb` command (--no-paginate: one page, with LastEvaluatedKey in the output). */
export function emitAwsCliCall(request: CodegenRequest, params: RequestParams, options: EmitOptions): string {
  return printCommand(buildCommand(request, params, options), options);
}

/** A POSIX shell script: the CLI follows LastEvaluatedKey itself and prints all items as one JSON array. */
export function emitAwsCliProgram(request: CodegenRequest, params: RequestParams, options: EmitOptions): string {
  return [
    '#!/bin/sh',
    ...describeProgram(request, params, options, '#', 'sh query.sh (AWS CLI v2)', 'prints all items as one JSON array').slice(0, -1),
    '# The CLI follows LastEvaluatedKey itself (automatic pagination) and merges the pages.',
    'set -eu',
    '',
    ...(usesLocalCredentials(options) ? localCredentialsComment('#') : []),
    printCommand(buildCommand(request, params, options), options),
    '',
  ].join('\n');
}
