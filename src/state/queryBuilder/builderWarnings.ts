import type { Item, KeySchemaInfo } from '../../expressions';
import { compileKeyTemplate, fieldWidth, formatIsoTimestamp, parseTimestamp, printKeyTemplate, type FieldSegment, type KeyTemplate } from '../../keys';
import { parseKeyValue, type BuilderTableInfo, type BuiltRequest, type QueryForm } from './queryForm';
import { parsePathText } from './attributePathText';
import type { FilterRow } from './filterModel';
import { addSortKeyEvidence, partitionText, sortKeyEvidenceKey, type SortKeyEvidence } from './sortKeyEvidence';

/**
 * Traps the builder warns about while the request is valid: DynamoDB would
 * run it, but it probably doesn't return what the user means.
 */

export interface BuilderWarning {
  readonly id: 'beginsWithInsideField' | 'unpaddedStoredKeys' | 'unpaddedBounds' | 'boundWidth' | 'scanInsteadOfQuery';
  readonly message: string;
  /** A one-click fix, as a patch to the builder. */
  readonly fix?: { readonly label: string; readonly patch: Partial<QueryForm> };
}

const SAMPLE = 500;

function sortKeyTexts(items: readonly Item[], sortKeyName: string, partition?: { name: string; value: string }): string[] {
  const texts: string[] = [];
  // Warnings run on every keystroke: look at the first rows only, even when a million are loaded.
  const end = Math.min(items.length, SAMPLE * 10);
  for (let index = 0; index < end; index++) {
    const item = items[index] as Item;
    if (texts.length >= SAMPLE) break;
    if (partition && item[partition.name]?.S !== partition.value && item[partition.name]?.N !== partition.value) continue;
    const text = item[sortKeyName]?.S;
    if (text !== undefined) texts.push(text);
  }
  return texts;
}

/**
 * Whether the key builder's template fits the selected sort key: a string
 * key, and stored values (of the loaded items) that decode under it.
 * Returns a message when it doesn't, undefined when it does (or when nothing
 * is loaded to tell).
 *
 * @example
 * checkTemplateFit(parseKeyTemplate("{score:int(10)}").value, { name: "SK", type: "S" }, [{ SK: { S: "EVT#2026-06-23T10:00:00Z" } }])
 * // 'The key builder's template {score:int(10)} doesn't match SK's stored values (e.g. "EVT#2026-06-23T10:00:00Z") …'
 */
export function checkTemplateFit(template: KeyTemplate, sortKey: { name: string; type: string }, items: readonly Item[]): string | undefined {
  if (sortKey.type !== 'S')
    return `${sortKey.name} is a ${sortKey.type === 'N' ? 'number' : 'binary'} key, and the key builder's template makes string keys: use raw values.`;
  const texts = sortKeyTexts(items, sortKey.name);
  if (texts.length === 0) return undefined;
  const compiled = compileKeyTemplate(template);
  const failed = texts.filter((text) => !compiled.decode(text).ok);
  if (failed.length === 0) return undefined;
  const shown = printKeyTemplate(template);
  if (failed.length === texts.length) {
    return `The key template ${shown} doesn't match ${sortKey.name}'s stored values (e.g. "${failed[0] ?? ''}"): they weren't written with it (it may be for another table or index). Bounds it encodes select keys written with the template, not these: use raw values to query what is stored, or choose another entity or Key design.`;
  }
  return `${failed.length} of the ${texts.length} loaded ${sortKey.name} values don't match the key builder's template ${shown} (e.g. "${failed[0] ?? ''}"): bounds encoded with it won't line up with those keys.`;
}

/** Values a partial iso field text can continue with ("2026-1" → 2026-10, 2026-11, 2026-12). */
function isoContinuations(partial: string, precision: 's' | 'ms'): string[] {
  const base = precision === 'ms' ? '2000-01-01T00:00:00.000Z' : '2000-01-01T00:00:00Z';
  const out: string[] = [];
  for (const digit of '0123456789') {
    const start = partial + digit;
    if (start.length > base.length) break;
    const full = start + base.slice(start.length);
    const parsed = parseTimestamp(full, 'at');
    if (!('code' in parsed) && formatIsoTimestamp(parsed.epochMs, precision) === full) out.push(start);
  }
  return out;
}

/** Where a begins_with prefix stops inside a field of the template, if it does. */
function findPrefixInsideField(
  template: KeyTemplate,
  prefix: string,
): { field: FieldSegment; partial: string; width?: number; nextLiteral?: string } | undefined {
  let position = 0;
  const segments = template.segments;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    if (!segment) break;
    if (position >= prefix.length) return undefined;
    if (segment.kind === 'literal') {
      const rest = prefix.slice(position);
      // A prefix that stops inside a literal ("EV") matches what the literal matches: no trap of its own.
      if (rest.length < segment.text.length) return undefined;
      if (!rest.startsWith(segment.text)) return undefined;
      position += segment.text.length;
      continue;
    }
    const next = segments[index + 1];
    const nextLiteral = next?.kind === 'literal' ? next.text : undefined;
    const width = fieldWidth(segment.format);
    const rest = prefix.slice(position);
    if (width !== undefined) {
      if (rest.length < width) return { field: segment, partial: rest, width };
      position += width;
      continue;
    }
    // A string field ends where the next literal starts; without the literal the prefix can stop inside the value.
    const end = nextLiteral ? rest.indexOf(nextLiteral) : -1;
    if (end < 0) {
      if (!nextLiteral) return undefined;
      // Stopping partway into the delimiter ("u1#" of "#ORDER#") already ends the value.
      for (let k = Math.min(nextLiteral.length - 1, rest.length - 1); k >= 1; k--) if (rest.endsWith(nextLiteral.slice(0, k))) return undefined;
      return { field: segment, partial: rest, nextLiteral };
    }
    position += end;
  }
  return undefined;
}

function describeBeginsWithTrap(template: KeyTemplate, prefix: string): string | undefined {
  const inside = findPrefixInsideField(template, prefix);
  if (!inside) return undefined;
  const { field, partial, width, nextLiteral } = inside;
  if (width === undefined) {
    return `begins_with "${prefix}" stops inside the ${field.name} value "${partial}", so it also matches ${field.name} values that only start with it (${partial}0, ${partial}x, …). End the prefix with the "${nextLiteral ?? ''}" that follows the field to match ${partial} alone.`;
  }
  let examples = '';
  if (field.format.kind === 'iso') {
    // Stopping at a separator ("2026-10", "2026-06-23T") selects a whole year, month, day…: that's the point of ISO keys.
    const base = field.format.precision === 'ms' ? '2000-01-01T00:00:00.000Z' : '2000-01-01T00:00:00Z';
    if (!/\d$/.test(partial) || !/\d/.test(base[partial.length] ?? '')) return undefined;
    const next = isoContinuations(partial, field.format.precision);
    if (next.length > 1)
      examples = ` — ${next.slice(0, -1).join(', ')} and ${next[next.length - 1] ?? ''}, not one ${partial.length <= 4 ? 'year' : partial.length <= 7 ? 'month' : partial.length <= 10 ? 'day' : 'value'}`;
  }
  return `begins_with "${prefix}" stops inside the ${field.name} field after "${partial}" (${partial.length} of its ${width} characters), so it matches every ${field.name} whose text starts with "${partial}"${examples}. End the prefix at a field boundary, or use field values.`;
}

/** Loaded keys that continue a digit-ending prefix with different digits (evidence without a template). */
function describeBeginsWithFromItems(prefix: string, keys: readonly string[]): string | undefined {
  if (!/\d$/.test(prefix)) return undefined;
  const continuations = new Set<string>();
  for (const key of keys) {
    if (key.length > prefix.length && key.startsWith(prefix) && /\d/.test(key[prefix.length] ?? '')) continuations.add(prefix + (key[prefix.length] ?? ''));
  }
  if (continuations.size < 2) return undefined;
  const shown = [...continuations].slice(0, 4).map((text) => `${text}…`);
  return `begins_with "${prefix}" ends in the middle of a number: the loaded keys continue it as ${shown.join(', ')}, and it matches them all.`;
}

/** A top-level "<partition key> = value" row of a Scan's filter, and the index it is the partition key of. */
function findPartitionFilter(form: QueryForm, table: BuilderTableInfo): { row: FilterRow; indexName: string } | undefined {
  const root = form.filter;
  if (root.not || (root.join === 'or' && root.children.length > 1)) return undefined;
  for (const child of root.children) {
    if (child.kind !== 'row' || child.operator !== '=' || child.size) continue;
    const path = parsePathText(child.path);
    if (!path.ok || path.path.length !== 1) continue;
    const name = path.path[0];
    const targets = [{ indexName: '', keys: table.keys }, ...table.indexes.map((index) => ({ indexName: index.name, keys: index.keys }))];
    const target = targets.find((candidate) => candidate.keys.partitionKey.name === name && candidate.keys.partitionKey.type === child.valueType);
    if (target) return { row: child, indexName: target.indexName };
  }
  return undefined;
}

/** The evidence kept for the form's partition, if any page of it was loaded. */
export function findSortKeyEvidence(evidence: Readonly<Record<string, SortKeyEvidence>>, form: QueryForm, keys: KeySchemaInfo): SortKeyEvidence | undefined {
  const key = parseKeyValue(form.partitionValue, keys.partitionKey.type, keys.partitionKey.name, form.keyEncoding);
  const partition = 'value' in key ? partitionText(key.value) : undefined;
  return partition === undefined ? undefined : evidence[sortKeyEvidenceKey(form.indexName, partition)];
}

/** The stored keys' widths against the bounds: numbers of different widths, or bounds at another width than every stored key. */
function findWidthWarnings(
  form: QueryForm,
  sortKeyName: string,
  condition: NonNullable<Extract<BuiltRequest, { operation: 'query' }>['sortCondition']>,
  evidence: SortKeyEvidence | undefined,
): BuilderWarning[] {
  const bounds = (
    condition.operator === 'between' ? [condition.low, condition.high] : condition.operator === 'begins_with' ? [condition.prefix] : [condition.value]
  )
    .map((value) => value.S)
    .filter((text): text is string => text !== undefined);
  if (evidence && evidence.count > 1 && evidence.allDigits && evidence.widths.length > 1) {
    const examples = evidence.examples.map((key) => `"${key}"`);
    return [
      {
        id: 'unpaddedStoredKeys',
        message: `The stored ${sortKeyName} values are numbers of different widths (${examples.join(', ')}): DynamoDB compares them as text, byte by byte, so a range on them follows text order ("10" < "1500" < "240" < "9"), not numeric order. Store them zero-padded to one width (the Key builder shows how).`,
      },
    ];
  }
  if (evidence && evidence.count > 1 && evidence.widths.length === 1 && condition.operator !== 'begins_with') {
    const width = evidence.widths[0] ?? 0;
    const off = bounds.find((bound) => bound.length !== width && !bound.endsWith('\u{10FFFF}'));
    if (off === undefined) return [];
    return [
      {
        id: 'boundWidth',
        message: `The bound "${off}" is ${off.length} characters, but every loaded ${sortKeyName} is ${width} (e.g. "${evidence.examples[0] ?? ''}"): keys of a different width don't compare by value. Encode the bound at the stored width${form.sortInput === 'raw' ? ' (or use field values with a template that matches the stored keys)' : ' (check the field widths in the Key builder)'}.`,
      },
    ];
  }
  // Nothing loaded tells otherwise: the bounds themselves can show the trap.
  const [low, high] = bounds;
  if (condition.operator === 'between' && low !== undefined && high !== undefined && /^\d+$/.test(low) && /^\d+$/.test(high) && low.length !== high.length) {
    return [
      {
        id: 'unpaddedBounds',
        message: `The bounds "${low}" and "${high}" are numbers of different widths: DynamoDB compares ${sortKeyName} as text, byte by byte, so this range follows text order ("10" < "1500" < "240" < "9"), not numeric order. Store and query numbers zero-padded to one width (the Key builder shows how).`,
      },
    ];
  }
  return [];
}

/**
 * The builder's warnings for the current request. The width warnings read
 * `evidence` — what every page loaded from this partition said about its sort
 * keys — or, without it, the given items.
 *
 * @example
 * findQueryWarnings({ form, keys, table, template, built, items }).map((warning) => warning.id) // ["beginsWithInsideField"]
 */
export function findQueryWarnings(input: {
  form: QueryForm;
  keys: KeySchemaInfo;
  table: BuilderTableInfo;
  template: KeyTemplate | undefined;
  built: BuiltRequest;
  items: readonly Item[];
  /** The queried partition's sort-key evidence (store-kept); computed from `items` when absent. */
  evidence?: SortKeyEvidence | undefined;
}): BuilderWarning[] {
  const { form, keys, table, template, built, items } = input;
  const warnings: BuilderWarning[] = [];
  if (!built.ok) return warnings;
  const sortKey = keys.sortKey;

  if (built.operation === 'query' && sortKey) {
    const storedKeys = sortKeyTexts(items, sortKey.name, { name: keys.partitionKey.name, value: form.partitionValue });
    const condition = built.sortCondition;
    if (condition?.operator === 'begins_with' && condition.prefix.S !== undefined) {
      const prefix = condition.prefix.S;
      const fits = template !== undefined && sortKey.type === 'S' && !checkTemplateFit(template, sortKey, items);
      const message = (fits ? describeBeginsWithTrap(template, prefix) : undefined) ?? describeBeginsWithFromItems(prefix, storedKeys);
      if (message) warnings.push({ id: 'beginsWithInsideField', message });
    }
    if (condition) {
      const evidence = 'evidence' in input ? input.evidence : findSortKeyEvidence(addSortKeyEvidence({}, items, keys, form.indexName), form, keys);
      warnings.push(...findWidthWarnings(form, sortKey.name, condition, evidence));
    }
  }

  if (built.operation === 'scan') {
    const found = findPartitionFilter(form, table);
    if (found) {
      const name = found.row.path.trim();
      warnings.push({
        id: 'scanInsteadOfQuery',
        message: `This Scan reads the whole ${found.indexName ? `index ${found.indexName}` : 'table'} and then keeps the items with ${name} = ${JSON.stringify(found.row.value)}; ${name} is its partition key, so a Query reads only that partition.`,
        fix: {
          label: 'Make it a Query',
          patch: {
            mode: 'query',
            indexName: found.indexName,
            partitionValue: found.row.value,
            sortOperator: 'none',
            filter: { ...form.filter, children: form.filter.children.filter((child) => child.id !== found.row.id) },
          },
        },
      });
    }
  }
  return warnings;
}
