import { describe, expect, it } from 'vitest';
import { isLoopbackEndpoint, splitEndpointUrl } from './localEndpoint';

describe('isLoopbackEndpoint', () => {
  it.each([
    'http://localhost:8000',
    'http://localhost',
    'http://LocalHost:8000/',
    'http://localhost.:8000',
    'http://keylab.localhost:8000',
    'http://127.0.0.1:8000',
    'http://127.255.255.254:8000',
    'http://[::1]:8000',
    'http://[0:0:0:0:0:0:0:1]:8000',
    'http://[::0:1]',
    'http://[::ffff:127.0.0.1]:8000',
    'http://localhost:5173/dynamodb',
    'https://localhost:8443',
  ])('%s is this machine', (endpoint) => {
    expect(isLoopbackEndpoint(endpoint)).toBe(true);
  });

  it.each([
    'https://dynamodb.eu-west-1.amazonaws.com',
    'http://dynamodb:8000',
    'http://10.0.0.5:8000',
    'http://127.0.0.1.example.com:8000',
    'http://localhost.example.com:8000',
    'http://128.0.0.1:8000',
    'http://127.0.0.256:8000',
    'http://[::2]:8000',
    'http://[::ffff:10.0.0.1]:8000',
    'http://[1::1]:8000',
    'http://user@localhost:8000',
    'http://0.0.0.0:8000',
    'localhost:8000',
    '',
  ])('%s is not', (endpoint) => {
    expect(isLoopbackEndpoint(endpoint)).toBe(false);
  });

  it('splits a URL into scheme and authority', () => {
    expect(splitEndpointUrl('HTTP://localhost:8000/x?y')).toEqual({ scheme: 'http', authority: 'localhost:8000' });
    expect(splitEndpointUrl('localhost:8000')).toBeUndefined();
  });
});
