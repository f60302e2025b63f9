import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreams } from '@aws-sdk/client-dynamodb-streams';
import { createLocalDynamoDB, type DynamoDBDataSource, type DynamoDBStreamsDataSource } from '../../src/engine';
import { startDynamoDBEndpoint } from '../../src/server';
import { inject } from 'vitest';
import { createDynamoDBLocalClient } from '../dynamodbLocal';

/**
 * The two sides of every comparison: Keylab's engine and the real DynamoDB
 * Local. Scenarios only see a {@link DynamoDBDataSource}, so the engine side
 * can be the in-process engine or the engine's HTTP endpoint without any
 * scenario changing: {@link startEngineSide} picks one.
 */
export interface Side {
  /** Shown in failure messages. */
  readonly name: string;
  readonly db: DynamoDBDataSource;
  /** DynamoDB Streams on the same side (the same endpoint serves both APIs). */
  readonly streams: DynamoDBStreamsDataSource;
  close(): Promise<void>;
}

/**
 * The engine side the contract suite and the differential test run against:
 * the engine's HTTP endpoint. To run them against the in-process engine
 * instead, change this one line (or set KEYLAB_ENGINE_SIDE=in-process, handy
 * to tell an endpoint problem from an engine one).
 */
export function startEngineSide(): Promise<Side> {
  if (engineSideOverride) return engineSideOverride();
  return process.env.KEYLAB_ENGINE_SIDE === 'in-process' ? Promise.resolve(createInProcessEngineSide()) : startEngineEndpointSide();
}

let engineSideOverride: (() => Promise<Side>) | undefined;

/**
 * Runs the contract suites this test file imports against another engine
 * side, e.g. `keylab endpoint` spawned with DynamoDB Local's flags
 * (integration/endpointDropIn*.test.ts). Module state, which the project's
 * workers share across files (`isolate: false`): runEngineContractAgainst
 * (contract/engineContractAgainst.ts) gives the file its own and clears it after.
 */
export function useEngineSide(start: () => Promise<Side>): void {
  engineSideOverride = start;
}

/** The engine in this process, called directly (no wire format in between). */
export function createInProcessEngineSide(): Side {
  const engine = createLocalDynamoDB();
  return { name: 'engine (in-process)', db: engine, streams: engine, close: () => Promise.resolve() };
}

/**
 * A fresh engine served by Keylab's DynamoDB endpoint (src/server/dynamodbEndpoint.ts)
 * on a free port of this process, through the AWS SDK — the wire format, the
 * SDK's (de)serialisation and the endpoint's error bodies are all in the path.
 */
export async function startEngineEndpointSide(): Promise<Side> {
  const endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
  const client = createSdkClient(endpoint.url);
  const streams = new DynamoDBStreams(sdkClientConfig(endpoint.url));
  return {
    name: 'engine endpoint',
    db: client,
    streams,
    close: async () => {
      client.destroy();
      streams.destroy();
      await endpoint.stop();
    },
  };
}

/** The run's DynamoDB Local (scripts/vitest.globalSetup.ts), through the AWS SDK. */
export function createDynamoDBLocalSide(): Side {
  const client = createDynamoDBLocalClient();
  const streams = new DynamoDBStreams(sdkClientConfig(inject('dynamodbLocalEndpoint')));
  return {
    name: 'DynamoDB Local',
    db: client,
    streams,
    close: () => {
      client.destroy();
      streams.destroy();
      return Promise.resolve();
    },
  };
}

/** An SDK client for any DynamoDB-compatible endpoint (keep-alive is the SDK's default for HTTP). */
export function createSdkClient(endpoint: string): DynamoDB {
  return new DynamoDB(sdkClientConfig(endpoint));
}

/** The settings of every SDK client the integration tests make (DynamoDB and DynamoDB Streams alike). */
export function sdkClientConfig(endpoint: string) {
  return { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' }, maxAttempts: 1 };
}
