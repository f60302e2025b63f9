/**
 * The engine's contract suite (engineContract.test.ts, every scenario) run
 * against `keylab endpoint -inMemory -port <free>`: DynamoDB Local's flag line
 * without -sharedDb, so the suite's one access key and region get a database
 * of their own (table ARNs carry the region: tableArnRegion below).
 */
import { runEngineContractAgainst } from './contract/engineContractAgainst';
import { startSpawnedEndpointSide } from './contract/spawnedEndpointSide';

await runEngineContractAgainst(() => startSpawnedEndpointSide(['-inMemory']));
