import type { AttributeType, AttributeValue, Item, WireAttributeValue, WireItem } from './attributeValue';
import { isAttributeType } from './attributeValue';
import { checkBase64, decodeBase64, encodeBase64, type Base64Problem } from './base64';
import { describeJsonType, elementPath, isPlainObject, memberPath } from './jsonPath';

/**
 * The one validating DynamoDB-JSON reader: parsed JSON (a design's samples, a
 * Workbench file, a data directory's items, an import line) checked value by
 * value with DynamoDB's rules — exactly one type key, S text, N a number
 * DynamoDB accepts, B base64, NULL true, sets non-empty and without
 * duplicates, at most 32 levels of M and L — and every problem reported with
 * its path (`Items[3].tags.L[2]`), not only the first.
 *
 * The number grammar is src/keys' (the key codecs own it, and src/dynamo
 * imports nothing above it), so callers pass it in as `rules.normalizeNumber`.
 * The endpoint keeps its own Java-shaped front end for DynamoDB's exact
 * SerializationException wording (src/server/endpoint/wireFormat.ts).
 */

/** A problem in DynamoDB JSON: where (`Items[3].tags.L[2]`, empty for the whole value) and what is wrong. */
export interface WireProblem {
  readonly path: string;
  readonly message: string;
}

export interface WireReadRules {
  /** A number's text in DynamoDB's stored form, or `undefined` when DynamoDB would refuse it (src/keys' `normalizeDynamoNumber`). */
  readonly normalizeNumber: (text: string) => string | undefined;
  /**
   * Convert binary in the parsed JSON itself rather than copy the objects on
   * the way to it: for a caller that owns the parse and reads a million items
   * (the data directory). The input is then the item, or partly converted
   * when there are problems.
   */
  readonly inPlace?: boolean;
  /**
   * Accept an empty key in a nested map (`{"M": {"": …}}`), leaving the judgement to a
   * DynamoDB check that follows (the item editor's, the engine's reader). An attribute
   * name at the item's top level is never empty.
   */
  readonly emptyMapKeys?: boolean;
  /**
   * Binary (B and BS members) must be canonical, padded base64, as DynamoDB's wire takes it: `"AR=="`
   * (bits no byte uses) and `"AQ"` (no padding) are refused with why, not read as the nearest bytes.
   */
  readonly canonicalBinary?: boolean;
}

export type WireReadResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly WireProblem[] };

/** DynamoDB's limit on nested maps and lists. */
export const MAX_NESTING_LEVELS = 32;

/**
 * Reads an item in DynamoDB JSON with binary as bytes, ready for the engine and
 * the SDK; or every problem, each with its path under `path`. Objects are
 * copied only on the way to a binary value: a valid item without one comes
 * back as itself.
 *
 * @example
 * readWireItem({ b: { B: "AAE=" } }, "Item", rules)     // { ok: true, value: { b: { B: Uint8Array [0, 1] } } }
 * readWireItem({ tags: { L: [{ X: 1 }] } }, "Items[3]", rules)
 * // { ok: false, problems: [{ path: "Items[3].tags.L[0]", message: 'has "X", which is not a type: a DynamoDB JSON value has exactly one of S, N, B, …' }] }
 */
export function readWireItem(json: unknown, path: string, rules: WireReadRules): WireReadResult<Item> {
  if (isValidScalarItem(json, rules)) return { ok: true, value: json };
  const reader = new Reader(rules, true);
  return reader.result<Item>(reader.readMap(json, path, 0));
}

/**
 * Whether `json` is an item of S, N, BOOL and NULL attributes only, each one
 * the Reader would accept and return as it is: most items, checked without the
 * Reader's path objects (a 100,000-item data directory reads every item through
 * here). Anything else — maps, lists, sets, binary, any problem — is left to
 * the Reader, which names each problem's path.
 */
function isValidScalarItem(json: unknown, rules: WireReadRules): json is Item {
  if (!isPlainObject(json)) return false;
  for (const name in json) {
    if (!Object.hasOwn(json, name)) continue;
    if (name.length === 0) return false;
    const value = json[name];
    if (!isPlainObject(value)) return false;
    let type: string | undefined;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (type !== undefined) return false;
      type = key;
    }
    const inner = type === undefined ? undefined : value[type];
    if (type === 'S') {
      if (typeof inner !== 'string') return false;
    } else if (type === 'N') {
      if (typeof inner !== 'string' || rules.normalizeNumber(inner) === undefined) return false;
    } else if (type === 'BOOL') {
      if (typeof inner !== 'boolean') return false;
    } else if (type !== 'NULL' || inner !== true) return false;
  }
  return true;
}

/** One attribute value in DynamoDB JSON, binary as bytes (see {@link readWireItem}). */
export function readWireValue(json: unknown, path: string, rules: WireReadRules): WireReadResult<AttributeValue> {
  const reader = new Reader(rules, true);
  return reader.result<AttributeValue>(reader.readValue(json, path, 0));
}

/** An item in DynamoDB JSON checked the same way, binary kept as its base64 text (design samples, Workbench files). */
export function readWireJsonItem(json: unknown, path: string, rules: WireReadRules): WireReadResult<WireItem> {
  const reader = new Reader(rules, false);
  return reader.result<WireItem>(reader.readMap(json, path, 0));
}

/** One attribute value in DynamoDB JSON, binary kept as base64 text. */
export function readWireJsonValue(json: unknown, path: string, rules: WireReadRules): WireReadResult<WireAttributeValue> {
  const reader = new Reader(rules, false);
  return reader.result<WireAttributeValue>(reader.readValue(json, path, 0));
}

/**
 * Where the reader is, built into text only for a problem: most values have
 * none, and printing every path (a regex and a concatenation per value) took
 * more time than the checks.
 */
type Path = string | { readonly parent: Path; readonly key: string | number };

function printPath(path: Path): string {
  if (typeof path === 'string') return path;
  const parent = printPath(path.parent);
  return typeof path.key === 'number' ? elementPath(parent, path.key) : memberPath(parent, path.key);
}

/** Why text is not canonical base64 (src/dynamo's checkBase64), as a reader is told. */
const BASE64_PROBLEMS: Readonly<Record<Base64Problem['kind'], string>> = {
  length: 'its length is not a whole number of 4-digit groups (pad it with =)',
  character: 'it holds a character that is not a base64 digit (A-Z a-z 0-9 + /)',
  padding: '= stands where it cannot (only at the end, at most two)',
  bits: 'its last digit holds bits no byte uses',
};

const SET_EXAMPLES = { SS: '{"SS": ["a", "b"]}', NS: '{"NS": ["1", "2.5"]}', BS: '{"BS": ["AAE="]}' } as const;

class Reader {
  readonly problems: WireProblem[] = [];

  constructor(
    private readonly rules: WireReadRules,
    /** Whether B and BS members become Uint8Array (else they stay base64 text). */
    private readonly bytes: boolean,
  ) {}

  result<T>(value: unknown): WireReadResult<T> {
    return this.problems.length > 0 || value === undefined ? { ok: false, problems: this.problems } : { ok: true, value: value as T };
  }

  private problem(path: Path, message: string): undefined {
    this.problems.push({ path: printPath(path), message });
    return undefined;
  }

  readMap(json: unknown, path: Path, depth: number): Record<string, unknown> | undefined {
    if (!isPlainObject(json)) {
      return this.problem(path, `must be an object of attribute names to DynamoDB JSON values, e.g. {"total": {"N": "12.50"}}, not ${describeJsonType(json)}.`);
    }
    const before = this.problems.length;
    let copy: Record<string, unknown> | undefined;
    for (const name in json) {
      if (!Object.hasOwn(json, name)) continue;
      const memberAt: Path = { parent: path, key: name };
      if (name.length === 0 && (depth === 0 || this.rules.emptyMapKeys !== true)) {
        this.problem(memberAt, 'an attribute name is empty: DynamoDB rejects empty attribute names; give it a name.');
        continue;
      }
      const member = json[name];
      const read = this.readValue(member, memberAt, depth);
      // The spread defines own properties: a "__proto__" attribute stays an attribute.
      if (read === undefined || read === member) continue;
      if (this.rules.inPlace === true) json[name] = read;
      else (copy ??= { ...json })[name] = read;
    }
    return this.problems.length > before ? undefined : (copy ?? json);
  }

  readValue(json: unknown, path: Path, depth: number): unknown {
    if (!isPlainObject(json)) return this.problem(path, `must be a DynamoDB JSON value such as ${suggestion(json)}, not ${describeJsonType(json)}.`);
    let type: AttributeType | undefined;
    let count = 0;
    let unknown: string[] | undefined;
    for (const key in json) {
      if (!Object.hasOwn(json, key)) continue;
      count++;
      if (isAttributeType(key)) type = key;
      else (unknown ??= []).push(key);
    }
    if (count !== 1 || type === undefined) {
      const what =
        count === 0
          ? 'is empty'
          : unknown !== undefined
            ? `has ${unknown.map((key) => JSON.stringify(key)).join(', ')}, which ${unknown.length === 1 ? 'is not a type' : 'are not types'}`
            : `has ${count} types`;
      return this.problem(path, `${what}: a DynamoDB JSON value has exactly one of S, N, B, BOOL, NULL, M, L, SS, NS, BS, e.g. {"S": "text"}.`);
    }
    const inner = json[type];
    const at: Path = { parent: path, key: type };
    switch (type) {
      case 'S':
        return typeof inner === 'string' ? json : this.problem(at, `a string value is text: write {"S": "…"}, not ${describeJsonType(inner)}.`);
      case 'N':
        return this.readNumber(inner, at) === undefined ? undefined : json;
      case 'B': {
        const bytes = this.readBinary(inner, at);
        return bytes === undefined ? undefined : this.bytes ? { B: bytes } : json;
      }
      case 'BOOL':
        return typeof inner === 'boolean' ? json : this.problem(at, `must be true or false, not ${describeJsonType(inner)}.`);
      case 'NULL':
        return inner === true ? json : this.problem(at, `must be true ({"NULL": true}), not ${describeJsonType(inner)}.`);
      case 'M': {
        if (depth + 1 > MAX_NESTING_LEVELS) return this.problem(at, `nests maps and lists deeper than DynamoDB's ${MAX_NESTING_LEVELS} levels: flatten it.`);
        const map = this.readMap(inner, at, depth + 1);
        return map === undefined ? undefined : map === inner ? json : { M: map };
      }
      case 'L':
        return this.readList(json, inner, at, depth);
      case 'SS':
      case 'NS':
      case 'BS':
        return this.readSet(json, type, inner, at);
    }
  }

  private readList(json: unknown, inner: unknown, at: Path, depth: number): unknown {
    if (!Array.isArray(inner))
      return this.problem(at, `a list is a JSON array of DynamoDB JSON values, e.g. {"L": [{"S": "a"}]}, not ${describeJsonType(inner)}.`);
    if (depth + 1 > MAX_NESTING_LEVELS) return this.problem(at, `nests maps and lists deeper than DynamoDB's ${MAX_NESTING_LEVELS} levels: flatten it.`);
    const before = this.problems.length;
    let copy: unknown[] | undefined;
    for (let index = 0; index < inner.length; index++) {
      const member: unknown = inner[index];
      const read = this.readValue(member, { parent: at, key: index }, depth + 1);
      if (read === undefined || read === member) continue;
      if (this.rules.inPlace === true) inner[index] = read;
      else (copy ??= inner.slice())[index] = read;
    }
    if (this.problems.length > before) return undefined;
    return copy === undefined ? json : { L: copy };
  }

  private readNumber(value: unknown, path: Path): string | undefined {
    if (typeof value !== 'string') {
      return this.problem(
        path,
        `a number is written as text so it stays exact: {"N": "${typeof value === 'number' ? String(value) : '42'}"}, not ${describeJsonType(value)}.`,
      );
    }
    const normal = this.rules.normalizeNumber(value);
    if (normal === undefined) {
      return this.problem(
        path,
        `${JSON.stringify(value)} is not a number DynamoDB accepts: write digits with an optional sign, point and exponent (at most 38 significant digits), e.g. "12.50".`,
      );
    }
    return normal;
  }

  private readBinary(value: unknown, path: Path): Uint8Array | undefined {
    const problem = typeof value === 'string' && this.rules.canonicalBinary === true ? checkBase64(value, true) : undefined;
    const bytes = typeof value === 'string' && problem === undefined ? decodeBase64(value) : undefined;
    if (bytes === undefined) {
      return this.problem(
        path,
        `binary is written as base64 text, e.g. {"B": "AAEC"}; ${typeof value === 'string' ? `${JSON.stringify(value.slice(0, 40))} is not ${problem ? `canonical base64: ${BASE64_PROBLEMS[problem.kind]}` : 'base64'}` : `not ${describeJsonType(value)}`}.`,
      );
    }
    return bytes;
  }

  private readSet(json: unknown, type: 'SS' | 'NS' | 'BS', value: unknown, path: Path): unknown {
    if (!Array.isArray(value) || value.length === 0) {
      return this.problem(
        path,
        `a set is a non-empty JSON array${Array.isArray(value) ? ' (DynamoDB has no empty sets: remove the attribute instead)' : `, not ${describeJsonType(value)}`}, e.g. ${SET_EXAMPLES[type]}.`,
      );
    }
    const before = this.problems.length;
    // Each member once: numbers by value (1 and 1.0 are one), binary by bytes.
    const seen = new Map<string, number>();
    const binary: Uint8Array[] = [];
    value.forEach((member: unknown, index) => {
      const at = { parent: path, key: index };
      let identity: string | undefined;
      if (type === 'SS') {
        if (typeof member === 'string') identity = member;
        else this.problem(at, `a string set holds text, not ${describeJsonType(member)}.`);
      } else if (type === 'NS') identity = this.readNumber(member, at);
      else {
        const bytes = this.readBinary(member, at);
        if (bytes !== undefined) {
          binary.push(bytes);
          identity = encodeBase64(bytes);
        }
      }
      if (identity === undefined) return;
      const duplicate = seen.get(identity);
      if (duplicate !== undefined) {
        this.problem(
          at,
          `${JSON.stringify(member)} repeats element ${duplicate} (${JSON.stringify(value[duplicate])}): a set holds each value once; remove one.`,
        );
      } else seen.set(identity, index);
    });
    if (this.problems.length > before) return undefined;
    return type === 'BS' && this.bytes ? { BS: binary } : json;
  }
}

/** The DynamoDB JSON a plain JSON value was probably meant as, for the message. */
function suggestion(value: unknown): string {
  if (typeof value === 'string') return `{"S": ${JSON.stringify(value.length > 20 ? value.slice(0, 20) + '…' : value)}}`;
  if (typeof value === 'number') return `{"N": "${String(value)}"}`;
  if (typeof value === 'boolean') return `{"BOOL": ${String(value)}}`;
  if (value === null) return '{"NULL": true}';
  return '{"S": "text"}';
}
