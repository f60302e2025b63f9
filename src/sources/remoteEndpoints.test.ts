import { describe, expect, it } from 'vitest';
import { WIRE_ERROR_TYPES, type WireErrorCode } from '../errors';
import { describeConnectionError, notDynamoDBAnswer, routeOf, type ConnectionProblem, type RemoteSettings } from './remoteEndpoints';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const settings: RemoteSettings = {
  kind: 'dynamodbLocal',
  endpoint: 'http://localhost:8000',
  region: 'us-east-1',
  accessKeyId: 'keylab',
  secretAccessKey: SECRET,
};

/** What each of Keylab's own refusals means for a connection (the proxy's, then the profile signer's). */
const KIND_OF: Record<WireErrorCode, ConnectionProblem['kind']> = {
  'proxy.refused': 'proxy',
  'proxy.badTarget': 'proxy',
  'proxy.connectionRefused': 'refused',
  'proxy.unreachable': 'unreachable',
  'proxy.timeout': 'timeout',
  'proxy.tlsError': 'tls',
  'proxy.requestTooLarge': 'proxy',
  'profile.notFound': 'credentials',
  'profile.loginRequired': 'credentials',
  'profile.roleFailed': 'credentials',
  'profile.processFailed': 'credentials',
  'profile.credentialsUnavailable': 'credentials',
  'profile.timeout': 'timeout',
};

/** An error as the SDK raises it from a Keylab refusal: the wire type becomes its name. */
function refusal(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

describe('describeConnectionError for Keylab’s own refusals', () => {
  it.each(Object.entries(WIRE_ERROR_TYPES) as [WireErrorCode, string][])('classifies %s (sent as %s) and quotes its message, scrubbed', (code, type) => {
    const problem = describeConnectionError(refusal(type, `The server says why, not ${SECRET}.`), settings);
    expect(problem).toEqual({ kind: KIND_OF[code], message: 'The server says why, not •••.' });
  });

  it('leaves an object that only looks like a refusal (not an Error) to the generic wording', () => {
    expect(describeConnectionError({ name: 'ProxyTimeout', message: 'x' }, settings).kind).toBe('other');
  });

  it('does not take DynamoDB’s own errors for Keylab’s', () => {
    expect(describeConnectionError(refusal('UnrecognizedClientException', 'The security token is invalid'), settings).kind).toBe('credentials');
    expect(describeConnectionError(refusal('ValidationException', 'One or more parameter values were invalid'), settings).kind).toBe('other');
  });
});

describe('routeOf and the advice for a non-DynamoDB answer: this machine in any spelling (src/dynamo isLoopbackHost)', () => {
  const custom = (endpoint: string): RemoteSettings => ({ ...settings, kind: 'custom', endpoint });
  it.each(['https://localhost:8443', 'https://[::1]:8443', 'https://[::ffff:127.0.0.1]:8443', 'https://[0:0:0:0:0:0:0:1]:8443', 'https://127.1:8443'])(
    'an https endpoint on this machine goes through the proxy: %s',
    (endpoint) => {
      expect(routeOf(custom(endpoint))).toBe('proxy');
      expect(notDynamoDBAnswer(endpoint, { statusCode: 404, contentType: 'text/plain' })?.message).toMatch(/check the port$/);
    },
  );
  it.each(['https://localhost.evil:8443', 'https://127.0.0.1.evil.com:8443', 'https://[::ffff:10.0.0.1]:8443'])(
    'a look-alike is called directly: %s',
    (endpoint) => {
      expect(routeOf(custom(endpoint))).toBe('direct');
      expect(notDynamoDBAnswer(endpoint, { statusCode: 404, contentType: 'text/plain' })?.message).toMatch(/check the endpoint URL$/);
    },
  );
});
