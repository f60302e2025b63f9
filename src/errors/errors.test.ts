import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  codeOfWireType,
  ERROR_CODES,
  isKeylabErrorCode,
  KeylabError,
  keylabCodeOf,
  matches,
  WIRE_ERROR_TYPES,
  type CodePattern,
  type CodesMatching,
  type KeyFindingCode,
  type KeylabErrorCode,
  type PersistenceErrorCode,
  type ProfileErrorCode,
  type ProxyErrorCode,
  type WireErrorCode,
  type WireErrorType,
} from './index';

/** An error as the SDK raises it from a Keylab proxy answer: `__type` com.keylab.proxy#ProxyTimeout becomes the name. */
function wireError(name: string, message = 'localhost:8000 did not answer within 15 s.'): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, { $fault: 'client', $metadata: { httpStatusCode: 504 } });
}

describe('the error-code registry', () => {
  it('has only dotted codes of the form domain.camelCaseName, each with a sentence saying what it means', () => {
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
      expect(meaning).toMatch(/^[A-Z"'].*[.)]$/);
    }
  });

  it('gives every proxy and profile code one wire type, and no two codes the same one', () => {
    const travelling = Object.keys(ERROR_CODES).filter((code) => code.startsWith('proxy.') || code.startsWith('profile.'));
    expect(Object.keys(WIRE_ERROR_TYPES).sort()).toEqual(travelling.sort());
    const types = Object.values(WIRE_ERROR_TYPES);
    expect(new Set(types).size).toBe(types.length);
    for (const [code, type] of Object.entries(WIRE_ERROR_TYPES)) expect(codeOfWireType(type)).toBe(code);
  });

  it('knows its own codes and nothing else, not even inherited property names', () => {
    expect(isKeylabErrorCode('keys.padOverflow')).toBe(true);
    expect(isKeylabErrorCode('persistence.inUse')).toBe(true);
    for (const other of ['ECONNREFUSED', 'ValidationException', 'keys.', 'toString', '__proto__', 42, undefined]) expect(isKeylabErrorCode(other)).toBe(false);
    expect(codeOfWireType('ValidationException')).toBeUndefined();
    expect(codeOfWireType('toString')).toBeUndefined();
  });

  it('types each reporter by its domains', () => {
    expectTypeOf<'keys.padOverflow'>().toExtend<KeyFindingCode>();
    expectTypeOf<'template.syntax'>().toExtend<KeyFindingCode>();
    expectTypeOf<'advisor.badHeadroom'>().toExtend<KeyFindingCode>();
    expectTypeOf<'persistence.inUse'>().not.toExtend<KeyFindingCode>();
    expectTypeOf<'persistence.corrupt'>().toExtend<PersistenceErrorCode>();
    expectTypeOf<CodesMatching<'proxy.'>>().toEqualTypeOf<ProxyErrorCode>();
    expectTypeOf<CodesMatching<'keys.padOverflow'>>().toEqualTypeOf<'keys.padOverflow'>();
    expectTypeOf<'proxy.'>().toExtend<CodePattern>();
    expectTypeOf<'proxy'>().not.toExtend<CodePattern>();
    expectTypeOf<'prxy.'>().not.toExtend<CodePattern>();
    expectTypeOf<'keys.nope'>().not.toExtend<KeylabErrorCode>();
    // What the server sends (ErrorAnswer) is typed by these: an unregistered code or wire name does not compile.
    expectTypeOf<WireErrorCode>().toEqualTypeOf<ProxyErrorCode | ProfileErrorCode>();
    expectTypeOf<'ProxyTimeout'>().toExtend<WireErrorType>();
    expectTypeOf<'ProxyNope'>().not.toExtend<WireErrorType>();
    expectTypeOf<'proxy.nope'>().not.toExtend<WireErrorCode>();
  });
});

describe('KeylabError', () => {
  it('is an Error with a registered code, a message for the user and an optional cause', () => {
    const cause = new Error('EACCES');
    const error = new KeylabError('persistence.writeFailed', 'The write was not saved: the data directory is read-only.', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('KeylabError');
    expect(error.code).toBe('persistence.writeFailed');
    expect(error.message).toBe('The write was not saved: the data directory is read-only.');
    expect(error.cause).toBe(cause);
  });

  it('keeps the name a subclass gives it', () => {
    class StorageError extends KeylabError<PersistenceErrorCode> {
      override readonly name = 'StorageError';
    }
    const error = new StorageError('persistence.closed', 'closed');
    expect(error.name).toBe('StorageError');
    expect(matches(error, 'persistence.closed')).toBe(true);
  });
});

describe('matches', () => {
  it('matches a whole domain by its prefix, or one code exactly', () => {
    const error = new KeylabError('proxy.timeout', 'localhost:8000 did not answer within 15 s.');
    expect(matches(error, 'proxy.')).toBe(true);
    expect(matches(error, 'proxy.timeout')).toBe(true);
    expect(matches(error, 'proxy.refused')).toBe(false);
    expect(matches(error, 'profile.')).toBe(false);
  });

  it('reads findings and other plain { code } objects', () => {
    const finding = { code: 'keys.padOverflow', field: 'score', message: 'score 12345678901 has 11 digits…' };
    expect(matches(finding, 'keys.')).toBe(true);
    expect(matches(finding, 'keys.padOverflow')).toBe(true);
    expect(matches(finding, 'template.')).toBe(false);
    expect(keylabCodeOf(finding)).toBe('keys.padOverflow');
  });

  it('recognises proxy and profile errors that came over the wire by their name', () => {
    expect(matches(wireError('ProxyTimeout'), 'proxy.')).toBe(true);
    expect(matches(wireError('ProxyTimeout'), 'proxy.timeout')).toBe(true);
    expect(matches(wireError('ProfileLoginRequired'), 'profile.loginRequired')).toBe(true);
    expect(matches(wireError('ProfileLoginRequired'), 'proxy.')).toBe(false);
    expect(keylabCodeOf(wireError('ProxyTLSError'))).toBe('proxy.tlsError');
  });

  it('does not match DynamoDB errors, Node errors, or anything without a registered code', () => {
    expect(matches(wireError('ValidationException', 'One or more parameter values were invalid'), 'proxy.')).toBe(false);
    expect(matches(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'proxy.')).toBe(false);
    expect(matches({ code: 'proxy.nope' }, 'proxy.')).toBe(false);
    for (const value of [undefined, null, 'proxy.timeout', 42, {}]) expect(matches(value, 'proxy.')).toBe(false);
  });
});
