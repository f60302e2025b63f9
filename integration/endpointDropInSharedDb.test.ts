/**
 * The engine's contract suite (engineContract.test.ts, every scenario) run
 * against `keylab endpoint -sharedDb -inMemory -port <free>`: DynamoDB Local's
 * exact flag line, in its own process, as a project's global setup starts it.
 */
import { runEngineContractAgainst } from './contract/engineContractAgainst';
import { startSpawnedEndpointSide } from './contract/spawnedEndpointSide';

await runEngineContractAgainst(() => startSpawnedEndpointSide(['-sharedDb', '-inMemory']));
