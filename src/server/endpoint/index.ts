/** Keylab's built-in DynamoDB over DynamoDB's HTTP protocol (`npm run endpoint`), and its wire format. */
export {
  CORS_EXPOSED_HEADERS,
  createDynamoDBEndpoint,
  dynamodbRoute,
  MAX_REQUEST_BYTES,
  startDynamoDBEndpoint,
  type CorsOrigins,
  type DynamoDBEndpoint,
  type DynamoDBEndpointOptions,
  type EndpointLogEntry,
  type RunningDynamoDBEndpoint,
  type StandaloneEndpointOptions,
} from './dynamodbEndpoint';
export {
  DEFAULT_ENDPOINT_PORT,
  describeEndpointListenError,
  ENDPOINT_USAGE,
  openEngine,
  parseEndpointArgs,
  runEndpointCli,
  type EndpointSettings,
} from './endpointCli';
export { readSigningScope, type SigningError, type SigningScope, type SigningScopeResult } from './signingScope';
