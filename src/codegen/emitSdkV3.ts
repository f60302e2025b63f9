import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { binaryAsJsExpression, mapAttributeValueMap } from './attributeValueCode';
import { printCodeValue, type CodeValue } from './codeTree';
import type { CodegenRequest, EmitOptions } from './codegen.types';
import { JS_SYNTAX } from './jsSyntax';
import { buildParamsCode } from './paramsCode';
import { describeProgram, jsClientLines } from './programText';
import { commandName, type RequestParams } from './requestParams';

/*
 * Why not dynamodb-expression-builder's emitSdkV3 / emitQueryProgram: its
 * CanonicalRequest has no L/M values, no Select/Segment/ReturnConsumedCapacity,
 * its programs are built from its own filter-row model (not our expression
 * strings) and print with console.log, which cuts nested values at depth 2
 * ("[Object]") and arrays after 100 entries; its renderJsValue writes keys as
 * JSON strings, so an attribute named __proto__ (in ExclusiveStartKey or a
 * map) silently becomes the object's prototype. Printing our own code tree is
 * as short as adapting it.
 */

const writeMap = (map: Record<string, AttributeValue>): CodeValue => mapAttributeValueMap(map, binaryAsJsExpression);

/** The single `client.send(new QueryCommand({...}))` call, for a client named `client`. */
export function emitSdkV3Call(request: CodegenRequest, params: RequestParams): string {
  const input = printCodeValue(buildParamsCode(params, writeMap), JS_SYNTAX, '  ');
  return `const response = await client.send(\n  new ${commandName(request.operation)}(${input}),\n);`;
}

/** A complete Node program (ESM): client, request, LastEvaluatedKey loop, one DynamoDB JSON item per line. */
export function emitSdkV3Program(request: CodegenRequest, params: RequestParams, options: EmitOptions): string {
  const command = commandName(request.operation);
  const input = printCodeValue(buildParamsCode(params, writeMap), JS_SYNTAX);
  return [
    ...describeProgram(request, params, options, '//', 'npm install @aws-sdk/client-dynamodb; save as query.mjs; node query.mjs'),
    `import { DynamoDBClient, ${command} } from "@aws-sdk/client-dynamodb";`,
    '',
    ...jsClientLines(options, (config) => `const client = new DynamoDBClient(${config});`),
    '',
    `const input = ${input};`,
    '',
    '// DynamoDB JSON, as the AWS CLI prints it: binary values as base64.',
    'const toJson = (item) =>',
    '  JSON.stringify(item, (_key, value) => (value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value));',
    '',
    `let exclusiveStartKey = input.ExclusiveStartKey;`,
    'do {',
    `  const page = await client.send(new ${command}({ ...input, ExclusiveStartKey: exclusiveStartKey }));`,
    '  for (const item of page.Items ?? []) console.log(toJson(item));',
    '  exclusiveStartKey = page.LastEvaluatedKey;',
    '} while (exclusiveStartKey);',
    '',
  ].join('\n');
}
