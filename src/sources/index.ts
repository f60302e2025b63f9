/**
 * Where the explorer's data comes from: the built-in table (Keylab's engine in
 * this browser, kept in IndexedDB) and remote endpoints (DynamoDB Local, a
 * custom endpoint, AWS). The SDK client itself, remoteDynamoDB.ts, is not
 * exported here: it is loaded on demand, as its own chunk, when the user
 * connects somewhere.
 */
export * from './builtInTable';
export * from './remoteEndpoints';
