import { exactly, messageDifference, type Normalizer } from './normalize';

/**
 * DynamoDB Local's TTL messages that differ from DynamoDB's (the engine's
 * are DynamoDB's: src/engine/operations/updateTimeToLive.ts; README).
 */
export const TTL_NORMALIZERS: readonly Normalizer[] = [
  messageDifference(
    'TTL on a different attribute',
    exactly('TimeToLive is active on a different AttributeName'),
    /^TimeToLive is active on a different AttributeName: current AttributeName is .+$/,
  ),
  messageDifference('TTL on a missing table', exactly('Requested resource not found'), /^Requested resource not found: Table: .+ not found$/),
  messageDifference(
    'TTL without a specification',
    exactly('TimeToLiveSpecification cannot be null'),
    /^1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy constraint: Member must not be null$/,
  ),
  messageDifference(
    'TTL without an attribute name or Enabled',
    exactly('AttributeName cannot be null when time to live is being enabled'),
    /^1 validation error detected: Value null at 'timeToLiveSpecification\.(attributeName|enabled)' failed to satisfy constraint: Member must not be null$/,
  ),
  messageDifference(
    'TTL attribute name length',
    exactly('Names of key attributes and attributes projected into an index must be between 1 and 255 characters, inclusive'),
    /^1 validation error detected: Value '.*' at 'timeToLiveSpecification\.attributeName' failed to satisfy constraint: Member must have length (greater|less) than or equal to (1|255)$/,
  ),
];
