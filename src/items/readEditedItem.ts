import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { readAttributeValue } from '../engine';
import { isDynamoDBError, type Item } from '../expressions';
import { normalizeDynamoNumber } from '../keys';
import { childPath, type ItemProblem, type ItemReadResult, type NumberRespelling } from './itemProblems';

/**
 * Checks an item as DynamoDB will (the engine's own reader: the same rules
 * and messages as a PutItem), attribute by attribute so each problem names
 * its attribute, and lists the numbers DynamoDB will spell differently.
 * Key attributes are checked by the caller, who knows the table.
 *
 * @example
 * readEditedItem({ n: { N: "001.50" } }) // { ok: true, item: { n: { N: "1.5" } }, respelled: [{ path: "n", typed: "001.50", stored: "1.5" }] }
 * readEditedItem({ s: { SS: [] } })      // { ok: false, problems: [{ path: "s", message: "One or more parameter values were invalid: An string set  may not be empty" }] }
 */
export function readEditedItem(candidate: Record<string, unknown>): ItemReadResult {
  const item: Item = {};
  const problems: ItemProblem[] = [];
  const respelled: NumberRespelling[] = [];
  for (const name of Object.keys(candidate)) {
    const path = childPath('', name);
    if (name === '') {
      problems.push({ path, message: 'An attribute has no name: give it one (names are 1 to 64 KB of UTF-8)' });
      continue;
    }
    try {
      const value = readAttributeValue(candidate[name]);
      Object.defineProperty(item, name, { value, enumerable: true, writable: true, configurable: true });
      collectRespellings(candidate[name] as AttributeValue, value, path, respelled);
    } catch (error) {
      if (!isDynamoDBError(error)) throw error;
      problems.push({ path, message: error.message });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, item, respelled };
}

function collectRespellings(typed: AttributeValue, stored: AttributeValue, path: string, out: NumberRespelling[]): void {
  if (typed.N !== undefined && typed.N !== stored.N) out.push({ path, typed: typed.N, stored: stored.N as string });
  // Set members are stored sorted (sortSetMembers), so each typed member is compared with its own spelling.
  if (typed.NS !== undefined) {
    typed.NS.forEach((member, i) => {
      const spelled = normalizeDynamoNumber(member.trim());
      if (spelled !== undefined && spelled !== member) out.push({ path: childPath(path, i), typed: member, stored: spelled });
    });
  }
  if (typed.L !== undefined)
    typed.L.forEach((member, i) => collectRespellings(member, (stored.L as AttributeValue[])[i] as AttributeValue, childPath(path, i), out));
  if (typed.M !== undefined) {
    for (const name of Object.keys(typed.M))
      collectRespellings(typed.M[name] as AttributeValue, (stored.M as Record<string, AttributeValue>)[name] as AttributeValue, childPath(path, name), out);
  }
}
