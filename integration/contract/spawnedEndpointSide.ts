import { DynamoDBStreams } from '@aws-sdk/client-dynamodb-streams';
import { findFreePort } from '../../scripts/dynamodbLocal';
import { startEndpointProcess } from '../../scripts/endpointProcess';
import { createSdkClient, sdkClientConfig, type Side } from './sides';

/**
 * The engine side as a project's tests meet it: `keylab endpoint` spawned
 * with DynamoDB Local's flags (`-sharedDb -inMemory`), a free `-port` added,
 * reached through the AWS SDK.
 */
export async function startSpawnedEndpointSide(flags: readonly string[]): Promise<Side> {
  const port = await findFreePort();
  const running = await startEndpointProcess([...flags, '-port', String(port)], { port });
  const client = createSdkClient(running.endpoint);
  const streams = new DynamoDBStreams(sdkClientConfig(running.endpoint));
  return {
    name: `keylab endpoint ${flags.join(' ')}`,
    db: client,
    streams,
    close: async () => {
      client.destroy();
      streams.destroy();
      await running.stop();
    },
  };
}
