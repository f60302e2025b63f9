/**
 * The DynamoDB-JSON codec (src/dynamo) against the copies it replaced (step 16),
 * each kept here verbatim as the "before" baseline, timed in one run on the
 * same items and printed side by side (`KEYLAB_BENCH_IO_ONLY=codec npm run
 * bench:io`, or `npm run bench:wire`):
 *
 *   writers: export / import lines (src/transfer/wireJson.ts toWireJson:
 *            JSON.stringify, with a replacer only when an item holds binary),
 *            the endpoint's responses (src/server/endpoint/wireFormat.ts
 *            stringifyWire: copy on the path to bytes, Buffer's base64; now
 *            writeWireJson with Buffer's base64 passed in), the
 *            data directory (src/engine/persistence/node/itemJson.ts
 *            stringifyItem: hand-built text), design samples
 *            (src/design/format/jsonItem.ts itemToJsonItem then JSON.stringify)
 *            — all now src/dynamo's writeWireJson;
 *   reader:  the data directory (itemJson.ts readItemJson: in place, no number
 *            check) — now src/dynamo's readWireItem (every rule, with paths).
 *
 * Items without binary (most tables) and with it (a 16-byte id, a 3-member BS,
 * a 300-byte B, nested in M and L). `after/before` above 100% means faster.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { decodeBase64, encodeBase64, readWireItem, writeWireJson, type Item } from '../../src/dynamo';
import { normalizeDynamoNumber } from '../../src/keys';
import { stringifyWire } from '../../src/server/endpoint/wireFormat';

const ITEMS = Number(process.env.KEYLAB_BENCH_WIRE_ITEMS ?? 20_000);
const ROUNDS = Math.max(1, Number(process.env.KEYLAB_BENCH_IO_ROUNDS ?? 7));

function plainItem(i: number): Item {
  return {
    pk: { S: `P#${i % 64}` },
    sk: { N: String(i) },
    name: { S: `item ${i} — ünïcode 𝄞` },
    score: { N: String((i * 7919) % 100_000) },
    tags: { SS: ['a', `t${i % 10}`] },
    data: { M: { at: { S: '2026-06-23T10:00:00Z' }, n: { N: '12345678901234567890' }, list: { L: [{ BOOL: true }, { NULL: true }, { N: '1.5' }] } } },
  };
}

function binaryItem(i: number): Item {
  const id = Uint8Array.from({ length: 16 }, (_, k) => (i * 31 + k * 7) & 255);
  return {
    ...plainItem(i),
    id: { B: id },
    keys: { BS: [id.subarray(0, 4), id.subarray(4, 8), id.subarray(8, 12)] },
    blob: { M: { body: { L: [{ B: Uint8Array.from({ length: 300 }, (_, k) => (k * i) & 255) }] } } },
  };
}

// --- before: the copies, verbatim ----------------------------------------------

const wireReplacer = (_key: string, value: unknown): unknown => (value instanceof Uint8Array ? encodeBase64(value) : value);
function transferToWireJson(value: unknown): string {
  return holdsBinary(value) ? JSON.stringify(value, wireReplacer) : JSON.stringify(value);
}
function holdsBinary(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const member of value) if (member !== null && typeof member === 'object' && holdsBinary(member)) return true;
    return false;
  }
  for (const name in value) {
    const member = (value as Record<string, unknown>)[name];
    if (member !== null && typeof member === 'object' && holdsBinary(member)) return true;
  }
  return false;
}

function endpointStringifyWire(value: unknown): string {
  return JSON.stringify(toWireValue(value));
}
function toWireValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return value.getTime() / 1000;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const member: unknown = value[i];
      const converted = toWireValue(member);
      if (converted !== member) (copy ??= value.slice())[i] = converted;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const member = record[key];
    if (member === null || typeof member !== 'object') continue;
    const converted = toWireValue(member);
    if (converted !== member) (copy ??= { ...record })[key] = converted;
  }
  return copy ?? value;
}

function persistenceStringifyItem(item: Item): string {
  let out = '{';
  let first = true;
  for (const name in item) {
    if (!Object.hasOwn(item, name)) continue;
    out += (first ? '' : ',') + JSON.stringify(name) + ':' + persistenceStringifyValue(item[name] as AttributeValue);
    first = false;
  }
  return out + '}';
}
function persistenceStringifyValue(value: AttributeValue): string {
  if (value.S !== undefined) return '{"S":' + JSON.stringify(value.S) + '}';
  if (value.N !== undefined) return '{"N":' + JSON.stringify(value.N) + '}';
  if (value.B !== undefined) return '{"B":"' + encodeBase64(value.B) + '"}';
  if (value.BOOL !== undefined) return value.BOOL ? '{"BOOL":true}' : '{"BOOL":false}';
  if (value.NULL !== undefined) return '{"NULL":true}';
  if (value.M !== undefined) return '{"M":' + persistenceStringifyItem(value.M) + '}';
  if (value.L !== undefined) return '{"L":[' + value.L.map(persistenceStringifyValue).join(',') + ']}';
  if (value.SS !== undefined) return '{"SS":' + JSON.stringify(value.SS) + '}';
  if (value.NS !== undefined) return '{"NS":' + JSON.stringify(value.NS) + '}';
  if (value.BS !== undefined) return '{"BS":[' + value.BS.map((bytes) => '"' + encodeBase64(bytes) + '"').join(',') + ']}';
  throw new TypeError('Not an AttributeValue');
}

function designItemToJson(item: Item): string {
  return JSON.stringify(designItemToJsonItem(item));
}
function designItemToJsonItem(item: Item): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, designAttributeValueToJson(value)]));
}
function designAttributeValueToJson(value: AttributeValue): unknown {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: encodeBase64(value.B) };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.M !== undefined) return { M: designItemToJsonItem(value.M) };
  if (value.L !== undefined) return { L: value.L.map(designAttributeValueToJson) };
  if (value.SS !== undefined) return { SS: [...value.SS] };
  if (value.NS !== undefined) return { NS: [...value.NS] };
  if (value.BS !== undefined) return { BS: value.BS.map((bytes) => encodeBase64(bytes)) };
  throw new TypeError('Not an AttributeValue');
}

/** The data directory's reader, in place (parsed JSON is consumed). */
function persistenceReadItemJson(json: unknown): Item {
  const item = json as Record<string, unknown>;
  for (const name in item) {
    if (!Object.hasOwn(item, name)) continue;
    const value = item[name];
    const read = persistenceReadValueJson(value);
    if (read !== value) item[name] = read;
  }
  return item as Item;
}
function persistenceReadValueJson(json: unknown): AttributeValue {
  const value = json as Record<string, unknown>;
  if (typeof value.S === 'string' || typeof value.N === 'string' || typeof value.BOOL === 'boolean' || value.NULL === true) return json as AttributeValue;
  if (typeof value.B === 'string') return { B: decodeBase64(value.B) as Uint8Array };
  if (value.M !== undefined) {
    persistenceReadItemJson(value.M);
    return json as AttributeValue;
  }
  if (Array.isArray(value.L)) {
    for (let i = 0; i < value.L.length; i++) value.L[i] = persistenceReadValueJson(value.L[i]);
    return json as AttributeValue;
  }
  if (Array.isArray(value.SS) || Array.isArray(value.NS)) return json as AttributeValue;
  if (Array.isArray(value.BS)) return { BS: (value.BS as string[]).map((text) => decodeBase64(text) as Uint8Array) };
  throw new TypeError('not an attribute value');
}

// --- timing ----------------------------------------------------------------------

/** Items per second of `run` over `inputs`, best of the rounds (before and after alternate, so warm-up favours neither). */
function time<T>(inputs: readonly T[], run: (input: T) => unknown): number {
  const started = process.hrtime.bigint();
  let sink = 0;
  for (const input of inputs) sink += run(input) === undefined ? 0 : 1;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (sink < 0) console.log(sink);
  return inputs.length / seconds;
}

interface Pair {
  readonly name: string;
  readonly before: () => number;
  readonly after: () => number;
}

const rules = { normalizeNumber: normalizeDynamoNumber, inPlace: true };

/** The codec's figures as printable lines. */
export function measureWireCodec(): string[] {
  const lines = [`wire codec (src/dynamo) vs the copies it replaced — ${ITEMS.toLocaleString('en-US')} items, best of ${ROUNDS} rounds, items/s`];
  const pairs: Pair[] = [];
  for (const [kind, make] of [
    ['no binary', plainItem],
    ['binary', binaryItem],
  ] as const) {
    const items = Array.from({ length: ITEMS }, (_, i) => make(i));
    const texts = items.map((item) => writeWireJson(item));
    pairs.push(
      { name: `export line (${kind})`, before: () => time(items, transferToWireJson), after: () => time(items, writeWireJson) },
      { name: `endpoint item (${kind})`, before: () => time(items, endpointStringifyWire), after: () => time(items, stringifyWire) },
      { name: `data directory (${kind})`, before: () => time(items, persistenceStringifyItem), after: () => time(items, writeWireJson) },
      { name: `design sample (${kind})`, before: () => time(items, designItemToJson), after: () => time(items, writeWireJson) },
      // Parsing is part of both readers' time, as in their callers.
      {
        name: `read data directory (${kind})`,
        before: () => time(texts, (text) => persistenceReadItemJson(JSON.parse(text))),
        after: () => time(texts, (text) => readWireItem(JSON.parse(text), '', rules)),
      },
    );
  }
  lines.push(`${'path'.padEnd(32)} ${'before'.padStart(12)} ${'after'.padStart(12)} ${'after/before'.padStart(13)}`);
  for (const pair of pairs) {
    let before = 0;
    let after = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        before = Math.max(before, pair.before());
        after = Math.max(after, pair.after());
      } else {
        after = Math.max(after, pair.after());
        before = Math.max(before, pair.before());
      }
    }
    const rate = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US').padStart(12);
    lines.push(`${pair.name.padEnd(32)} ${rate(before)} ${rate(after)} ${`${((after / before) * 100).toFixed(0)}%`.padStart(13)}`);
  }
  return lines;
}
