/**
 * AttributeValue helpers shared by the evaluator: type tags, document-path
 * lookup, DynamoDB's deep equality, number normalisation, and DynamoDB's
 * item-size rule.
 *
 * Values are treated as immutable everywhere in the core: helpers here never
 * mutate their input, and may return their input (or parts of it) unchanged.
 */
import type { AttributeType as DynamoAttributeType } from '../dynamo';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { compareBytes, compareDynamoNumbers, compareUtf8, utf8ByteLength } from '../keys';
import type { ResolvedPath } from './ast';
import { canonicalizeNumber, numberByteSize } from './numberArithmetic';
import type { Item } from './prepared';

/** DynamoDB's ten data type tags, as `attribute_type` names them. */
export type AttributeType = DynamoAttributeType;

/** The set type tags. */
export type SetType = 'SS' | 'NS' | 'BS';

/**
 * The data type of an AttributeValue. Throws (TypeError) on an object that is
 * not an AttributeValue: values reach the evaluator validated.
 *
 * @example
 * typeOfAttributeValue({ N: "42" })        // "N"
 * typeOfAttributeValue({ SS: ["a", "b"] }) // "SS"
 */
export function typeOfAttributeValue(value: AttributeValue): AttributeType {
  if (value.S !== undefined) return 'S';
  if (value.N !== undefined) return 'N';
  if (value.B !== undefined) return 'B';
  if (value.BOOL !== undefined) return 'BOOL';
  if (value.NULL !== undefined) return 'NULL';
  if (value.M !== undefined) return 'M';
  if (value.L !== undefined) return 'L';
  if (value.SS !== undefined) return 'SS';
  if (value.NS !== undefined) return 'NS';
  if (value.BS !== undefined) return 'BS';
  throw new TypeError(`Not an AttributeValue: ${JSON.stringify(value)}`);
}

/**
 * `record[key]` if `key` is the record's own property, else `undefined` — so
 * an attribute named `constructor` or `__proto__` is found only when the
 * item really has it.
 *
 * @example
 * getOwnAttribute({ a: { S: "x" } }, "a")           // { S: "x" }
 * getOwnAttribute({ a: { S: "x" } }, "constructor") // undefined
 */
export function getOwnAttribute(record: Readonly<Record<string, AttributeValue>>, key: string): AttributeValue | undefined {
  const value = record[key];
  return value !== undefined && Object.hasOwn(record, key) ? value : undefined;
}

/**
 * Sets `record[key]` as an own, enumerable property, also for the key
 * `__proto__` (which a plain assignment would treat as the prototype).
 *
 * @example
 * const item = {}; setOwnAttribute(item, "__proto__", { S: "x" }); Object.keys(item) // ["__proto__"]
 */
export function setOwnAttribute(record: Record<string, AttributeValue>, key: string, value: AttributeValue): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/**
 * Resolves a document path (`a.b[0].c` as `["a", "b", 0, "c"]`) in an item.
 * Names step into maps (M), indexes into lists (L); a step into anything else,
 * or past the end of a list, means the path does not exist: `undefined`, never
 * an error — as in DynamoDB, where `attribute_exists(s.x)` on a string `s` is
 * simply false. Allocation-free.
 *
 * @example
 * const item = { a: { M: { b: { L: [{ M: { c: { N: "1" } } }] } } } };
 * getPath(item, ["a", "b", 0, "c"]) // { N: "1" }
 * getPath(item, ["a", "b", 5])      // undefined
 * getPath(item, ["a", "b", "x"])    // undefined (b is a list)
 */
export function getPath(item: Item, path: ResolvedPath): AttributeValue | undefined {
  const first = path[0];
  if (typeof first !== 'string') return undefined;
  let value = getOwnAttribute(item, first);
  for (let i = 1; i < path.length && value !== undefined; i++) {
    const step = path[i];
    if (typeof step === 'number') {
      const list = value.L;
      value = list !== undefined ? list[step] : undefined;
    } else {
      const map = value.M;
      value = map !== undefined && step !== undefined ? getOwnAttribute(map, step) : undefined;
    }
  }
  return value;
}

/**
 * DynamoDB's `=`: values of different types are never equal; S compares
 * exactly, N numerically (`1` equals `1.0`), B byte for byte; sets are equal
 * when they hold the same members in any order (NS members numerically);
 * lists element by element in order; maps key by key, in any key order;
 * nested numbers numerically (`{"L":[{"N":"1"}]}` equals `{"L":[{"N":"1.0"}]}`).
 * All verified on DynamoDB Local.
 *
 * @example
 * attributeValuesEqual({ NS: ["1", "2.5"] }, { NS: ["2.50", "1.0"] }) // true
 * attributeValuesEqual({ S: "1" }, { N: "1" })                      // false
 */
export function attributeValuesEqual(a: AttributeValue, b: AttributeValue): boolean {
  if (a === b) return true;
  if (a.S !== undefined) return a.S === b.S;
  if (a.N !== undefined) return b.N !== undefined && compareDynamoNumbers(a.N, b.N) === 0;
  if (a.B !== undefined) return b.B !== undefined && compareBytes(a.B, b.B) === 0;
  if (a.BOOL !== undefined) return a.BOOL === b.BOOL;
  if (a.NULL !== undefined) return b.NULL !== undefined;
  if (a.M !== undefined) return b.M !== undefined && mapsEqual(a.M, b.M);
  if (a.L !== undefined) return b.L !== undefined && listsEqual(a.L, b.L);
  if (a.SS !== undefined) return b.SS !== undefined && setsEqual('SS', a.SS, b.SS);
  if (a.NS !== undefined) return b.NS !== undefined && setsEqual('NS', a.NS, b.NS);
  if (a.BS !== undefined) return b.BS !== undefined && setsEqual('BS', a.BS, b.BS);
  return false;
}

function listsEqual(a: readonly AttributeValue[], b: readonly AttributeValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (!attributeValuesEqual(a[i] as AttributeValue, b[i] as AttributeValue)) return false;
  }
  return true;
}

function mapsEqual(a: Readonly<Record<string, AttributeValue>>, b: Readonly<Record<string, AttributeValue>>): boolean {
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    count++;
    const other = getOwnAttribute(b, key);
    if (other === undefined || !attributeValuesEqual(a[key] as AttributeValue, other)) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key)) count--;
  return count === 0;
}

/** Above this size, set comparisons index members instead of scanning. */
const LINEAR_SET_LIMIT = 16;

function setsEqual(type: SetType, a: readonly (string | Uint8Array)[], b: readonly (string | Uint8Array)[]): boolean {
  if (a.length !== b.length) return false;
  // Members of a set are distinct, so equal sizes plus a ⊆ b means equal.
  if (a.length > LINEAR_SET_LIMIT) {
    const keys = new Set<string>();
    for (const member of b) keys.add(setMemberKey(type, member));
    for (const member of a) if (!keys.has(setMemberKey(type, member))) return false;
    return true;
  }
  for (const member of a) if (indexOfSetMember(type, b, member) < 0) return false;
  return true;
}

/**
 * The position of `member` in a set's member array, or -1: strings exactly,
 * numbers numerically, binaries byte for byte.
 *
 * @example
 * indexOfSetMember("NS", ["1", "2.5"], "2.50") // 1
 */
export function indexOfSetMember(type: SetType, members: readonly (string | Uint8Array)[], member: string | Uint8Array): number {
  for (let i = 0; i < members.length; i++) {
    const candidate = members[i] as string | Uint8Array;
    if (
      type === 'SS'
        ? candidate === member
        : type === 'NS'
          ? compareDynamoNumbers(candidate as string, member as string) === 0
          : compareBytes(candidate as Uint8Array, member as Uint8Array) === 0
    ) {
      return i;
    }
  }
  return -1;
}

/**
 * A set's members in the order DynamoDB Local keeps them, sorted: strings by
 * UTF-8 bytes, numbers numerically, binaries by unsigned bytes. DynamoDB
 * itself leaves the order of set members unspecified; DynamoDB Local returns
 * them sorted (after PutItem, ADD and DELETE alike), and some libraries'
 * tests compare sets as arrays, so the engine keeps them so too. Sorts in
 * place and returns the array. (Local orders strings as Java does, by UTF-16
 * units: the two differ only between characters beyond U+FFFF and U+E000–U+FFFF.)
 *
 * @example
 * sortSetMembers("NS", ["10", "2", "-1"]) // ["-1", "2", "10"]
 */
export function sortSetMembers<M extends string | Uint8Array>(type: SetType, members: M[]): M[] {
  if (type === 'SS') return (members as string[]).sort(compareUtf8) as M[];
  if (type === 'NS') return (members as string[]).sort(compareDynamoNumbers) as M[];
  return (members as Uint8Array[]).sort(compareBytes) as M[];
}

/**
 * A string that identifies a set member up to DynamoDB's equality, for
 * indexing large sets: the string itself, the normalised number, or the bytes
 * as a Latin-1 string.
 *
 * @example
 * setMemberKey("NS", "1.50") === setMemberKey("NS", "1.5") // true
 */
export function setMemberKey(type: SetType, member: string | Uint8Array): string {
  if (type === 'SS') return member as string;
  if (type === 'NS') return canonicalizeNumber(member as string);
  const bytes = member as Uint8Array;
  let key = '';
  for (let i = 0; i < bytes.length; i++) key += String.fromCharCode(bytes[i] as number);
  return key;
}

/**
 * The same value with every number (N, NS members, numbers nested in L and M)
 * in DynamoDB's normalised spelling (`1.50` → `1.5`, `1e3` → `1000`); returns
 * `value` itself when nothing changes. Throws a ValidationException with
 * DynamoDB's message for a number out of range.
 *
 * @example
 * normalizeAttributeValue({ L: [{ N: "01.0" }, { S: "x" }] }) // { L: [{ N: "1" }, { S: "x" }] }
 */
export function normalizeAttributeValue(value: AttributeValue): AttributeValue {
  if (value.N !== undefined) {
    const n = canonicalizeNumber(value.N);
    return n === value.N ? value : { N: n };
  }
  if (value.NS !== undefined) {
    const members = value.NS;
    let out: string[] | undefined;
    for (let i = 0; i < members.length; i++) {
      const n = canonicalizeNumber(members[i] as string);
      if (n !== members[i] && out === undefined) out = members.slice(0, i);
      if (out !== undefined) out.push(n);
    }
    return out === undefined ? value : { NS: out };
  }
  if (value.L !== undefined) {
    const elements = value.L;
    let out: AttributeValue[] | undefined;
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i] as AttributeValue;
      const normalized = normalizeAttributeValue(element);
      if (normalized !== element && out === undefined) out = elements.slice(0, i);
      if (out !== undefined) out.push(normalized);
    }
    return out === undefined ? value : { L: out };
  }
  if (value.M !== undefined) {
    const map = value.M;
    let out: Record<string, AttributeValue> | undefined;
    for (const key in map) {
      if (!Object.hasOwn(map, key)) continue;
      const element = map[key] as AttributeValue;
      const normalized = normalizeAttributeValue(element);
      if (normalized !== element) {
        out ??= { ...map };
        setOwnAttribute(out, key, normalized);
      }
    }
    return out === undefined ? value : { M: out };
  }
  return value;
}

/**
 * The bytes one value counts toward DynamoDB's item size (without the
 * attribute's name): S its UTF-8 bytes; B its raw bytes; N see
 * `numberByteSize` (about 1 byte per 2 significant digits + 1); BOOL and NULL
 * 1; sets the sum of their members; L and M 3 bytes plus, per element, 1 byte
 * + the element (and, in a map, the key's UTF-8 bytes). Verified on DynamoDB
 * Local against the 409,600-byte item limit, and matching the Developer
 * Guide's "Item sizes and formats".
 *
 * @example
 * attributeValueSize({ S: "€" })                     // 3
 * attributeValueSize({ L: [{ S: "a" }, { S: "b" }] }) // 7
 * attributeValueSize({ M: { a: { S: "b" } } })        // 6
 */
export function attributeValueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8ByteLength(value.S);
  if (value.N !== undefined) return numberByteSize(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  let size = 0;
  if (value.M !== undefined) {
    const map = value.M;
    size = 3;
    for (const key in map) {
      if (Object.hasOwn(map, key)) size += 1 + utf8ByteLength(key) + attributeValueSize(map[key] as AttributeValue);
    }
  } else if (value.L !== undefined) {
    size = 3;
    for (const element of value.L) size += 1 + attributeValueSize(element);
  } else if (value.SS !== undefined) {
    for (const member of value.SS) size += utf8ByteLength(member);
  } else if (value.NS !== undefined) {
    for (const member of value.NS) size += numberByteSize(member);
  } else if (value.BS !== undefined) {
    for (const member of value.BS) size += member.byteLength;
  } else {
    typeOfAttributeValue(value); // throws
  }
  return size;
}

/**
 * DynamoDB's size of an item: Σ (UTF-8 bytes of the attribute name + the
 * value's {@link attributeValueSize}). DynamoDB refuses items above 409,600
 * bytes (400 KB) and pages reads at 1 MB of it.
 *
 * @example
 * itemSize({ pk: { S: "p" }, n: { N: "12" } }) // 2 + 1 + 1 + 2 = 6
 */
export function itemSize(item: Item): number {
  // Any change here (or in attributeValueSize) that changes a result bumps ITEM_SIZE_RULES.
  let size = 0;
  for (const name in item) {
    if (Object.hasOwn(item, name)) size += utf8ByteLength(name) + attributeValueSize(item[name] as AttributeValue);
  }
  return size;
}

/**
 * The version of the rules {@link itemSize} follows. Data files keep each
 * item's size beside it (so a start need not work 100,000 sizes out again)
 * and say under which rules; a size stored under other rules is worked out
 * afresh. Bump it with any change to itemSize or attributeValueSize that
 * changes a result.
 */
export const ITEM_SIZE_RULES = 1;
