import type { FieldSegment } from '../../../keys';
import type { DesignSample, EntityDesign, JsonAttributeValue } from '../../design.types';
import { changeEntity } from '../../edit';
import type { EntityReview } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewFix, ReviewRule } from '../review.types';
import { keySchemaOf } from '../../designKeys';
import { isIdLikeName, sampleId, sampleKeyText, whereText } from './patternRuleSupport';

/**
 * review.noTiebreaker: a primary key two items can share. DynamoDB keeps one
 * item per (partition, sort) key, so a sort key holding only a score or a
 * timestamp loses the second of two equal ones: its write replaces the first
 * (the zero-padding article's "bare padded score collides"). The samples
 * show it when two of them already share a key; otherwise the template does.
 */

/** A sample value that is a number or a date/time: a string field full of them ties like a numeric one. */
const NUMBER_OR_TIME = /^(?:[+-]?\d+(?:\.\d+)?|\d{4}-\d{2}(?:-\d{2})?(?:[T ][\d:.]+)?(?:Z|[+-]\d{2}:?\d{2})?|\d{1,2}\/\d{1,2}\/\d{2,4})$/;

/** A date without a time: 2026-07-01, 7/1/2026, 01.07.2026. */
const DAY_ONLY = /^(?:\d{4}-\d{2}-\d{2}|\d{4}[/.]\d{1,2}[/.]\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})$/;

const TIE_KINDS = new Set<FieldSegment['format']['kind']>(['int', 'sint', 'dec', 'iso', 'epoch']);

export const noTiebreaker: ReviewRule = {
  code: 'review.noTiebreaker',
  severity: 'warning',
  title: 'A sort key two items can share',
  why: 'DynamoDB keeps one item per partition and sort key: when two items can get the same key (two runs with the same score, two events in the same second), the second write silently replaces the first. A unique tiebreaker at the end of the sort key (an id of the item) keeps every item. Not raised where the key already holds a unique id, or repeats the partition key (one item per partition). A global secondary index keeps items with equal keys but returns them in no defined order: a note when its samples already tie, or a pattern reads the first N of it.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const review of context.entities()) {
      const { table, entity } = review;
      const primary = [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])];
      if (primary.some((attribute) => review.template(attribute.name)?.compiled === undefined)) continue;
      const keyAttribute = (table.sortKey ?? table.partitionKey).name;
      const sortTemplate = review.template(keyAttribute)!;
      const subject = { table: table.name, entity: entity.name, keyAttribute };
      const collision = firstCollision(
        review,
        primary.map((attribute) => attribute.name),
      );
      const tying =
        table.sortKey && !repeatsPartitionKey(review, table.partitionKey.name, keyAttribute) ? tyingFields(review, sortTemplate.compiled!.fields) : undefined;
      if (!collision && !tying) continue;

      const fields = tying ?? sortTemplate.compiled!.fields;
      const names = fields.map((field) => field.name).join(', ');
      // A Number or Binary key holds one value: nothing can be appended to it.
      const stringKey = (table.sortKey ?? table.partitionKey).type === 'S';
      const idField = stringKey ? tiebreakerCandidate(review) : undefined;
      const fix = idField ? appendTiebreaker(table.name, entity, keyAttribute, sortTemplate.text, idField) : undefined;
      // Written for this entity, with its own key and field names (never a fixed example from another design).
      const newId = idField?.name ?? `${lowerFirst(entity.name.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase()))}Id`;
      const suggestion = !stringKey
        ? `${keyAttribute} is a ${(table.sortKey ?? table.partitionKey).type === 'N' ? 'Number (N)' : 'Binary (B)'} key: it holds ${names || 'one value'} and nothing can follow it. To keep two ${entity.name} items with the same ${names || 'key'}, make ${keyAttribute} a string (S) key that ends with a unique id, e.g. ${names ? `${names} padded to a fixed width, then` : ''} #{${newId}}.`
        : `End ${keyAttribute} with a value unique per ${entity.name} item, after ${names || 'the key'}` +
          (fix
            ? `: \`${fix.template}\` keeps two items with the same ${names || 'key'} apart.`
            : `. ${entity.name} has no id-like field yet: add one (\`{${newId}}\`) and append it: \`${sortTemplate.text}${sortTemplate.text.endsWith('#') ? '' : '#'}{${newId}}\`.`);
      const parts = { suggestion, ...(fix ? { fix: fix.fix } : {}) };

      if (collision) {
        const [first, second] = collision;
        findings.push(
          context.finding('review.noTiebreaker', 'error', subject, {
            message: `Samples ${sampleId(review, first)} and ${sampleId(review, second)} of ${entity.name} get the same key (${keyAttribute} = ${sortTemplate.text}): DynamoDB keeps one item per key, so the second write replaces the first and ${sampleId(review, first)} is lost.`,
            evidence: collisionEvidence(review, first, second),
            ...parts,
          }),
        );
        continue;
      }
      const example = review.encodedKeys(keyAttribute).findIndex((key) => key !== undefined);
      const exampleText = example < 0 ? undefined : sampleKeyText(table, review, example);
      findings.push(
        context.finding('review.noTiebreaker', 'warning', subject, {
          message: `${entity.name}'s sort key ${keyAttribute} = ${sortTemplate.text} holds only ${names}: two ${entity.name} items of one partition with the same ${names} get the same key, and the second write replaces the first.`,
          evidence: exampleText
            ? [
                {
                  label: `sample ${sampleId(review, example)}: any other ${entity.name} with the same ${names} writes this key again and replaces it`,
                  text: exampleText,
                },
              ]
            : [],
          ...parts,
        }),
      );
    }
    return [...findings, ...indexTies(context)];
  },
};

/**
 * Ties in a global secondary index's sort key: the index keeps every item,
 * but returns those with equal keys in no defined order, so "the first N"
 * cuts among them arbitrarily (a leaderboard's equal scores). Raised, as a
 * note, only with evidence: two samples with equal index keys, or a pattern
 * with a Limit on the index.
 */
function indexTies(context: Parameters<ReviewRule['check']>[0]): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  for (const review of context.entities()) {
    const { table, entity } = review;
    for (const index of table.indexes) {
      const schema = keySchemaOf(table, index.name);
      const sortAttribute = schema?.sort.length === 1 ? schema.sort[0]! : undefined;
      if (index.kind !== 'GSI' || !schema || !sortAttribute || sortAttribute.type !== 'S') continue;
      const names = [...schema.partition, sortAttribute].map((attribute) => attribute.name);
      const sortTemplate = review.template(sortAttribute.name);
      if (names.some((name) => review.template(name)?.compiled === undefined) || !sortTemplate?.compiled) continue;
      const tying = tyingFields(review, sortTemplate.compiled.fields);
      if (!tying) continue;
      const tie = firstCollision(review, names);
      const limited = table.accessPatterns.find(
        (pattern) => pattern.index === index.name && pattern.limit !== undefined && pattern.entities.includes(entity.name),
      );
      if (!tie && !limited) continue;
      const fieldNames = tying.map((field) => field.name).join(', ');
      const idField = primaryIdField(review) ?? tiebreakerCandidate(review)?.name;
      const template = `${sortTemplate.text}${sortTemplate.text.endsWith('#') ? '' : '#'}{${idField ?? `${lowerFirst(entity.name)}Id`}}`;
      const why = tie
        ? `samples ${sampleId(review, tie[0])} and ${sampleId(review, tie[1])} already share it`
        : `"${limited!.name}" reads the first ${limited!.limit} of it`;
      findings.push(
        context.finding(
          'review.noTiebreaker',
          'note',
          { table: table.name, entity: entity.name, index: index.name, keyAttribute: sortAttribute.name },
          {
            message: `${entity.name}'s ${sortAttribute.name} = ${sortTemplate.text} in ${whereText(table, index.name)} holds only ${fieldNames}, and ${why}: the index keeps items with equal keys but returns them in no defined order, so a read of the first N cuts among equal ${fieldNames} values arbitrarily.`,
            evidence: tie
              ? [
                  { label: `sample ${sampleId(review, tie[0])}`, text: sampleKeyText(table, review, tie[0], index.name) ?? '' },
                  { label: `sample ${sampleId(review, tie[1])}, the same index key`, text: sampleKeyText(table, review, tie[1], index.name) ?? '' },
                ]
              : [],
            suggestion: `End ${sortAttribute.name} with a value unique per ${entity.name} item, after ${fieldNames}: \`${template}\` gives equal ${fieldNames} values a stable order.`,
          },
        ),
      );
    }
  }
  return findings;
}

/** An id-like field of the table's own key (the item's id): the natural tiebreaker for an index. */
function primaryIdField(review: EntityReview): string | undefined {
  const { table } = review;
  for (const attribute of [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])]) {
    const field = review.template(attribute.name)?.compiled?.fields.find((candidate) => isIdLikeName(candidate.name));
    if (field) return field.name;
  }
  return undefined;
}

/**
 * The first two samples whose primary keys are equal, in one pass. Keyed by
 * the last key attribute's own (memoised) strings, so no key text is built;
 * only sort keys shared across partitions fall back to a joined key.
 */
function firstCollision(review: EntityReview, attributes: readonly string[]): readonly [number, number] | undefined {
  const columns = attributes.map((attribute) => review.encodedKeys(attribute));
  const last = columns.at(-1)!;
  const others = columns.slice(0, -1);
  const complete = (index: number) => columns.every((column) => column[index] !== undefined);
  const joined = (index: number) => columns.map((column) => column[index]).join('\u0000');
  const byLast = new Map<string, number>();
  let shared: Map<string, number> | undefined;
  for (let index = 0; index < last.length; index++) {
    const key = last[index];
    if (key === undefined || !complete(index)) continue;
    const first = byLast.get(key);
    if (first === undefined) {
      byLast.set(key, index);
      continue;
    }
    if (others.every((column) => column[first] === column[index])) return [first, index];
    shared ??= new Map();
    const firstJoined = joined(first);
    if (!shared.has(firstJoined)) shared.set(firstJoined, first);
    const own = joined(index);
    const earlier = shared.get(own);
    if (earlier !== undefined) return [earlier, index];
    shared.set(own, index);
  }
  return undefined;
}

/**
 * Whether the sort key repeats the partition key: every field of the sort
 * template is a field of the partition template (`PK = c#{id}`, `SK =
 * c#{id}`), or every sample's sort key equals its partition key (the same
 * value under other field names, as an importer names them). Then each
 * partition holds one item of the entity, told apart by its partition key,
 * and nothing can tie.
 */
function repeatsPartitionKey(review: EntityReview, partitionAttribute: string, sortAttribute: string): boolean {
  const partition = review.template(partitionAttribute)?.compiled;
  const sort = review.template(sortAttribute)?.compiled;
  if (!partition || !sort) return false;
  const partitionFields = new Set(partition.fields.map((field) => field.name));
  if (sort.fields.length > 0 && partitionFields.size > 0 && sort.fields.every((field) => partitionFields.has(field.name))) return true;
  const partitionKeys = review.encodedKeys(partitionAttribute);
  const sortKeys = review.encodedKeys(sortAttribute);
  let compared = 0;
  for (let index = 0; index < sortKeys.length; index++) {
    const key = sortKeys[index];
    if (key === undefined || partitionKeys[index] === undefined) continue;
    if (key !== partitionKeys[index]) return false;
    compared++;
  }
  return compared > 0 && partitionFields.size > 0;
}

/**
 * The sort key's fields when every one of them can tie (numbers and
 * timestamps, or strings whose samples are all numbers or dates) and none is
 * an id; undefined when the key tells items apart (or holds no field: one
 * item per partition, told apart by its partition key).
 */
function tyingFields(review: EntityReview, fields: readonly FieldSegment[]): readonly FieldSegment[] | undefined {
  if (fields.length === 0 || fields.some((field) => isIdLikeName(field.name))) return undefined;
  const ties = (field: FieldSegment) => {
    if (TIE_KINDS.has(field.format.kind)) return true;
    const values = review.entity.samples.map((sample) => sample.values[field.name] ?? '').filter((value) => value !== '');
    // A calendar day (no time) under its own partition is a natural key (a room's availability per date, a daily total):
    // one item per day by design, not two events that happen to share a second.
    if (values.length > 0 && values.every((value) => DAY_ONLY.test(value.trim()))) return false;
    return values.length > 0 && values.every((value) => NUMBER_OR_TIME.test(value.trim()));
  };
  return fields.every(ties) ? fields : undefined;
}

/**
 * An id-like field the entity already has outside its primary key: a field of
 * another template (samples hold its values) or an attribute (its values are
 * copied into the samples' field values by the fix).
 */
function tiebreakerCandidate(review: EntityReview): { readonly name: string; readonly fromAttribute: boolean } | undefined {
  const { table } = review;
  const inPrimary = new Set(
    [table.partitionKey, table.sortKey].flatMap((attribute) =>
      attribute ? (review.template(attribute.name)?.compiled?.fields ?? []).map((field) => field.name) : [],
    ),
  );
  for (const template of review.templates) {
    const field = template.compiled?.fields.find((candidate) => isIdLikeName(candidate.name) && !inPrimary.has(candidate.name));
    if (field) return { name: field.name, fromAttribute: false };
  }
  const attribute = review.entity.attributes.find(
    (candidate) => (candidate.type === 'S' || candidate.type === 'N') && isIdLikeName(candidate.name) && !inPrimary.has(candidate.name),
  );
  return attribute ? { name: attribute.name, fromAttribute: true } : undefined;
}

function appendTiebreaker(
  tableName: string,
  entity: EntityDesign,
  keyAttribute: string,
  text: string,
  idField: { readonly name: string; readonly fromAttribute: boolean },
): { readonly template: string; readonly fix: ReviewFix } {
  const template = `${text}${text.endsWith('#') ? '' : '#'}{${idField.name}}`;
  const withValue = (sample: DesignSample): DesignSample => {
    if (!idField.fromAttribute || (sample.values[idField.name] ?? '') !== '') return sample;
    const value = scalarText(sample.attributes?.[idField.name]);
    return value === undefined ? sample : { ...sample, values: { ...sample.values, [idField.name]: value } };
  };
  return {
    template,
    fix: {
      label: `Use \`${template}\``,
      apply: changeEntity(tableName, entity.name, (current) => ({
        ...current,
        keys: { ...current.keys, [keyAttribute]: template },
        samples: idField.fromAttribute ? current.samples.map(withValue) : current.samples,
      })),
    },
  };
}

function scalarText(value: JsonAttributeValue | undefined): string | undefined {
  if (value && 'S' in value) return value.S;
  if (value && 'N' in value) return value.N;
  return undefined;
}

/** The two keys, and what tells the two samples apart (what is lost). */
function collisionEvidence(review: EntityReview, first: number, second: number): ReviewEvidence[] {
  const { table } = review;
  const evidence: ReviewEvidence[] = [
    { label: `written first (sample ${sampleId(review, first)})`, text: sampleKeyText(table, review, first) ?? '' },
    { label: `then replaced by (sample ${sampleId(review, second)})`, text: sampleKeyText(table, review, second) ?? '' },
  ];
  const a = review.entity.samples[first]!;
  const b = review.entity.samples[second]!;
  const differences = [...new Set([...Object.keys(a.values), ...Object.keys(b.values)])]
    .filter((name) => (a.values[name] ?? '') !== (b.values[name] ?? ''))
    .map((name) => `${name}: ${JSON.stringify(a.values[name] ?? '')} vs ${JSON.stringify(b.values[name] ?? '')}`);
  const attributeNames = new Set([...Object.keys(a.attributes ?? {}), ...Object.keys(b.attributes ?? {})]);
  for (const name of attributeNames) {
    const left = JSON.stringify(a.attributes?.[name] ?? null);
    const right = JSON.stringify(b.attributes?.[name] ?? null);
    if (left !== right && !(name in a.values)) differences.push(`${name}: ${left} vs ${right}`);
  }
  if (differences.length > 0) evidence.push({ label: 'the two items differ in', text: differences.slice(0, 3).join('; ') });
  return evidence;
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
