import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { binaryAsJsExpression, readAttributeValue, UnwritableValueError } from './attributeValueCode';
import { printCodeValue, RawCode, WrappedCode, type CodeValue } from './codeTree';
import type { CodegenRequest, EmitOptions } from './codegen.types';
import { JS_SYNTAX } from './jsSyntax';
import { buildParamsCode } from './paramsCode';
import { describeProgram, jsClientLines } from './programText';
import { commandName, type RequestParams } from './requestParams';

/*
 * Why not dynamodb-expression-builder's emitDocClient: it writes every N as a
 * bare JavaScript number, so "12345678901234567890123456789012345678" becomes
 * 1.2345678901234568e+37 (the DocumentClient then refuses it, or a decimal
 * silently loses digits) and "007" is a SyntaxError in an ES module; and its
 * typed values have no L or M. Here a number a JS number can't carry exactly
 * is written as NumberValue.from("…"), which keeps every digit.
 */

/** True when the decimal text survives a trip through a JS number unchanged. */
export function isExactJsNumber(text: string): boolean {
  return String(Number(text)) === text;
}

interface NativeWriter {
  /** Set when some number had to be written as NumberValue (the snippet must import it). */
  usesNumberValue: boolean;
}

function writeNumber(text: string, writer: NativeWriter, forceNumberValue = false): CodeValue {
  if (!forceNumberValue && isExactJsNumber(text)) return new RawCode(text);
  writer.usesNumberValue = true;
  return new RawCode(`NumberValue.from(${JSON.stringify(text)})`);
}

function writeSet(members: readonly CodeValue[]): CodeValue {
  return new WrappedCode('new Set(', members, ')');
}

/** An AttributeValue as the native JavaScript value the DocumentClient marshals back to it. */
function writeNative(value: AttributeValue, writer: NativeWriter): CodeValue {
  const read = readAttributeValue(value);
  if (!read) throw new UnwritableValueError(`The request holds an empty AttributeValue (${JSON.stringify(value)}).`);
  const { type, member } = read;
  switch (type) {
    case 'S':
      return member as string;
    case 'N':
      return writeNumber(member as string, writer);
    case 'BOOL':
      return member as boolean;
    case 'NULL':
      return null;
    case 'B':
      return binaryAsJsExpression(member as Uint8Array);
    case 'SS':
      return writeSet(member as string[]);
    case 'NS': {
      // The marshaller picks the set's kind from its first member, so all members take the same form.
      const numbers = member as string[];
      const wrap = !numbers.every(isExactJsNumber);
      return writeSet(numbers.map((text) => writeNumber(text, writer, wrap)));
    }
    case 'BS':
      return writeSet((member as Uint8Array[]).map(binaryAsJsExpression));
    case 'L':
      return (member as AttributeValue[]).map((entry) => writeNative(entry, writer));
    case 'M':
      return writeNativeMap(member as Record<string, AttributeValue>, writer);
    default:
      throw new UnwritableValueError(`The request holds an AttributeValue of unknown type ${type}.`);
  }
}

function writeNativeMap(map: Record<string, AttributeValue>, writer: NativeWriter): { [key: string]: CodeValue } {
  const out: { [key: string]: CodeValue } = {};
  for (const [name, value] of Object.entries(map)) {
    Object.defineProperty(out, name, { value: writeNative(value, writer), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function buildInput(params: RequestParams, indent: string): { code: string; usesNumberValue: boolean } {
  const writer: NativeWriter = { usesNumberValue: false };
  const tree = buildParamsCode(params, (map) => writeNativeMap(map, writer));
  return { code: printCodeValue(tree, JS_SYNTAX, indent), usesNumberValue: writer.usesNumberValue };
}

/** The single `docClient.send(new QueryCommand({...}))` call with native values, for a DocumentClient named `docClient`. */
export function emitDocumentClientCall(request: CodegenRequest, params: RequestParams): string {
  const input = buildInput(params, '  ');
  return [
    ...(input.usesNumberValue ? ['// NumberValue (from @aws-sdk/lib-dynamodb) carries numbers a JS number would round.'] : []),
    `const response = await docClient.send(\n  new ${commandName(request.operation)}(${input.code}),\n);`,
  ].join('\n');
}

/** A complete Node program (ESM) through the DocumentClient; numbers that a JS number can't hold arrive as NumberValue. */
export function emitDocumentClientProgram(request: CodegenRequest, params: RequestParams, options: EmitOptions): string {
  const command = commandName(request.operation);
  const input = buildInput(params, '');
  return [
    ...describeProgram(
      request,
      params,
      options,
      '//',
      'npm install @aws-sdk/client-dynamodb @aws-sdk/lib-dynamodb; save as query.mjs; node query.mjs',
      'prints each item as one line of JSON',
    ),
    'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";',
    `import { DynamoDBDocumentClient, NumberValue, ${command} } from "@aws-sdk/lib-dynamodb";`,
    '',
    '// Numbers a JS number holds exactly arrive as numbers; longer ones (DynamoDB keeps 38 digits) as NumberValue.',
    'const exactNumber = (text) => (String(Number(text)) === text ? Number(text) : NumberValue.from(text));',
    '',
    ...jsClientLines(options, (config) => `const client = new DynamoDBClient(${config});`),
    'const docClient = DynamoDBDocumentClient.from(client, {',
    '  unmarshallOptions: { wrapNumbers: exactNumber },',
    '});',
    '',
    `const input = ${input.code};`,
    '',
    '// Sets as arrays, binary as base64, NumberValue as its decimal text.',
    'const toJson = (item) =>',
    '  JSON.stringify(item, (_key, value) => {',
    '    if (value instanceof Set) return [...value];',
    '    if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");',
    '    if (value instanceof NumberValue) return value.toString();',
    '    return value;',
    '  });',
    '',
    'let exclusiveStartKey = input.ExclusiveStartKey;',
    'do {',
    `  const page = await docClient.send(new ${command}({ ...input, ExclusiveStartKey: exclusiveStartKey }));`,
    '  for (const item of page.Items ?? []) console.log(toJson(item));',
    '  exclusiveStartKey = page.LastEvaluatedKey;',
    '} while (exclusiveStartKey);',
    '',
  ].join('\n');
}
