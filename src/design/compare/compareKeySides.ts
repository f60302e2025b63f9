import { printFormatSuffix, type ReadDirection } from '../../keys';
import type { Design, TableDesign } from '../design.types';
import { compileTemplateText, findEntity, keyTemplateOf } from '../designKeys';
import { buildKeySide, type EncodingFailure, type KeySide, type SideKey } from './keySides';

/**
 * Two variants of a key design over the same samples, side by side: both
 * orders, the keys that differ, their sizes, where the orders disagree, what
 * could not be encoded, and one line that sums it up.
 */

/** One sample on both sides. */
export interface ComparedSample {
  readonly entity: string;
  readonly sampleId: string;
  readonly left?: SideKey;
  readonly right?: SideKey;
  /** Both encoded and their keys differ, or only one side encoded it. */
  readonly differs: boolean;
  /** right.storedBytes − left.storedBytes, when both encoded. */
  readonly byteDelta?: number;
}

/** A position (1-based) where the two orders put different samples. */
export interface OrderDisagreement {
  readonly position: number;
  readonly left: { readonly entity: string; readonly sampleId: string };
  readonly right: { readonly entity: string; readonly sampleId: string };
}

export interface KeyComparison {
  readonly left: KeySide;
  readonly right: KeySide;
  /** Every sample, in the left side's order (then the ones only the right side encoded). */
  readonly samples: readonly ComparedSample[];
  /** Over the samples both sides encoded. */
  readonly disagreements: readonly OrderDisagreement[];
  readonly ordersEqual: boolean;
  readonly summary: string;
}

const sampleKey = (entity: string, sampleId: string) => entity + '\u0000' + sampleId;
const keyText = (key: SideKey) => key.partitionText + '\u0000' + key.sortText;

/** Compares two built sides (of the same samples). */
export function compareKeySides(left: KeySide, right: KeySide): KeyComparison {
  const rightByKey = new Map(right.order.map((key) => [sampleKey(key.entity, key.sampleId), key]));
  const leftByKey = new Map(left.order.map((key) => [sampleKey(key.entity, key.sampleId), key]));
  const samples: ComparedSample[] = left.order.map((leftKey) => {
    const rightKey = rightByKey.get(sampleKey(leftKey.entity, leftKey.sampleId));
    return {
      entity: leftKey.entity,
      sampleId: leftKey.sampleId,
      left: leftKey,
      ...(rightKey ? { right: rightKey, byteDelta: rightKey.bytes.storedBytes - leftKey.bytes.storedBytes } : {}),
      differs: !rightKey || keyText(leftKey) !== keyText(rightKey),
    };
  });
  for (const rightKey of right.order) {
    if (!leftByKey.has(sampleKey(rightKey.entity, rightKey.sampleId)))
      samples.push({ entity: rightKey.entity, sampleId: rightKey.sampleId, right: rightKey, differs: true });
  }
  const inBoth = (byKey: Map<string, SideKey>) => (key: SideKey) => byKey.has(sampleKey(key.entity, key.sampleId));
  const leftOrder = left.order.filter(inBoth(rightByKey));
  const rightOrder = right.order.filter(inBoth(leftByKey));
  const disagreements: OrderDisagreement[] = [];
  leftOrder.forEach((leftKey, index) => {
    const rightKey = rightOrder[index] as SideKey;
    if (leftKey.entity !== rightKey.entity || leftKey.sampleId !== rightKey.sampleId) {
      disagreements.push({
        position: index + 1,
        left: { entity: leftKey.entity, sampleId: leftKey.sampleId },
        right: { entity: rightKey.entity, sampleId: rightKey.sampleId },
      });
    }
  });
  const comparison = { left, right, samples, disagreements, ordersEqual: disagreements.length === 0 };
  return { ...comparison, summary: summarize(comparison, leftOrder.length) };
}

function summarize(comparison: Omit<KeyComparison, 'summary'>, comparedCount: number): string {
  const { left, right, samples, disagreements } = comparison;
  const parts: string[] = [];
  parts.push(...failurePhrases(left), ...failurePhrases(right));
  for (const side of [left, right]) {
    for (const collision of side.collisions)
      parts.push(
        `${side.spec.label}: samples ${collision.sampleIds.join(', ')} get the same key ${collision.key} (the later write would replace the earlier item)`,
      );
  }
  const otherwise = parts.length > 0 ? 'otherwise ' : '';
  if (comparedCount === 0) parts.push('no sample encodes on both sides, so the orders cannot be compared');
  else if (disagreements.length === 0) parts.push(`${otherwise}the orders are equal`);
  else
    parts.push(
      `${otherwise}the orders disagree at ${disagreements.length} of ${comparedCount} positions (first at position ${(disagreements[0] as OrderDisagreement).position})`,
    );
  const deltas = samples.flatMap((sample) => (sample.byteDelta === undefined ? [] : [sample.byteDelta]));
  if (deltas.length > 0) parts.push(bytesPhrase(deltas));
  const line = parts.join('; ');
  // "int(8) overflows…" keeps its lower case: it is the template's own spelling.
  return (/^[a-z]+\(/.test(line) ? line : line.charAt(0).toUpperCase() + line.slice(1)) + '.';
}

function bytesPhrase(deltas: readonly number[]): string {
  const same = deltas.every((delta) => delta === deltas[0]);
  const average = deltas.reduce((sum, delta) => sum + delta, 0) / deltas.length;
  if (average === 0 && same) return 'the keys are the same size';
  const amount = Math.abs(Math.round(average * 10) / 10);
  const unit = amount === 1 ? 'byte' : 'bytes';
  return `the right keys are ${amount} ${unit} ${average < 0 ? 'shorter' : 'longer'}${same ? '' : ' on average'} (attribute names + values)`;
}

/** "int(8) overflows for 1 sample" for width overflows; the first message otherwise. */
function failurePhrases(side: KeySide): string[] {
  const phrases = [...side.problems];
  const groups = new Map<string, EncodingFailure[]>();
  for (const failure of side.failures) {
    const group = `${failure.attribute}\u0000${failure.field ?? ''}\u0000${failure.code ?? ''}`;
    groups.set(group, [...(groups.get(group) ?? []), failure]);
  }
  for (const failures of groups.values()) {
    const first = failures[0] as EncodingFailure;
    const count = `${failures.length} sample${failures.length === 1 ? '' : 's'}`;
    const format = first.code === 'keys.padOverflow' && first.field ? fieldFormatText(side, first.entity, first.attribute, first.field) : undefined;
    phrases.push(format ? `${format} overflows for ${count}` : `${side.spec.label}: ${first.attribute} can't be encoded for ${count} (${first.message})`);
  }
  return phrases;
}

function fieldFormatText(side: KeySide, entityName: string, attribute: string, field: string): string | undefined {
  const text = keyTemplateOf(findEntity(side.spec.table, entityName), attribute);
  const compiled = text === undefined ? undefined : compileTemplateText(text);
  const segment = compiled?.ok ? compiled.value.fields.find((candidate) => candidate.name === field) : undefined;
  return segment ? printFormatSuffix(segment.format).replace(/^:/, '') : undefined;
}

/** The table with one entity's template for one key attribute replaced. */
export function withEntityTemplate(table: TableDesign, entityName: string, attribute: string, template: string): TableDesign {
  return {
    ...table,
    entities: table.entities.map((entity) => (entity.name === entityName ? { ...entity, keys: { ...entity.keys, [attribute]: template } } : entity)),
  };
}

export interface TemplateVersions {
  readonly table: TableDesign;
  readonly entity: string;
  readonly attribute: string;
  readonly left: { readonly template: string; readonly direction: ReadDirection };
  readonly right: { readonly template: string; readonly direction: ReadDirection };
  /** The index the attribute keys, when it is an index's key (undefined: the table's own key). */
  readonly indexName?: string;
}

/**
 * Two versions of one entity's template over its samples: `int(8)` vs
 * `int(10)`, or `int(10,desc)` read ascending vs `int(10)` read with
 * ScanIndexForward = false.
 *
 * @example
 * compareTemplateVersions({ table, entity: "Run", attribute: "rankKey",
 *   left: { template: "{score:int(8)}#…", direction: "descending" }, right: { template: "{score:int(10)}#…", direction: "descending" } }).summary
 */
export function compareTemplateVersions(versions: TemplateVersions): KeyComparison {
  const side = (label: string, version: TemplateVersions['left']) =>
    buildKeySide(
      {
        label,
        table: withEntityTemplate(versions.table, versions.entity, versions.attribute, version.template),
        ...(versions.indexName ? { indexName: versions.indexName } : {}),
        direction: version.direction,
      },
      versions.table,
      [versions.entity],
    );
  return compareKeySides(side('Left', versions.left), side('Right', versions.right));
}

/**
 * Two designs over the left design's samples: tables and entities matched by
 * name, each read on its own key in `direction`.
 */
export function compareDesigns(left: Design, right: Design, tableName: string, direction: ReadDirection = 'ascending', indexName?: string): KeyComparison {
  const leftTable = left.tables.find((table) => table.name === tableName);
  const rightTable = right.tables.find((table) => table.name === tableName);
  const index = indexName ? { indexName } : {};
  if (!leftTable) throw new RangeError(`compareDesigns: the left design has no table ${tableName}`);
  const leftSide = buildKeySide({ label: 'Left', table: leftTable, ...index, direction }, leftTable);
  if (!rightTable) {
    const missing = `Right: design ${right.name} has no table "${tableName}" (its tables: ${right.tables.map((table) => table.name).join(', ') || 'none'}); tables are matched by name.`;
    return compareKeySides(leftSide, {
      ...leftSide,
      spec: { ...leftSide.spec, label: 'Right' },
      order: [],
      failures: [],
      collisions: [],
      problems: [missing],
      notInIndex: [],
    });
  }
  return compareKeySides(leftSide, buildKeySide({ label: 'Right', table: rightTable, ...index, direction }, leftTable));
}
