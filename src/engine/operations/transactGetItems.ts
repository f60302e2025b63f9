import type { ItemResponse, TransactGetItemsCommandInput, TransactGetItemsCommandOutput } from '@aws-sdk/client-dynamodb';
import { prepareExpressions, projectItem } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import { checkKey } from '../schema/checkKeys';
import { readOut } from '../storage/readOut';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { readUnits } from './capacity';
import { rejectLegacyParameters, requireTable, type EngineContext } from './context';
import { expressionParameters } from './requestHelpers';
import { checkTransactItems, rejectRepeatedItems, TransactionCharges } from './transactions';

/**
 * TransactGetItems: up to 100 Gets on distinct items, read together (the
 * engine reads synchronously, so they see one state, between two writes).
 * `Responses` has one entry per Get, in request order: `{ Item }`, or `{}`
 * for an item that does not exist. Each Get is a strongly consistent read,
 * charged double, per table. Any invalid Get fails the whole request.
 */
export function transactGetItems(context: EngineContext, input: TransactGetItemsCommandInput): TransactGetItemsCommandOutput {
  const errors = new ConstraintErrors();
  const items = checkTransactItems(errors, input.TransactItems);
  (items ?? []).forEach((item, i) => {
    const path = `transactItems.${i + 1}.member.get`;
    if (!errors.requireValue(item?.Get, path)) return;
    errors.checkName(item.Get?.TableName, `${path}.tableName`);
    errors.requireValue(item.Get?.Key, `${path}.key`);
  });
  errors.checkEnum(input.ReturnConsumedCapacity, 'returnConsumedCapacity', ['INDEXES', 'TOTAL', 'NONE']);
  errors.throwIfAny();

  const gets = (items ?? []).map(({ Get }) => {
    const get = Get as NonNullable<typeof Get>;
    rejectLegacyParameters(get, ['AttributesToGet'], 'ProjectionExpression');
    return { key: readItem(get.Key), tableName: get.TableName as string, prepared: prepareExpressions(expressionParameters(get), { operation: 'GetItem' }) };
  });
  const targets = gets.map((get) => {
    const table = requireTable(context, get.tableName);
    checkKey(get.key, table.definition.keys);
    return { ...get, table };
  });
  rejectRepeatedItems(targets);

  const charges = new TransactionCharges();
  const responses: ItemResponse[] = targets.map(({ table, key, prepared }) => {
    const record = table.get(key);
    charges.of(table.definition.name).table += readUnits(record?.size ?? 0, true);
    if (!record) return {};
    // A frozen stored item is returned as it is (see freezeItem.ts); a projection is a fresh copy.
    return { Item: prepared.projection ? copyItem(projectItem(prepared.projection, record.item)) : readOut(record) };
  });
  const output: TransactGetItemsCommandOutput = { Responses: responses, $metadata: {} };
  const capacity = charges.consumed(input.ReturnConsumedCapacity);
  if (capacity) output.ConsumedCapacity = capacity;
  return output;
}
