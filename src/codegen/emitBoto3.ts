import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { mapAttributeValueMap } from './attributeValueCode';
import { printCodeValue, RawCode, type CodeValue } from './codeTree';
import type { CodegenRequest, EmitOptions } from './codegen.types';
import { buildParamsCode } from './paramsCode';
import { LOCAL_CREDENTIALS, localCredentialsComment } from './localEndpoint';
import { describeProgram, usesLocalCredentials } from './programText';
import { printPythonBytes, printPythonString, PYTHON_SYNTAX } from './pythonSyntax';
import type { RequestParams } from './requestParams';

/*
 * Why not dynamodb-expression-builder's emitBoto3 / renderPyValue: the call it
 * writes always creates its own client, binary values need an
 * `import base64` the snippet may not carry, its CanonicalRequest has no L/M,
 * and its program prints Python reprs (b'\x01', not JSON). Its strings are
 * JSON.stringify output — correct Python when the file is saved as UTF-8;
 * ours are plain ASCII with one \U escape per astral character, which
 * survives any editor or terminal encoding.
 */

const writeMap = (map: Record<string, AttributeValue>): CodeValue => mapAttributeValueMap(map, (bytes) => new RawCode(printPythonBytes(bytes)));

function methodName(request: CodegenRequest): string {
  return request.operation === 'query' ? 'query' : 'scan';
}

/** The single low-level call (`client.query(TableName=..., ...)`) for a boto3 client named `client`. */
export function emitBoto3Call(request: CodegenRequest, params: RequestParams): string {
  const tree = buildParamsCode(params, writeMap);
  const args = Object.entries(tree).map(([name, value]) => `    ${name}=${printCodeValue(value, PYTHON_SYNTAX, '    ')},`);
  return [`response = client.${methodName(request)}(`, ...args, ')'].join('\n');
}

/** A complete Python 3 program: client, request, LastEvaluatedKey loop, one DynamoDB JSON item per line. */
export function emitBoto3Program(request: CodegenRequest, params: RequestParams, options: EmitOptions): string {
  const local = usesLocalCredentials(options);
  const clientArgs = [
    '"dynamodb"',
    ...(options.region ? [`region_name=${printPythonString(options.region)}`] : []),
    ...(options.endpoint ? [`endpoint_url=${printPythonString(options.endpoint)}`] : []),
    ...(local
      ? [
          `aws_access_key_id=${printPythonString(LOCAL_CREDENTIALS.accessKeyId)}`,
          `aws_secret_access_key=${printPythonString(LOCAL_CREDENTIALS.secretAccessKey)}`,
        ]
      : []),
  ];
  return [
    ...describeProgram(request, params, options, '#', 'pip install boto3; python3 query.py'),
    'import base64',
    'import json',
    '',
    'import boto3',
    '',
    ...(local
      ? [...localCredentialsComment('#'), 'client = boto3.client(', ...clientArgs.map((arg) => `    ${arg},`), ')']
      : [`client = boto3.client(${clientArgs.join(', ')})`]),
    '',
    `params = ${printCodeValue(buildParamsCode(params, writeMap), PYTHON_SYNTAX)}`,
    '',
    '',
    'def to_json(item):',
    '    """DynamoDB JSON, as the AWS CLI prints it: binary values as base64."""',
    '    return json.dumps(item, default=lambda value: base64.b64encode(value).decode("ascii"))',
    '',
    '',
    'while True:',
    `    page = client.${methodName(request)}(**params)`,
    '    for item in page["Items"]:',
    '        print(to_json(item))',
    '    if "LastEvaluatedKey" not in page:',
    '        break',
    '    params["ExclusiveStartKey"] = page["LastEvaluatedKey"]',
    '',
  ].join('\n');
}
