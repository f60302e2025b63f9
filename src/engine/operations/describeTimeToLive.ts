import type { DescribeTimeToLiveCommandInput, DescribeTimeToLiveCommandOutput } from '@aws-sdk/client-dynamodb';
import { ConstraintErrors, refuseEmptyTableName } from '../requestErrors';
import type { EngineContext } from './context';
import { requireTableNamed } from './updateTimeToLive';

/**
 * DescribeTimeToLive: `ENABLED` with the attribute, or `DISABLED` alone —
 * also after TTL was disabled, when DynamoDB no longer names the attribute.
 * Changes apply at once, so ENABLING and DISABLING are never reported.
 */
export function describeTimeToLive(context: EngineContext, input: DescribeTimeToLiveCommandInput): DescribeTimeToLiveCommandOutput {
  refuseEmptyTableName(input.TableName);
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  errors.throwIfAny();
  const ttl = requireTableNamed(context, input.TableName as string).definition.timeToLive;
  return {
    TimeToLiveDescription: ttl?.enabled ? { TimeToLiveStatus: 'ENABLED', AttributeName: ttl.attributeName } : { TimeToLiveStatus: 'DISABLED' },
    $metadata: {},
  };
}
