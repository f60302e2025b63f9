/**
 * The engine's contract suite (engineContract.test.ts, every scenario) run
 * against `keylab endpoint -sharedDb -inMemory -port <free>`: DynamoDB Local's
 * exact flag line, in its own process, as a project's global setup starts it.
 */
import { startSpawnedEndpointSide } from './contract/spawnedEndpointSide';
import { useEngineSide } from './contract/sides';

useEngineSide(() => startSpawnedEndpointSide(['-sharedDb', '-inMemory']));
await import('./engineContract.test');
