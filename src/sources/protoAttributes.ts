import { readWireValue, type WireReadRules } from '../dynamo';
import { normalizeDynamoNumber } from '../keys';

/**
 * The AWS SDK (3.11xx) reads a map member named `__proto__` as a key with
 * the value `undefined`: it makes the key an own property (so it can't set
 * the prototype) and then reads the value from that new, empty property.
 * An attribute named `__proto__` — DynamoDB allows any name — then has no
 * value in the grid, the exports or the editor. These helpers restore it from
 * the response's own JSON (JSON.parse keeps `__proto__` as a plain key).
 */

/** Whether a response body may hold a `__proto__` member (also spelled with \u escapes), so it is worth reading twice. */
export function mayHoldProtoMember(body: string): boolean {
  return body.includes('__proto__') || body.includes('\\u');
}

/**
 * Puts back, in the SDK's `output`, every `__proto__` member the SDK lost,
 * taken from `wire` (the same response parsed with JSON.parse). The two have
 * the same member names (DynamoDB's JSON protocol), so they are walked side
 * by side; a lost member is an attribute value (from the wire's DynamoDB
 * JSON) or, when it isn't one, the wire's value as it is.
 *
 * @example
 * const output = { Item: { __proto__: undefined } }; // as the SDK reads {"Item":{"__proto__":{"S":"x"}}}
 * restoreProtoMembers(output, JSON.parse('{"Item":{"__proto__":{"S":"x"}}}'));
 * output.Item.__proto__ // { S: "x" } (an own property)
 */
export function restoreProtoMembers(output: unknown, wire: unknown): void {
  if (output === null || typeof output !== 'object' || output instanceof Uint8Array || wire === null || typeof wire !== 'object') return;
  if (Array.isArray(output)) {
    if (Array.isArray(wire)) output.forEach((member, index) => restoreProtoMembers(member, wire[index]));
    return;
  }
  const record = output as Record<string, unknown>;
  const wireRecord = wire as Record<string, unknown>;
  for (const name of Object.keys(wireRecord)) {
    const wireValue = wireRecord[name];
    if (name === '__proto__') {
      const own = Object.getOwnPropertyDescriptor(record, name);
      if (own === undefined || own.value === undefined) {
        Object.defineProperty(record, name, {
          value: fromWire(wireValue),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else restoreProtoMembers(own.value, wireValue);
      continue;
    }
    if (Object.hasOwn(record, name)) restoreProtoMembers(record[name], wireValue);
  }
}

/** Read by src/dynamo's DynamoDB-JSON reader: binary as bytes, maps with own members only (the numbers DynamoDB sent are its own spelling). */
const RULES: WireReadRules = { normalizeNumber: normalizeDynamoNumber, emptyMapKeys: true };

/** A lost member: the attribute value it is in DynamoDB JSON, or, when it isn't one, the wire's value as it is. */
function fromWire(value: unknown): unknown {
  const read = readWireValue(value, '', RULES);
  return read.ok ? read.value : value;
}
