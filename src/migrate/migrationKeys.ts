import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { jsonToAttributeValue, typedKeyValue } from '../design';
import { attributeValueSize, attributeValuesEqual, getOwnAttribute, setOwnAttribute, type Item } from '../expressions';
import { encodeBase64, setOwnValue } from '../dynamo';
import { utf8ByteLength, type CompiledKeyTemplate, type FieldValues } from '../keys';
import type { CompiledKeyAttribute, KeyProblem } from './migration.types';

/*
 * How a migration reads an item's current key fields and writes its target keys (from planMigration.ts):
 * per key attribute, a reader of the stored value and a writer of the new one, with a bounded memo of
 * partition texts.
 */
type Decoded = { readonly ok: true; readonly values: FieldValues } | { readonly ok: false; readonly problems: readonly KeyProblem[] };

/**
 * Sparse indexes: an item without an index key attribute (one that is not
 * a table key and that the current version reads) is simply not in that index.
 * It is no problem for the item, and the attribute stays absent in the
 * target, so the item stays out of the index while its other keys migrate.
 */
const notInIndex = (attribute: CompiledKeyAttribute, tableKeys: ReadonlySet<string>, stored: AttributeValue | undefined): boolean =>
  stored === undefined && attribute.current !== undefined && !tableKeys.has(attribute.name);

/** A key attribute read with its current template; `decode` memoised for partition keys (a partition's many items share one value). */
interface CurrentReader {
  readonly attribute: CompiledKeyAttribute;
  readonly decode: CompiledKeyTemplate['decode'];
  /** Keys the table (never absent on an item), not only an index. */
  readonly tableKey: boolean;
}

/** A key attribute written with its target template (none: the attribute is dropped); `encode` memoised for partition keys, as `decode` is. */
interface TargetWriter {
  readonly attribute: CompiledKeyAttribute;
  readonly encode?: CompiledKeyTemplate['encode'];
  /** The attribute name's UTF-8 bytes (its part of an item's size). */
  readonly nameBytes: number;
  /** An index key the current version reads: absent on an item, it stays absent (see notInIndex). */
  readonly sparse: boolean;
}

/** Partition key values seen at once, at most (the memo starts over beyond: memory stays bounded on a table of many partitions). */
const PARTITION_MEMO_SIZE = 4096;

/** `run` memoised by the text `keyOf` gives for its argument (bounded, see PARTITION_MEMO_SIZE). */
function boundedMemo<A, T>(keyOf: (argument: A) => string, run: (argument: A) => T): (argument: A) => T {
  const memo = new Map<string, T>();
  return (argument) => {
    const key = keyOf(argument);
    let result = memo.get(key);
    if (result === undefined) {
      if (memo.size >= PARTITION_MEMO_SIZE) memo.clear();
      result = run(argument);
      memo.set(key, result);
    }
    return result;
  };
}

export function currentReaders(attributes: readonly CompiledKeyAttribute[], tableKeys: ReadonlySet<string>): readonly CurrentReader[] {
  const readers: CurrentReader[] = [];
  for (const attribute of attributes) {
    const template = attribute.currentTemplate;
    if (!template) continue;
    const decode = (text: string) => template.decode(text);
    readers.push({
      attribute,
      tableKey: tableKeys.has(attribute.name),
      decode: attribute.role === 'partition' ? boundedMemo((text: string) => text, decode) : decode,
    });
  }
  return readers;
}

export function targetWriters(attributes: readonly CompiledKeyAttribute[], tableKeys: ReadonlySet<string>): readonly TargetWriter[] {
  return attributes.map((attribute): TargetWriter => {
    const template = attribute.targetTemplate;
    const nameBytes = utf8ByteLength(attribute.name);
    const sparse = attribute.current !== undefined && !tableKeys.has(attribute.name);
    if (!template) return { attribute, nameBytes, sparse };
    const encode = (values: FieldValues) => template.encode(values);
    if (attribute.role !== 'partition') return { attribute, encode, nameBytes, sparse };
    // A key depends only on its own fields' values ('' and absent alike: both are "no value"); those, length-prefixed, key the memo.
    const names = template.fields.map((field) => field.name);
    const fieldsText = (values: FieldValues): string => {
      if (names.length === 1) return values[names[0] as string] ?? '';
      let text = '';
      for (const name of names) {
        const value = values[name] ?? '';
        text += `${value.length}:${value}`;
      }
      return text;
    };
    return { attribute, encode: boundedMemo(fieldsText, encode), nameBytes, sparse };
  });
}

export function decodeCurrent(readers: readonly CurrentReader[], item: Item, fallbackFields: readonly string[]): Decoded {
  const values: Record<string, string> = {};
  for (const field of fallbackFields) {
    const own = getOwnAttribute(item, field);
    if (own?.S !== undefined) setOwnValue(values, field, own.S);
    else if (own?.N !== undefined) setOwnValue(values, field, own.N);
  }
  let problems: KeyProblem[] | undefined;
  for (const { attribute, decode, tableKey } of readers) {
    const stored = getOwnAttribute(item, attribute.name);
    // Not in this index (sparse): nothing to read, and nothing wrong.
    if (stored === undefined && !tableKey) continue;
    const text = readKeyText(attribute, stored, (problems ??= []));
    if (text === undefined) continue;
    const decoded = decode(text);
    if (!decoded.ok) {
      for (const finding of decoded.findings) problems.push(problemOf(attribute, finding));
      continue;
    }
    Object.assign(values, decoded.value);
  }
  return problems !== undefined && problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}

const problemOf = (
  attribute: CompiledKeyAttribute,
  finding: { readonly code: KeyProblem['code']; readonly message: string; readonly field?: string },
): KeyProblem => ({
  attribute: attribute.name,
  code: finding.code,
  message: `${attribute.name}: ${finding.message}`,
  ...(finding.field ? { field: finding.field } : {}),
});

function readKeyText(attribute: CompiledKeyAttribute, stored: AttributeValue | undefined, problems: KeyProblem[]): string | undefined {
  const text =
    stored === undefined ? undefined : attribute.type === 'S' ? stored.S : attribute.type === 'N' ? stored.N : stored.B ? encodeBase64(stored.B) : undefined;
  if (text === undefined) {
    problems.push({
      attribute: attribute.name,
      code: stored === undefined ? 'keys.missingValue' : 'migrate.notAKeyValue',
      message:
        stored === undefined
          ? `${attribute.name} is missing on the item, but the current template "${attribute.current ?? ''}" reads it.`
          : `${attribute.name} is not a ${attribute.type} value on the item, but it is a ${attribute.type} key attribute.`,
    });
  }
  return text;
}

/** The target item (`item` itself when nothing changes) and its size minus the stored one's, in bytes. */
type Built = { readonly ok: true; readonly item: Item; readonly sizeChange: number } | { readonly ok: false; readonly problems: readonly KeyProblem[] };

export function buildTarget(writers: readonly TargetWriter[], item: Item, values: FieldValues): Built {
  /** A copy of the item, made at the first change (an unchanged item costs no copy). */
  let next: Record<string, AttributeValue> | undefined;
  let problems: KeyProblem[] | undefined;
  let sizeChange = 0;
  for (const { attribute, encode, nameBytes, sparse } of writers) {
    const stored = getOwnAttribute(item, attribute.name);
    // Not in this index: it stays out of it (an absent index key is never added).
    if (sparse && stored === undefined) continue;
    if (!encode) {
      if (stored !== undefined) {
        // Its value in the item built so far: its size is what the change takes away.
        const before = next === undefined ? stored : getOwnAttribute(next, attribute.name);
        next ??= { ...item };
        delete next[attribute.name];
        if (before !== undefined) sizeChange -= nameBytes + attributeValueSize(before);
      }
      continue;
    }
    const encoded = encode(values);
    if (!encoded.ok) {
      for (const finding of encoded.findings) (problems ??= []).push(problemOf(attribute, finding));
      continue;
    }
    let value: AttributeValue;
    if (attribute.type === 'S' && encoded.value.length > 0) {
      // A string key's value is its text (what typedKeyValue gives): compared before an object is built for it.
      if (stored?.S === encoded.value) continue;
      value = { S: encoded.value };
    } else {
      const typed = typedKeyValue(attribute, encoded.value);
      if (typeof typed === 'string') {
        (problems ??= []).push({ attribute: attribute.name, code: 'migrate.notAKeyValue', message: typed });
        continue;
      }
      value = jsonToAttributeValue(typed);
      if (stored && attributeValuesEqual(stored, value)) continue;
    }
    const before = next === undefined ? stored : getOwnAttribute(next, attribute.name);
    next ??= { ...item };
    setOwnAttribute(next, attribute.name, value);
    sizeChange += attributeValueSize(value) - (before === undefined ? -nameBytes : attributeValueSize(before));
  }
  return problems !== undefined ? { ok: false, problems } : { ok: true, item: next ?? item, sizeChange };
}

export function isInTargetShape(attributes: readonly CompiledKeyAttribute[], tableKeys: ReadonlySet<string>, item: Item): boolean {
  for (const attribute of attributes) {
    const stored = getOwnAttribute(item, attribute.name);
    if (!attribute.targetTemplate) {
      if (stored !== undefined) return false;
      continue;
    }
    if (notInIndex(attribute, tableKeys, stored)) continue;
    const text = readKeyText(attribute, stored, []);
    if (text === undefined) return false;
    const decoded = attribute.targetTemplate.decode(text);
    if (!decoded.ok) return false;
    const again = attribute.targetTemplate.encode(decoded.value);
    // Byte-for-byte the same text: the comparison is equality, not order.
    if (!again.ok || again.value !== text) return false;
  }
  return true;
}
