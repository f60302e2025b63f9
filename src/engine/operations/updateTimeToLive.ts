import type { UpdateTimeToLiveCommandInput, UpdateTimeToLiveCommandOutput } from '@aws-sdk/client-dynamodb';
import { DynamoDBError, validationError } from '../../expressions';
import { ConstraintErrors, refuseEmptyTableName } from '../requestErrors';
import type { TableStore } from '../storage/tableStore';
import type { EngineContext, WritePlan } from './context';

/**
 * UpdateTimeToLive: enables TTL on one attribute or disables it, at once
 * (DynamoDB reports ENABLED on the first DescribeTimeToLive after the call,
 * and so does DynamoDB Local). Each call must change something: enabling
 * twice is `TimeToLive is already enabled`, disabling twice `TimeToLive is
 * already disabled`, and while TTL is on, naming another attribute is
 * `TimeToLive is active on a different AttributeName: current AttributeName
 * is X` — to move TTL to another attribute, disable it first (DynamoDB Local
 * leaves out the `: current …` part).
 *
 * DynamoDB also refuses a second change within about an hour (`Time to live
 * has been modified multiple times within a fixed interval`); Keylab, like
 * DynamoDB Local, does not, so test suites can switch TTL on and off (README).
 */
export function planUpdateTimeToLive(context: EngineContext, input: UpdateTimeToLiveCommandInput): WritePlan<UpdateTimeToLiveCommandOutput> {
  refuseEmptyTableName(input.TableName);
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  const specification = input.TimeToLiveSpecification;
  if (errors.requireValue(specification, 'timeToLiveSpecification')) {
    const name = specification?.AttributeName;
    if (errors.requireValue(name, 'timeToLiveSpecification.attributeName')) {
      const length = String(name).length;
      if (length < 1) errors.add(name, 'timeToLiveSpecification.attributeName', 'Member must have length greater than or equal to 1');
      if (length > 255) errors.add(name, 'timeToLiveSpecification.attributeName', 'Member must have length less than or equal to 255');
    }
    errors.requireValue(specification?.Enabled, 'timeToLiveSpecification.enabled');
  }
  errors.throwIfAny();
  const table = requireTableNamed(context, input.TableName as string);
  const attributeName = specification?.AttributeName as string;
  const enabled = specification?.Enabled === true;

  const current = table.definition.timeToLive;
  if (current?.enabled && current.attributeName !== attributeName) {
    throw validationError(`TimeToLive is active on a different AttributeName: current AttributeName is ${current.attributeName}`);
  }
  if (enabled && current?.enabled) throw validationError('TimeToLive is already enabled');
  if (!enabled && !current?.enabled) throw validationError('TimeToLive is already disabled');
  return {
    change: { type: 'updateTable', table: { ...table.definition, timeToLive: { attributeName, enabled } } },
    output: { TimeToLiveSpecification: { AttributeName: attributeName, Enabled: enabled }, $metadata: {} },
  };
}

/**
 * The table, or ResourceNotFoundException naming it, as the TTL operations
 * and DescribeTable say it (`Requested resource not found: Table: X not
 * found`; DynamoDB Local: `Cannot do operations on a non-existent table`).
 */
export function requireTableNamed(context: EngineContext, name: string): TableStore {
  const table = context.tables.get(name);
  if (!table) throw new DynamoDBError('ResourceNotFoundException', `Requested resource not found: Table: ${name} not found`);
  return table;
}
