import { describe, expect, it } from 'vitest';
import type { CodegenErrorCode } from '../errors';
import { isExactJsNumber } from './emitDocumentClient';
import { CODE_TARGETS, emitCode, type CodegenRequest, type EmitOptions } from './index';
import { expectErr, expectOk } from '../errors/testing';

const BIG = '12345678901234567890123456789012345678';

const query = (extra: Record<string, unknown> = {}): CodegenRequest => ({
  operation: 'query',
  input: {
    TableName: 'Leaderboard',
    KeyConditionExpression: 'leaderboardId = :id',
    ExpressionAttributeValues: { ':id': { S: 'SEASON#2026-SPRING' } },
    ...extra,
  },
});

function code(request: CodegenRequest, target: Parameters<typeof emitCode>[1], options: EmitOptions): string {
  const result = emitCode(request, target, options);
  expectOk(result);
  return result.code;
}

describe('emitCode refuses what it cannot write faithfully', () => {
  it.each<[string, CodegenRequest, EmitOptions, RegExp, CodegenErrorCode]>([
    ['a legacy parameter', query({ QueryFilter: {} }), { shape: 'call' }, /QueryFilter is a legacy parameter/, 'codegen.legacyParameter'],
    ['an unknown parameter', query({ Foo: 1 }), { shape: 'call' }, /does not know the parameter Foo/, 'codegen.unknownParameter'],
    [
      'a Query without a key condition',
      { operation: 'query', input: { TableName: 'T' } },
      { shape: 'call' },
      /needs a KeyConditionExpression/,
      'codegen.missingKeyCondition',
    ],
    ['no table', { operation: 'scan', input: { TableName: '' } }, { shape: 'call' }, /no table name/, 'codegen.missingTableName'],
    [
      'credentials in the endpoint',
      query(),
      { shape: 'program', endpoint: 'http://AKIA:secret@localhost:8000' },
      /never contains credentials/,
      'codegen.badEndpoint',
    ],
    ['a non-http endpoint', query(), { shape: 'program', endpoint: 'ftp://localhost:8000' }, /http or https/, 'codegen.badEndpoint'],
    ['a region that is not one', query(), { shape: 'program', region: "eu-west-1'; rm -rf /" }, /not an AWS region/, 'codegen.badRegion'],
    ['Select COUNT as a program', query({ Select: 'COUNT' }), { shape: 'program' }, /Select COUNT returns no items/, 'codegen.countProgram'],
    ['an empty AttributeValue', query({ ExpressionAttributeValues: { ':id': {} } }), { shape: 'call' }, /empty AttributeValue/, 'codegen.unwritableValue'],
  ])('%s', (_name, request, options, reason, error) => {
    for (const target of CODE_TARGETS) {
      const result = emitCode(request, target, options);
      expectErr(result);
      expect(result.reason).toMatch(reason);
      expect(result.error).toBe(error);
    }
  });

  it('refuses an operation other than Query and Scan, and a target it does not know', () => {
    const getItem = { operation: 'getItem', input: { TableName: 'T' } } as unknown as CodegenRequest;
    expect(emitCode(getItem, 'sdk-v3', { shape: 'call' })).toMatchObject({ ok: false, error: 'codegen.unsupportedOperation' });
    expect(emitCode(query(), 'cobol' as never, { shape: 'call' })).toMatchObject({
      ok: false,
      error: 'codegen.unknownTarget',
      reason: 'Unknown target cobol.',
    });
  });

  it('never writes credentials for AWS or an endpoint on another host: the SDK resolves them', () => {
    for (const target of CODE_TARGETS) {
      for (const endpoint of [
        undefined,
        'https://dynamodb.eu-west-1.amazonaws.com',
        'http://dynamodb:8000',
        'http://10.0.0.5:8000',
        'http://127.0.0.1.example.com:8000',
        'http://localhost.evil:8000',
      ]) {
        const program = code(query(), target, { shape: 'program', region: 'eu-west-1', ...(endpoint ? { endpoint } : {}) });
        expect(program).toContain('eu-west-1');
        if (endpoint) expect(program).toContain(endpoint);
        expect(program, `${target} ${endpoint}`).not.toMatch(/accessKeyId|secretAccessKey|aws_access_key_id|AWS_ACCESS_KEY_ID|AWS_SECRET|keylab-local/i);
        expect(program).toMatch(/Credentials come from the usual AWS sources/);
      }
    }
  });
});

describe('a program for an endpoint on this machine', () => {
  const LOOPBACK = [
    'http://localhost:8000',
    'http://127.0.0.1:8000',
    'http://127.3.2.1:9000',
    'http://[::1]:8000',
    'http://LOCALHOST:5173/dynamodb',
    'http://keylab.localhost:8000',
    'http://[::ffff:7f00:1]:8000',
    'http://127.1:8000',
  ];

  it.each(LOOPBACK)('signs with dummy keys, with a comment saying so (%s)', (endpoint) => {
    const programs = Object.fromEntries(CODE_TARGETS.map((target) => [target, code(query(), target, { shape: 'program', region: 'eu-west-1', endpoint })]));
    expect(programs['sdk-v3']).toContain('credentials: { accessKeyId: "keylab", secretAccessKey: "keylab-local" }');
    expect(programs['document-client']).toContain('credentials: { accessKeyId: "keylab", secretAccessKey: "keylab-local" }');
    expect(programs.boto3).toContain('    aws_access_key_id="keylab",\n    aws_secret_access_key="keylab-local",\n)');
    expect(programs['aws-cli']).toMatch(/\nAWS_ACCESS_KEY_ID=keylab AWS_SECRET_ACCESS_KEY=keylab-local aws dynamodb query \\\n/);
    for (const [target, program] of Object.entries(programs)) {
      const marker = target === 'boto3' || target === 'aws-cli' ? '#' : '//';
      expect(program, target).toContain(`${marker} Dummy keys, not real ones: a local endpoint checks no credentials`);
      expect(program, target).toContain(`${marker} The endpoint is on this machine and checks no credentials`);
      expect(program, target).not.toContain('Credentials come from the usual AWS sources');
    }
  });

  it('gives the CLI call the dummy keys in its own environment, and leaves the JS and Python calls to the existing client', () => {
    expect(code(query(), 'aws-cli', { shape: 'call', endpoint: 'http://localhost:8000' })).toMatch(
      /^AWS_ACCESS_KEY_ID=keylab AWS_SECRET_ACCESS_KEY=keylab-local aws dynamodb query \\\n/,
    );
    expect(code(query(), 'aws-cli', { shape: 'call', endpoint: 'https://dynamodb.eu-west-1.amazonaws.com' })).toMatch(/^aws dynamodb query/);
    for (const target of ['sdk-v3', 'document-client', 'boto3'] as const) {
      expect(code(query(), target, { shape: 'call', endpoint: 'http://localhost:8000' })).not.toMatch(/keylab-local|accessKeyId|aws_access_key_id/);
    }
  });
});

describe('invisible and bidirectional characters in data', () => {
  const TRICK = '05\u202Egnp.exe';
  const request = query({
    FilterExpression: '#n = :name',
    ExpressionAttributeNames: { '#n': 'file\u2066name\u2069' },
    ExpressionAttributeValues: { ':id': { S: `SEASON\u200B#2026\u200F` }, ':name': { S: TRICK } },
  });
  const BIDI_AND_INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/;

  it.each(CODE_TARGETS.flatMap((target) => (['call', 'program'] as const).map((shape) => [target, shape] as const)))(
    '%s %s writes them as escapes',
    (target, shape) => {
      const written = code(request, target, { shape, region: 'eu-west-1', endpoint: 'http://localhost:8000' });
      expect(written).not.toMatch(BIDI_AND_INVISIBLE);
      expect(written.toLowerCase()).toContain('05\\u202egnp.exe');
      expect(written.toLowerCase()).toContain('\\u2066');
      expect(written.toLowerCase()).toContain('\\u200b');
    },
  );

  it('escapes them in a table name quoted in a program comment', () => {
    const program = code({ operation: 'scan', input: { TableName: 'Orders\u202E' } }, 'boto3', { shape: 'program' });
    expect(program).toContain('# Scan "Orders\\u202E": every page');
    expect(program).not.toMatch(BIDI_AND_INVISIBLE);
  });

  it('refuses an endpoint holding one, and quotes it escaped', () => {
    const result = emitCode(query(), 'aws-cli', { shape: 'program', endpoint: 'http://local\u202Ehost:8000' });
    expect(result).toEqual({
      ok: false,
      error: 'codegen.badEndpoint',
      reason: 'The endpoint "http://local\\u202Ehost:8000" holds characters other than plain ASCII: write the host name in its ASCII (xn--) form.',
    });
  });
});

describe('DocumentClient numbers', () => {
  it.each([
    ['42', true],
    ['-0.5', true],
    ['1e+21', true],
    ['007', false],
    ['9.50', false],
    [BIG, false],
    ['9007199254740993', false],
  ])('%s survives a JS number: %s', (text, exact) => {
    expect(isExactJsNumber(text)).toBe(exact);
  });

  it('writes numbers a JS number would round as NumberValue.from("…"), with the import noted', () => {
    const call = code(query({ FilterExpression: 'score = :big', ExpressionAttributeValues: { ':id': { S: 'x' }, ':big': { N: BIG } } }), 'document-client', {
      shape: 'call',
    });
    expect(call).toContain(`":big": NumberValue.from("${BIG}")`);
    expect(call).toMatch(/^\/\/ NumberValue \(from @aws-sdk\/lib-dynamodb\)/);
  });

  it('wraps every member of a number set when one member needs it (the marshaller looks at the first)', () => {
    const call = code(query({ ExpressionAttributeValues: { ':id': { S: 'x' }, ':ns': { NS: ['1', BIG] } } }), 'document-client', { shape: 'call' });
    expect(call.replace(/\s+/g, ' ')).toContain(`new Set([ NumberValue.from("1"), NumberValue.from("${BIG}"), ])`);
  });

  it('writes sets, binary, lists, maps and NULL as the native values the DocumentClient marshals back', () => {
    const call = code(
      query({
        ExpressionAttributeValues: {
          ':id': { S: 'x' },
          ':v': { M: { tags: { SS: ['a'] }, bytes: { B: Uint8Array.of(1, 2) }, list: { L: [{ N: '1' }, { NULL: true }, { BOOL: false }] } } },
        },
      }),
      'document-client',
      { shape: 'call' },
    );
    expect(call).toContain('tags: new Set(["a"]),');
    expect(call).toContain('bytes: new Uint8Array([1, 2]),');
    expect(call).toContain('list: [1, null, false],');
  });
});

describe('AWS CLI', () => {
  it('sends Limit and ExclusiveStartKey through --cli-input-json in a single call, which is --no-paginate', () => {
    const call = code(query({ Limit: 5, ExclusiveStartKey: { leaderboardId: { S: 'x' }, rankKey: { S: 'y' } } }), 'aws-cli', { shape: 'call' });
    expect(call).toContain(`--cli-input-json '{"Limit":5,"ExclusiveStartKey":{"leaderboardId":{"S":"x"},"rankKey":{"S":"y"}}}'`);
    expect(call).toMatch(/--no-paginate$/);
  });

  it('lets the CLI paginate a program, Limit as --page-size, the items as one JSON array', () => {
    const program = code(query({ Limit: 5 }), 'aws-cli', { shape: 'program', region: 'eu-west-1' });
    expect(program).toContain('--page-size 5');
    expect(program).toContain('--region eu-west-1');
    expect(program).toMatch(/--query Items \\\n {2}--output json\n$/);
    expect(program).not.toContain('--no-paginate');
  });

  it('leaves the page size out when a start key is given (the CLI rejects --page-size with it)', () => {
    const program = code(query({ Limit: 5, ExclusiveStartKey: { leaderboardId: { S: 'x' }, rankKey: { S: 'y' } } }), 'aws-cli', { shape: 'program' });
    expect(program).not.toContain('--page-size');
    expect(program).not.toContain('"Limit"');
    expect(program).toContain('"ExclusiveStartKey"');
  });

  it('pins the binary format only when there are bytes (a raw-in-base64-out config would read base64 as raw bytes)', () => {
    expect(code(query(), 'aws-cli', { shape: 'call' })).not.toContain('--cli-binary-format');
    const withBytes = code(query({ ExpressionAttributeValues: { ':id': { S: 'x' }, ':b': { L: [{ B: Uint8Array.of(1, 2, 3) }] } } }), 'aws-cli', {
      shape: 'call',
    });
    expect(withBytes).toContain('--cli-binary-format base64');
    expect(withBytes).toContain('{"B":"AQID"}');
  });

  it('moves non-ASCII expression text into ASCII JSON, readable in any locale', () => {
    const call = code(query({ FilterExpression: 'attribute_exists(naïve)' }), 'aws-cli', { shape: 'call' });
    expect(call).toContain(`--cli-input-json '{"FilterExpression":"attribute_exists(na\\u00efve)"}'`);
    expect(call).not.toContain('--filter-expression');
  });

  it('quotes values with quotes, $, backslashes and newlines so the shell passes them unchanged', () => {
    const call = code(query({ ExpressionAttributeValues: { ':id': { S: `it's $HOME \\ \n` } } }), 'aws-cli', { shape: 'call' });
    expect(call).toContain(`--expression-attribute-values '{":id":{"S":"it'\\''s $HOME \\\\ \\n"}}'`);
  });
});

describe('call shapes', () => {
  it('writes one statement per target for an existing client', () => {
    expect(code(query(), 'sdk-v3', { shape: 'call' })).toMatch(/^const response = await client\.send\(\n {2}new QueryCommand\(/);
    expect(code(query(), 'document-client', { shape: 'call' })).toMatch(/^const response = await docClient\.send\(/);
    expect(code({ operation: 'scan', input: { TableName: 'T', Limit: 2 } }, 'boto3', { shape: 'call' })).toBe(
      'response = client.scan(\n    TableName="T",\n    Limit=2,\n)',
    );
    expect(code(query({ ScanIndexForward: false, ConsistentRead: true }), 'aws-cli', { shape: 'call' })).toContain(
      '--no-scan-index-forward \\\n  --consistent-read',
    );
  });

  it('drops defaults that are only noise (ScanIndexForward true, ConsistentRead false)', () => {
    const call = code(query({ ScanIndexForward: true, ConsistentRead: false }), 'sdk-v3', { shape: 'call' });
    expect(call).not.toContain('ScanIndexForward');
    expect(call).not.toContain('ConsistentRead');
  });
});
