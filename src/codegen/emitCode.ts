import { UnwritableValueError } from './attributeValueCode';
import type { CodeTarget, CodegenRequest, EmitOptions, EmitResult } from './codegen.types';
import { emitAwsCliCall, emitAwsCliProgram } from './emitAwsCli';
import { emitBoto3Call, emitBoto3Program } from './emitBoto3';
import { emitDocumentClientCall, emitDocumentClientProgram } from './emitDocumentClient';
import { emitSdkV3Call, emitSdkV3Program } from './emitSdkV3';
import { escapeInvisibleCharacters, isVisibleAscii } from './invisibleCharacters';
import { splitEndpointUrl } from './localEndpoint';
import { collectParams, paramValue } from './requestParams';

const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d+$/;

type Refusal = Extract<EmitResult, { ok: false }>;

/** Says what is wrong with a region or endpoint option, if anything (quoting it with invisible characters escaped). */
function checkConnection(options: EmitOptions): Refusal | undefined {
  if (options.region !== undefined && !REGION.test(options.region)) {
    return { ok: false, error: 'codegen.badRegion', reason: `"${escapeInvisibleCharacters(options.region)}" is not an AWS region name (like eu-west-1).` };
  }
  if (options.endpoint !== undefined) {
    const badEndpoint = (reason: string): Refusal => ({ ok: false, error: 'codegen.badEndpoint', reason });
    const endpoint = escapeInvisibleCharacters(options.endpoint);
    const url = splitEndpointUrl(options.endpoint);
    if (!url || url.authority === '') return badEndpoint(`"${endpoint}" is not a URL (like http://localhost:8000).`);
    if (url.scheme !== 'http' && url.scheme !== 'https') return badEndpoint(`The endpoint must be an http or https URL; got ${url.scheme}:.`);
    // Never copy credentials into code, even ones the user typed into a URL.
    if (url.authority.includes('@')) return badEndpoint('The endpoint URL carries a user name or password; code never contains credentials.');
    if (/[\s"'`\\]/.test(options.endpoint)) return badEndpoint(`"${endpoint}" is not a URL (like http://localhost:8000).`);
    // A shell word can't escape anything, so only visible ASCII goes into a script (a Unicode host name has an xn-- form).
    if (!isVisibleAscii(options.endpoint)) {
      return badEndpoint(`The endpoint "${endpoint}" holds characters other than plain ASCII: write the host name in its ASCII (xn--) form.`);
    }
  }
  return undefined;
}

/**
 * Writes a Query or Scan as code to paste: the single call, or a complete
 * program (region, endpoint, LastEvaluatedKey loop) that prints every item.
 * Refuses, with the reason, what it can't write faithfully.
 *
 * @example
 * emitCode({ operation: 'scan', input: { TableName: 'Orders' } }, 'sdk-v3', { shape: 'call' })
 * // { ok: true, code: 'const response = await client.send(\n  new ScanCommand({ TableName: "Orders" }),\n);' }
 */
export function emitCode(request: CodegenRequest, target: CodeTarget, options: EmitOptions): EmitResult {
  const collected = collectParams(request);
  if (!collected.ok) return collected;
  const problem = checkConnection(options);
  if (problem) return problem;
  const { params } = collected;
  if (options.shape === 'program' && paramValue(params, 'Select') === 'COUNT') {
    return { ok: false, error: 'codegen.countProgram', reason: 'Select COUNT returns no items to print: copy the call instead and read response.Count.' };
  }
  try {
    switch (target) {
      case 'sdk-v3':
        return { ok: true, code: options.shape === 'call' ? emitSdkV3Call(request, params) : emitSdkV3Program(request, params, options) };
      case 'document-client':
        return {
          ok: true,
          code: options.shape === 'call' ? emitDocumentClientCall(request, params) : emitDocumentClientProgram(request, params, options),
        };
      case 'boto3':
        return { ok: true, code: options.shape === 'call' ? emitBoto3Call(request, params) : emitBoto3Program(request, params, options) };
      case 'aws-cli':
        return { ok: true, code: options.shape === 'call' ? emitAwsCliCall(request, params, options) : emitAwsCliProgram(request, params, options) };
      default:
        return { ok: false, error: 'codegen.unknownTarget', reason: `Unknown target ${String(target)}.` };
    }
  } catch (error) {
    if (error instanceof UnwritableValueError) return { ok: false, error: error.code, reason: error.message };
    throw error;
  }
}
