/**
 * UpdateItem's AttributeUpdates, translated into the UpdateExpression
 * evaluator's PreparedUpdate (one update evaluator for both forms):
 *
 * - PUT (the default Action) → `SET a = :v`;
 * - DELETE without a value → `REMOVE a`; with a set → `DELETE a :set` (an
 *   emptied set removes the attribute, a missing one stays missing);
 * - ADD a number or a set → `ADD a :v`; ADD a list appends to the list (or
 *   starts one) → `SET a = list_append(if_not_exists(a, []), :v)`.
 *
 * The request checks are DynamoDB's, in request order; the value-type checks
 * (ADD of a string, DELETE of a number) and the type checks against the
 * stored item ("Type mismatch for attribute to update") run after the
 * Expected condition and before the update is applied, so the expression
 * evaluator's own messages never reach a legacy caller.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { validationError, type Item, type PreparedUpdate, type PreparedUpdateAction } from '../../expressions';
import { readAttributeValue } from '../values/readAttributeValue';
import { attributeValueTypeOf, TYPE_DESCRIPTIONS } from './legacyValues';

const INVALID = 'One or more parameter values were invalid: ';
const SET_TYPES = ['SS', 'NS', 'BS'];
const ADD_TYPES = ['N', 'L', ...SET_TYPES];

interface AttributeUpdateInput {
  readonly Action?: unknown;
  readonly Value?: unknown;
}

/** AttributeUpdates as a PreparedUpdate, validated with DynamoDB's messages. */
export function prepareAttributeUpdates(updates: Record<string, AttributeUpdateInput | undefined>): PreparedUpdate {
  const actions: PreparedUpdateAction[] = [];
  for (const [attribute, update] of Object.entries(updates)) {
    const action = update?.Action ?? 'PUT';
    if (action !== 'PUT' && action !== 'ADD' && action !== 'DELETE') throw validationError('Member must satisfy enum value set: [ADD, DELETE, PUT]');
    const given = update?.Value !== undefined && update?.Value !== null;
    if (!given) {
      if (action !== 'DELETE') throw validationError(`${INVALID}Only DELETE action is allowed when no attribute value is specified`);
      actions.push({ kind: 'REMOVE', path: [attribute] });
      continue;
    }
    const value = readAttributeValue(update?.Value);
    const type = attributeValueTypeOf(value);
    // A value of a type the action does not take is refused after the Expected condition (checkAttributeUpdateTypes).
    if (action === 'PUT') actions.push({ kind: 'SET', path: [attribute], value: { kind: 'value', value } });
    else if (action === 'DELETE') actions.push({ kind: 'DELETE', path: [attribute], value });
    else actions.push(type === 'L' ? appendToList(attribute, value) : { kind: 'ADD', path: [attribute], value });
  }
  return { actions };
}

function appendToList(attribute: string, value: AttributeValue): PreparedUpdateAction {
  return {
    kind: 'SET',
    path: [attribute],
    value: {
      kind: 'list_append',
      first: { kind: 'if_not_exists', path: [attribute], fallback: { kind: 'value', value: { L: [] } } },
      second: { kind: 'value', value },
    },
  };
}

/**
 * The checks of AttributeUpdates' value types, which DynamoDB Local makes
 * after the Expected condition (a failed condition is
 * ConditionalCheckFailedException even when a value has a type its action
 * does not take): first each ADD's and DELETE's value type (ADD takes a
 * number, a set or a list, DELETE a set), in request order; then
 * `Type mismatch for attribute to update`, an ADD or DELETE whose value's
 * type does not fit the stored attribute (a number to a number, a set to a
 * set of its type, a list to a list).
 */
export function checkAttributeUpdateTypes(update: PreparedUpdate, item: Item): void {
  for (const action of update.actions) {
    if (action.kind !== 'ADD' && action.kind !== 'DELETE') continue;
    const type = attributeValueTypeOf(action.value);
    if (action.kind === 'DELETE' && !SET_TYPES.includes(type))
      throw validationError(`${INVALID}DELETE action with value is not supported for the type ${TYPE_DESCRIPTIONS[type]}`);
    if (action.kind === 'ADD' && !ADD_TYPES.includes(type))
      throw validationError(`${INVALID}ADD action is not supported for the type ${TYPE_DESCRIPTIONS[type]}`);
  }
  for (const action of update.actions) {
    const attribute = action.path[0] as string;
    const current = Object.hasOwn(item, attribute) ? item[attribute] : undefined;
    if (current === undefined) continue;
    let value: AttributeValue | undefined;
    if (action.kind === 'ADD' || action.kind === 'DELETE') value = action.value;
    else if (action.kind === 'SET' && action.value.kind === 'list_append' && action.value.second.kind === 'value') value = action.value.second.value;
    if (value !== undefined && attributeValueTypeOf(current) !== attributeValueTypeOf(value)) throw validationError('Type mismatch for attribute to update');
  }
}
