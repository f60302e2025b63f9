import { describe, expect, it } from 'vitest';
import { splitEndpointUrl } from './localEndpoint';

// Whether an endpoint is this machine: src/dynamo/loopback.test.ts (isLoopbackUrl).
describe('splitEndpointUrl', () => {
  it('splits a URL into scheme and authority', () => {
    expect(splitEndpointUrl('HTTP://localhost:8000/x?y')).toEqual({ scheme: 'http', authority: 'localhost:8000' });
    expect(splitEndpointUrl('localhost:8000')).toBeUndefined();
  });
});
